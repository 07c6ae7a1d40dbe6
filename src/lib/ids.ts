import { randomBytes, randomUUID } from 'node:crypto';
import { parse as uuidParse, validate as uuidValidate } from 'uuid';

/**
 * Time-sortable identifiers for every entity and event: UUID v7 (RFC 9562),
 * ids of one process strictly increasing. Built on `crypto.randomUUID()`
 * (Node's pooled CSPRNG: 122 random bits for a fraction of a µs, where a
 * `getRandomValues` call per id cost ~2 µs on the serving and conversion
 * paths): its first 48 bits become the millisecond time, the version nibble
 * 7, and `rand_a` a 12-bit counter within the millisecond (RFC 9562 §6.2,
 * method 1), started at a random value below 2048 and carried into the next
 * millisecond on overflow, as the `uuid` package does. The 62 bits of
 * `rand_b` and the variant stay randomUUID's.
 */
let lastMs = -1;
let seq = 0;
export function newId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    seq = Math.floor(Math.random() * 2048);
  } else if (++seq > 0xfff) {
    lastMs++;
    seq = 0;
  }
  const r = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx
  const t = lastMs.toString(16).padStart(12, '0');
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${seq.toString(16).padStart(3, '0')}${r.slice(18)}`;
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
