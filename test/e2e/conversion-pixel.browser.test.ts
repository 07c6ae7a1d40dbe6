import fs from 'node:fs';
import http from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adRequestBody,
  BROWSER_UA,
  requestAd,
  seedWorld,
  startTestServer,
  waitFor,
  type TestServer,
  type World,
} from '../helpers.js';
import { dashboard, sendEvents, topicCampaign, type GatewayOut } from '../fixtures/conversions.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium) console.warn(`pixel browser test skipped: ${CHROMIUM} not found (apt-get install -y chromium)`);

/** The advertiser's landing page, on its own origin, loading the pixel from the Orbit server. */
function landingSite(pixelUrl: () => string, advertiserId: () => string) {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html><head><title>Landing</title>
<script src="${pixelUrl()}" data-advertiser-id="${advertiserId()}"></script></head>
<body><h1>Stride Trail</h1><p>${req.url}</p></body></html>`);
  });
  return {
    start: () =>
      new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!haveChromium)('browser pixel in headless Chromium', () => {
  let s: TestServer;
  let w: World;
  let browser: Browser;
  let landingOrigin = '';
  const site = landingSite(
    () => `${s.url}/pixel.js`,
    () => w.advertiserId,
  );
  beforeAll(async () => {
    const port = await site.start();
    landingOrigin = `http://127.0.0.1:${port}`;
    s = await startTestServer();
    const campaign = topicCampaign('Trail', 'trail running shoes mountain');
    campaign.groups[0].landing_page = `${landingOrigin}/landing`;
    w = await seedWorld(s.ctx, campaign);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    await site.stop();
  });

  it('lands through a real click, captures attribution, and its getCAPIData() attributes a gateway conversion', async () => {
    const res = await requestAd(s.url, w.publisherKey, adRequestBody('Best trail running shoes for the mountain?'));
    const ads = (await res.json()) as { impUrl: string; clickUrl: string }[];
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(ads[0].impUrl); // seen, then clicked: a click without its impression is invalid traffic
    await page.goto(ads[0].clickUrl);
    const landed = new URL(page.url());
    expect(landed.origin).toBe(landingOrigin);
    expect(landed.searchParams.get('grclid')).toBeTruthy();
    await page.waitForFunction(() => (window as any).OrbitPixel?.getCAPIData);

    const data = (await page.evaluate(() => (window as any).OrbitPixel.getCAPIData())) as {
      user_data: Record<string, string | null>;
      client_context: Record<string, unknown>;
    };
    for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid'])
      expect(data.user_data[k]).toBe(landed.searchParams.get(k));
    expect(Object.keys(data.user_data).sort()).toEqual(
      [
        'client_user_agent',
        'gradid',
        'graid',
        'grclid',
        'grcpid',
        'grpuid',
        'grsig',
        'session_id',
        'visitor_id',
      ].sort(),
    );
    expect(data.user_data.client_user_agent).toBe(BROWSER_UA);
    expect(data.user_data.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.user_data.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(data.client_context).sort()).toEqual([
      'connection',
      'platform',
      'screen',
      'timezone',
      'viewport',
    ]);
    expect(typeof data.client_context.timezone).toBe('string');

    // The attribution survives navigation on the site (first-party storage), the session and visitor persist.
    await page.goto(`${landingOrigin}/pricing`);
    await page.waitForFunction(() => (window as any).OrbitPixel?.getCAPIData);
    const later = (await page.evaluate(() => (window as any).OrbitPixel.getCAPIData())) as typeof data;
    expect(later.user_data.grclid).toBe(data.user_data.grclid);
    expect(later.user_data.session_id).toBe(data.user_data.session_id);
    expect(later.user_data.visitor_id).toBe(data.user_data.visitor_id);

    // The advertiser's backend forwards it with the order to the gateway.
    const out = await sendEvents(s, w.advertiserKey, {
      data: [
        {
          event_name: 'Purchase',
          event_time: Math.floor(Date.now() / 1000),
          event_id: 'browser-order-1',
          action_source: 'website',
          event_source_url: `${landingOrigin}/checkout`,
          user_data: { ...later.user_data, em: ['browser.buyer@example.com'] },
          client_context: later.client_context,
          custom_data: { value: 120, currency: 'USD', order_id: 'browser-order-1' },
        },
      ],
    });
    expect(((await out.json()) as GatewayOut).results[0]).toEqual({
      event_id: 'browser-order-1',
      status: 'ok',
      attributed: true,
    });
    const row = await s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('event_id', '=', 'browser-order-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      campaign_id: w.campaignId,
      click_id: data.user_data.grclid,
      attribution_note: 'signed',
      device: 'desktop',
    });

    // Page views reached the events analytics.
    const analytics = await waitFor(async () => {
      const a = (await (
        await dashboard(s, w.advertiserKey, '/advertiser-dashboard/events/analytics?days=1')
      ).json()) as {
        domains: { domain: string; events: number }[];
        event_types: { event_type: string; total: number; last_received: string }[];
        time_series: { date: string; events: number }[];
        has_historical_data: boolean;
      };
      return a.event_types.find((t) => t.event_type === 'page_view' && t.total >= 2) ? a : undefined;
    }, 'page views');
    expect(analytics.domains).toEqual([{ domain: '127.0.0.1', events: 2 }]);
    expect(analytics.has_historical_data).toBe(true);
    expect(analytics.time_series[0].date).toMatch(/T\d\d:00:00\.000Z$/);
    const pv = await s.ctx.db
      .selectFrom('pixel_events')
      .selectAll()
      .where('advertiser_id', '=', w.advertiserId)
      .execute();
    expect(new Set(pv.map((p) => p.click_id))).toEqual(new Set([data.user_data.grclid]));

    // A checkout pixel purchase (signed attribution) is a conversion; the backend's purchase of the same order is its duplicate.
    await page.evaluate(() =>
      (window as any).OrbitPixel.track('purchase', { order_id: 'pixel-order-7', value: 30, currency: 'USD' }),
    );
    const conv = await waitFor(
      () => s.ctx.db.selectFrom('conversions').selectAll().where('event_id', '=', 'pixel-order-7').executeTakeFirst(),
      'the pixel purchase',
    );
    expect(conv).toMatchObject({
      source: 'pixel',
      attributed: 1,
      campaign_id: w.campaignId,
      value_micros: 30_000_000,
      attribution_note: 'signed',
    });
    const dup = await sendEvents(s, w.advertiserKey, {
      data: [
        {
          event_name: 'Purchase',
          event_time: Math.floor(Date.now() / 1000),
          event_id: 'pixel-order-7',
          action_source: 'website',
          user_data: later.user_data,
        },
      ],
    });
    expect(((await dup.json()) as GatewayOut).results[0].status).toBe('duplicate');
    await context.close();
  });

  it('gives null attribution to a visitor who did not come from an ad, and a new session after 30 idle minutes', async () => {
    const context = await browser.newContext({ userAgent: BROWSER_UA });
    const page = await context.newPage();
    await page.goto(`${landingOrigin}/organic`);
    await page.waitForFunction(() => (window as any).OrbitPixel?.getCAPIData);
    const data = (await page.evaluate(() => (window as any).OrbitPixel.getCAPIData())) as {
      user_data: Record<string, string | null>;
    };
    for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid']) expect(data.user_data[k]).toBeNull();
    const out = await sendEvents(s, w.advertiserKey, {
      data: [
        {
          event_name: 'Lead',
          event_time: Math.floor(Date.now() / 1000),
          event_id: 'organic-1',
          action_source: 'website',
          user_data: data.user_data,
        },
      ],
    });
    expect(((await out.json()) as GatewayOut).results[0]).toEqual({
      event_id: 'organic-1',
      status: 'ok',
      attributed: false,
    });
    // An unsigned (organic) pixel purchase is analytics only, never a conversion: the pixel is public.
    const sent = await page.evaluate(() =>
      fetch(
        (document.querySelector('script[data-advertiser-id]') as HTMLScriptElement).src.replace(
          '/pixel.js',
          '/pixel/events',
        ),
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({
            advertiser_id: (document.querySelector('script[data-advertiser-id]') as HTMLScriptElement).dataset
              .advertiserId,
            events: [
              {
                event_type: 'purchase',
                url: location.href,
                props: { order_id: 'organic-order', value: 5 },
                attribution: { grclid: null, grsig: 'forged' },
              },
            ],
          }),
        },
      ).then((r) => r.json()),
    );
    expect(sent).toEqual({ accepted: 1, conversions: 0 });
    expect(
      await s.ctx.db.selectFrom('conversions').select('id').where('event_id', '=', 'organic-order').execute(),
    ).toHaveLength(0);

    // Age the session by 31 minutes of inactivity: the next page starts a new one, the visitor stays.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('_orbit_sid')!);
      s.last -= 31 * 60 * 1000;
      localStorage.setItem('_orbit_sid', JSON.stringify(s));
    });
    await page.reload();
    await page.waitForFunction(() => (window as any).OrbitPixel?.getCAPIData);
    const next = (await page.evaluate(() => (window as any).OrbitPixel.getCAPIData())) as {
      user_data: Record<string, string | null>;
    };
    expect(next.user_data.visitor_id).toBe(data.user_data.visitor_id);
    expect(next.user_data.session_id).not.toBe(data.user_data.session_id);
    await context.close();
  });
});
