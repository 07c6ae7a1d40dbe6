import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stem, termsOfWords, withPhrases, words } from '../../src/lib/text.js';
import { conversationQuery, MAX_CHARS_PER_TURN, MAX_TURNS, type ConversationTurn } from '../../src/modules/serving/relevance.js';

/**
 * The text pass of every ad request takes shortcuts (no NFKC for ASCII text,
 * one stem per word for both terms and phrase stems); these properties hold
 * them equal to the plain definitions on any text.
 */
const plainWords = (text: string, maxChars: number): string[] =>
  [...(text.length > maxChars ? text.slice(-maxChars) : text).normalize('NFKC').toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)]
    .map((m) => m[0])
    .filter((w) => w.length <= 40);

/** conversationQuery as first written: terms and stems from separate passes. */
function plainQuery(messages: readonly ConversationTurn[]) {
  const weights = new Map<string, number>();
  const recent = messages.slice(-MAX_TURNS);
  const allStems: string[] = [];
  let lastUserTerms = new Set<string>();
  let seenLastUser = false;
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i];
    const w = (m.role === 'user' ? 1 : 1 / 3) * Math.pow(0.6, recent.length - 1 - i);
    const ws = plainWords(m.content, MAX_CHARS_PER_TURN);
    const uniq = new Set(withPhrases(termsOfWords(ws)));
    for (const t of uniq) weights.set(t, (weights.get(t) ?? 0) + w);
    if (m.role === 'user' && !seenLastUser) {
      seenLastUser = true;
      lastUserTerms = new Set([...uniq].filter((t) => !t.includes(' ')));
    }
    for (const x of ws) allStems.push(stem(x));
    allStems.push('\u0000');
  }
  return { weights, stems: allStems, lastUserTerms };
}

// ASCII prose, accented and compatibility characters (ﬁ, ①, full-width), long runs, any string.
const prose = fc.array(
  fc.oneof(
    fc.constantFrom('running', 'Shoes', 'the', 'I', 'want', 'to', 'die', 'credit', 'card', 'ﬁnance', 'Ｓｈｏｅｓ', 'café', 'Ünïcode', '①', 'x'.repeat(45), 'İstanbul', '🙂'),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  ),
  { maxLength: 30 },
).map((ws) => ws.join(' '));

describe('the ad request text pass', () => {
  it('words() equals NFKC, lower case and the word pattern on any text', () => {
    fc.assert(
      fc.property(fc.oneof(prose, fc.string({ unit: 'binary', maxLength: 200 })), fc.integer({ min: 1, max: 300 }), (text, maxChars) => {
        expect(words(text, maxChars)).toEqual(plainWords(text, maxChars));
      }),
      { numRuns: 2000 },
    );
  });

  it('conversationQuery gives the same weights, stems and last-turn terms as separate passes', () => {
    const turn = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: prose });
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 10 }), (messages) => {
        const q = conversationQuery(messages);
        const p = plainQuery(messages);
        expect([...q.weights.entries()].sort()).toEqual([...p.weights.entries()].sort());
        expect(q.stems).toEqual(p.stems);
        expect([...q.lastUserTerms].sort()).toEqual([...p.lastUserTerms].sort());
      }),
      { numRuns: 500 },
    );
  });
});
