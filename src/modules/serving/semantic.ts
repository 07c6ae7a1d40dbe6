import { isStopWord, stem } from '../../lib/text.js';
import { wordTable, type WordTable } from './word-vectors.js';

/**
 * The offline semantic signal: a text's meaning as the average of its
 * content words' vectors (word-vectors.ts), each weighted by its specificity
 * in general English, so "ransomware … protect my files" lands near "cloud
 * backup, recover deleted files" without sharing the words. Ad groups'
 * vectors are made once per inventory build and centred on their mean (the
 * direction every text shares says nothing about which group fits); the
 * conversation's is a weighted sum of memoised per-turn vectors, centred the
 * same way. Only groups the lexical pass already touched are compared, so a
 * request costs one 100-d dot product per candidate.
 */
export class SemanticIndex {
  readonly dims: number;
  private readonly mean: Float32Array;
  /** Centred, unit-length group vectors, group i at [i × dims, (i + 1) × dims). */
  private readonly vectors: Float32Array;
  /** The conversation vector of the request being decided (`scratch`), reused: no per-request allocation. */
  private readonly conv: Float32Array;

  constructor(
    texts: readonly (readonly string[])[],
    private readonly table: WordTable = wordTable(),
  ) {
    const dims = table.dims;
    this.dims = dims;
    this.vectors = new Float32Array(texts.length * dims);
    this.mean = new Float32Array(dims);
    this.conv = new Float32Array(dims);
    const v = new Float32Array(dims);
    texts.forEach((ws, i) => {
      v.fill(0);
      addWords(v, ws, 1, table);
      normalise(v);
      this.vectors.set(v, i * dims);
      for (let d = 0; d < dims; d++) this.mean[d] += v[d] / Math.max(1, texts.length);
    });
    for (let i = 0; i < texts.length; i++) {
      const g = this.vectors.subarray(i * dims, (i + 1) * dims);
      for (let d = 0; d < dims; d++) g[d] -= this.mean[d];
      normalise(g);
    }
  }

  /**
   * The index's one conversation vector, zeroed: a request builds its vector in it and reads it (`cosine`)
   * synchronously, before the next request asks for it.
   */
  scratch(): Float32Array {
    return this.conv.fill(0);
  }

  /** A conversation vector (a weighted sum of turn vectors) centred like the groups' and made unit length, in place. */
  centre(out: Float32Array): Float32Array {
    normalise(out);
    for (let d = 0; d < this.dims; d++) out[d] -= this.mean[d];
    normalise(out);
    return out;
  }

  /**
   * Reads one component in each cache line of group i's vector (16 floats a line). Called for
   * every group about to be compared before the first product (`blendOf` `prefetch`): those reads do not depend on
   * one another, so the CPU fetches the vectors from memory together instead of stalling on one vector per product
   * (after the rest of a request the vectors are rarely in cache). The sum goes to `sink`, only so the reads are kept.
   */
  touch(i: number): void {
    const v = this.vectors;
    const base = i * this.dims;
    const end = base + this.dims;
    let s = this.sink;
    for (let d = base; d < end; d += 16) s += v[d];
    this.sink = s;
  }

  /** What `touch` read, summed (meaningless). */
  sink = 0;

  /** Cosine of a conversation vector made by `centre` (unit length) with group i (unit length): their dot product. */
  cosine(conv: Float32Array, i: number): number {
    const v = this.vectors;
    const dims = this.dims;
    const base = i * dims;
    // Four running sums: independent additions the CPU overlaps (about half the time of one sum; it is most of the signal's cost).
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let d = 0;
    for (; d + 3 < dims; d += 4) {
      s0 += conv[d] * v[base + d];
      s1 += conv[d + 1] * v[base + d + 1];
      s2 += conv[d + 2] * v[base + d + 2];
      s3 += conv[d + 3] * v[base + d + 3];
    }
    for (; d < dims; d++) s0 += conv[d] * v[base + d];
    return s0 + s1 + (s2 + s3);
  }
}

/** Adds the words' vectors (stop words skipped), each × weight × its specificity; the number of words found. */
export function addWords(
  acc: Float32Array,
  ws: readonly string[],
  weight: number,
  table: WordTable = wordTable(),
): number {
  let n = 0;
  for (const w of ws) if (!isStopWord(w) && table.addTo(acc, w, weight * table.specificity(stem(w)))) n++;
  return n;
}

function normalise(v: Float32Array): void {
  let n = 0;
  for (let d = 0; d < v.length; d++) n += v[d] * v[d];
  n = Math.sqrt(n);
  if (n > 0) for (let d = 0; d < v.length; d++) v[d] /= n;
}
