import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { closeContext, createContext } from '../../server.js';
import { recordClick, recordImpression } from '../tracking/service.js';
import { advertiserWith, ask, body, campaign, NOON, publisher } from '../../../test/fixtures/decisions.js';
import { BROWSER_UA } from '../../../test/helpers.js';
import { settleRollups } from '../../db/index.js';

const tokenOf = (url: string) => new URL(url).searchParams.get('p')!;
const hit = { ip: '203.0.113.9', ua: BROWSER_UA };
const spendOf = async (ctx: Ctx, campaignId: string) => {
  await settleRollups(ctx.db);
  return Number(
    (
      await ctx.db
        .selectFrom('rollups')
        .select((eb) => eb.fn.sum<number>('spend_micros').as('s'))
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst()
    )?.s ?? 0,
  );
};

describe('budgets: hard stop under concurrency', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  const clock = new ManualClock(NOON);
  beforeAll(async () => {
    ({ ctx, stop } = await testContext({}, { clock }));
  });
  afterAll(() => stop());

  it('never lets concurrent serves reserve past the daily budget, and clicks never charge past it', async () => {
    const pub = await publisher(ctx);
    const { campaignIds } = await advertiserWith(
      ctx,
      campaign('Trail Co', 'trail running shoes, mountain running', { max_cpc: 0.5, daily_budget: 1 }),
    );
    const results = await Promise.all(
      Array.from({ length: 120 }, () => ask(ctx, pub, body('Which trail running shoes for mountain running?'))),
    );
    const ads = results.flatMap((r) => r.ads);
    const prices = ads.map((a) => ctx.codec.open(tokenOf(a.clickUrl)).priceMicros);
    const reserved = prices.reduce((a, b) => a + b, 0);
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.length).toBeLessThan(120);
    expect(reserved).toBeLessThanOrEqual(1_000_000);
    expect(reserved + Math.max(...prices)).toBeGreaterThan(1_000_000); // it stopped only when the next click could not fit
    await Promise.all(ads.map((a) => recordImpression(ctx, tokenOf(a.impUrl), hit)));
    await Promise.all(ads.map((a) => recordClick(ctx, tokenOf(a.clickUrl), hit)));
    const spend = await spendOf(ctx, campaignIds[0]);
    expect(spend).toBe(reserved);
    expect(spend).toBeLessThanOrEqual(1_000_000);
    // Spent: nothing more serves today.
    const later = await ask(ctx, pub, body('Which trail running shoes for mountain running?'));
    expect(later.ads).toHaveLength(0);
  });
});

describe.runIf(!!process.env.TEST_REDIS_URL)('budgets: hard stop across instances (Redis counters)', () => {
  it('two instances on one storage and one Redis never overshoot together', async () => {
    const clock = new ManualClock(NOON);
    const a = await testContext({}, { clock });
    const b = await createContext(a.ctx.config, { clock });
    try {
      expect(a.ctx.counters.kind).toBe('redis');
      const pub = await publisher(a.ctx);
      await advertiserWith(a.ctx, campaign('Peak Co', 'climbing shoes, bouldering', { max_cpc: 0.5, daily_budget: 1 }));
      await b.inventory.rebuild();
      const reqs = Array.from({ length: 120 }, (_, i) =>
        ask(i % 2 ? a.ctx : b, pub, body('Which climbing shoes for bouldering?')),
      );
      const ads = (await Promise.all(reqs)).flatMap((r) => r.ads);
      const reserved = ads.reduce((s, x) => s + a.ctx.codec.open(tokenOf(x.clickUrl)).priceMicros, 0);
      expect(ads.length).toBeGreaterThan(0);
      expect(reserved).toBeLessThanOrEqual(1_000_000);
    } finally {
      await closeContext(b);
      await a.stop();
    }
  });
});

describe('pacing: spend is smoothed across the day', () => {
  it('allows only the even share (plus a little ahead) early in the day, more later', async () => {
    const clock = new ManualClock(Date.UTC(2026, 5, 10, 1, 0, 0));
    const { ctx, stop } = await testContext({ pacingAheadHours: 0.5 }, { clock });
    try {
      const pub = await publisher(ctx);
      await ctx.db.updateTable('publishers').set({ floor_cpm_micros: 10_000_000 }).where('id', '=', pub.id).execute();
      const { campaignIds } = await advertiserWith(
        ctx,
        campaign('Glide Bikes', 'electric bike commuting, e-bike', { max_cpm: 10, daily_budget: 10 }),
      );
      await ctx.inventory.rebuild();
      const serveAndShow = async (n: number) => {
        let shown = 0;
        for (let i = 0; i < n; i++) {
          const { ads } = await ask(ctx, pub, body('Is an electric bike good for commuting?'));
          for (const ad of ads) {
            await recordImpression(ctx, tokenOf(ad.impUrl), hit);
            shown++;
          }
        }
        return shown;
      };
      const early = await serveAndShow(150);
      const earlySpend = await spendOf(ctx, campaignIds[0]);
      // By 01:00 the even share is 1/24 of $10; pacing allows half an hour ahead: 1.5/24 × $10 = $0.625.
      expect(earlySpend).toBeLessThanOrEqual(625_000);
      expect(early).toBeGreaterThan(0);
      expect(early).toBeLessThan(150);
      clock.set(Date.UTC(2026, 5, 10, 13, 0, 0));
      const later = await serveAndShow(20);
      expect(later).toBe(20);
      expect(await spendOf(ctx, campaignIds[0])).toBeLessThanOrEqual(10_000_000);
    } finally {
      await stop();
    }
  });
});
