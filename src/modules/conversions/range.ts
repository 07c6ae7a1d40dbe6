import type { Ctx } from '../../context.js';
import { DAY_MS } from '../../lib/tz.js';
import { resolveRange } from '../reporting/service.js';

/**
 * The UTC range of the events reports (spec 2 gives them no `tz`): the same
 * rules as every report — the last `days` days including today, or
 * `start_date`..`end_date` given together, at most 365 days — resolved by the
 * reporting module's one implementation.
 */
export function utcRange(
  ctx: Ctx,
  q: { days: number; start_date?: string; end_date?: string },
): { from: number; to: number } {
  const r = resolveRange(ctx, { days: q.days, start_date: q.start_date, end_date: q.end_date, tz: 'UTC' }, 365);
  return { from: r.firstDay * DAY_MS, to: (r.lastDay + 1) * DAY_MS };
}
