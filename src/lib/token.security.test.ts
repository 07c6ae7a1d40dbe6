import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createDecipheriv, randomBytes } from 'node:crypto';
import {
  decodeClaims,
  generateKeyRingSpec,
  parseKeyRing,
  TokenCodec,
  TokenError,
  type TrackingClaims,
} from './token.js';
import { newId } from './ids.js';
import { PLACEMENT_TYPES } from './placement-types.js';

/** The tracking token codec: exact round trip, any change rejected, keys rotate. */
const claimsArb: fc.Arbitrary<TrackingClaims> = fc.record({
  clickId: fc.uuid(),
  campaignId: fc.uuid(),
  adGroupId: fc.uuid(),
  adId: fc.uuid(),
  publisherId: fc.uuid(),
  advertiserId: fc.uuid(),
  placementType: fc.constantFrom(...PLACEMENT_TYPES),
  placementId: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => Buffer.byteLength(s) <= 255),
  priceMicros: fc.integer({ min: 0, max: 2 ** 48 - 1 }),
  pricing: fc.constantFrom('cpm' as const, 'cpc' as const, 'cpa' as const),
  revenueShareBps: fc.integer({ min: 0, max: 10_000 }),
  test: fc.boolean(),
  issuedAt: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
});

const sample = (): TrackingClaims => ({
  clickId: newId(),
  campaignId: newId(),
  adGroupId: newId(),
  adId: newId(),
  publisherId: newId(),
  advertiserId: newId(),
  placementType: 'below_response',
  placementId: 'Chat-Below',
  priceMicros: 1_250_000,
  pricing: 'cpc',
  revenueShareBps: 7000,
  test: false,
  issuedAt: Math.floor(Date.now() / 1000),
});

describe('tracking token codec', () => {
  const codec = new TokenCodec(parseKeyRing(generateKeyRingSpec(1)));

  it('round-trips every claim exactly', () => {
    fc.assert(
      fc.property(claimsArb, (c) => {
        const p = codec.seal(c);
        expect(p).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(codec.open(p)).toEqual(c);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the format: key id | 12-byte IV | AES-256-GCM ciphertext of the payload (key id as AAD) | 16-byte tag', () => {
    const spec = generateKeyRingSpec(7);
    const key = Buffer.from(spec.split(':')[1], 'base64');
    const sealer = new TokenCodec(parseKeyRing(spec));
    fc.assert(
      fc.property(claimsArb, (c) => {
        const raw = Buffer.from(sealer.seal(c), 'base64url');
        expect(raw[0]).toBe(7);
        // Opened by hand, not by the codec: the layout is the documented one.
        const d = createDecipheriv('aes-256-gcm', key, raw.subarray(1, 13));
        d.setAAD(raw.subarray(0, 1));
        d.setAuthTag(raw.subarray(raw.length - 16));
        const plain = Buffer.concat([d.update(raw.subarray(13, raw.length - 16)), d.final()]);
        expect(plain.length).toBe(112 + Buffer.byteLength(c.placementId));
        expect(decodeClaims(plain)).toEqual(c);
      }),
      { numRuns: 200 },
    );
  });

  it('never repeats an IV, across the refills of the pooled randomness', () => {
    const ivs = new Set<string>();
    const c = sample();
    for (let i = 0; i < 3000; i++) ivs.add(Buffer.from(codec.seal(c), 'base64url').subarray(1, 13).toString('hex'));
    expect(ivs.size).toBe(3000);
  });

  it('refuses claims that cannot be encoded', () => {
    expect(() => codec.seal({ ...sample(), campaignId: 'not-a-uuid' })).toThrow(TypeError);
    expect(() => codec.seal({ ...sample(), placementId: 'x'.repeat(256) })).toThrow(/too long/);
    expect(() => codec.seal({ ...sample(), priceMicros: -1 })).toThrow(/price/);
  });

  it('seals the same claims differently each time (random IV)', () => {
    const c = sample();
    expect(codec.seal(c)).not.toBe(codec.seal(c));
  });

  it('rejects the token when any single byte is changed', () => {
    const p = codec.seal(sample());
    const raw = Buffer.from(p, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      for (const mask of [0x01, 0x80, 0xff]) {
        const t = Buffer.from(raw);
        t[i] ^= mask;
        expect(() => codec.open(t.toString('base64url')), `byte ${i} ^ ${mask}`).toThrow(TokenError);
      }
    }
  });

  it('rejects truncated, extended and random tokens', () => {
    const p = codec.seal(sample());
    for (let n = 0; n < p.length; n += 7) expect(() => codec.open(p.slice(0, n))).toThrow(TokenError);
    expect(() => codec.open(p + 'A')).toThrow(TokenError);
    expect(() => codec.open(p + 'AAAA')).toThrow(TokenError);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 400 }), (bytes) => {
        expect(() => codec.open(Buffer.from(bytes).toString('base64url'))).toThrow(TokenError);
      }),
    );
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => void expect(() => codec.open(s)).toThrow(TokenError)));
  });

  it('rejects a token sealed under another key, even with the same key id', () => {
    const other = new TokenCodec(parseKeyRing(generateKeyRingSpec(1)));
    expect(() => codec.open(other.seal(sample()))).toThrow(/authentication/);
  });

  it('rotates keys: the new key seals, the old key still opens, an unknown key id is refused', () => {
    const oldSpec = generateKeyRingSpec(1);
    const newSpec = generateKeyRingSpec(2);
    const before = new TokenCodec(parseKeyRing(oldSpec));
    const after = new TokenCodec(parseKeyRing(`${newSpec},${oldSpec}`));
    const c = sample();
    const oldToken = before.seal(c);
    expect(after.open(oldToken)).toEqual(c);
    const newToken = after.seal(c);
    expect(Buffer.from(newToken, 'base64url')[0]).toBe(2);
    expect(after.open(newToken)).toEqual(c);
    expect(() => before.open(newToken)).toThrow(/unknown token key/);
    // Once the old key is retired, its tokens no longer open.
    const retired = new TokenCodec(parseKeyRing(newSpec));
    expect(() => retired.open(oldToken)).toThrow(/unknown token key/);
  });

  it('refuses bad key configuration', () => {
    expect(() => parseKeyRing('')).toThrow(/no token keys/);
    expect(() => parseKeyRing('1:' + randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseKeyRing('300:' + randomBytes(32).toString('base64'))).toThrow(/bad token key/);
    expect(() => parseKeyRing('x')).toThrow(/bad token key/);
  });
});
