import { describe, expect, it } from 'vitest';
import { mulberry32 as seeded } from '../../lib/random.js';
import { wasmKernels } from './wasm-kernels.js';
import { wordTable } from './word-vectors.js';

/** The JavaScript dot product the kernel replaced (semantic.ts before record 0047 round 21). */
function dotReference(conv: Float32Array, v: Float32Array, dims: number, i: number): number {
  const base = i * dims;
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

describe('wasm kernels', () => {
  it('the dot product is the JavaScript loop’s double, bit for bit, whatever the dimension count', () => {
    const rand = seeded(7);
    for (const dims of [0, 1, 2, 3, 4, 5, 7, 8, 13, 100, 101]) {
      const n = 50;
      const k = wasmKernels((n + 1) * dims * 4);
      const v = new Float32Array(k.memory.buffer, 0, n * dims);
      const conv = new Float32Array(k.memory.buffer, n * dims * 4, dims);
      for (let i = 0; i < v.length; i++) v[i] = (rand() - 0.5) * 2 ** Math.floor(rand() * 20 - 10);
      for (let d = 0; d < dims; d++) conv[d] = rand() - 0.5;
      for (let i = 0; i < n; i++) {
        expect(Object.is(k.dot(n * dims * 4, i * dims * 4, dims), dotReference(conv, v, dims, i))).toBe(true);
      }
    }
  });

  it('the SIMD lanes keep each running sum: float32 from subnormal to near overflow, both signs, any offset', () => {
    const rand = seeded(23);
    const wide = (): number => (rand() < 0.5 ? -1 : 1) * rand() * 2 ** Math.floor(rand() * 270 - 145);
    for (let trial = 0; trial < 40; trial++) {
      const dims = Math.floor(rand() * 260);
      const shift = Math.floor(rand() * 4); // the vectors start at any float32 offset, not only 8- or 16-byte aligned
      const n = 8;
      const k = wasmKernels((n + 1) * dims * 4 + 16);
      const v = new Float32Array(k.memory.buffer, 4 * shift, n * dims);
      const conv = new Float32Array(k.memory.buffer, 4 * shift + n * dims * 4, dims);
      for (let i = 0; i < v.length; i++) v[i] = wide();
      for (let d = 0; d < dims; d++) conv[d] = wide();
      for (let i = 0; i < n; i++) {
        const got = k.dot(4 * shift + n * dims * 4, 4 * shift + i * dims * 4, dims);
        expect(Object.is(got, dotReference(conv, v, dims, i))).toBe(true);
      }
    }
  });

  it('the postings walk sums, counts and lists touched documents as the JavaScript loop did', () => {
    const rand = seeded(11);
    const docsN = 40;
    const total = 300;
    const k = wasmKernels(16 * docsN + 12 * total + 4 * docsN);
    const acc = new Float64Array(k.memory.buffer, 0, 2 * docsN);
    const tf = new Float64Array(k.memory.buffer, 16 * docsN, total);
    const docs = new Int32Array(k.memory.buffer, 16 * docsN + 8 * total, total);
    const touched = new Int32Array(k.memory.buffer, 16 * docsN + 12 * total, docsN);
    for (let p = 0; p < total; p++) {
      docs[p] = Math.floor(rand() * docsN);
      tf[p] = rand() * 3;
    }
    const refAcc = new Float64Array(2 * docsN);
    const refTouched: number[] = [];
    let n = 0;
    for (let term = 0; term < 12; term++) {
      const from = Math.floor(rand() * total);
      const to = Math.min(total, from + Math.floor(rand() * 40));
      const wi = rand() * 2;
      const cov = rand() < 0.5;
      const c = 1 + Math.floor(rand() * 3);
      for (let p = from; p < to; p++) {
        const at = docs[p] << 1;
        if (refAcc[at] === 0) refTouched.push(docs[p]);
        refAcc[at] += wi * tf[p];
        if (cov) refAcc[at + 1] += c;
      }
      const args = [16 * docsN + 8 * total, 16 * docsN, 0, 16 * docsN + 12 * total, from, to, wi] as const;
      n = cov ? k.postCov(...args, c, n) : k.post(...args, 0, n);
    }
    expect(n).toBe(refTouched.length);
    expect(Array.from(touched.subarray(0, n))).toEqual(refTouched);
    expect(Array.from(acc)).toEqual(Array.from(refAcc));
  });

  it('axpy and axpyI8 make the float32 a JavaScript `acc[d] += w * src[d]` makes, step after step', () => {
    const rand = seeded(31);
    const wide = (): number => (rand() < 0.5 ? -1 : 1) * rand() * 2 ** Math.floor(rand() * 60 - 30);
    for (let trial = 0; trial < 40; trial++) {
      const dims = Math.floor(rand() * 130);
      const k = wasmKernels(12 * dims + 16);
      const acc = new Float32Array(k.memory.buffer, 0, dims);
      const src = new Float32Array(k.memory.buffer, 4 * dims, dims);
      const q = new Int8Array(k.memory.buffer, 8 * dims + 1, dims); // any byte offset
      const ref = new Float32Array(dims);
      for (let d = 0; d < dims; d++) acc[d] = ref[d] = wide();
      for (let step = 0; step < 6; step++) {
        const w = wide();
        const i8 = step % 2 === 1;
        for (let d = 0; d < dims; d++) {
          src[d] = wide();
          q[d] = Math.floor(rand() * 256) - 128;
        }
        for (let d = 0; d < dims; d++) ref[d] += w * (i8 ? q[d] : src[d]);
        if (i8) k.axpyI8(0, 8 * dims + 1, w, dims);
        else k.axpy(0, 4 * dims, w, dims);
        for (let d = 0; d < dims; d++) expect(Object.is(acc[d], ref[d])).toBe(true);
      }
    }
  });

  it('the word table’s rowsVector is addRow over the rows into a zeroed vector, float32 for float32', () => {
    const rand = seeded(41);
    const table = wordTable();
    for (let trial = 0; trial < 30; trial++) {
      const n = Math.floor(rand() * 40);
      const rows = Int32Array.from({ length: n }, () => Math.floor(rand() * table.size));
      const weights = Float64Array.from({ length: n }, () => rand() * 3);
      const ref = new Float32Array(table.dims);
      for (let k = 0; k < n; k++) table.addRow(ref, rows[k], weights[k]);
      const got = table.rowsVector(rows, weights);
      expect(got).not.toBe(table.rowsVector(rows, weights)); // a new vector each time, not the kernel's scratch
      for (let d = 0; d < table.dims; d++) expect(Object.is(got[d], ref[d])).toBe(true);
    }
  });

  it('sumSq and div are normalise’s sum and divisions, float32 for float32', () => {
    const rand = seeded(53);
    for (let trial = 0; trial < 40; trial++) {
      const dims = Math.floor(rand() * 130);
      const k = wasmKernels(4 * dims + 8);
      const v = new Float32Array(k.memory.buffer, 4, dims);
      const scale = 2 ** Math.floor(rand() * 40 - 20);
      for (let d = 0; d < dims; d++) v[d] = (rand() - 0.5) * scale;
      const ref = Float32Array.from(v);
      let n = 0;
      for (let d = 0; d < ref.length; d++) n += ref[d] * ref[d];
      expect(Object.is(k.sumSq(4, dims), n)).toBe(true);
      n = Math.sqrt(n);
      for (let d = 0; d < ref.length; d++) ref[d] /= n;
      k.div(4, n, dims);
      for (let d = 0; d < dims; d++) expect(Object.is(v[d], ref[d])).toBe(true);
    }
  });

  it('sieve resets the documents below the bound and keeps the rest, in order, as the JavaScript pass read them', () => {
    const rand = seeded(61);
    for (let trial = 0; trial < 30; trial++) {
      const docsN = 1 + Math.floor(rand() * 60);
      const k = wasmKernels(16 * docsN + 4 * docsN + docsN);
      const acc = new Float64Array(k.memory.buffer, 0, 2 * docsN);
      const touched = new Int32Array(k.memory.buffer, 16 * docsN, docsN);
      const head = new Uint8Array(k.memory.buffer, 20 * docsN, docsN);
      const order = Array.from({ length: docsN }, (_, d) => d).sort(() => rand() - 0.5);
      const n = Math.floor(rand() * (docsN + 1));
      for (let j = 0; j < n; j++) {
        const d = order[j];
        touched[j] = d;
        acc[2 * d] = rand() < 0.1 ? 0.5 : rand(); // some exactly at the bound
        acc[2 * d + 1] = 1 + Math.floor(rand() * 4);
        head[d] = rand() < 0.5 ? 1 : 0;
      }
      const before = { acc: Float64Array.from(acc), head: Uint8Array.from(head), touched: order.slice(0, n) };
      const kept = k.sieve(0, 16 * docsN, 20 * docsN, n, 0.5);
      const keep = before.touched.filter((d) => !(before.acc[2 * d] < 0.5));
      expect(kept).toBe(keep.length);
      expect(Array.from(touched.subarray(0, kept))).toEqual(keep);
      for (const d of before.touched) {
        const low = before.acc[2 * d] < 0.5;
        expect([acc[2 * d], acc[2 * d + 1], head[d]]).toEqual(
          low ? [0, 0, 0] : [before.acc[2 * d], before.acc[2 * d + 1], before.head[d]],
        );
      }
    }
  });
});
