import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stem, termsOfWords, withPhrases, words } from '../../lib/text.js';
import { wordTable } from './word-vectors.js';
import { englishFor, englishForPair, VOCABULARY_LANGS } from './vocabulary.js';
import { isFunctionWord } from '../../lib/lang.js';
import { readConversation } from '../../lib/turns.js';
import { conversationQuery, MAX_CHARS_PER_TURN, MAX_TURNS, withoutCode, type ConversationTurn } from './relevance.js';

/**
 * The text pass of every ad request takes shortcuts (no NFKC for ASCII text,
 * one stem per word for both terms and phrase stems); these properties hold
 * them equal to the plain definitions on any text.
 */
const plainWords = (text: string, maxChars: number): string[] =>
  [
    ...(text.length > maxChars ? text.slice(-maxChars) : text)
      .normalize('NFKC')
      .toLowerCase()
      .matchAll(/[\p{L}\p{N}]+/gu),
  ]
    .map((m) => m[0])
    .filter((w) => w.length <= 40);

/** A term's weight: 0.2 + 0.8 × its specificity in general English (a phrase: its more specific word's; a number: 0). */
const spec = (t: string): number => {
  const one = (x: string) => (/^\d+$/.test(x) ? 0 : wordTable().specificity(x));
  return 0.2 + 0.8 * Math.max(...t.split(' ').map(one));
};

/**
 * conversationQuery written plainly: terms and stems from separate passes,
 * no per-turn memo (a short last user turn is a follow-up: earlier turns
 * decay 0.85 instead of 0.6, the assistant's answer it replies to weighs at
 * least 0.8 unless they share a term, and the turn it follows counts toward
 * coverage);
 * every term weighs by its specificity.
 */
function plainQuery(messages: readonly ConversationTurn[]) {
  const weights = new Map<string, number>();
  const recent = messages.slice(-MAX_TURNS);
  // A non-English conversation's words are read through the commercial vocabulary (function words dropped; two
  // neighbouring words it lists together as their expression), in the vocabulary language that knows clearly more of
  // the user's words than the detected one (at least 3, and twice as many), else the detected one; Spanish when a user
  // turn has ¿ or ¡.
  const conv = readConversation(messages);
  let lang = conv.lang;
  // Inverted question or exclamation marks in a user turn: Spanish.
  if (
    lang !== 'en' &&
    lang !== 'other' &&
    lang !== 'es' &&
    conv.turns.some((t) => t.role === 'user' && /[¿¡]/.test(t.text))
  )
    lang = 'es';
  else if (lang !== 'en' && lang !== 'other') {
    const known = VOCABULARY_LANGS.map((l) =>
      conv.turns
        .filter((t) => t.role === 'user')
        .reduce(
          (n, t) => n + t.words.filter((w) => w.length > 2 && !isFunctionWord(l, w) && englishFor(l, w)).length,
          0,
        ),
    );
    const best = known.indexOf(Math.max(...known));
    if (known[best] >= 3 && known[best] >= 2 * known[VOCABULARY_LANGS.indexOf(lang)]) lang = VOCABULARY_LANGS[best];
  }
  const read = (ws: string[]): string[] => {
    if (lang === 'en' || lang === 'other') return ws;
    const c = ws.filter((w) => !isFunctionWord(lang, w));
    const out: string[] = [];
    for (let k = 0; k < c.length; k++) {
      const pair = k + 1 < c.length ? englishForPair(lang, c[k], c[k + 1]) : null;
      if (pair) {
        out.push(...pair);
        k++;
      } else out.push(...(englishFor(lang, c[k]) ?? [c[k]]));
    }
    return out;
  };
  const allStems: string[] = [];
  const lastUserTerms = new Map<string, number>();
  let userTurns = 0;
  let followUp = false;
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i];
    const ws = read(plainWords(withoutCode(m.content.slice(-MAX_CHARS_PER_TURN)), MAX_CHARS_PER_TURN));
    const terms = termsOfWords(ws);
    if (m.role === 'user' && userTurns === 0) followUp = terms.length <= 8;
    let w = (m.role === 'user' ? 1 : 1 / 3) * Math.pow(followUp ? 0.85 : 0.6, recent.length - 1 - i);
    if (followUp && m.role === 'assistant' && userTurns === 1 && !terms.some((t) => lastUserTerms.has(t)))
      w = Math.max(w, 0.8);
    for (const t of new Set(withPhrases(terms))) weights.set(t, (weights.get(t) ?? 0) + w * spec(t));
    if (m.role === 'user') {
      userTurns++;
      if (userTurns === 1 || (followUp && userTurns === 2)) for (const t of terms) lastUserTerms.set(t, spec(t));
    }
    for (const x of ws) allStems.push(stem(x));
    allStems.push('\u0000');
  }
  return { weights, stems: allStems, lastUserTerms };
}

// ASCII prose, accented and compatibility characters (ﬁ, ①, full-width), long runs, any string.
const prose = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'running',
        'Shoes',
        'the',
        'I',
        'want',
        'to',
        'die',
        'credit',
        'card',
        'ﬁnance',
        'Ｓｈｏｅｓ',
        'café',
        'Ünïcode',
        '①',
        'x'.repeat(45),
        'İstanbul',
        '🙂',
        // Spanish with an inverted mark and words Portuguese shares (the reading language's ¿ rule).
        '¿Qué',
        'tarjeta',
        'crédito',
        'para',
        'viajar',
        'Nachtzug',
      ),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    ),
    { maxLength: 30 },
  )
  .map((ws) => ws.join(' '));

describe('the ad request text pass', () => {
  it('words() equals NFKC, lower case and the word pattern on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(prose, fc.string({ unit: 'binary', maxLength: 200 })),
        fc.integer({ min: 1, max: 300 }),
        (text, maxChars) => {
          expect(words(text, maxChars)).toEqual(plainWords(text, maxChars));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('conversationQuery (per-turn memo, one pass) gives the same weights, stems and last-turn terms as the plain definition', () => {
    const turn = fc.record({ role: fc.constantFrom('user' as const, 'assistant' as const), content: prose });
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 10 }), (messages) => {
        const p = plainQuery(messages);
        // Twice: the second time every turn's terms come from the per-turn memo.
        for (const q of [conversationQuery(messages), conversationQuery(messages)]) {
          expect([...q.weights.keys()].sort()).toEqual([...p.weights.keys()].sort());
          for (const [t, w] of p.weights) expect(q.weights.get(t)).toBeCloseTo(w, 5);
          expect(q.stems).toEqual(p.stems);
          expect([...q.lastUserTerms.keys()].sort()).toEqual([...p.lastUserTerms.keys()].sort());
          for (const [t, w] of p.lastUserTerms) expect(q.lastUserTerms.get(t)).toBeCloseTo(w, 5);
        }
      }),
      { numRuns: 500 },
    );
  });
});
