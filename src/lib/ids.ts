import { randomBytes, randomFillSync } from 'node:crypto';
import { parse as uuidParse, validate as uuidValidate } from 'uuid';

/**
 * Time-sortable identifiers for every entity and event: UUID v7 (RFC 9562),
 * ids of one process strictly increasing: the first 48 bits are the
 * millisecond time, the version nibble 7, `rand_a` a 12-bit counter within
 * the millisecond (RFC 9562 §6.2, method 1), started at a random value below
 * 2048 and carried into the next millisecond on overflow, as the `uuid`
 * package does; the 62 bits of `rand_b` come from the CSPRNG
 * (`randomFillSync` into a pool of 512 ids' worth, as `crypto.randomUUID`
 * pools its randomness).
 *
 * The text is written as ASCII into one 36-byte buffer and read out as one
 * flat string: an id built from string pieces was a rope of ~10 parts that
 * every Map lookup or SQLite bind flattened again (≈3 µs per id with its
 * first use; ≈1 µs so).
 */
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const text = Buffer.alloc(36);
const pool = Buffer.alloc(8 * 512);
let pooled = pool.length;
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
  if (pooled === pool.length) {
    randomFillSync(pool);
    pooled = 0;
  }
  const v = (pool[pooled] & 0x3f) | 0x80; // the variant, 10xxxxxx
  text[19] = HEX[v >> 4];
  text[20] = HEX[v & 15];
  for (let k = 1; k < 8; k++) {
    const b = pool[pooled + k];
    const at = k === 1 ? 21 : 20 + 2 * k;
    text[at] = HEX[b >> 4];
    text[at + 1] = HEX[b & 15];
  }
  pooled += 8;
  return text.toString('latin1', 0, 36);
}

export const isUuid = (s: string): boolean => uuidValidate(s);

export function uuidToBytes(id: string): Uint8Array {
  return uuidParse(id);
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
