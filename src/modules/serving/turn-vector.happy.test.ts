import { describe, expect, it } from 'vitest';
import { isStopWord, stem, words } from '../../lib/text.js';
import { readConversation, type ConversationTurn } from '../../lib/turns.js';
import { conversationQuery, semanticVectorOf } from './relevance.js';
import { SemanticIndex } from './semantic.js';
import { inEnglish, readingLanguage, termsOfTurn, turnVectorStats } from './turn-terms.js';
import { wordTable } from './word-vectors.js';

/** The turn vector as the semantic signal defines it: every content word's vector × its stem's specificity, in word order. */
function referenceVector(ws: readonly string[]): Float32Array {
  const table = wordTable();
  const tv = new Float32Array(table.dims);
  for (const w of ws) if (!isStopWord(w)) table.addTo(tv, w, table.specificity(stem(w)));
  return tv;
}

const groups = [
  'running shoes, trail running, marathon training plans',
  'cloud backup, recover deleted files, ransomware protection',
  'mortgage advice, first home buyers, remortgage rates',
  'language courses, learn spanish online, conversation classes',
].map((t) => words(t));

describe('turn vectors from the terms pass', () => {
  it('finds each content word’s row and weight while reading the turn, numbers and unknown words included', () => {
    const text = 'I run 2024 km a year in worn-out trainers from zzqxv, need 3 new pairs for the marathon 42 soon';
    const conv = readConversation([{ role: 'user', content: text }]);
    const turn = conv.turns[0];
    const terms = termsOfTurn(turn, 'en');
    const table = wordTable();
    const expectRows: number[] = [];
    for (const w of turn.words) {
      const row = table.rank(w);
      if (!isStopWord(w) && row !== undefined) expectRows.push(row);
    }
    expect([...terms.vecRows]).toEqual(expectRows);
    expect(expectRows.length).toBeGreaterThan(5);
    const sem = new SemanticIndex(groups);
    const q = conversationQuery(conv);
    semanticVectorOf(q, sem);
    expect([...q.turns[0].terms.vec!]).toEqual([...referenceVector(turn.words)]);
  });

  it('reads a non-English turn through its English words, like the reference', () => {
    const conv = readConversation([
      {
        role: 'user',
        content: 'Busco zapatillas para correr una maratón, ¿qué tarjeta de crédito me conviene para pagar?',
      },
    ]);
    const sem = new SemanticIndex(groups);
    const q = conversationQuery(conv);
    const t = q.turns[0].terms;
    expect(t.vecRows.length).toBeGreaterThan(0);
    semanticVectorOf(q, sem);
    expect([...t.vec!]).toEqual([...referenceVector(inEnglish(readingLanguage(conv), conv.turns[0].words))]);
    // Once the vector is made, the memoised turn keeps it and releases the rows it was made from.
    expect(t.vecRows.length).toBe(0);
    expect(t.vecWeights.length).toBe(0);
    const again = conversationQuery(conv);
    expect(again.turns[0].terms).toBe(t);
    expect([...semanticVectorOf(again, sem)]).toEqual([...semanticVectorOf(q, sem)]);
  });

  it('a grown conversation reuses its earlier turns’ analysis and decides exactly as one read cold', () => {
    const tag = `t${Date.now()}`;
    const turns: ConversationTurn[] = [
      { role: 'user', content: `my laptop keeps losing files after a ransomware scare ${tag}` },
      { role: 'assistant', content: `You could restore from a backup and scan the disk first ${tag}` },
      { role: 'user', content: `which cloud backup would you pick for a small office ${tag}` },
    ];
    const sem = new SemanticIndex(groups);
    // Warm: the conversation grows one turn per request, as publishers send it.
    for (let n = 1; n < turns.length; n++)
      semanticVectorOf(conversationQuery(readConversation(turns.slice(0, n))), sem);
    const made = turnVectorStats.made;
    const warm = conversationQuery(readConversation(turns));
    const warmVec = [...semanticVectorOf(warm, sem)];
    expect(turnVectorStats.made - made).toBe(1); // only the new turn is analysed
    // Cold: the same words under new hashes (a trailing space), so no memo holds them.
    const cold = conversationQuery(readConversation(turns.map((t) => ({ ...t, content: `${t.content} ` }))));
    const coldVec = [...semanticVectorOf(cold, sem)];
    expect(turnVectorStats.made - made).toBe(1 + turns.length);
    expect([...warm.weights]).toEqual([...cold.weights]);
    expect([...warm.lastUserTerms]).toEqual([...cold.lastUserTerms]);
    expect(warm.stems).toEqual(cold.stems);
    expect(warmVec).toEqual(coldVec);
  });
});
