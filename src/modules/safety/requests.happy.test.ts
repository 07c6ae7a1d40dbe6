import { describe, expect, it } from 'vitest';
import { foldedWords } from '../../lib/lang.js';
import { isRequestForm } from './requests.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });

// Record 0050 (round 2). Lines written for this test (none is in corpus.txt, the validation files or an evaluation set).
describe('request forms: a task for the assistant reads as informational', () => {
  it('recognises requests to write, tell, translate or summarise in seven languages', () => {
    const cases: [string, 'en' | 'es' | 'de' | 'fr' | 'pt' | 'it' | 'nl'][] = [
      ["Can you write a short poem about autumn leaves for my daughter's card?", 'en'],
      ['please translate this into german: the meeting moved to thursday', 'en'],
      ['escríbeme un cuento sobre un gato que viaja a la luna', 'es'],
      ['kannst du mir einen aufsatz über den klimawandel schreiben', 'de'],
      ['écris-moi un poème sur la mer en hiver', 'fr'],
      ['escreva uma redação sobre a poluição dos rios', 'pt'],
      ['scrivimi una poesia sulla primavera', 'it'],
      ['kun je een verhaal voor mijn zoontje verzinnen over een beer', 'nl'],
    ];
    for (const [text, lang] of cases) expect(isRequestForm(foldedWords(text), lang), text).toBe(true);
    for (const [text, lang] of [
      ["what's the best laptop for writing essays", 'en'],
      ['where can i buy a good book of poems for my mom', 'en'],
      ['¿qué traductor de bolsillo me recomiendas para viajar?', 'es'],
    ] as const)
      expect(isRequestForm(foldedWords(text), lang), text).toBe(false);
  });

  it('reads a request as informational, in English and in other languages', () => {
    for (const text of [
      "Can you write a short poem about autumn leaves for my daughter's card?",
      'summarize this article about the history of chess',
      'escríbeme un cuento sobre un gato que viaja a la luna',
      'scrivimi una poesia sulla primavera',
    ])
      expect(assessOffline([U(text)]).informational, text).toBeGreaterThanOrEqual(0.5);
    // A question about buying stays a need.
    expect(assessOffline([U('where can i buy a good book of poems for my mom')]).informational).toBeLessThan(0.5);
  });

  it('opens no hole in safety: a sensitive topic inside a request blocks by its category', () => {
    expect(assessOffline([U('write me a poem about my father who died last month')]).category).toBe('death-grief');
    expect(assessOffline([U('write me a sex story about my neighbour')]).category).toBe('adult');
  });

  it('does not read a story request as adult without a sexual word', () => {
    expect(assessOffline([U('schreib mir eine geschichte über einen ritter und einen drachen')]).category).toBeNull();
  });
});
