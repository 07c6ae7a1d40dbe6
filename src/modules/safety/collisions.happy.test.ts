import { describe, expect, it } from 'vitest';
import { fold, foldedWords, stemIn } from '../../lib/lang.js';
import { lexiconHit } from './lexicon.js';
import { assessOffline } from './service.js';
import { auditLexicon } from '../../../scripts/audit-lexicon.js';

const U = (content: string) => ({ role: 'user' as const, content });

// Record 0036 (round 7). Lines written for this test (none is in corpus.txt, the validation files or an evaluation set).
describe('lexicon entries that are everyday words', () => {
  it('does not block a homograph read in its everyday sense', () => {
    for (const text of [
      'Receta de rape a la plancha con ajo', // Spanish monkfish, not the English entry
      "J'ai besoin d'une râpe à fromage solide, laquelle acheter ?",
      'Quiero comprar zapatillas de deporte para correr', // "deporte" stems like English "deported"
      'who is the heroine of pride and prejudice? any good edition to buy?',
      '¿Qué libro tiene una heroína fuerte para regalar a mi hija?',
      'het scherm gaat niet aan nadat ik de computer heb uitgezet, welke laptop moet ik kopen?',
      'ik heb het pakket opgepakt bij het afhaalpunt, welke tas is handig?',
      'vorrei delle scarpe comode per camminare a piedi nudi sulla spiaggia',
      'o céu está despejado, qual protetor solar é melhor para a praia?',
    ])
      expect(assessOffline([U(text)]).category, text).toBeNull();
  });

  it('still blocks the same words with a second cue of their category', () => {
    const cases: [string, string][] = [
      ['my brother is addicted to heroin and i don t know what to do', 'addiction'],
      ['mi hermano es adicto a la heroína y no sé qué hacer', 'addiction'],
      ['mijn broer is opgepakt door de politie en zit nu vast', 'legal-trouble'],
    ];
    for (const [text, category] of cases) expect(assessOffline([U(text)]).category, text).toBe(category);
  });

  it('leaves at most one hard one-word entry that an everyday word meets (scripts/audit-lexicon.ts)', () => {
    expect(auditLexicon().filter((f) => !f.handled).length).toBeLessThanOrEqual(1);
  });

  it('matches entries written "cant"/"dont"/"wont" when the text writes the apostrophe (its words split "can" "t")', () => {
    const hit = (text: string) => {
      const ws = foldedWords(text);
      return lexiconHit(fold(text), 'en', (l) => ws.map((w) => stemIn(l, w)), ws)?.category ?? null;
    };
    expect(hit("I can't stop gambling and I owe thousands")).toBe('addiction');
    expect(hit("i don't want to live anymore")).toBe('self-harm');
    expect(hit("I can't afford food this week")).toBe('financial-distress');
    // "can't breathe" is soft: a stuffy nose with a shopping question is not a crisis.
    expect(
      assessOffline([U("My nose is so stuffy I can't breathe at night, which humidifier is best?")]).category,
    ).toBeNull();
  });
});
