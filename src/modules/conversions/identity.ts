import { sha256Hex } from '../../lib/hash.js';

/**
 * Customer identity of a conversion (spec 2 "user_data"): em, ph, fn, ln and
 * external_id are normalised and SHA-256 hashed here, before anything is
 * stored; a 64-character hex value is taken as already hashed. Plaintext never
 * leaves this file.
 */
export interface HashedIdentity {
  em: string[];
  ph: string[];
  fn: string | null;
  ln: string | null;
  external_id: string[];
}

export class IdentityError extends Error {}

const HEX64 = /^[0-9a-fA-F]{64}$/;
const MAX_VALUES = 10;
const MAX_LEN = 320;

const preHashed = (v: string): string | null => (HEX64.test(v) ? v.toLowerCase() : null);

/** Trim, lowercase, SHA-256 (the spec's own rule for hashing yourself). */
export function hashEmail(raw: string): string {
  const v = raw.trim();
  const h = preHashed(v);
  if (h) return h;
  const e = v.toLowerCase();
  if (!/^[^@\s]+@[^@\s]+$/.test(e))
    throw new IdentityError('is neither an email address nor a 64-character SHA-256 hex');
  return sha256Hex(e);
}

/**
 * Phones are reduced to digits (an international `00` prefix dropped), so
 * "+1 (555) 123-4567", "15551234567" and "+15551234567" hash the same.
 */
export function hashPhone(raw: string): string {
  const v = raw.trim();
  const h = preHashed(v);
  if (h) return h;
  let digits = v.replace(/\D+/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 6 || digits.length > 15)
    throw new IdentityError('is not a phone number (6 to 15 digits) nor a 64-character SHA-256 hex');
  return sha256Hex(digits);
}

export function hashName(raw: string): string {
  const v = raw.trim();
  const h = preHashed(v);
  if (h) return h;
  if (!v) throw new IdentityError('must not be empty');
  return sha256Hex(v.toLowerCase());
}

/** The advertiser's own customer ids: trimmed (case kept, ids may be case-sensitive), hashed. */
export function hashExternalId(raw: string): string {
  const v = raw.trim();
  const h = preHashed(v);
  if (h) return h;
  if (!v) throw new IdentityError('must not be empty');
  return sha256Hex(v);
}

/**
 * The hashes of one multi-valued field (em, ph, external_id), distinct, in the
 * order sent: every value's type and length is checked first, then each is
 * hashed; errors name the field and the index.
 */
function hashList(field: string, v: unknown, fn: (v: string) => string): string[] {
  if (v === undefined || v === null) return [];
  const values = Array.isArray(v) ? (v as unknown[]) : [v];
  if (values.length > MAX_VALUES) throw new IdentityError(`user_data.${field}: at most ${MAX_VALUES} values`);
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (typeof x === 'number' && field !== 'em') continue;
    if (typeof x !== 'string') throw new IdentityError(`user_data.${field}[${i}]: must be a string`);
    if (x.length > MAX_LEN) throw new IdentityError(`user_data.${field}[${i}]: longer than ${MAX_LEN} characters`);
  }
  const out: string[] = [];
  for (let i = 0; i < values.length; i++) {
    let h: string;
    try {
      h = fn(String(values[i]));
    } catch (err) {
      if (err instanceof IdentityError) throw new IdentityError(`user_data.${field}[${i}]: ${err.message}`);
      throw err;
    }
    if (!out.includes(h)) out.push(h);
  }
  return out;
}

function single(field: string, v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  const s = Array.isArray(v) && v.length === 1 ? v[0] : v;
  if (typeof s !== 'string') throw new IdentityError(`user_data.${field}: must be a string`);
  if (s.length > MAX_LEN) throw new IdentityError(`user_data.${field}: longer than ${MAX_LEN} characters`);
  try {
    return hashName(s);
  } catch (err) {
    throw new IdentityError(`user_data.${field}: ${(err as Error).message}`);
  }
}

/** Hash every identity field of a user_data object; throws IdentityError naming the field. */
export function hashIdentity(userData: Record<string, unknown>): HashedIdentity {
  return {
    em: hashList('em', userData.em, hashEmail),
    ph: hashList('ph', userData.ph, hashPhone),
    fn: single('fn', userData.fn),
    ln: single('ln', userData.ln),
    external_id: hashList('external_id', userData.external_id, hashExternalId),
  };
}

const hexList = (hashes: string[]): string => (hashes.length === 0 ? '[]' : `["${hashes.join('","')}"]`);

/**
 * `JSON.stringify(identity)`, by concatenation: every value is a lower-case
 * hex digest made above (hashed, or a 64-hex value taken as hashed), so
 * nothing needs escaping. Stored as `identity_json`, once per conversion.
 */
export const identityJson = (id: HashedIdentity): string =>
  `{"em":${hexList(id.em)},"ph":${hexList(id.ph)},"fn":${id.fn === null ? 'null' : `"${id.fn}"`},` +
  `"ln":${id.ln === null ? 'null' : `"${id.ln}"`},"external_id":${hexList(id.external_id)}}`;

/** The hashes a suppression list can match: emails, phones and external ids. */
export const matchableHashes = (id: HashedIdentity): string[] => [...id.em, ...id.ph, ...id.external_id];

export const isEmptyIdentity = (id: HashedIdentity): boolean =>
  id.em.length === 0 && id.ph.length === 0 && id.external_id.length === 0 && !id.fn && !id.ln;
