import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../lib/lang.js';
import { conversationQuery, excludedPhrases, RelevanceModel } from './relevance.js';
import { englishFor, englishForPair, vocabularyLines } from './vocabulary.js';

// Record 0049, round 4: the general category lines of vocabulary-round4.txt. Sentences and groups written for this
// test (no evaluation item).
const groups = [
  { name: 'Boil kettles', context: 'electric kettle, glass kettle, temperature control kettle', negativeContext: null },
  { name: 'Dry air', context: 'dehumidifier for damp rooms, compressor dehumidifier', negativeContext: null },
  { name: 'Lockbox', context: 'file encryption software, end-to-end encryption', negativeContext: null },
  { name: 'Tiny steps', context: 'baby pacifier, orthodontic pacifiers, soothers', negativeContext: null },
  { name: 'Stagecast', context: 'webinar software, host a webinar, live webinars', negativeContext: null },
  { name: 'Paperless', context: 'ocr, text recognition, scan and digitise receipts', negativeContext: null },
];
const model = new RelevanceModel(groups, { semantic: true });
const U = (content: string) => ({ role: 'user' as const, content });

/** The group with the highest lexical relevance (index), or -1. */
function top(text: string): number {
  let best = -1;
  let bestR = 0;
  for (const [i, v] of model.judge(conversationQuery([U(text)]), excludedPhrases([]), 0.3).verdicts)
    if (v.ok && v.relevance > bestR) [best, bestR] = [i, v.relevance];
  return best;
}

describe('the round 4 vocabulary (vocabulary-round4.txt)', () => {
  it('is read after vocabulary.txt, every line with six columns', () => {
    const lines = vocabularyLines();
    expect(lines.length).toBeGreaterThan(800);
    expect(lines.some((l) => l.english.join(' ') === 'dehumidifier')).toBe(true);
  });

  it('brings a product or service named only in each language to the English ad group about it', () => {
    const cases: [string, string, number][] = [
      ['es', '¿Qué hervidor me recomiendas? El mío ya no calienta bien', 0],
      ['de', 'Welchen Luftentfeuchter sollte ich für unseren Keller kaufen?', 1],
      ['fr', 'Je cherche un bon logiciel de cryptage pour mes documents', 2],
      ['pt', 'Qual chupeta vocês recomendam para um bebê de dois meses?', 3],
      ['it', 'Vorrei organizzare un seminario online per presentare il nostro prodotto', 4],
      ['nl', 'Welke app kan mijn bonnetjes digitaliseren met tekstherkenning?', 5],
    ];
    for (const [lang, text, group] of cases) {
      expect(detectLanguage(text), text).toBe(lang);
      expect(top(text), text).toBe(group);
    }
  });

  it('maps category words of every language to English', () => {
    expect(englishFor('es', 'hervidor')).toEqual(['kettle']);
    expect(englishFor('de', 'luftentfeuchter')).toEqual(['dehumidifier']);
    expect(englishFor('fr', 'cryptage')).toEqual(['encryption']);
    expect(englishFor('pt', 'chupeta')).toEqual(['pacifier']);
    expect(englishFor('it', 'tappezzeria')).toEqual(['upholstery']);
    expect(englishFor('nl', 'tekstherkenning')).toEqual(['ocr', 'text', 'recognition']);
    expect(englishFor('de', 'mehrwertsteuer')).toEqual(['vat', 'tax']);
    expect(englishFor('fr', 'déshumidificateur')).toEqual(['dehumidifier']);
  });

  it('reads words too general alone only in their pair', () => {
    expect(englishFor('es', 'sol')).toBeNull();
    expect(englishFor('fr', 'tableau')).toBeNull();
    expect(englishFor('fr', 'chute')).toBeNull();
    expect(englishForPair('es', 'gafas', 'sol')).toEqual(['sunglasses']);
    expect(englishForPair('fr', 'tableau', 'bord')).toEqual(['dashboard']);
    expect(englishForPair('fr', 'chute', 'cheveux')).toEqual(['hair', 'loss']);
  });

  it('leaves everyday words that share a stem or an ending with a new line unread', () => {
    // German "wollen" (want) is no wool, "Montag" no assembly, "praktisch" and "erotisch" no table; French "parce"
    // (que) no park, "bouger" no candle; Spanish "mayor" no wholesale, "borde" no embroidery, "registro" no sign-up;
    // Italian "adatto" (suitable) no adapter, "russa" (Russian) no snoring; Dutch "ouders" (parents) no parental control.
    const everyday: [Parameters<typeof englishFor>[0], string][] = [
      ['de', 'wollen'],
      ['de', 'montag'],
      ['de', 'praktisch'],
      ['de', 'erotisch'],
      ['fr', 'parce'],
      ['fr', 'bouger'],
      ['es', 'mayor'],
      ['es', 'borde'],
      ['es', 'registro'],
      ['it', 'adatto'],
      ['it', 'russa'],
      ['nl', 'ouders'],
    ];
    for (const [lang, w] of everyday) expect(englishFor(lang, w), `${lang} ${w}`).toBeNull();
  });

  it('keeps the readings vocabulary.txt gave before', () => {
    expect(englishFor('es', 'panel')).toEqual(['solar', 'panels']);
    expect(englishFor('es', 'plantillas')).toEqual(['employees', 'staff']);
    expect(englishFor('it', 'registratore')).toEqual(['recording']);
    expect(englishFor('es', 'pintura')).toEqual(['painting', 'drawing']);
    expect(englishFor('de', 'hotelzimmer')).toEqual(['hotel']);
    expect(englishFor('es', 'mando')).toEqual(['send']);
  });
});
