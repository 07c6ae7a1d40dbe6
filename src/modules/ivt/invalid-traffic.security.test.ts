import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.js';
import { ManualClock } from '../../lib/clock.js';
import { settleRollups } from '../../db/index.js';
import { recordClick, recordImpression, type HitFacts } from '../tracking/service.js';
import { publisherStats } from '../reporting/service.js';
import { advertiserMetrics } from '../reporting/advertiser.js';
import { anomalousPublishers } from './service.js';
import {
  BROWSER_UA,
  MOBILE_UA,
  adRequestBody,
  requestAd,
  seedWorld,
  startTestServer,
  testContext,
  type TestServer,
} from '../../../test/helpers.js';
import { advertiserWith, ask, body, campaign, publisher, type Pub } from '../../../test/fixtures/decisions.js';

/**
 * Invalid-traffic filtering (issue 25), IAB/MRC style: general invalid traffic
 * (bots, prefetch, data-centre addresses, duplicate clicks, clicks without a
 * served impression or faster than a person clicks) and a first layer of
 * sophisticated detection (click velocity per address and per user,
 * publishers with implausible click-through) are recorded with their reason,
 * never charged, and shown in the publisher's and the advertiser's reports.
 */
const tokenOf = (url: string) => new URL(url).searchParams.get('p')!;
const NOON = Date.UTC(2026, 5, 10, 12, 0, 0);

interface Probe {
  ctx: Ctx;
  clock: ManualClock;
  stop: () => Promise<void>;
  pub: Pub;
  campaignId: string;
  advertiserId: string;
}

async function probe(overrides: Parameters<typeof testContext>[0] = {}, ads = 2): Promise<Probe> {
  const clock = new ManualClock(NOON);
  const { ctx, stop } = await testContext(overrides, { clock });
  const pub = await publisher(ctx);
  const { advertiserId, campaignIds } = await advertiserWith(
    ctx,
    campaign('Trail Co', 'trail running shoes, mountain running', { max_cpc: 0.5, daily_budget: 1000, ads }),
  );
  await ctx.inventory.rebuild();
  return { ctx, clock, stop, pub, campaignId: campaignIds[0], advertiserId };
}

async function serve(p: Probe, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = await ask(p.ctx, p.pub, body('Which trail running shoes for mountain running?'), {
      ip: `198.51.100.${(i % 250) + 1}`,
    });
    expect(r.ads).toHaveLength(1);
    out.push(r.ads[0]);
  }
  return out;
}

async function clickRows(ctx: Ctx, campaignId: string) {
  await settleRollups(ctx.db);
  return ctx.db
    .selectFrom('tracking_events')
    .select(['click_id', 'is_bot', 'ivt_reason', 'spend_micros'])
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'click')
    .execute();
}

const reasons = (rows: { ivt_reason: string | null }[]) => {
  const m: Record<string, number> = {};
  for (const r of rows) m[r.ivt_reason ?? 'valid'] = (m[r.ivt_reason ?? 'valid'] ?? 0) + 1;
  return m;
};

describe('invalid traffic: general (GIVT)', () => {
  let p: Probe;
  beforeAll(async () => {
    p = await probe({ ivtMinClickDelayMs: 500, ivtDatacenterRanges: '203.0.113.0/24,2001:db8::/32' as never });
  });
  afterAll(() => p.stop());

  it('a click without a served impression is recorded as invalid and never charged', async () => {
    const [ad] = await serve(p, 1);
    await recordClick(p.ctx, tokenOf(ad.clickUrl), { ip: '198.51.100.7', ua: BROWSER_UA });
    const rows = (await clickRows(p.ctx, p.campaignId)).filter(
      (r) => r.click_id === p.ctx.codec.open(tokenOf(ad.clickUrl)).clickId,
    );
    expect(rows).toEqual([expect.objectContaining({ is_bot: 1, ivt_reason: 'no_impression', spend_micros: 0 })]);
  });

  it('a click sooner after its impression than a person clicks is invalid; a later one counts', async () => {
    const [fast, slow] = await serve(p, 2);
    const facts: HitFacts = { ip: '198.51.100.8', ua: BROWSER_UA };
    await recordImpression(p.ctx, tokenOf(fast.impUrl), facts);
    await recordImpression(p.ctx, tokenOf(slow.impUrl), facts);
    p.clock.advance(100);
    await recordClick(p.ctx, tokenOf(fast.clickUrl), facts);
    p.clock.advance(1_500);
    await recordClick(p.ctx, tokenOf(slow.clickUrl), { ip: '198.51.100.9', ua: BROWSER_UA });
    const rows = await clickRows(p.ctx, p.campaignId);
    const of = (ad: { clickUrl: string }) =>
      rows.filter((r) => r.click_id === p.ctx.codec.open(tokenOf(ad.clickUrl)).clickId);
    expect(of(fast)).toEqual([expect.objectContaining({ ivt_reason: 'too_fast', spend_micros: 0 })]);
    expect(of(slow)).toEqual([expect.objectContaining({ ivt_reason: null, is_bot: 0 })]);
    expect(of(slow)[0].spend_micros).toBeGreaterThan(0);
  });

  it('prefetches, link previews and data-centre addresses are invalid impressions and clicks', async () => {
    const [a, b] = await serve(p, 2);
    await recordImpression(p.ctx, tokenOf(a.impUrl), { ip: '198.51.100.10', ua: BROWSER_UA, prefetch: true });
    await recordImpression(p.ctx, tokenOf(b.impUrl), { ip: '203.0.113.50', ua: BROWSER_UA });
    await recordImpression(p.ctx, tokenOf(b.impUrl), { ip: '2001:db8::5', ua: MOBILE_UA });
    const imps = await p.ctx.db
      .selectFrom('tracking_events')
      .select(['click_id', 'ivt_reason', 'is_bot', 'spend_micros'])
      .where('kind', '=', 'imp')
      .where(
        'click_id',
        'in',
        [a, b].map((x) => p.ctx.codec.open(tokenOf(x.impUrl)).clickId),
      )
      .execute();
    expect(reasons(imps)).toEqual({ prefetch: 1, datacenter: 2 });
    expect(imps.every((r) => r.is_bot === 1 && r.spend_micros === 0)).toBe(true);
  });
});

describe('invalid traffic: sophisticated (SIVT, first layer)', () => {
  it('one address clicking hundreds of ads in seconds: only the first clicks of the minute count', async () => {
    const p = await probe({ ivtIpClicksPerMinute: 20 });
    try {
      const ads = await serve(p, 120);
      // The storm's own impressions are real (every ad was shown), then every ad is clicked from one address.
      for (const ad of ads) await recordImpression(p.ctx, tokenOf(ad.impUrl), { ip: '192.0.2.66', ua: BROWSER_UA });
      p.clock.advance(2_000);
      for (const [i, ad] of ads.entries())
        await recordClick(p.ctx, tokenOf(ad.clickUrl), { ip: '192.0.2.66', ua: `${BROWSER_UA} v${i}` });
      const got = reasons(await clickRows(p.ctx, p.campaignId));
      expect(got).toEqual({ valid: 20, ip_click_velocity: 100 });
      const charged = (await clickRows(p.ctx, p.campaignId)).filter((r) => r.spend_micros > 0);
      expect(charged).toHaveLength(20);
    } finally {
      await p.stop();
    }
  });

  it('one user clicking the same ad again within the window is a duplicate', async () => {
    const p = await probe({ ivtDuplicateClickMs: 60_000 }, 1); // one ad: every serve is of it
    try {
      const ads = await serve(p, 6);
      const u = { ip: '192.0.2.77', ua: BROWSER_UA };
      for (const ad of ads) await recordImpression(p.ctx, tokenOf(ad.impUrl), u);
      p.clock.advance(2_000);
      for (const ad of ads) await recordClick(p.ctx, tokenOf(ad.clickUrl), u);
      expect(reasons(await clickRows(p.ctx, p.campaignId))).toEqual({ valid: 1, duplicate_click: 5 });
    } finally {
      await p.stop();
    }
  });

  it('one user clicking many ads within a minute: past the per-user limit the clicks are invalid', async () => {
    const p = await probe({ ivtUserClicksPerMinute: 3 });
    try {
      const ads = await serve(p, 6);
      const u = { ip: '192.0.2.78', ua: MOBILE_UA };
      for (const ad of ads) await recordImpression(p.ctx, tokenOf(ad.impUrl), u);
      p.clock.advance(2_000);
      for (const ad of ads) await recordClick(p.ctx, tokenOf(ad.clickUrl), u);
      expect(reasons(await clickRows(p.ctx, p.campaignId))).toEqual({ valid: 3, user_click_velocity: 3 });
    } finally {
      await p.stop();
    }
  });

  it('a publisher whose click-through is implausible has its clicks judged invalid', async () => {
    const p = await probe({ ivtPublisherMaxCtr: 0.3, ivtPublisherMinClicks: 10 });
    try {
      const ads = await serve(p, 30);
      for (const [i, ad] of ads.entries())
        await recordImpression(p.ctx, tokenOf(ad.impUrl), { ip: `198.51.100.${i + 1}`, ua: BROWSER_UA });
      p.clock.advance(2_000);
      for (const [i, ad] of ads.slice(0, 20).entries())
        await recordClick(p.ctx, tokenOf(ad.clickUrl), { ip: `198.51.100.${i + 1}`, ua: BROWSER_UA });
      // 20 clicks on 30 impressions (67 %): once the publisher's click-through is read, its later clicks are invalid.
      p.clock.advance(61_000);
      await recordClick(p.ctx, tokenOf(ads[20].clickUrl), { ip: '198.51.100.21', ua: BROWSER_UA }); // starts the refresh
      expect(await anomalousPublishers(p.ctx)).toContain(p.pub.id);
      for (const [i, ad] of ads.slice(21).entries())
        await recordClick(p.ctx, tokenOf(ad.clickUrl), { ip: `198.51.100.${i + 22}`, ua: BROWSER_UA });
      const got = reasons(await clickRows(p.ctx, p.campaignId));
      expect(got).toEqual({ valid: 21, publisher_ctr_anomaly: 9 });
    } finally {
      await p.stop();
    }
  });
});

describe('invalid traffic in the reports (publisher and advertiser, HTTP)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.stop());

  it('shows invalid_impressions and invalid_clicks with their reasons, and never charges them', async () => {
    const w = await seedWorld(s.ctx);
    const ads = [];
    for (let i = 0; i < 3; i++)
      ads.push(
        (
          (await (await requestAd(s.url, w.publisherKey, adRequestBody())).json()) as {
            impUrl: string;
            clickUrl: string;
          }[]
        )[0],
      );
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' };
    await fetch(ads[0].impUrl, { headers: bot });
    await fetch(ads[0].clickUrl, { headers: bot, redirect: 'manual' });
    await fetch(ads[1].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' }); // no impression
    await fetch(ads[2].impUrl, { headers: { 'user-agent': BROWSER_UA } });
    await fetch(ads[2].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' }); // valid
    const pubStats = (await (
      await fetch(`${s.url}/publisher-dashboard/stats?days=1`, { headers: { 'x-api-key': w.publisherKey } })
    ).json()) as Record<string, any>;
    expect(pubStats).toMatchObject({ totalImpressions: 1, totalClicks: 1, invalid_impressions: 1, invalid_clicks: 2 });
    expect(pubStats.invalid_traffic).toEqual(
      expect.arrayContaining([
        { reason: 'bot', kind: 'general', invalid_impressions: 1, invalid_clicks: 1 },
        { reason: 'no_impression', kind: 'general', invalid_impressions: 0, invalid_clicks: 1 },
      ]),
    );
    expect(pubStats.timeSeries.at(-1)).toMatchObject({ invalid_impressions: 1, invalid_clicks: 2 });
    const advMetrics = (await (
      await fetch(`${s.url}/advertiser-dashboard/metrics?days=1`, { headers: { 'x-api-key': w.advertiserKey } })
    ).json()) as Record<string, any>;
    expect(advMetrics).toMatchObject({ total_clicks: 1, total_invalid_clicks: 2, total_invalid_impressions: 1 });
    expect(advMetrics.invalid_traffic.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'bot',
      'no_impression',
    ]);
    // Only the valid click was charged.
    const price = s.ctx.codec.open(tokenOf(ads[2].clickUrl)).priceMicros;
    expect(Math.round(advMetrics.total_spend * 1e6)).toBe(price);
    // The same figures through the services (the MCP tools call these).
    expect((await publisherStats(s.ctx, w.publisherId, { days: 1 })).invalid_clicks).toBe(2);
    expect((await advertiserMetrics(s.ctx, w.advertiserId, { days: 1 })).total_invalid_clicks).toBe(2);
  });
});
