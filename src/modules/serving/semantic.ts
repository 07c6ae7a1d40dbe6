import { isStopWord, stem } from '../../lib/text.js';
import { wordTable, type WordTable } from './word-vectors.js';
import { wasmKernels, type Axpy } from './wasm-kernels.js';

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
  /** The groups' mean vector (in the kernels' memory, after `arg`). */
  private readonly mean: Float32Array;
  /** Centred, unit-length group vectors, group i at [i × dims, (i + 1) × dims). */
  private readonly vectors: Float32Array;
  /** The conversation vector of the request being decided (`scratch`), reused: no per-request allocation. */
  private readonly conv: Float32Array;
  /** Where a conversation vector other than `conv` is copied for `cosine`, and a turn vector for `addToScratch`. */
  private readonly arg: Float32Array;
  /** The dot product over the memory the three arrays above live in (wasm-kernels.ts); `conv`'s byte offset in it. */
  private readonly dot: (a: number, b: number, dims: number) => number;
  private readonly axpy: Axpy;
  private readonly sumSq: (at: number, n: number) => number;
  private readonly div: (at: number, x: number, n: number) => void;
  private readonly convAt: number;
  private readonly meanAt: number;

  constructor(
    texts: readonly (readonly string[])[],
    private readonly table: WordTable = wordTable(),
  ) {
    const dims = table.dims;
    this.dims = dims;
    // One WebAssembly memory: the group vectors, then the conversation vector, then `arg`.
    const kernel = wasmKernels((texts.length + 3) * dims * 4);
    this.dot = kernel.dot;
    this.axpy = kernel.axpy;
    this.sumSq = kernel.sumSq;
    this.div = kernel.div;
    this.vectors = new Float32Array(kernel.memory.buffer, 0, texts.length * dims);
    this.convAt = texts.length * dims * 4;
    this.conv = new Float32Array(kernel.memory.buffer, this.convAt, dims);
    this.arg = new Float32Array(kernel.memory.buffer, this.convAt + dims * 4, dims);
    this.meanAt = this.convAt + 2 * dims * 4;
    this.mean = new Float32Array(kernel.memory.buffer, this.meanAt, dims);
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

  /**
   * Adds weight × a turn's vector to the conversation vector (`scratch`): `conv[d] += weight * tv[d]` on float32, by
   * the WebAssembly kernel (the same float32 each step); the turn's vector is copied into the kernel's memory first.
   */
  addToScratch(tv: Float32Array, weight: number): void {
    this.arg.set(tv);
    this.axpy(this.convAt, this.convAt + this.dims * 4, weight, this.dims);
  }

  /** A conversation vector (a weighted sum of turn vectors) centred like the groups' and made unit length, in place. */
  centre(out: Float32Array): Float32Array {
    if (out !== this.conv) {
      normalise(out);
      for (let d = 0; d < this.dims; d++) out[d] -= this.mean[d];
      normalise(out);
      return out;
    }
    // The same float32 steps by the kernels on the index's own vector: out[d] − mean[d] is out[d] + (−1) × mean[d].
    this.normaliseConv();
    this.axpy(this.convAt, this.meanAt, -1, this.dims);
    this.normaliseConv();
    return out;
  }

  /** `normalise(this.conv)` by the kernels: the same sum in the same order, the same divisions. */
  private normaliseConv(): void {
    const n = Math.sqrt(this.sumSq(this.convAt, this.dims));
    if (n > 0) this.div(this.convAt, n, this.dims);
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

  /**
   * Cosine of a conversation vector made by `centre` (unit length) with group i (unit length): their dot product, by
   * the WebAssembly kernel (wasm-kernels.ts: four running sums, the same double the JavaScript loop made). A vector
   * other than the index's own (`scratch`) is copied into the kernel's memory first.
   */
  cosine(conv: Float32Array, i: number): number {
    const dims = this.dims;
    let at = this.convAt;
    if (conv !== this.conv) {
      this.arg.set(conv.length === dims ? conv : conv.subarray(0, dims));
      at += dims * 4;
    }
    return this.dot(at, i * dims * 4, dims);
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
