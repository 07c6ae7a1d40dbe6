import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { getJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

/** The ground truth from the raw events: the publisher's revenue in micros, per UTC day. */
async function revenueByDay(s: TestServer): Promise<Map<string, number>> {
  const rows = await s.ctx.db
    .selectFrom('tracking_events')
    .select(['at', 'revenue_micros'])
    .where('is_bot', '=', 0)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const d = new Date(Number(r.at)).toISOString().slice(0, 10);
    out.set(d, (out.get(d) ?? 0) + Number(r.revenue_micros));
  }
  return out;
}

describe('publisher reporting', () => {
  let s: TestServer;
  let w: World;
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 12, 0));
  beforeAll(async () => {
    s = await startTestServer({}, { clock });
    w = await seedWorld(s.ctx);
    // Day 1 (2026-06-09): two ads shown, one clicked, on desktop; one request unfilled-by-view.
    clock.set(Date.UTC(2026, 5, 9, 10, 0));
    await serveAndTrack(s.url, w.publisherKey, { imp: true, click: true });
    await serveAndTrack(s.url, w.publisherKey, { imp: true });
    await serveAndTrack(s.url, w.publisherKey, {});
    // Day 2 (2026-06-10), 20:00 UTC = 01:30 on 06-11 in Kolkata: mobile, clicked.
    clock.set(Date.UTC(2026, 5, 10, 20, 0));
    await serveAndTrack(s.url, w.publisherKey, { imp: true, click: true, mobile: true, country: 'IN' });
    clock.set(Date.UTC(2026, 5, 10, 21, 0));
  });
  afterAll(() => s.stop());

  it('info carries the profile and lifetime totals', async () => {
    const r = await getJson(s.url, w.publisherKey, '/publisher-dashboard/info');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      publisher_id: w.publisherId,
      url: 'https://chat.example.com',
      payout_model: 'revenue_share',
      total_impressions: 3,
      total_clicks: 2,
    });
  });

  it('stats: totals, one entry per day, ctr in percent, revenue is the publisher share', async () => {
    const r = await getJson(s.url, w.publisherKey, '/publisher-dashboard/stats?days=3');
    expect(r.status).toBe(200);
    expect(r.body.timeSeries.map((d: { date: string }) => d.date)).toEqual(['2026-06-08', '2026-06-09', '2026-06-10']);
    expect(r.body.totalImpressions).toBe(3);
    expect(r.body.totalClicks).toBe(2);
    const truth = await revenueByDay(s);
    const revenue = [...truth.values()].reduce((a, b) => a + b, 0);
    expect(revenue).toBeGreaterThan(0);
    expect(r.body.totalRevenue).toBe(revenue / 1e6);
    expect(r.body.avgCtr).toBe(66.6667);
    expect(r.body.avgCpc).toBe(Math.round(revenue / 2) / 1e6);
    expect(r.body.avgCpm).toBeCloseTo((revenue / 1e6 / 3) * 1000, 6);
    const day = truth.get('2026-06-09')!;
    expect(r.body.timeSeries[1]).toMatchObject({
      impressions: 2,
      clicks: 1,
      revenue: day / 1e6,
      ctr: 50,
      cpc: day / 1e6,
      cpm: (day / 1e6 / 2) * 1000,
    });
    expect(r.body.timeSeries[0]).toMatchObject({ impressions: 0, clicks: 0, revenue: 0, ctr: 0, cpc: 0, cpm: 0 });
  });

  it('stats bucket days by tz and start/end override days', async () => {
    const r = await getJson(
      s.url,
      w.publisherKey,
      '/publisher-dashboard/stats?days=1&start_date=2026-06-09&end_date=2026-06-11&tz=Asia/Kolkata',
    );
    expect(r.status).toBe(200);
    expect(r.body.timeSeries.map((d: { date: string; impressions: number }) => [d.date, d.impressions])).toEqual([
      ['2026-06-09', 2],
      ['2026-06-10', 0],
      ['2026-06-11', 1],
    ]);
  });

  it('activity: requests, wins, impressions, fill and show rates', async () => {
    const r = await getJson(s.url, w.publisherKey, '/publisher-dashboard/activity?days=2');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      total_requests: 4,
      total_wins: 4,
      total_impressions: 3,
      fill_rate: 1,
      show_rate: 0.75,
    });
    expect(r.body.data).toEqual([
      { date: '2026-06-09', requests: 3, wins: 3, impressions: 2 },
      { date: '2026-06-10', requests: 1, wins: 1, impressions: 1 },
    ]);
  });

  it('placements, devices, geography and countries break the same totals down', async () => {
    const pl = await getJson(s.url, w.publisherKey, '/publisher-dashboard/placements?days=2');
    expect(pl.status).toBe(200);
    expect(pl.body.period_days).toBe(2);
    expect(pl.body.placements).toHaveLength(1);
    const revenue = [...(await revenueByDay(s)).values()].reduce((a, b) => a + b, 0);
    expect(pl.body.placements[0]).toMatchObject({
      placement: 'below_response',
      placement_id: 'Chat-Below',
      impressions: 3,
      clicks: 2,
      revenue: revenue / 1e6,
    });
    expect(pl.body.placements[0].daily).toHaveLength(2);

    const dv = await getJson(s.url, w.publisherKey, '/publisher-dashboard/devices');
    expect(dv.status).toBe(200);
    expect(dv.body.period_days).toBe(30);
    const byType = Object.fromEntries(
      dv.body.devices.map((d: { device_type: string; impressions: number }) => [d.device_type, d.impressions]),
    );
    expect(byType).toEqual({ desktop: 2, mobile: 1, tablet: 0 });
    expect(dv.body.devices[0].daily[29]).toMatchObject({ date: '2026-06-10', device_type: 'desktop' });

    const geo = await getJson(s.url, w.publisherKey, '/publisher-dashboard/geography?days=7');
    expect(geo.status).toBe(200);
    const imps = geo.body.countries.reduce((a: number, c: { impressions: number }) => a + c.impressions, 0);
    expect(imps).toBe(3);

    const ct = await getJson(s.url, w.publisherKey, '/publisher-dashboard/countries?limit=5');
    expect(ct.status).toBe(200);
    const india = ct.body.countries.find((c: { country_code: string }) => c.country_code === 'IN');
    expect(india).toMatchObject({ requests: 1, ads_served: 1, unique_users: 1, pct_requests: 25 });
    expect(ct.body.countries.reduce((a: number, c: { pct_requests: number }) => a + c.pct_requests, 0)).toBeCloseTo(
      100,
      6,
    );
  });
});
