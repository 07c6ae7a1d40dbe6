import { randomBytes } from 'node:crypto';
import { v7 as uuidv7, parse as uuidParse, validate as uuidValidate } from 'uuid';

/** Time-sortable identifiers for every entity and event (UUID v7). */
export const newId = (): string => uuidv7();

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
