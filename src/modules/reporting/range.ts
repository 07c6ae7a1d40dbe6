import type { Ctx } from '../../context.js';
import { BadRequest } from '../../lib/errors.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import { dayIntervals, localDay, parseDay, requireTimeZone } from '../../lib/tz.js';
import type { RangeQuery } from './schemas.js';

/** A report's range: local days in a timezone (`resolveRange`), the unit every report reads by. */
export interface DayRange {
  tz: string;
  firstDay: number;
  lastDay: number;
}

/**
 * The local days a report covers: the last `days` days up to today in `tz`,
 * or start_date..end_date (given together; they override days), at most
 * `maxDays` long. Bad dates, a lone date, end before start or a longer
 * range are 400s naming the parameter.
 */
export function resolveRange(ctx: Ctx, q: RangeQuery, maxDays: number): DayRange {
  const tz = requireTimeZone(q.tz);
  if (q.start_date === undefined && q.end_date === undefined) {
    const lastDay = localDay(tz, ctx.clock.now());
    return { tz, firstDay: lastDay - q.days + 1, lastDay };
  }
  if (q.start_date === undefined || q.end_date === undefined) {
    const field = q.start_date === undefined ? 'start_date' : 'end_date';
    throw new BadRequest(`${field}: start_date and end_date must be given together`, [
      { field, message: 'required with the other date' },
    ]);
  }
  const firstDay = parseDay(q.start_date);
  if (firstDay === null)
    throw new BadRequest(`start_date: "${q.start_date}" is not a calendar date`, [
      { field: 'start_date', message: 'not a calendar date' },
    ]);
  const lastDay = parseDay(q.end_date);
  if (lastDay === null)
    throw new BadRequest(`end_date: "${q.end_date}" is not a calendar date`, [
      { field: 'end_date', message: 'not a calendar date' },
    ]);
  if (lastDay < firstDay)
    throw new BadRequest('end_date: must not be before start_date', [
      { field: 'end_date', message: 'before start_date' },
    ]);
  if (lastDay - firstDay + 1 > maxDays) {
    throw new BadRequest(`end_date: the range covers ${lastDay - firstDay + 1} days; at most ${maxDays} are allowed`, [
      { field: 'end_date', message: `range longer than ${maxDays} days` },
    ]);
  }
  return { tz, firstDay, lastDay };
}

/** The same range as epoch milliseconds [from, to): from the start of its first local day to the end of its last, in its timezone. */
export function resolveRangeMs(ctx: Ctx, q: RangeQuery, maxDays: number): DayRange & { from: number; to: number } {
  const r = resolveRange(ctx, q, maxDays);
  const iv = dayIntervals(r.tz, r.firstDay, r.lastDay);
  return { ...r, from: iv[0].from * QUARTER_HOUR_MS, to: iv[iv.length - 1].to * QUARTER_HOUR_MS };
}

export const daysOf = (r: DayRange): number[] =>
  Array.from({ length: r.lastDay - r.firstDay + 1 }, (_, i) => r.firstDay + i);
