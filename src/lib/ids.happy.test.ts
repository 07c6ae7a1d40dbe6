import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { parse, validate, version } from 'uuid';
import { isUuid, newId, randomInto, writeUuid } from './ids.js';
import { sha256Hex } from './hash.js';

describe('ids and hashes', () => {
  it('newId gives valid, unique, strictly increasing UUID v7s carrying the current time', () => {
    const before = Date.now();
    const ids = Array.from({ length: 50_000 }, () => newId());
    const after = Date.now();
    for (const id of ids.slice(0, 1000)) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
      expect('89ab').toContain(id[19]);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++)
      if (!(ids[i] > ids[i - 1])) throw new Error(`not increasing at ${i}: ${ids[i - 1]} ${ids[i]}`);
    const ms = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms(ids[0])).toBeGreaterThanOrEqual(before);
    // 50k ids may overflow a millisecond's 4,096-id counter into the next ones, never far.
    expect(ms(ids.at(-1)!)).toBeLessThanOrEqual(after + 50);
  });

  it('sha256Hex matches createHash for strings and bytes', () => {
    for (const v of ['', 'a@b.com', 'ünïcode', Buffer.from([0, 1, 2, 255])]) {
      expect(sha256Hex(v)).toBe(createHash('sha256').update(v).digest('hex'));
    }
  });

  it('writeUuid writes the bytes uuid.parse gives, and refuses what isUuid refuses', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEF');
    const shaped = fc
      .tuple(...[8, 4, 4, 4, 12].map((n) => fc.array(hex, { minLength: n, maxLength: n }).map((cs) => cs.join(''))))
      .map((parts) => parts.join('-'));
    const candidates = fc.oneof(
      fc.uuid(),
      fc.uuid().map((u) => u.toUpperCase()),
      shaped,
      fc.string({ maxLength: 40 }),
      fc.constantFrom(newId(), '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-ffff-FFFF-ffff-FFFFFFFFFFFF'),
    );
    fc.assert(
      fc.property(candidates, fc.nat({ max: 8 }), (id, offset) => {
        const out = new Uint8Array(offset + 16);
        if (isUuid(id)) {
          writeUuid(id, out, offset);
          expect(out.subarray(offset)).toEqual(parse(id));
        } else {
          expect(() => writeUuid(id, out, offset)).toThrow(TypeError);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('randomInto hands out pooled random bytes once each, across refills', () => {
    const seen = new Set<string>();
    const out = Buffer.alloc(12);
    for (let i = 0; i < 2000; i++) {
      randomInto(out, 0, 12); // 24,000 bytes: several 4 KiB refills
      seen.add(out.toString('hex'));
    }
    expect(seen.size).toBe(2000);
    const big = Buffer.alloc(4096);
    randomInto(big, 0, 4096);
    expect(new Set(big).size).toBeGreaterThan(200); // not a zeroed pool
    expect(() => randomInto(Buffer.alloc(5000), 0, 5000)).toThrow(RangeError);
  });
});
