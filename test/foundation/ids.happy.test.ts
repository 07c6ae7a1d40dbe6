import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { validate, version } from 'uuid';
import { newId } from '../../src/lib/ids.js';
import { sha256Hex } from '../../src/lib/hash.js';

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
    for (let i = 1; i < ids.length; i++) if (!(ids[i] > ids[i - 1])) throw new Error(`not increasing at ${i}: ${ids[i - 1]} ${ids[i]}`);
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
});
