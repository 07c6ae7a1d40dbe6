/** Injected time, so dedup windows, pacing and daily buckets test instantly. */
export interface Clock {
  now(): number; // epoch milliseconds
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private t: number = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const QUARTER_HOUR_MS = 15 * 60 * 1000;
export const HOUR_MS = 3_600_000;

/**
 * Rollups are bucketed by UTC quarter hour: every IANA zone in use today has an
 * offset that is a whole number of quarter hours (+05:30, +05:45 included), so
 * any zone's day is an exact union of buckets.
 */
export const quarterBucket = (ms: number): number => Math.floor(ms / QUARTER_HOUR_MS);

export const utcDayStart = (ms: number): number => ms - (ms % 86_400_000);
