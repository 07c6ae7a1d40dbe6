import { describe, expect, it } from 'vitest';
import { terms } from '../../lib/text.js';
import type { Ctx } from '../../context.js';
import type { Snapshot } from './inventory.js';
import { conversationQuery, LexicalIndex, RelevanceModel } from './relevance.js';
import { blendOf } from './blend.js';
import { wordTable } from './word-vectors.js';

const U = (content: string) => ({ role: 'user' as const, content });

// Issue 23, record 0050. Texts written for this test (no evaluation item).
describe('relevance: words that mislead the score', () => {
  it("reads a negated contraction's fragment as a stop word, not as a rare telling word", () => {
    expect(terms("it doesn't pour and I don't know why, it isn't cracked")).not.toEqual(
      expect.arrayContaining(['doesn', 'don', 'isn']),
    );
    // The fragment must not dilute the turn's coverage: "doesn't" and "does not" score the same.
    const idx = new LexicalIndex([{ text: 'Ceramic teapots and loose leaf tea infusers' }, { text: 'Running shoes' }]);
    const rel = (text: string) => {
      const m = idx.score(conversationQuery([U(text)]));
      return m.relevance[m.docs.indexOf(0)];
    };
    const contracted = rel("my ceramic teapot doesn't pour cleanly, which one should replace it");
    const spelled = rel('my ceramic teapot does not pour cleanly, which one should replace it');
    expect(contracted).toBeGreaterThan(0);
    expect(contracted).toBeCloseTo(spelled, 10);
  });

  it('lets the word-vector signal raise, never lower, a match made on a word it has no vector for', () => {
    const word = 'glimmerjack';
    expect(wordTable().rank(word)).toBeUndefined();
    const model = new RelevanceModel(
      [
        {
          name: 'Glimmerjack',
          context: 'glimmerjack repairs, spare parts and replacement glimmerjack units',
          negativeContext: null,
        },
        { name: 'Sofas', context: 'sofas and armchairs for a small living room', negativeContext: null },
      ],
      { semantic: true },
    );
    const snap = { model } as unknown as Snapshot;
    const ctx = { config: { semanticWeight: 0.15 } } as unknown as Ctx;
    const blendedLexical = (text: string) => {
      const q = conversationQuery([U(text)]);
      const m = model.match(q, 0);
      const { blend } = blendOf(ctx, null, snap, q, null, 0.35);
      return new Map(
        Array.from(m.docs, (d, k) => [d, { lexical: m.relevance[k], blended: blend!(d, m.relevance[k]) }]),
      );
    };
    // Matched on the unreadable word: the blend keeps at least the lexical relevance.
    const r = blendedLexical('my living room glimmerjack makes a terrible rattling noise, should I replace it?').get(
      0,
    )!;
    expect(r.lexical).toBeGreaterThan(0);
    expect(r.blended).toBeGreaterThanOrEqual(r.lexical);
    // Matched on readable words only: the signal still judges (and may lower) it.
    const s = blendedLexical('which fabric lasts longest in a small living room with a cat?').get(1)!;
    expect(s.lexical).toBeGreaterThan(0);
    expect(s.blended).not.toBe(s.lexical);
  });
});
