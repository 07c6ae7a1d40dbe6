import { MICROS_PER_DOLLAR } from './money.js';

/**
 * The metric formulas of the reports — one home; every report, REST or MCP,
 * publisher or advertiser, computes them here from integer counters.
 *
 * Scales (spec 2's table, used for the publisher side too):
 *   ctr             = clicks / impressions × 100        (percent)
 *   cpc             = spend / clicks                    (dollars)
 *   cpm             = spend / impressions × 1000        (dollars)
 *   conversion_rate = conversions / clicks × 100        (percent)
 *   cpa             = spend / conversions               (dollars; null without conversions)
 *   roas            = revenue / spend                   (ratio)
 *   fill_rate       = wins / requests                   (fraction, spec 1)
 *   show_rate       = impressions / wins                (fraction, spec 1)
 * A ratio with a zero denominator is 0 (cpa: null). Money results are rounded
 * to the micro-dollar, rates to 4 decimal places, so the same counters give
 * the same figures everywhere.
 */
const round = (x: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(x * f) / f;
};

const ratio = (num: number, den: number, scale: number, places: number): number =>
  den > 0 ? round((num * scale) / den, places) : 0;

/** clicks / impressions × 100 */
export const ctr = (clicks: number, impressions: number): number => ratio(clicks, impressions, 100, 4);

/** spend / clicks, dollars (spend in micros) */
export const cpc = (spendMicros: number, clicks: number): number =>
  ratio(spendMicros, clicks, 1 / MICROS_PER_DOLLAR, 6);

/** spend / impressions × 1000, dollars (spend in micros) */
export const cpm = (spendMicros: number, impressions: number): number =>
  ratio(spendMicros, impressions, 1000 / MICROS_PER_DOLLAR, 6);

/** conversions / clicks × 100 */
export const conversionRate = (conversions: number, clicks: number): number => ratio(conversions, clicks, 100, 4);

/** spend / conversions, dollars; null without conversions */
export const cpa = (spendMicros: number, conversions: number): number | null =>
  conversions > 0 ? round(spendMicros / conversions / MICROS_PER_DOLLAR, 6) : null;

/** revenue / spend (both micros) */
export const roas = (revenueMicros: number, spendMicros: number): number => ratio(revenueMicros, spendMicros, 1, 4);

/** wins / requests */
export const fillRate = (wins: number, requests: number): number => ratio(wins, requests, 1, 4);

/** impressions / wins */
export const showRate = (impressions: number, wins: number): number => ratio(impressions, wins, 1, 4);

/** part / whole × 100 */
export const percentOf = (part: number, whole: number): number => ratio(part, whole, 100, 4);
