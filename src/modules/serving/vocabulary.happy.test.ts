import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../lib/lang.js';
import { stem } from '../../lib/text.js';
import { conversationQuery, excludedPhrases, RelevanceModel, semanticVectorOf } from './relevance.js';
import { englishFor, englishForPair, VOCABULARY_LANGS, vocabularyLines } from './vocabulary.js';

const groups = [
  {
    name: 'Paws pet insurance',
    context: 'pet insurance, dog insurance, cat insurance, vet bills',
    negativeContext: null,
  },
  {
    name: 'Crema espresso machines',
    context: 'espresso machine, coffee maker, coffee grinder, latte',
    negativeContext: null,
  },
  {
    name: 'Glide electric bikes',
    context: 'electric bike, e-bike, commuting by bike, cargo bike',
    negativeContext: null,
  },
  {
    name: 'Stratus cloud',
    context: 'cloud server, vps, kubernetes hosting, deploy app, devops',
    negativeContext: null,
  },
];
const model = new RelevanceModel(groups, { semantic: true });
const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

/** The group with the highest lexical relevance (index), or -1. */
function top(msgs: { role: 'user' | 'assistant'; content: string }[]): number {
  let best = -1;
  let bestR = 0;
  for (const [i, v] of model.judge(conversationQuery(msgs), excludedPhrases([]), 0.3).verdicts)
    if (v.ok && v.relevance > bestR) [best, bestR] = [i, v.relevance];
  return best;
}

describe('the multilingual commercial vocabulary', () => {
  it('has a column for each of es, de, fr, pt, it and nl on every line', () => {
    expect(VOCABULARY_LANGS).toEqual(['es', 'de', 'fr', 'pt', 'it', 'nl']);
    const lines = vocabularyLines();
    expect(lines.length).toBeGreaterThan(350);
    for (const { english, columns } of lines) {
      expect(columns, english.join(' ')).toHaveLength(6);
      for (const c of columns) expect(c.length, english.join(' ')).toBeGreaterThan(0);
    }
  });

  it('an Italian conversation meets the English ad group it is about', () => {
    const msgs = [U('Ciao! Vorrei un consiglio: quale assicurazione per il mio cane conviene di più?')];
    expect(detectLanguage(msgs[0].content)).toBe('it');
    expect(top(msgs)).toBe(0);
  });

  it('a Dutch conversation, over several turns, meets the English ad group it is about', () => {
    const msgs = [
      U('Ik drink elke ochtend twee kopjes koffie'),
      A('Lekker! Zet je die met een filter of met een apparaat?'),
      U('Ik wil een goede koffiemachine voor thuis kopen, welke raad je aan?'),
    ];
    expect(detectLanguage(msgs[2].content)).toBe('nl');
    expect(top(msgs)).toBe(1);
  });

  it('English tech loanwords inside Spanish and German text still match', () => {
    expect(top([U('Quiero hacer deploy de mi app con Kubernetes en un VPS que no sea muy caro')])).toBe(3);
    expect(top([U('Wir möchten unsere App auf einem Cloud Server mit Kubernetes deployen, was ist günstig?')])).toBe(3);
  });

  it('reads a short turn detected as a close language in the language whose vocabulary knows its words', () => {
    // Italian sharing "mi, una, per, la" with Spanish: detection may say either; the vocabulary reads it as Italian.
    const text = 'Mi serve una lampada per la scrivania e una sedia comoda';
    expect(['es', 'it']).toContain(detectLanguage(text));
    const q = conversationQuery([U(text)]);
    for (const w of ['lamp', 'desk', 'chair']) expect(q.weights.has(stem(w)), w).toBe(true);
  });

  it('reads a turn with inverted question or exclamation marks in Spanish, whatever detection says', () => {
    // Short, with Portuguese-looking words ("da", "para"): detection may call it Portuguese, where "tarjeta" is unknown.
    const text = '¿Qué tarjeta de crédito da más millas para viajar?';
    const q = conversationQuery([U(text)]);
    for (const w of ['credit', 'card', 'travel']) expect(q.weights.has(stem(w)), w).toBe(true);
    expect(q.weights.has(stem('loan'))).toBe(false);
  });

  it('feeds the translated words to the semantic signal', () => {
    const sem = model.semantic!;
    const v = semanticVectorOf(
      conversationQuery([U('Voglio comprare una bicicletta elettrica per andare al lavoro')]),
      sem,
    );
    const bikes = sem.cosine(v, 2);
    expect(bikes).toBeGreaterThan(sem.cosine(v, 1));
    expect(bikes).toBeGreaterThan(sem.cosine(v, 0));
  });

  it('reads neighbouring words as their expression, a word before its stem, and Dutch compounds by their ending', () => {
    expect(englishForPair('it', 'carta', 'credito')).toEqual(['credit', 'card']);
    expect(englishForPair('pt', 'cartão', 'crédito')).toEqual(['credit', 'card']);
    // Spanish "cama" (bed) and "cámara" (camera) share a stem; each keeps its own meaning.
    expect(englishFor('es', 'cama')).toContain('bed');
    expect(englishFor('es', 'cámara')).toContain('camera');
    // A word of an expression means what the simpler line says.
    expect(englishFor('es', 'juegos')).toEqual(['game']);
    // An inflected word listed only inside an expression means its own line's words, not the expression's:
    // "günstige" of "günstige Flüge" is cheap (no flights), "chiens" of a dog-walker line is dog; the pair keeps both.
    expect(englishFor('de', 'günstige')).toEqual(['cheap']);
    expect(englishFor('nl', 'goedkope')).toEqual(['cheap']);
    expect(englishFor('fr', 'chiens')).toEqual(['dog']);
    expect(englishForPair('es', 'vuelos', 'baratos')).toEqual(['cheap', 'flights']);
    // ... but a word whose line names it with other words keeps them ("buchhaltung" is bookkeeping, not only accountant).
    expect(englishFor('de', 'buchhaltung')).toEqual(['bookkeeping', 'accounting']);
    // French "livrer" (deliver) is no "livre" (book).
    expect(englishFor('fr', 'livrer')).toEqual(['delivery']);
    expect(englishFor('nl', 'fietsverzekering')).toContain('insurance');
    // A stem under four letters matches only the word and its -s/-es plurals: casa(s) is home, caso (case) nothing.
    expect(englishFor('es', 'casas')).toContain('home');
    expect(englishFor('es', 'caso')).toBeNull();
    expect(englishFor('it', 'volere')).toBeNull();
    // A function word in front is a prefix, not the first part of a compound (German "beispiel" is no "spiel").
    expect(englishFor('de', 'beispiel')).toBeNull();
    // A compound's first part has at least three letters: "Streifen" (stripes) is no "Reifen" (tyres).
    expect(englishFor('de', 'streifen')).toBeNull();
    expect(englishFor('de', 'winterreifen')).toContain('tires');
    // With no known ending, a compound is read by its longest known first part (a linking -s dropped).
    expect(englishFor('de', 'glasfaseranschluss')).toContain('fiber');
    expect(englishFor('de', 'urlaubsplanung')).toContain('travel');
    expect(englishFor('nl', 'koffiebonen')).toContain('coffee');
    expect(englishFor('de', 'hausaufgaben')).toBeNull();
    // A general word of an expression stands for nothing alone; the pair still reads as the expression.
    expect(englishFor('fr', 'eau')).toBeNull();
    expect(englishForPair('fr', 'chauffe', 'eau')).toEqual(['water', 'heater']);
    expect(englishFor('es', 'control')).toBeNull();
    expect(englishForPair('es', 'control', 'plagas')).toEqual(['pest', 'control']);
    // "small" alone is no small business; the Spanish article "unas" is not "uñas" (nails); "plataforma" is a platform.
    expect(englishFor('es', 'pequeño')).toBeNull();
    expect(englishFor('nl', 'kleine')).toBeNull();
    expect(englishForPair('es', 'pequeña', 'empresa')).toEqual(['small', 'business']);
    expect(englishFor('es', 'unas')).toBeNull();
    expect(englishFor('es', 'uñas')).toEqual(['nails']);
    expect(englishFor('es', 'plataforma')).toEqual(['platform']);
    // French "changer" (to change) is no exchange rate, Italian "presentazione" no cover letter; the pairs still read.
    expect(englishFor('fr', 'changer')).toBeNull();
    expect(englishForPair('fr', 'taux', 'change')).toEqual(['exchange', 'rate']);
    expect(englishFor('it', 'presentazione')).toBeNull();
    expect(englishForPair('es', 'carta', 'presentación')).toEqual(['cover', 'letter']);
    expect(englishFor('es', 'ruido')).toEqual(['noise']);
    // Security is security, not backup ("copia de seguridad" is, as a pair); French "argent" is money.
    expect(englishFor('es', 'seguridad')).toEqual(['security']);
    expect(englishFor('pt', 'segurança')).toEqual(['security']);
    expect(englishForPair('es', 'copia', 'seguridad')).toEqual(['backup']);
    expect(englishFor('fr', 'argent')).toEqual(['money']);
    // Portuguese "aparelho" (any device) is no brace; "aparelho ortodôntico" is.
    expect(englishFor('pt', 'aparelho')).toBeNull();
    expect(englishForPair('pt', 'aparelho', 'ortodôntico')).toEqual(['braces']);
    // One- and two-letter words never stand for a line (Spanish "a", Italian "a").
    expect(englishFor('es', 'a')).toBeNull();
    expect(englishFor('it', 'a')).toBeNull();
  });

  it('knows everyday drinks, flowers and family, money sent home, night trains and transcription (round 10 lines)', () => {
    expect(englishFor('de', 'kräutertee')).toContain('tea');
    expect(englishFor('it', 'tisana')).toContain('tea');
    expect(englishFor('pt', 'flores')).toContain('flowers');
    expect(englishFor('nl', 'bloemist')).toContain('florist');
    expect(englishFor('es', 'mamá')).toContain('mother');
    expect(englishFor('fr', 'anniversaire')).toContain('birthday');
    expect(englishForPair('pt', 'enviar', 'dinheiro')).toEqual(['send', 'money']);
    expect(englishFor('de', 'nachtzüge')).toContain('train');
    expect(englishFor('it', 'trascrivere')).toContain('transcription');
    expect(englishFor('nl', 'samenvatting')).toContain('summary');
    expect(englishFor('fr', 'fourmis')).toContain('ants');
    // A common word of an expression does not stand for it: "noche" is night, not a night train.
    expect(englishFor('es', 'noche')).toEqual(['night']);
    // French "car" is "because"; only the pair "camping-car" is a campervan.
    expect(englishFor('fr', 'car')).toBeNull();
    expect(englishForPair('fr', 'camping', 'car')).toEqual(['campervan']);
    expect(englishFor('es', 'queso')).toContain('cheese');
    expect(englishFor('de', 'führerschein')).toContain('driving');
  });

  it('a Portuguese request to send flowers and a German one about a sleeper train meet their groups', () => {
    const m = new RelevanceModel(
      [
        {
          name: 'Petal flowers',
          context: 'flower delivery, bouquets, roses for birthdays and anniversaries',
          negativeContext: null,
        },
        {
          name: 'Nightline rail',
          context: 'night train tickets, sleeper cabins, rail journeys across Europe',
          negativeContext: null,
        },
        { name: 'Stratus cloud', context: 'cloud server, vps, kubernetes hosting, deploy app', negativeContext: null },
      ],
      { semantic: false },
    );
    const best = (text: string): number => {
      let b = -1;
      let r = 0;
      for (const [i, v] of m.judge(conversationQuery([U(text)]), excludedPhrases([]), 0.3).verdicts)
        if (v.ok && v.relevance > r) [b, r] = [i, v.relevance];
      return b;
    };
    expect(
      best('Quero mandar um buquê de flores para a minha mãe no aniversário dela, qual loja entrega rápido?'),
    ).toBe(0);
    expect(best('Gibt es einen Nachtzug mit Liegewagen von Hamburg nach Wien, und wo kauft man die Fahrkarte?')).toBe(
      1,
    );
  });
});
