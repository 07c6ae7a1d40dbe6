import { describe, expect, it } from 'vitest';
import { words } from '../../lib/text.js';
import { SemanticIndex, addWords } from './semantic.js';
import { conversationQuery, semanticVectorOf } from './relevance.js';
import { readConversation, type ReadConversation } from '../../lib/turns.js';
import { turnVectorStats } from './turn-terms.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

const texts = [
  'cloud backup for your computer, restore deleted files, automatic photo backup',
  'trail running shoes with grip for mud',
  'espresso machines and burr grinders',
];

/**
 * The conversation vector made from scratch: every turn's words summed afresh (addWords), centred like the index's
 * (the query's turns are the conversation's, newest first).
 */
function reference(sem: SemanticIndex, conv: ReadConversation, q: ReturnType<typeof conversationQuery>): Float32Array {
  const v = new Float32Array(sem.dims);
  for (let k = 0; k < q.turns.length; k++) {
    const { weight } = q.turns[k];
    const tv = new Float32Array(sem.dims);
    addWords(tv, conv.turns[conv.turns.length - 1 - k].words, 1);
    for (let d = 0; d < sem.dims; d++) v[d] += weight * tv[d];
  }
  return sem.centre(v);
}

describe('the semantic signal per request', () => {
  it('makes a turn vector once per turn: a re-sent turn reuses it, a new last turn makes only its own', () => {
    const sem = new SemanticIndex(texts.map((t) => words(t)));
    // Turns no other test sends, so the per-turn memo holds none of them yet.
    const earlier = [
      U('my old laptop has 2019 photos on it and the disk keeps clicking, what now semantic-memo-probe'),
      A('Copy them somewhere safe first; a clicking disk may fail at any moment.'),
    ];
    const first = conversationQuery([...earlier, U('which backup would you trust for that? semantic-memo-probe')]);
    const before = turnVectorStats.made;
    semanticVectorOf(first, sem);
    expect(turnVectorStats.made - before).toBe(3);

    const again = conversationQuery([...earlier, U('which backup would you trust for that? semantic-memo-probe')]);
    semanticVectorOf(again, sem);
    expect(turnVectorStats.made - before).toBe(3);

    const next = conversationQuery([...earlier, U('and is a cloud one enough on its own? semantic-memo-probe')]);
    semanticVectorOf(next, sem);
    expect(turnVectorStats.made - before).toBe(4);
  });

  it('gives the vector of summing every turn afresh, numbers and stop words included', () => {
    const sem = new SemanticIndex(texts.map((t) => words(t)));
    const conv = readConversation([
      U('ransomware encrypted my laptop in 2024 and I lost 300 documents'),
      A('Sorry to hear that. Do you have any copy of them?'),
      U('no, how do I never lose them again?'),
    ]);
    const q = conversationQuery(conv);
    const want = reference(sem, conv, q);
    const got = semanticVectorOf(q, sem);
    expect(Array.from(got)).toEqual(Array.from(want));
    expect(sem.cosine(got, 0)).toBeGreaterThan(sem.cosine(got, 1));
  });

  it('reuses one conversation vector: the next request starts from zero, not from the last one', () => {
    const sem = new SemanticIndex(texts.map((t) => words(t)));
    const a = conversationQuery([U('espresso grinder for a small kitchen')]);
    const b = conversationQuery([U('running shoes for muddy trails')]);
    const alone = Array.from(semanticVectorOf(b, sem));
    semanticVectorOf(a, sem);
    expect(Array.from(semanticVectorOf(b, sem))).toEqual(alone);
  });
});
