/**
 * The semantic signal's dot product (semantic.ts `SemanticIndex.cosine`) as a WebAssembly function over the index's
 * own memory. In JavaScript each of a product's 2 × 100 typed-array reads paid an overflow check, a sign extension, a
 * bounds check and an address computation (~28 instructions a dimension, record 0047 round 21); in WebAssembly a read
 * is one instruction (the memory's guard pages do the bounds check).
 *
 * The sums are exactly the JavaScript ones, so every cosine is the same double: four running sums over the
 * dimensions d ≡ 0, 1, 2, 3 (mod 4) of the first 4⌊dims / 4⌋, the rest added to the first, each term the product of
 * the two float32 components widened to float64 (exact: 24 + 24 bits), the result (s0 + s1) + (s2 + s3).
 *
 *   (func $dot (param $a i32) (param $b i32) (param $dims i32) (result f64)
 *     (local $n i32) (local $s0 f64) (local $s1 f64) (local $s2 f64) (local $s3 f64)
 *     n = dims >> 2; while (n) { s0 += a[0]·b[0]; s1 += a[1]·b[1]; s2 += a[2]·b[2]; s3 += a[3]·b[3]; a += 16; b += 16; n-- }
 *     n = dims & 3;  while (n) { s0 += a[0]·b[0]; a += 4; b += 4; n-- }
 *     return (s0 + s1) + (s2 + s3))
 *
 * `a` and `b` are byte offsets into the memory imported as `e.m`.
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
const [A, B, DIMS, N, S0] = [0, 1, 2, 3, 4];

/** s{k} += f64(a[offset]) × f64(b[offset]) */
// prettier-ignore
const term = (k: number, offset: number): number[] => [
  GET, S0 + k,
  GET, A, F32_LOAD, 2, offset, PROMOTE,
  GET, B, F32_LOAD, 2, offset, PROMOTE,
  MUL_F64, ADD_F64, SET, S0 + k,
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
  0x02, 0x01, 0x7f, 0x04, 0x7c, // locals: 1 × i32, 4 × f64
  GET, DIMS, I32, 2, 0x76, SET, N, // n = dims >>> 2
  ...whileN([...term(0, 0), ...term(1, 4), ...term(2, 8), ...term(3, 12), ...advance(A, 16), ...advance(B, 16)]),
  GET, DIMS, I32, 3, 0x71, SET, N, // n = dims & 3
  ...whileN([...term(0, 0), ...advance(A, 4), ...advance(B, 4)]),
  GET, S0, GET, S0 + 1, ADD_F64, GET, S0 + 2, GET, S0 + 3, ADD_F64, ADD_F64,
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

// prettier-ignore
const BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x01, 0x60, 0x03, 0x7f, 0x7f, 0x7f, 0x01, 0x7c]), // (i32, i32, i32) → f64
  ...section(2, [0x01, 0x01, 0x65, 0x01, 0x6d, 0x02, 0x00, 0x00]), // import memory "e" "m", min 0 pages
  ...section(3, [0x01, 0x00]),
  ...section(7, [0x01, 0x03, 0x64, 0x6f, 0x74, 0x00, 0x00]), // export "dot"
  ...section(10, [0x01, ...leb(code.length), ...code]), // one function body
]);

let compiled: WebAssembly.Module | null = null;

/** A memory of at least `bytes` bytes and the dot product over it: `dot(a, b, dims)` of the float32 vectors at byte offsets a and b. */
export function dotKernel(bytes: number): {
  memory: WebAssembly.Memory;
  dot: (a: number, b: number, dims: number) => number;
} {
  compiled ??= new WebAssembly.Module(BYTES);
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / 65536)) });
  const instance = new WebAssembly.Instance(compiled, { e: { m: memory } });
  return { memory, dot: instance.exports.dot as (a: number, b: number, dims: number) => number };
}
