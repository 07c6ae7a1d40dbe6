import { BadRequest } from './errors.js';
import { QUARTER_HOUR_MS } from './clock.js';

/**
 * Report days in any IANA timezone, the one home of timezone bucketing.
 *
 * Rollups are kept by UTC quarter hour (bucket = epoch ms / 900,000). Every
 * zone's offset is a whole number of quarter hours and changes on a quarter
 * hour, so the offset is constant inside a bucket and every local day —
 * 24 hours, or 23 and 25 on DST days, +05:30 and +05:45 included — is an
 * exact union of buckets. The offsets come from the runtime's tz database
 * (Intl.DateTimeFormat); no calendar library is needed.
 *
 * Days are numbered like UTC days: day d is the local date whose midnight is
 * d × 86,400,000 ms after the epoch in local wall time.
 */
export const DAY_MS = 86_400_000;
export const QUARTERS_PER_DAY = 96;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    if (formatters.size > 1000) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

/**
 * The canonical name of an IANA timezone, or null. Only region names
 * (`Asia/Kolkata`, `UTC`, `Etc/GMT+5`) are accepted, not raw offsets.
 */
export function canonicalTimeZone(tz: string): string | null {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz))
    return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The canonical zone, or a 400 naming the parameter. */
export function requireTimeZone(tz: string | undefined, field = 'tz'): string {
  if (tz === undefined) return 'UTC';
  const canon = canonicalTimeZone(tz);
  if (!canon)
    throw new BadRequest(`${field}: unknown timezone "${tz.slice(0, 64)}" (use an IANA name such as Asia/Kolkata)`, [
      { field, message: 'unknown timezone' },
    ]);
  return canon;
}

/** The zone's UTC offset at instant t, in milliseconds (local = utc + offset). */
export function offsetMs(tz: string, t: number): number {
  if (tz === 'UTC') return 0;
  const secs = Math.floor(t / 1000) * 1000;
  const parts = formatter(tz).formatToParts(new Date(secs));
  let y = 0;
  let mo = 0;
  let d = 0;
  let h = 0;
  let mi = 0;
  let s = 0;
  let bc = false;
  for (const p of parts) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value);
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
      case 'era':
        bc = p.value === 'BC' || p.value === 'B';
        break;
    }
  }
  const wall = new Date(0);
  wall.setUTCFullYear(bc ? 1 - y : y, mo - 1, d);
  wall.setUTCHours(h, mi, s, 0);
  return wall.getTime() - secs;
}

/** Offset in whole quarter hours (historical local-mean-time offsets are rounded; no event data predates them). */
const offsetQ = (tz: string, bucket: number): number =>
  Math.round(offsetMs(tz, bucket * QUARTER_HOUR_MS) / QUARTER_HOUR_MS);

/** The local day number of instant t. */
export const localDay = (tz: string, t: number): number => Math.floor((t + offsetMs(tz, t)) / DAY_MS);

/** YYYY-MM-DD of a day number. */
export const dayString = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The day number of a strict YYYY-MM-DD calendar date, or null (2026-02-30 is null). */
export function parseDay(s: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

/** A span of constant offset: buckets [from, to) at `offsetQ` quarter hours. */
interface Segment {
  from: number;
  to: number;
  offsetQ: number;
}

const SAMPLE = 48; // every 12 hours; zones never change offset twice within 12 hours

function segments(tz: string, from: number, to: number): Segment[] {
  if (tz === 'UTC') return [{ from, to, offsetQ: 0 }];
  const out: Segment[] = [];
  let start = from;
  let cur = offsetQ(tz, from);
  let p = from;
  while (p < to - 1) {
    const next = Math.min(p + SAMPLE, to - 1);
    if (offsetQ(tz, next) === cur) {
      p = next;
      continue;
    }
    // The first bucket in (p, next] with the new offset.
    let lo = p;
    let hi = next;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetQ(tz, mid) === cur) lo = mid;
      else hi = mid;
    }
    out.push({ from: start, to: hi, offsetQ: cur });
    start = hi;
    cur = offsetQ(tz, hi);
    p = hi;
  }
  out.push({ from: start, to, offsetQ: cur });
  return out;
}

/** The buckets [from, to) whose local day is `day`; a day is usually one interval (two only where a clock falls back across midnight). */
export interface DayInterval {
  day: number;
  from: number;
  to: number;
}

const intervalCache = new Map<string, DayInterval[]>();

/** Every bucket interval of the local days firstDay..lastDay (inclusive), in time order. */
export function dayIntervals(tz: string, firstDay: number, lastDay: number): DayInterval[] {
  const key = `${tz}|${firstDay}|${lastDay}`;
  const hit = intervalCache.get(key);
  if (hit) return hit;
  const margin = 16 * 4; // offsets stay within ±16 hours
  const out: DayInterval[] = [];
  for (const seg of segments(tz, firstDay * QUARTERS_PER_DAY - margin, (lastDay + 1) * QUARTERS_PER_DAY + margin)) {
    const q = seg.offsetQ;
    for (
      let day = Math.floor((seg.from + q) / QUARTERS_PER_DAY);
      day <= Math.floor((seg.to - 1 + q) / QUARTERS_PER_DAY);
      day++
    ) {
      if (day < firstDay || day > lastDay) continue;
      const from = Math.max(seg.from, day * QUARTERS_PER_DAY - q);
      const to = Math.min(seg.to, (day + 1) * QUARTERS_PER_DAY - q);
      if (from >= to) continue;
      const last = out[out.length - 1];
      if (last && last.day === day && last.to === from) last.to = to;
      else out.push({ day, from, to });
    }
  }
  if (intervalCache.size > 500) intervalCache.clear();
  intervalCache.set(key, out);
  return out;
}

/**
 * How to read one bucket interval from a UTC-day table plus a quarter-hour
 * table: whole UTC days, plus or minus short bucket ranges at the edges,
 * choosing at each edge the side with fewer quarter hours to read.
 */
export type Term = { sign: 1 | -1; day: number } | { sign: 1 | -1; from: number; to: number };

export function decompose(from: number, to: number): Term[] {
  const Q = QUARTERS_PER_DAY;
  const out: Term[] = [];
  const ds = Math.ceil(from / Q);
  const de = Math.floor(to / Q);
  if (ds > de) {
    // Inside one UTC day.
    const d = Math.floor(from / Q);
    if (to - from <= Q - (to - from)) out.push({ sign: 1, from, to });
    else {
      out.push({ sign: 1, day: d });
      if (from > d * Q) out.push({ sign: -1, from: d * Q, to: from });
      if (to < (d + 1) * Q) out.push({ sign: -1, from: to, to: (d + 1) * Q });
    }
    return out;
  }
  for (let d = ds; d < de; d++) out.push({ sign: 1, day: d });
  const head = ds * Q - from;
  if (head > Q / 2) {
    out.push({ sign: 1, day: ds - 1 }, { sign: -1, from: (ds - 1) * Q, to: from });
  } else if (head > 0) out.push({ sign: 1, from, to: ds * Q });
  const tail = to - de * Q;
  if (tail > Q / 2) {
    out.push({ sign: 1, day: de }, { sign: -1, from: to, to: (de + 1) * Q });
  } else if (tail > 0) out.push({ sign: 1, from: de * Q, to });
  return out;
}

/** Maps a bucket to its local day among `intervals` (null outside them), for rows read per bucket. */
export function dayOfBucket(intervals: DayInterval[]): (bucket: number) => number | null {
  return (b) => {
    let lo = 0;
    let hi = intervals.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const iv = intervals[mid];
      if (b < iv.from) hi = mid - 1;
      else if (b >= iv.to) lo = mid + 1;
      else return iv.day;
    }
    return null;
  };
}
