import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLLUP_KEY_COLUMNS, RollupAccumulator, zeroCounters, type RollupKey, type RollupRow } from './rollup.js';

/**
 * A rollup row's identity (the accumulator's key, and the order `drain` writes rows in) is its key columns as a
 * template literal writes them, joined by U+0001: null reads "null", a number its decimal string. The key is built
 * by `join` (one flat string, record 0047 round 25); these hold it to the template's identity and order.
 */
const templateKey = (r: RollupKey): string =>
  ROLLUP_KEY_COLUMNS.map((c) => `${(r as unknown as Record<string, unknown>)[c]}`).join('\u0001');

const rowOf = (key: Record<string, unknown>, impressions: number): RollupRow =>
  ({ ...zeroCounters(), ...key, impressions }) as unknown as RollupRow;

const baseKey = {
  bucket: 1_960_000,
  publisher_id: 'pub-1',
  placement_id: 'Chat-Below',
  placement_type: 'below_response',
  advertiser_id: 'adv-1',
  campaign_id: 'cmp-1',
  ad_group_id: 'grp-1',
  ad_id: 'ad-1',
  device: 'desktop',
  country: 'us',
};

describe('rollup row identity', () => {
  it('keeps a null column apart from an empty one, and sums rows of one key', () => {
    const acc = new RollupAccumulator();
    acc.addRow(rowOf({ ...baseKey, country: null }, 1));
    acc.addRow(rowOf({ ...baseKey, country: '' }, 2));
    acc.addRow(rowOf({ ...baseKey, country: null }, 4));
    const out = acc.drain();
    expect(out.map((r) => [r.country, r.impressions])).toEqual([
      ['', 2],
      [null, 5],
    ]);
  });

  it('groups and orders rows as their template-literal keys do', () => {
    const value = fc.oneof(
      fc.constantFrom(null, undefined, '', 'null', 'a', 'b', 0, 7),
      fc.string({ maxLength: 3 }),
      fc.integer(),
    );
    const key = fc.record(Object.fromEntries(ROLLUP_KEY_COLUMNS.map((c) => [c, value])));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.integer({ min: 1, max: 9 })), { maxLength: 30 }), (rows) => {
        const acc = new RollupAccumulator();
        const expected = new Map<string, number>();
        for (const [k, n] of rows) {
          const row = rowOf(k, n);
          acc.addRow(row);
          const t = templateKey(row);
          expected.set(t, (expected.get(t) ?? 0) + n);
        }
        const out = acc.drain();
        const want = [...expected].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
        expect(out.map((r) => [templateKey(r), r.impressions])).toEqual(want);
      }),
      { numRuns: 300 },
    );
  });
});
