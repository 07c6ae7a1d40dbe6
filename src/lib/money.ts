/**
 * Money is integer micro-dollars everywhere inside Orbit. Dollars appear only
 * at the API edge, cents only where the spec says `value_cents`.
 */
export const MICROS_PER_DOLLAR = 1_000_000;

/** Platform reserve price: the least one thousand impressions can clear at, whatever the floors (so the least CPM bid accepted). */
export const RESERVE_CPM_MICROS = 1_000_000;
/** The least per-click and per-conversion bid accepted (0 still means unset). */
export const MIN_BID_MICROS = 10_000;

export function dollarsToMicros(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount must be finite');
  return Math.round(dollars * MICROS_PER_DOLLAR);
}

/** Dollars for display, rounded to the micro (no float sums happen here). */
export function microsToDollars(micros: number): number {
  return Math.round(micros) / MICROS_PER_DOLLAR;
}

export function centsToMicros(cents: number): number {
  return Math.round(cents) * 10_000;
}

export function microsToCents(micros: number): number {
  return Math.round(micros / 10_000);
}

export interface Split {
  spend: number;
  revenue: number;
  take: number;
}

/**
 * Split one charge into publisher revenue and platform take. Revenue is
 * rounded down so that spend = revenue + take holds exactly, always.
 */
export function splitCharge(spendMicros: number, revenueShareBps: number): Split {
  if (!Number.isInteger(spendMicros) || spendMicros < 0)
    throw new RangeError('spend must be a non-negative integer of micros');
  if (!Number.isInteger(revenueShareBps) || revenueShareBps < 0 || revenueShareBps > 10_000) {
    throw new RangeError('revenue share must be 0..10000 basis points');
  }
  const revenue = Math.floor((spendMicros * revenueShareBps) / 10_000);
  return { spend: spendMicros, revenue, take: spendMicros - revenue };
}

/** What one impression costs under a CPM price (micros per thousand). */
export function cpmImpressionCharge(cpmMicros: number): number {
  return Math.round(cpmMicros / 1000);
}
