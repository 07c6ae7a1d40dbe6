import { describe, expect, it } from 'vitest';
import { mulberry32 as seeded } from '../../lib/random.js';
import { wasmKernels } from './wasm-kernels.js';

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
});
