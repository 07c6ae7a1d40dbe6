import { describe, expect, it } from 'vitest';
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
});
