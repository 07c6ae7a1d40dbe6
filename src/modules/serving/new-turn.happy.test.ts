import { afterEach, describe, expect, it, vi } from 'vitest';
import { Memo } from '../../lib/memo.js';
import { readConversation } from '../../lib/turns.js';
import { assessOffline } from '../safety/service.js';
import { conversationQuery } from './relevance.js';
import { termsOfTurn } from './turn-terms.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

let n = 0;
/** Conversations no test has read before (a counter in the text): their turns are new to the process. */
const fresh = () => [
  [U(`which running shoes for a marathon on a budget of ${++n} euros?`)],
  [U(`my husband died suddenly last week, ${++n} days ago`), A('I am so sorry.'), U(`and now the funeral ${++n}`)],
  [U(`¿Qué tarjeta de crédito da más millas para viajar? ${++n}`), A('Depende…'), U(`y sin comisiones ${++n}`)],
  [U(`Ich suche eine günstige Kaffeemaschine für meine Küche ${++n}`)],
];

afterEach(() => vi.restoreAllMocks());

describe('a turn new to the process is analysed without memo look-ups that would miss (record 0047, round 11)', () => {
  it('reads the same verdict and query as the same conversation read again from the memos', () => {
    for (const msgs of fresh()) {
      const cold = readConversation(msgs);
      const verdict = assessOffline(cold);
      const query = conversationQuery(cold);
      const warm = readConversation(msgs);
      expect(assessOffline(warm)).toEqual(verdict);
      const again = conversationQuery(warm);
      expect([...again.weights]).toEqual([...query.weights]);
      expect([...again.lastUserTerms]).toEqual([...query.lastUserTerms]);
      expect(again.stems).toEqual(query.stems);
      // The re-read turns are the memoised entries the new ones made.
      again.turns.forEach((t, i) => expect(t.terms).toBe(query.turns[i].terms));
    }
  });

  it('skips the safety and terms memos on a new turn, and looks them up on a re-read one and after the first analysis', () => {
    // Both memos are read with `peek` (the terms memo since round 18: no closure per call); the language memo's
    // look-ups (readConversation, by the same key) are left out by clearing the record after each read.
    const peeked: string[] = [];
    const peek = Memo.prototype.peek;
    vi.spyOn(Memo.prototype, 'peek').mockImplementation(function (this: Memo<unknown>, k: string) {
      peeked.push(k);
      return peek.call(this, k);
    });
    const msgs = [U(`best noise cancelling headphones for flights ${++n}`)];
    const conv = readConversation(msgs);
    peeked.length = 0;
    const [turn] = conv.turns;
    const safetyKey = `${turn.key}\u0000en`;
    assessOffline(conv);
    termsOfTurn(turn, 'en');
    expect(peeked).not.toContain(safetyKey);
    expect(peeked).not.toContain(turn.key);
    // Later analyses of the same turn in the request, and the next request's, read the memos.
    assessOffline(conv);
    termsOfTurn(turn, 'en');
    expect(peeked).toContain(safetyKey);
    expect(peeked).toContain(turn.key);
    const next = readConversation(msgs);
    peeked.length = 0;
    assessOffline(next);
    termsOfTurn(next.turns[0], 'en');
    expect(peeked).toContain(safetyKey);
    expect(peeked).toContain(turn.key);
  });

  it('keeps no word list of the turn in its memoised terms (only what a re-sent turn is read for)', () => {
    const [turn] = readConversation([U(`a quiet dishwasher for a small flat ${++n}`)]).turns;
    const terms = termsOfTurn(turn, 'en');
    expect(Object.values(terms)).not.toContain(turn.words);
    expect(terms.distinct.length).toBeGreaterThan(0);
  });
});
