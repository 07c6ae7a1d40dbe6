import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToMicros,
  cpmImpressionCharge,
  dollarsToMicros,
  microsToCents,
  microsToDollars,
  splitCharge,
} from './money.js';

describe('money', () => {
  it('splits every charge exactly: spend = revenue + take, 0 ≤ revenue ≤ spend', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 10_000) }),
        fc.integer({ min: 0, max: 10_000 }),
        (spend, bps) => {
          const s = splitCharge(spend, bps);
          expect(s.spend).toBe(spend);
          expect(s.revenue + s.take).toBe(spend);
          expect(s.revenue).toBeGreaterThanOrEqual(0);
          expect(s.revenue).toBeLessThanOrEqual(spend);
          expect(Number.isInteger(s.revenue) && Number.isInteger(s.take)).toBe(true);
          // Revenue is the share rounded down, never more than the publisher is owed.
          expect(s.revenue * 10_000).toBeLessThanOrEqual(spend * bps);
          expect((s.revenue + 1) * 10_000).toBeGreaterThan(spend * bps);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sums of splits stay exact over many charges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { maxLength: 200 }),
        fc.integer({ min: 0, max: 10_000 }),
        (charges, bps) => {
          let spend = 0;
          let paid = 0;
          for (const c of charges) {
            const s = splitCharge(c, bps);
            spend += s.spend;
            paid += s.revenue + s.take;
          }
          expect(paid).toBe(spend);
        },
      ),
    );
  });

  it('refuses negative, fractional or out-of-range input', () => {
    expect(() => splitCharge(-1, 7000)).toThrow(RangeError);
    expect(() => splitCharge(1.5, 7000)).toThrow(RangeError);
    expect(() => splitCharge(100, 10_001)).toThrow(RangeError);
    expect(() => splitCharge(100, -1)).toThrow(RangeError);
    expect(() => dollarsToMicros(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToMicros(Infinity)).toThrow(RangeError);
  });

  it('converts at the edges without float drift', () => {
    expect(dollarsToMicros(0.1) + dollarsToMicros(0.2)).toBe(dollarsToMicros(0.3));
    expect(dollarsToMicros(19.99)).toBe(19_990_000);
    expect(microsToDollars(1_234_567)).toBe(1.234567);
    expect(centsToMicros(250)).toBe(2_500_000);
    expect(microsToCents(2_500_000)).toBe(250);
    expect(cpmImpressionCharge(2_500_000)).toBe(2_500);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (m) => void expect(dollarsToMicros(microsToDollars(m))).toBe(m)),
    );
  });
});
