import type { Ctx } from '../../context.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import { dayIntervals } from '../../lib/tz.js';
import { invalidTrafficByReason } from '../tracking/service.js';
import { SIVT_REASONS } from '../ivt/rules.js';
import type { DayRange } from './range.js';

/**
 * Invalid impressions and clicks by reason (ivt/rules.ts) over a report's
 * range, for a publisher or an advertiser, most first: what the reports show
 * beside the `invalid_impressions` / `invalid_clicks` totals.
 */
export async function invalidTraffic(
  ctx: Ctx,
  scope: { publisherId?: string; advertiserId?: string; campaignId?: string },
  range: DayRange,
) {
  const intervals = dayIntervals(range.tz, range.firstDay, range.lastDay);
  if (intervals.length === 0) return [];
  const from = intervals[0].from * QUARTER_HOUR_MS;
  const to = intervals[intervals.length - 1].to * QUARTER_HOUR_MS;
  const byReason = new Map<
    string,
    { reason: string; kind: 'general' | 'sophisticated'; invalid_impressions: number; invalid_clicks: number }
  >();
  for (const r of await invalidTrafficByReason(ctx, scope, from, to)) {
    let e = byReason.get(r.reason);
    if (!e)
      byReason.set(
        r.reason,
        (e = {
          reason: r.reason,
          kind: SIVT_REASONS.has(r.reason) ? 'sophisticated' : 'general',
          invalid_impressions: 0,
          invalid_clicks: 0,
        }),
      );
    if (r.kind === 'imp') e.invalid_impressions += r.n;
    else e.invalid_clicks += r.n;
  }
  return [...byReason.values()].sort(
    (a, b) =>
      b.invalid_clicks + b.invalid_impressions - (a.invalid_clicks + a.invalid_impressions) ||
      a.reason.localeCompare(b.reason),
  );
}
