/**
 * Two of a request's hottest loops as WebAssembly functions over an index's own memory: the semantic signal's dot
 * product (semantic.ts `SemanticIndex.cosine`) and BM25's walk of a term's postings (relevance.ts `LexicalIndex.score`).
 *
 * The dot product. In JavaScript each of a product's 2 × 100 typed-array reads paid an overflow check, a sign extension, a
 * bounds check and an address computation (~28 instructions a dimension, record 0047 round 21); in WebAssembly a read
 * is one instruction (the memory's guard pages do the bounds check).
 *
 * The sums are exactly the JavaScript ones, so every cosine is the same double: four running sums over the
 * dimensions d ≡ 0, 1, 2, 3 (mod 4) of the first 4⌊dims / 4⌋, the rest added to the first, each term the product of
 * the two float32 components widened to float64 (exact: 24 + 24 bits), the result (s0 + s1) + (s2 + s3).
 *
 *   (func $dot (param $a i32) (param $b i32) (param $dims i32) (result f64)
 *     (local $n i32) (local $s0 f64) (local $s1 f64) (local $s2 f64) (local $s3 f64)
 *     (local $v01 v128) (local $v23 v128)
 *     n = dims >> 2; while (n) { v01 += a[0..1]·b[0..1]; v23 += a[2..3]·b[2..3]; a += 16; b += 16; n-- }
 *     s0, s1 = v01's lanes; s2, s3 = v23's lanes
 *     n = dims & 3;  while (n) { s0 += a[0]·b[0]; a += 4; b += 4; n-- }
 *     return (s0 + s1) + (s2 + s3))
 *
 * The main loop is WebAssembly SIMD (record 0047 round 22): two f64x2 accumulators hold (s0, s1) and (s2, s3); each
 * step loads two float32 pairs (`v128.load64_zero`), widens them (`f64x2.promote_low_f32x4`), multiplies and adds lane
 * by lane. A lane's operations are the scalar ones (IEEE double multiply and add, the same operands in the same
 * order), so each running sum, and the result, is the same double.
 *
 * `a` and `b` are byte offsets into the memory imported as `e.m`.
 *
 * The postings walk, `post` (and `postCov`, which also adds `c` to each document's coverage):
 *
 *   (func $post (param $docs i32) (param $tf i32) (param $acc i32) (param $touched i32) (param $k i32) (param $to i32)
 *               (param $wi f64) (param $c f64) (param $n i32) (result i32)
 *     for (; k < to; k++) { d = docs[k]; if (acc[2d] == 0) touched[n++] = d; acc[2d] += wi × tf[k]; [acc[2d + 1] += c] }
 *     return n)
 *
 * (byte offsets of an Int32 `docs`, a Float64 `tf`, a Float64 `acc` and an Int32 `touched`): the JavaScript loop's
 * operations in its order, so every sum is the same double.
 *
 * `axpy`/`axpyI8` (record 0047 round 23): a float32 vector plus a weighted float32 or int8 one, in place (`axpyCode`);
 * `sumSq` and `div`, a vector's squared norm and its division by a number (the conversation vector's `normalise`);
 * `sieve`, the first step of BM25's final pass (`sieveCode`).
 */

const GET = 0x20;
const SET = 0x21;
const I32 = 0x41;
const ADD_I32 = 0x6a;
const SUB_I32 = 0x6b;
const F32_LOAD = 0x2a;
const PROMOTE = 0xbb;
const MUL_F64 = 0xa2;
const ADD_F64 = 0xa0;
const [A, B, DIMS, N, S0, V] = [0, 1, 2, 3, 4, 8];
/** A SIMD instruction: the 0xfd prefix, then its number in LEB128. */
const simd = (op: number): number[] => [0xfd, ...leb(op)];
const LOAD64_ZERO = 0x5d; // v128.load64_zero: two float32 in the low 8 bytes
const PROMOTE_LOW = 0x5f; // f64x2.promote_low_f32x4
const MUL_F64X2 = 0xf2;
const ADD_F64X2 = 0xf0;
const EXTRACT_F64X2 = 0x21; // f64x2.extract_lane

/** Lanes (s{2k}, s{2k+1}) += promote(a[2k], a[2k+1]) × promote(b[2k], b[2k+1]): two f64 products and sums at once. */
// prettier-ignore
const pair = (k: number): number[] => [
  GET, V + k,
  GET, A, ...simd(LOAD64_ZERO), 3, 8 * k, ...simd(PROMOTE_LOW),
  GET, B, ...simd(LOAD64_ZERO), 3, 8 * k, ...simd(PROMOTE_LOW),
  ...simd(MUL_F64X2), ...simd(ADD_F64X2), SET, V + k,
];
/** s{k} = lane `lane` of v{k >> 1} */
const lane = (k: number): number[] => [GET, V + (k >> 1), ...simd(EXTRACT_F64X2), k & 1, SET, S0 + k];
/** s0 += f64(a[0]) × f64(b[0]) */
// prettier-ignore
const term0 = [
  GET, S0,
  GET, A, F32_LOAD, 2, 0, PROMOTE,
  GET, B, F32_LOAD, 2, 0, PROMOTE,
  MUL_F64, ADD_F64, SET, S0,
];
const advance = (local: number, by: number): number[] => [GET, local, I32, by, ADD_I32, SET, local];
/** block { loop { if (n == 0) break; body; n--; continue } } */
// prettier-ignore
const whileN = (body: number[]): number[] => [
  0x02, 0x40, 0x03, 0x40,
  GET, N, 0x45, 0x0d, 0x01,
  ...body,
  GET, N, I32, 1, SUB_I32, SET, N,
  0x0c, 0x00, 0x0b, 0x0b,
];

// prettier-ignore
const code = [
  0x03, 0x01, 0x7f, 0x04, 0x7c, 0x02, 0x7b, // locals: 1 × i32, 4 × f64, 2 × v128 (zero)
  GET, DIMS, I32, 2, 0x76, SET, N, // n = dims >>> 2
  ...whileN([...pair(0), ...pair(1), ...advance(A, 16), ...advance(B, 16)]),
  ...lane(0), ...lane(1), ...lane(2), ...lane(3),
  GET, DIMS, I32, 3, 0x71, SET, N, // n = dims & 3
  ...whileN([...term0, ...advance(A, 4), ...advance(B, 4)]),
  GET, S0, GET, S0 + 1, ADD_F64, GET, S0 + 2, GET, S0 + 3, ADD_F64, ADD_F64,
  0x0b,
];

const I32_LOAD = 0x28;
const F64_LOAD = 0x2b;
const I32_STORE = 0x36;
const F64_STORE = 0x39;
const SHL = 0x74;
const [DOCS, TF, ACC, TOUCHED, K, TO, WI, C, NT, D, P] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The postings walk; with `cov`, coverage too. */
// prettier-ignore
const postCode = (cov: boolean): number[] => [
  0x01, 0x02, 0x7f, // locals: d, p (i32)
  0x02, 0x40, 0x03, 0x40,
  GET, K, GET, TO, 0x4e, 0x0d, 0x01, // k >= to: done
  GET, DOCS, GET, K, I32, 2, SHL, ADD_I32, I32_LOAD, 2, 0, SET, D, // d = docs[k]
  GET, ACC, GET, D, I32, 4, SHL, ADD_I32, SET, P, // p = &acc[2d]
  GET, P, F64_LOAD, 3, 0, 0x44, 0, 0, 0, 0, 0, 0, 0, 0, 0x61, 0x04, 0x40, // if (acc[2d] == 0)
  GET, TOUCHED, GET, NT, I32, 2, SHL, ADD_I32, GET, D, I32_STORE, 2, 0, // touched[n] = d
  GET, NT, I32, 1, ADD_I32, SET, NT, // n++
  0x0b,
  GET, P, GET, P, F64_LOAD, 3, 0, GET, WI, GET, TF, GET, K, I32, 3, SHL, ADD_I32, F64_LOAD, 3, 0, MUL_F64, ADD_F64,
  F64_STORE, 3, 0, // acc[2d] += wi × tf[k]
  ...(cov ? [GET, P, GET, P, F64_LOAD, 3, 8, GET, C, ADD_F64, F64_STORE, 3, 8] : []), // acc[2d + 1] += c
  GET, K, I32, 1, ADD_I32, SET, K,
  0x0c, 0x00, 0x0b, 0x0b,
  GET, NT,
  0x0b,
];

const F32_STORE = 0x38;
const I8_LOAD = 0x2c; // i32.load8_s
const CONVERT_I32 = 0xb7; // f64.convert_i32_s
const DEMOTE = 0xb6;
const [AT, SRC, W, LEFT] = [0, 1, 2, 3];

/**
 * A float32 vector plus a weighted one, in place: `acc[d] = fround(acc[d] + w × src[d])` for d < n, the widened
 * product and sum in double as the JavaScript `acc[d] += w * src[d]` on a Float32Array does (f32.demote rounds to
 * nearest, ties to even, as `Math.fround`). `src` is float32 (`axpy`: the semantic signal's per-turn sums) or int8
 * (`axpyI8`: a word table row, word-vectors.ts `addRow`).
 */
// prettier-ignore
const axpyCode = (i8: boolean): number[] => [
  0x00, // no locals
  0x02, 0x40, 0x03, 0x40,
  GET, LEFT, 0x45, 0x0d, 0x01, // n == 0: done
  GET, AT, // the store's address
  GET, AT, F32_LOAD, 2, 0, PROMOTE,
  GET, W, GET, SRC, ...(i8 ? [I8_LOAD, 0, 0, CONVERT_I32] : [F32_LOAD, 2, 0, PROMOTE]), MUL_F64,
  ADD_F64, DEMOTE, F32_STORE, 2, 0,
  ...advance(AT, 4), ...advance(SRC, i8 ? 1 : 4),
  GET, LEFT, I32, 1, SUB_I32, SET, LEFT,
  0x0c, 0x00, 0x0b, 0x0b,
  0x0b,
];

const DIV_F64 = 0xa3;
/** `Σ v[d] × v[d]`, d < n, one running double in order (semantic.ts `normalise`): (param at i32) (param n i32) (result f64). */
// prettier-ignore
const sumSqCode = [
  0x01, 0x01, 0x7c, // local s: f64
  0x02, 0x40, 0x03, 0x40,
  GET, 1, 0x45, 0x0d, 0x01,
  GET, 2, GET, 0, F32_LOAD, 2, 0, PROMOTE, GET, 0, F32_LOAD, 2, 0, PROMOTE, MUL_F64, ADD_F64, SET, 2,
  ...advance(0, 4),
  GET, 1, I32, 1, SUB_I32, SET, 1,
  0x0c, 0x00, 0x0b, 0x0b,
  GET, 2,
  0x0b,
];
/** `v[d] = fround(v[d] / x)`, d < n (`normalise`'s `v[d] /= n`): (param at i32) (param x f64) (param n i32). */
// prettier-ignore
const divCode = [
  0x00,
  0x02, 0x40, 0x03, 0x40,
  GET, 2, 0x45, 0x0d, 0x01,
  GET, 0, GET, 0, F32_LOAD, 2, 0, PROMOTE, GET, 1, DIV_F64, DEMOTE, F32_STORE, 2, 0,
  ...advance(0, 4),
  GET, 2, I32, 1, SUB_I32, SET, 2,
  0x0c, 0x00, 0x0b, 0x0b,
  0x0b,
];

const I32_STORE8 = 0x3a;
const [S_ACC, S_TOUCHED, S_HEAD, S_N, S_MIN, S_J, S_K, S_D, S_P] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/**
 * BM25's final pass, its first step (relevance.ts `LexicalIndex.score`): of the n touched documents, those whose sum
 * is below `min` (they cannot reach the floor) have their sum, coverage and head mark reset here; the others are
 * compacted, in order, to the front of `touched` (their sums left for the JavaScript pass), and their count returned.
 *   (param acc i32) (param touched i32) (param head i32) (param n i32) (param min f64) (result i32)
 *   for (j = 0; j < n; j++) { d = touched[j]; p = &acc[2d];
 *     if (acc[2d] < min) { acc[2d] = 0; acc[2d + 1] = 0; head[d] = 0 } else touched[k++] = d }
 *   return k
 */
// prettier-ignore
const sieveCode = [
  0x01, 0x04, 0x7f, // locals j, k, d, p: i32
  0x02, 0x40, 0x03, 0x40,
  GET, S_J, GET, S_N, 0x4e, 0x0d, 0x01, // j >= n: done
  GET, S_TOUCHED, GET, S_J, I32, 2, SHL, ADD_I32, I32_LOAD, 2, 0, SET, S_D, // d = touched[j]
  GET, S_ACC, GET, S_D, I32, 4, SHL, ADD_I32, SET, S_P, // p = &acc[2d]
  GET, S_P, F64_LOAD, 3, 0, GET, S_MIN, 0x63, 0x04, 0x40, // if (acc[2d] < min)
  GET, S_P, 0x44, 0, 0, 0, 0, 0, 0, 0, 0, F64_STORE, 3, 0,
  GET, S_P, 0x44, 0, 0, 0, 0, 0, 0, 0, 0, F64_STORE, 3, 8,
  GET, S_HEAD, GET, S_D, ADD_I32, I32, 0, I32_STORE8, 0, 0,
  0x05, // else
  GET, S_TOUCHED, GET, S_K, I32, 2, SHL, ADD_I32, GET, S_D, I32_STORE, 2, 0, // touched[k] = d
  ...advance(S_K, 1),
  0x0b,
  ...advance(S_J, 1),
  0x0c, 0x00, 0x0b, 0x0b,
  GET, S_K,
  0x0b,
];

/** An unsigned LEB128 number. */
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}

/** A section: its id, its length, its bytes. */
const section = (id: number, bytes: number[]): number[] => [id, ...leb(bytes.length), ...bytes];

const body = (c: number[]): number[] => [...leb(c.length), ...c];
const name = (n: string): number[] => [n.length, ...Array.from(n, (ch) => ch.charCodeAt(0))];
// prettier-ignore
const BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [
    0x06,
    0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x01, 0x7c, // dot: (i32, i32, i32) → f64
    0x60, 0x09, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7c, 0x7c, 0x7f, 0x01, 0x7f, // post: (6 × i32, f64, f64, i32) → i32
    0x60, 0x04, 0x7f, 0x7f, 0x7c, 0x7f, 0x00, // axpy: (i32, i32, f64, i32) → ()
    0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7c, // sumSq: (i32, i32) → f64
    0x60, 0x03, 0x7f, 0x7c, 0x7f, 0x00, // div: (i32, f64, i32) → ()
    0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7c, 0x01, 0x7f, // sieve: (4 × i32, f64) → i32
  ]),
  ...section(2, [0x01, ...name('e'), ...name('m'), 0x02, 0x00, 0x00]), // import memory e.m, min 0 pages
  ...section(3, [0x08, 0x00, 0x01, 0x01, 0x02, 0x02, 0x03, 0x04, 0x05]),
  // prettier-ignore
  ...section(7, [
    0x08, ...name('dot'), 0x00, 0x00, ...name('post'), 0x00, 0x01, ...name('postCov'), 0x00, 0x02,
    ...name('axpy'), 0x00, 0x03, ...name('axpyI8'), 0x00, 0x04, ...name('sumSq'), 0x00, 0x05, ...name('div'), 0x00, 0x06,
    ...name('sieve'), 0x00, 0x07,
  ]),
  // prettier-ignore
  ...section(10, [
    0x08, ...body(code), ...body(postCode(false)), ...body(postCode(true)), ...body(axpyCode(false)), ...body(axpyCode(true)),
    ...body(sumSqCode), ...body(divCode), ...body(sieveCode),
  ]),
]);

let compiled: WebAssembly.Module | null = null;

export type Post = (
  docs: number,
  tf: number,
  acc: number,
  touched: number,
  k: number,
  to: number,
  wi: number,
  c: number,
  n: number,
) => number;

export type Axpy = (acc: number, src: number, w: number, n: number) => void;

/** The kernels over a new memory of at least `bytes` bytes. */
export function wasmKernels(bytes: number): {
  memory: WebAssembly.Memory;
  /** The dot product of the float32 vectors at byte offsets a and b. */
  dot: (a: number, b: number, dims: number) => number;
  /** The postings walk: touched documents counted from n, the new count returned. */
  post: Post;
  postCov: Post;
  /** `acc[d] = fround(acc[d] + w × src[d])`, d < n, float32 at byte offsets `acc` and `src`. */
  axpy: Axpy;
  /** The same with int8 components at `src`. */
  axpyI8: Axpy;
  /** `Σ v[d] × v[d]` of the float32 vector at byte offset `at`, d < n, summed in order. */
  sumSq: (at: number, n: number) => number;
  /** `v[d] = fround(v[d] / x)`, d < n. */
  div: (at: number, x: number, n: number) => void;
  /** BM25's final pass, the documents below `min` reset, the rest compacted in `touched`: their count (`sieveCode`). */
  sieve: (acc: number, touched: number, head: number, n: number, min: number) => number;
} {
  compiled ??= new WebAssembly.Module(BYTES);
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / 65536)) });
  const e = new WebAssembly.Instance(compiled, { e: { m: memory } }).exports;
  return {
    memory,
    dot: e.dot as (a: number, b: number, dims: number) => number,
    post: e.post as Post,
    postCov: e.postCov as Post,
    axpy: e.axpy as Axpy,
    axpyI8: e.axpyI8 as Axpy,
    sumSq: e.sumSq as (at: number, n: number) => number,
    div: e.div as (at: number, x: number, n: number) => void,
    sieve: e.sieve as (acc: number, touched: number, head: number, n: number, min: number) => number,
  };
}
