import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { dashboard } from '../../../test/fixtures/conversions.js';

describe('pixel script and events analytics (no browser)', () => {
  let s: TestServer;
  let w: World;
  const clock = new ManualClock(Date.UTC(2026, 5, 15, 10, 20, 0));
  beforeAll(async () => {
    s = await startTestServer({}, { clock });
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  const send = (events: Record<string, unknown>[], advertiserId = w.advertiserId) =>
    fetch(`${s.url}/pixel/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ advertiser_id: advertiserId, events }),
    });

  it("serves the pixel with this deployment's events endpoint filled in", async () => {
    const res = await fetch(`${s.url}/pixel.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    const js = await res.text();
    expect(js).toContain(`'${s.url}/pixel/events'`);
    expect(js).not.toContain('__ORBIT_EVENTS_ENDPOINT__');
    expect(js).toContain('getCAPIData');
    expect(js.length).toBeLessThan(12_000);
    const pre = await fetch(`${s.url}/pixel/events`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('records page views and other events; analytics group them by domain, hour and type, with filters', async () => {
    const at = clock.now();
    const r1 = await send([
      {
        event_type: 'page_view',
        url: 'https://shop.example.com/?email=someone@example.com',
        ts: at,
        visitor_id: 'v1',
        session_id: 's1',
      },
      { event_type: 'page_view', url: 'https://shop.example.com/pricing', ts: at, visitor_id: 'v1', session_id: 's1' },
      { event_type: 'form_submit', url: 'https://blog.example.org/contact', ts: at - 50 * 60_000 },
      { event_type: 'click', url: 'https://shop.example.com/cta', ts: at },
    ]);
    expect(r1.status).toBe(202);
    expect(await r1.json()).toEqual({ accepted: 4, conversions: 0 });
    // Only host and path are kept.
    const paths = await s.ctx.db
      .selectFrom('pixel_events')
      .select(['domain', 'path'])
      .where('advertiser_id', '=', w.advertiserId)
      .execute();
    expect(paths).toContainEqual({ domain: 'shop.example.com', path: '/' });
    expect(JSON.stringify(paths)).not.toContain('someone@example.com');

    type A = {
      domains: { domain: string; events: number }[];
      time_series: { date: string; events: number }[];
      event_types: { event_type: string; total: number; last_received: string }[];
      has_historical_data: boolean;
    };
    const all = (await (await dashboard(s, w.advertiserKey, '/advertiser-dashboard/events/analytics')).json()) as A;
    expect(all.domains).toEqual([
      { domain: 'shop.example.com', events: 3 },
      { domain: 'blog.example.org', events: 1 },
    ]);
    expect(all.time_series).toEqual([
      { date: '2026-06-15T09:00:00.000Z', events: 1 },
      { date: '2026-06-15T10:00:00.000Z', events: 3 },
    ]);
    expect(all.event_types[0]).toEqual({
      event_type: 'page_view',
      total: 2,
      last_received: new Date(at).toISOString(),
    });
    expect(all.has_historical_data).toBe(true);

    const shop = (await (
      await dashboard(s, w.advertiserKey, '/advertiser-dashboard/events/analytics?domain=SHOP.example&event_type=click')
    ).json()) as A;
    expect(shop.domains).toEqual([{ domain: 'shop.example.com', events: 1 }]);
    expect(shop.event_types.map((t) => t.event_type)).toEqual(['click']);

    const old = (await (
      await dashboard(
        s,
        w.advertiserKey,
        '/advertiser-dashboard/events/analytics?start_date=2026-01-01&end_date=2026-01-31',
      )
    ).json()) as A;
    expect(old).toEqual({ domains: [], time_series: [], event_types: [], has_historical_data: true });

    const other = await seedWorld(s.ctx);
    const none = (await (
      await dashboard(s, other.advertiserKey, '/advertiser-dashboard/events/analytics')
    ).json()) as A;
    expect(none).toEqual({ domains: [], time_series: [], event_types: [], has_historical_data: false });
  });
});
