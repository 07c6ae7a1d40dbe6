import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Ctx } from '../../context.js';
import { ManualClock } from '../../lib/clock.js';
import { rollupRow } from '../ledger/rollup.js';
import { createPublisher } from '../accounts/service.js';
import { publisherActivity, publisherStats } from './service.js';
import { dayIntervals, dayString, parseDay, offsetMs } from '../../lib/tz.js';
import { recordRollups, testContext } from '../../../test/helpers.js';

/** Zones with half/quarter-hour offsets, DST at 02:00, at midnight, 30-minute DST, and far offsets. */
const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'America/Santiago',
  'Asia/Beirut',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/Havana',
];
/** Instants near the 2026 clock changes of those zones. */
const ANCHORS = [
  '2026-03-08T07:00Z',
  '2026-03-29T01:00Z',
  '2026-04-05T00:00Z',
  '2026-04-05T15:00Z',
  '2026-09-06T04:00Z',
  '2026-10-25T01:00Z',
  '2026-11-01T06:00Z',
].map((s) => Date.parse(s));

interface Ev {
  at: number;
  click: boolean;
  revenue: number;
  request: boolean;
}

const localDate = (tz: string, t: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(t),
  );

/** Record events the way the write path does: one rollup commit each (insert, then conflict updates). */
async function record(ctx: Ctx, publisherId: string, events: Ev[]): Promise<void> {
  for (const e of events) {
    const row = rollupRow(
      e.at,
      {
        publisher_id: publisherId,
        placement_id: 'Slot',
        placement_type: 'below_response',
        advertiser_id: '',
        campaign_id: '',
        ad_group_id: '',
        ad_id: '',
        device: 'desktop',
        country: '',
      },
      e.request ? { requests: 1 } : { impressions: 1, clicks: e.click ? 1 : 0, revenue_micros: e.revenue },
    );
    await recordRollups(ctx, [row]);
  }
}

describe('timezone day bucketing', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext({}, { clock: new ManualClock(Date.UTC(2026, 11, 31)) }));
  });
  afterAll(() => stop());

  it('local days are exact unions of quarter hours, 23 and 25 hours long on DST days', () => {
    const hours = (tz: string, date: string) => {
      const d = parseDay(date)!;
      return dayIntervals(tz, d, d).reduce((a, iv) => a + (iv.to - iv.from), 0) / 4;
    };
    expect(hours('America/New_York', '2026-03-08')).toBe(23);
    expect(hours('America/New_York', '2026-11-01')).toBe(25);
    expect(hours('Europe/London', '2026-03-29')).toBe(23);
    expect(hours('Australia/Lord_Howe', '2026-04-05')).toBe(24.5);
    expect(hours('Asia/Kolkata', '2026-03-08')).toBe(24);
    expect(offsetMs('Asia/Kathmandu', Date.UTC(2026, 0, 1)) / 60000).toBe(345);
    const [k] = dayIntervals('Asia/Kathmandu', parseDay('2026-01-01')!, parseDay('2026-01-01')!);
    expect(new Date(k.from * 900_000).toISOString()).toBe('2025-12-31T18:15:00.000Z');
  });

  it('stats and activity equal a brute-force count over the raw events, in any zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...ANCHORS),
        fc.array(
          fc.record({
            offsetMin: fc.integer({ min: -4 * 1440, max: 4 * 1440 }),
            click: fc.boolean(),
            revenue: fc.integer({ min: 0, max: 900_000 }),
            request: fc.boolean(),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: -5, max: 1 }),
        fc.integer({ min: 1, max: 8 }),
        async (tz, anchor, raw, startShift, length) => {
          const { publisher } = await createPublisher(ctx, { name: 'tz' });
          const events: Ev[] = raw.map((r) => ({
            at: anchor + r.offsetMin * 60_000 + (r.offsetMin % 7) * 1000,
            click: r.click,
            revenue: r.revenue,
            request: r.request,
          }));
          await record(ctx, publisher.id, events);
          const first = parseDay(localDate(tz, anchor))! + startShift;
          const q = { days: 1, start_date: dayString(first), end_date: dayString(first + length - 1), tz };
          const stats = await publisherStats(ctx, publisher.id, q);
          const activity = await publisherActivity(ctx, publisher.id, q);
          for (let i = 0; i < length; i++) {
            const date = dayString(first + i);
            const mine = events.filter((e) => localDate(tz, e.at) === date);
            const imps = mine.filter((e) => !e.request);
            const want = {
              impressions: imps.length,
              clicks: imps.filter((e) => e.click).length,
              revenue: imps.reduce((a, e) => a + e.revenue, 0) / 1e6,
            };
            expect(stats.timeSeries[i].date).toBe(date);
            expect({
              impressions: stats.timeSeries[i].impressions,
              clicks: stats.timeSeries[i].clicks,
              revenue: stats.timeSeries[i].revenue,
            }).toEqual(want);
            expect(activity.data[i]).toEqual({
              date,
              requests: mine.length - imps.length,
              wins: 0,
              impressions: imps.length,
            });
          }
          expect(activity.total_impressions).toBe(stats.totalImpressions);
        },
      ),
      { numRuns: 60 },
    );
  });
});
