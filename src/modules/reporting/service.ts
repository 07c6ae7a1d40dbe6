/**
 * The reporting module's entry point (other modules, the routes and MCP call it here):
 * - range.ts: a report's local days (`resolveRange`, `resolveRangeMs`);
 * - scope.ts: the scope engine, counters per scope id per local day (`scopeGrid`, `scopeSeries`);
 * - invalid-traffic.ts: invalid impressions and clicks by reason;
 * - publisher.ts: the publisher dashboard's reports; advertiser.ts: the advertiser's (routes call it
 *   directly); onboarding.ts: the publisher onboarding check;
 * - here: the operator's platform ledger. SQL: repo.ts.
 */
import type { Ctx } from '../../context.js';
import { microsToDollars } from '../../lib/money.js';
import { dayString } from '../../lib/tz.js';
import * as accounts from '../accounts/service.js';
import { zero } from './repo.js';
import { resolveRange } from './range.js';
import { addInto, scopeSeries, total } from './scope.js';
import type { RangeQuery } from './schemas.js';

export { resolveRange, resolveRangeMs, type DayRange } from './range.js';
export { scopeGrid, scopeSeries, type ScopeGrid } from './scope.js';
export { invalidTraffic } from './invalid-traffic.js';
export {
  COUNTRIES_WINDOW_DAYS,
  publisherActivity,
  publisherCountries,
  publisherDevices,
  publisherGeography,
  publisherInfo,
  publisherPlacements,
  publisherStats,
  publisherUnknownPlacements,
  UNKNOWN_PLACEMENTS_WINDOW_HOURS,
} from './publisher.js';

const dollars = microsToDollars;

// ---------- operator ----------

/**
 * The platform ledger over a range (operator only): per publisher, the spend
 * charged on its inventory, the publisher's revenue and the platform's take,
 * from the same rollups as every other report; spend = revenue + take.
 */
export async function platformLedger(ctx: Ctx, q: RangeQuery) {
  const range = resolveRange(ctx, q, 3650);
  const publishers = await accounts.listPublishers(ctx);
  const rows = await Promise.all(
    publishers.map(async (p) => {
      const t = total((await scopeSeries(ctx, 'pub', p.id, range, [p.id])).get(p.id));
      return {
        publisher_id: p.id,
        spend: dollars(t.spend_micros),
        publisher_revenue: dollars(t.revenue_micros),
        platform_take: dollars(t.take_micros),
        micros: t,
      };
    }),
  );
  const sum = zero();
  for (const r of rows) addInto(sum, r.micros, 1);
  return {
    start_date: dayString(range.firstDay),
    end_date: dayString(range.lastDay),
    tz: range.tz,
    total_spend: dollars(sum.spend_micros),
    total_publisher_revenue: dollars(sum.revenue_micros),
    total_platform_take: dollars(sum.take_micros),
    publishers: rows.filter((r) => r.micros.spend_micros !== 0).map(({ micros: _m, ...r }) => r),
  };
}
