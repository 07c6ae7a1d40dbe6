import type { Ctx } from '../../context.js';
import { dollarsToMicros, microsToDollars, MIN_BID_MICROS, RESERVE_CPM_MICROS } from '../../lib/money.js';
import { Validation } from '../../lib/errors.js';
import { parseTimestamp } from './schemas.js';

/** Input fields of campaigns, ad groups and ads as stored: money, lists, JSON, times; and their 422 checks. */
export const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));
export function parseJson<T>(s: string | null): T | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
}
export const optMicros = (dollars: number | null | undefined): number | null =>
  dollars ? dollarsToMicros(dollars) : null;
export const optDollars = (micros: number | null): number | null => (micros === null ? null : microsToDollars(micros));
export const upperList = (v: string[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0 ? null : JSON.stringify([...new Set(v.map((x) => x.toUpperCase()))]);
export const deviceList = (v: string[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0 ? null : JSON.stringify([...new Set(v)]);
export const utmJson = (v: { key: string; value: string }[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0
    ? null
    : JSON.stringify(v.map((p) => ({ key: p.key, value: p.value })));

/**
 * Minimum budgets and bids (422 naming the field): a daily budget of at least
 * `minDailyBudget`; a CPC or CPA bid of at least 0.01 and a CPM bid of at
 * least the platform's reserve price (a lower one could never win); 0 or
 * null still means "unset" where the spec says so.
 */
export function checkMoney(
  ctx: Ctx,
  prefix: string,
  v: { daily_budget?: number | null; max_cpc?: number | null; max_cpm?: number | null; max_cpa?: number | null },
): void {
  const min = ctx.config.minDailyBudget;
  if (v.daily_budget !== undefined && v.daily_budget !== null && v.daily_budget < min) {
    throw Validation.field(`${prefix}daily_budget`, `must be at least ${min.toFixed(2)} per day`);
  }
  const bids: [string, number | null | undefined, number][] = [
    ['max_cpc', v.max_cpc, MIN_BID_MICROS],
    ['max_cpa', v.max_cpa, MIN_BID_MICROS],
    ['max_cpm', v.max_cpm, RESERVE_CPM_MICROS],
  ];
  for (const [field, bid, least] of bids) {
    if (bid && dollarsToMicros(bid) < least)
      throw Validation.field(
        `${prefix}${field}`,
        `must be at least ${microsToDollars(least).toFixed(2)} (or 0 to leave it unset)`,
      );
  }
}

/** Epoch ms of a timestamp field, or a 422 naming it. */
export function timeField(field: string, v: string | null | undefined): number | null | undefined {
  if (v === undefined || v === null) return v;
  const ms = parseTimestamp(v);
  if (ms === null) throw Validation.field(field, 'must be an ISO 8601 date or date-time');
  return ms;
}

export function checkSchedule(start: number | null, end: number | null): void {
  if (start !== null && end !== null && end <= start) throw Validation.field('end_time', 'must be after start_time');
}
