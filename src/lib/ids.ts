import { randomBytes, randomFillSync } from 'node:crypto';
import { parse as uuidParse, validate as uuidValidate } from 'uuid';

/**
 * Fresh CSPRNG bytes without a `randomBytes` call each: `n` bytes (at most
 * POOL_BYTES) copied into `target` at `offset` from a pooled buffer filled by
 * `randomFillSync` 4 KiB at a time. Every pooled byte is handed out once; a
 * request that does not fit the rest of the pool refills it first. For the
 * token IVs (12 bytes each: one OpenSSL call per 341 tokens instead of one
 * per token) and the random part of every `newId`.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let poolAt = POOL_BYTES;
export function randomInto(target: Uint8Array, offset: number, n: number): void {
  if (n > POOL_BYTES) throw new RangeError(`randomInto: at most ${POOL_BYTES} bytes at a time`);
  if (poolAt + n > POOL_BYTES) {
    randomFillSync(pool);
    poolAt = 0;
  }
  pool.copy(target, offset, poolAt, poolAt + n);
  // Handed out: never again. Zeroed so the bytes do not linger in the pool either.
  pool.fill(0, poolAt, poolAt + n);
  poolAt += n;
}

/**
 * Time-sortable identifiers for every entity and event: UUID v7 (RFC 9562),
 * ids of one process strictly increasing: the first 48 bits are the
 * millisecond time, the version nibble 7, `rand_a` a 12-bit counter within
 * the millisecond (RFC 9562 §6.2, method 1), started at a random value below
 * 2048 and carried into the next millisecond on overflow, as the `uuid`
 * package does; the 62 bits of `rand_b` come from the CSPRNG through
 * `randomInto`'s pool.
 *
 * The text is written as ASCII into one 36-byte buffer and read out as one
 * flat string: an id built from string pieces was a rope of ~10 parts that
 * every Map lookup or SQLite bind flattened again (≈3 µs per id with its
 * first use; ≈1 µs so).
 */
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const text = Buffer.alloc(36);
const idRandom = Buffer.alloc(8);
let lastMs = -1;
let seq = 0;

function writeTime(ms: number): void {
  // 48 bits of milliseconds as 12 hex digits: xxxxxxxx-xxxx-
  let v = ms;
  for (let i = 12; i >= 0; i--) {
    if (i === 8) continue; // the dash
    text[i] = HEX[v % 16];
    v = Math.floor(v / 16);
  }
}
text[8] = text[13] = text[18] = text[23] = 0x2d; // '-'
text[14] = 0x37; // '7'

export function newId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    seq = Math.floor(Math.random() * 2048);
    writeTime(lastMs);
  } else if (++seq > 0xfff) {
    lastMs++;
    seq = 0;
    writeTime(lastMs);
  }
  text[15] = HEX[seq >> 8];
  text[16] = HEX[(seq >> 4) & 15];
  text[17] = HEX[seq & 15];
  randomInto(idRandom, 0, 8);
  const v = (idRandom[0] & 0x3f) | 0x80; // the variant, 10xxxxxx
  text[19] = HEX[v >> 4];
  text[20] = HEX[v & 15];
  for (let k = 1; k < 8; k++) {
    const b = idRandom[k];
    const at = k === 1 ? 21 : 20 + 2 * k;
    text[at] = HEX[b >> 4];
    text[at + 1] = HEX[b & 15];
  }
  return text.toString('latin1', 0, 36);
}

export const isUuid = (s: string): boolean => uuidValidate(s);

export function uuidToBytes(id: string): Uint8Array {
  return uuidParse(id);
}

/** Value of a hex digit's char code, or -1. */
const hexValue = (c: number): number =>
  c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;

/**
 * Writes the 16 bytes of a UUID into `target` at `offset` (what `uuidToBytes`
 * returns, without a validating regex and a new array per id). Throws
 * TypeError for anything that is not a UUID (`isUuid`'s rule: the canonical
 * 8-4-4-4-12 hex form with a version 1–8 and the RFC variant, or nil / max).
 */
export function writeUuid(id: string, target: Uint8Array, offset: number): void {
  if (
    id.length !== 36 ||
    id.charCodeAt(8) !== 45 ||
    id.charCodeAt(13) !== 45 ||
    id.charCodeAt(18) !== 45 ||
    id.charCodeAt(23) !== 45
  ) {
    throw new TypeError('Invalid UUID');
  }
  let o = offset;
  for (let i = 0; i < 36; i += 2) {
    if (i === 8 || i === 13 || i === 18 || i === 23) i++;
    const hi = hexValue(id.charCodeAt(i));
    const lo = hexValue(id.charCodeAt(i + 1));
    if (hi < 0 || lo < 0) throw new TypeError('Invalid UUID');
    target[o++] = (hi << 4) | lo;
  }
  // Version and variant as isUuid requires (nil and max ids have neither and are accepted whole).
  const version = target[offset + 6] >> 4;
  const variant = target[offset + 8] >> 6;
  if (!(version >= 1 && version <= 8 && variant === 2) && !isNilOrMax(target, offset))
    throw new TypeError('Invalid UUID');
}

function isNilOrMax(b: Uint8Array, offset: number): boolean {
  const first = b[offset];
  if (first !== 0 && first !== 0xff) return false;
  for (let i = 1; i < 16; i++) if (b[offset + i] !== first) return false;
  return true;
}

const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 string from a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const bytes = randomBytes(length * 2);
    for (const b of bytes) {
      if (b < 248) out += B62[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type KeyKind = 'pub' | 'adv';

/** API keys: `orb_<kind>_<32 base62>` — kind-prefixed so a misplaced key is recognisable. */
export function newApiKey(kind: KeyKind): string {
  return `orb_${kind}_${randomBase62(32)}`;
}

export function apiKeyKind(key: string): KeyKind | null {
  const m = /^orb_(pub|adv)_[0-9A-Za-z]{32}$/.exec(key);
  return m ? (m[1] as KeyKind) : null;
}
