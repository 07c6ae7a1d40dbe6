import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { randomInto, writeUuid } from './ids.js';
import { PLACEMENT_TYPES, type PlacementType } from './placement-types.js';

/**
 * The tracking token `p`: AES-256-GCM over a compact binary payload, prefixed
 * by a one-byte key id so keys can rotate, base64url-encoded.
 *
 *   key id (1) | iv (12) | ciphertext | tag (16)
 *
 * Payload v1 (big-endian):
 *   version 1 | flags 1 | issued_at s 4 | price micros 6 | rev share bps 2 |
 *   click 16 | campaign 16 | ad group 16 | ad 16 | publisher 16 | advertiser 16 |
 *   placement type 1 | placement id length 1 | placement id (utf-8)
 */
export type PricingModel = 'cpm' | 'cpc' | 'cpa';
const PRICING: PricingModel[] = ['cpm', 'cpc', 'cpa'];

export interface TrackingClaims {
  clickId: string;
  campaignId: string;
  adGroupId: string;
  adId: string;
  publisherId: string;
  advertiserId: string;
  placementType: PlacementType;
  placementId: string;
  /** CPM price for cpm, per-click price for cpc, in micros. */
  priceMicros: number;
  pricing: PricingModel;
  revenueShareBps: number;
  test: boolean;
  issuedAt: number; // epoch seconds
}

export class TokenError extends Error {}

export interface KeyRing {
  current: { id: number; key: Buffer };
  byId: Map<number, Buffer>;
}

/** Parse `id:base64key,id:base64key` — the first key encrypts, all decrypt. */
export function parseKeyRing(spec: string): KeyRing {
  const byId = new Map<number, Buffer>();
  let current: KeyRing['current'] | undefined;
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [idStr, b64] = part.split(':');
    const id = Number(idStr);
    if (!Number.isInteger(id) || id < 0 || id > 255 || !b64) throw new Error(`bad token key entry "${idStr}:…"`);
    const key = Buffer.from(b64, 'base64');
    if (key.length !== 32) throw new Error(`token key ${id} must be 32 bytes`);
    byId.set(id, key);
    current ??= { id, key };
  }
  if (!current) throw new Error('no token keys configured');
  return { current, byId };
}

export function generateKeyRingSpec(id = 1): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}

const FIXED = 1 + 1 + 4 + 6 + 2 + 16 * 6 + 1 + 1;
const IV = 12;
/** Key id and IV before the ciphertext; the GCM tag after it. */
const HEAD = 1 + IV;
const TAG = 16;

export function encodeClaims(c: TrackingClaims): Buffer {
  return encodeClaimsInto(c, 0).buf;
}

/**
 * The payload written at `offset` of a new buffer with `tail` spare bytes
 * after it (so a sealed token is assembled in one buffer).
 */
function encodeClaimsInto(c: TrackingClaims, offset: number, tail = 0): { buf: Buffer; length: number } {
  const pidLength = Buffer.byteLength(c.placementId, 'utf8');
  if (pidLength > 255) throw new TokenError('placement id too long');
  const typeIdx = PLACEMENT_TYPES.indexOf(c.placementType);
  if (typeIdx < 0) throw new TokenError('unknown placement type');
  if (!Number.isSafeInteger(c.priceMicros) || c.priceMicros < 0 || c.priceMicros > 2 ** 48 - 1) {
    throw new TokenError('price out of range');
  }
  const length = FIXED + pidLength;
  // Every byte of the payload is written below.
  const buf = Buffer.allocUnsafe(offset + length + tail);
  let o = offset;
  buf[o++] = 1;
  buf[o++] = (c.test ? 1 : 0) | (PRICING.indexOf(c.pricing) << 1);
  buf.writeUInt32BE(c.issuedAt >>> 0, o);
  o += 4;
  buf.writeUIntBE(c.priceMicros, o, 6);
  o += 6;
  buf.writeUInt16BE(c.revenueShareBps, o);
  o += 2;
  writeUuid(c.clickId, buf, o);
  writeUuid(c.campaignId, buf, o + 16);
  writeUuid(c.adGroupId, buf, o + 32);
  writeUuid(c.adId, buf, o + 48);
  writeUuid(c.publisherId, buf, o + 64);
  writeUuid(c.advertiserId, buf, o + 80);
  o += 96;
  buf[o++] = typeIdx;
  buf[o++] = pidLength;
  buf.write(c.placementId, o, 'utf8');
  return { buf, length };
}

export function decodeClaims(buf: Buffer): TrackingClaims {
  if (buf.length < FIXED || buf[0] !== 1) throw new TokenError('unsupported token version');
  let o = 1;
  const flags = buf[o++];
  const pricing = PRICING[(flags >> 1) & 3];
  if (!pricing) throw new TokenError('bad pricing');
  const issuedAt = buf.readUInt32BE(o);
  o += 4;
  const priceMicros = buf.readUIntBE(o, 6);
  o += 6;
  const revenueShareBps = buf.readUInt16BE(o);
  o += 2;
  // The six ids as one hex run, cut into canonical UUIDs (the bytes are authenticated: they are ours).
  const hex = buf.toString('hex', o, o + 96);
  o += 96;
  const ids: string[] = [];
  for (let h = 0; h < 192; h += 32) {
    ids.push(
      `${hex.slice(h, h + 8)}-${hex.slice(h + 8, h + 12)}-${hex.slice(h + 12, h + 16)}-${hex.slice(h + 16, h + 20)}-${hex.slice(h + 20, h + 32)}`,
    );
  }
  const placementType = PLACEMENT_TYPES[buf[o++]];
  if (!placementType) throw new TokenError('bad placement type');
  const len = buf[o++];
  if (buf.length !== o + len) throw new TokenError('bad length');
  const placementId = buf.subarray(o, o + len).toString('utf8');
  return {
    clickId: ids[0],
    campaignId: ids[1],
    adGroupId: ids[2],
    adId: ids[3],
    publisherId: ids[4],
    advertiserId: ids[5],
    placementType,
    placementId,
    priceMicros,
    pricing,
    revenueShareBps,
    test: (flags & 1) === 1,
    issuedAt,
  };
}

export class TokenCodec {
  constructor(private readonly ring: KeyRing) {}

  seal(claims: TrackingClaims): string {
    const { id, key } = this.ring.current;
    // key id | iv | payload, encrypted in place | tag: one buffer.
    const { buf, length } = encodeClaimsInto(claims, HEAD, TAG);
    buf[0] = id;
    randomInto(buf, 1, IV); // a fresh random IV from the pooled CSPRNG (lib/ids.ts)
    const cipher = createCipheriv('aes-256-gcm', key, buf.subarray(1, HEAD));
    cipher.setAAD(buf.subarray(0, 1));
    const ct = cipher.update(buf.subarray(HEAD, HEAD + length));
    ct.copy(buf, HEAD);
    cipher.final(); // GCM: no bytes held back
    cipher.getAuthTag().copy(buf, HEAD + length);
    return buf.toString('base64url');
  }

  /** Throws TokenError when the token is malformed, forged, or under an unknown key. */
  open(token: string): TrackingClaims {
    if (typeof token !== 'string' || token.length < 40 || token.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(token)) {
      throw new TokenError('malformed token');
    }
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 1 + 12 + FIXED + 16) throw new TokenError('malformed token');
    const key = this.ring.byId.get(raw[0]);
    if (!key) throw new TokenError('unknown token key');
    const iv = raw.subarray(1, 13);
    const tag = raw.subarray(raw.length - 16);
    const ct = raw.subarray(13, raw.length - 16);
    let plain: Buffer;
    try {
      const d = createDecipheriv('aes-256-gcm', key, iv);
      d.setAAD(raw.subarray(0, 1));
      d.setAuthTag(tag);
      plain = Buffer.concat([d.update(ct), d.final()]);
    } catch {
      throw new TokenError('token failed authentication');
    }
    return decodeClaims(plain);
  }
}
