import { BadRequest } from '../../lib/errors.js';
import { utcDayStart } from '../../lib/clock.js';

const DAY = 86_400_000;

function parseDay(field: string, s: string): number {
  const t = Date.parse(`${s}T00:00:00Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== s) {
    throw new BadRequest(`${field}: not a calendar date`, [{ field, message: 'not a calendar date' }]);
  }
  return t;
}

/**
 * The UTC day range of the events reports: the last `days` days including
 * today, or `start_date`..`end_date` inclusive (the pair overrides days; both
 * must be given, end not before start, at most 366 days).
 */
export function utcRange(now: number, q: { days: number; start_date?: string; end_date?: string }): { from: number; to: number } {
  if (q.start_date === undefined && q.end_date === undefined) {
    const today = utcDayStart(now);
    return { from: today - (q.days - 1) * DAY, to: today + DAY };
  }
  if (q.start_date === undefined || q.end_date === undefined) {
    const field = q.start_date === undefined ? 'start_date' : 'end_date';
    throw new BadRequest(`${field}: start_date and end_date must be given together`, [{ field, message: 'required with the other date' }]);
  }
  const from = parseDay('start_date', q.start_date);
  const to = parseDay('end_date', q.end_date) + DAY;
  if (to <= from) throw new BadRequest('end_date: must not be before start_date', [{ field: 'end_date', message: 'before start_date' }]);
  if (to - from > 366 * DAY) throw new BadRequest('end_date: the range spans more than 366 days', [{ field: 'end_date', message: 'range too long' }]);
  return { from, to };
}
