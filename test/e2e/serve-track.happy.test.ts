import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, requestAd, seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';
import { RESERVE_CPM_MICROS } from '../../src/modules/serving/service.js';
import { predictRates } from '../../src/modules/serving/predict.js';
import { settleRollups } from '../../src/db/index.js';

// Second-price charging with a single bidder: the click costs the platform reserve
// ($1 CPM) converted to a click at the new group's predicted CTR (prior + exploration), not the $0.50 bid.
const ONE_BIDDER_CPC_MICROS = Math.ceil(RESERVE_CPM_MICROS / (1000 * predictRates(undefined).ctr));

describe('serve → impression → click', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  it('serves an ad whose impression and click are tracked and charged once', async () => {
    const res = await requestAd(s.url, w.publisherKey);
    expect(res.status).toBe(200);
    const ads = (await res.json()) as Record<string, string>[];
    expect(ads).toHaveLength(1);
    expect(ads[0]).toMatchObject({
      title: 'Stride Cloud',
      brandName: 'Stride',
      placement: 'below_response',
      campaignId: w.campaignId,
    });

    for (let i = 0; i < 3; i++) {
      const imp = await fetch(ads[0].impUrl, { headers: { 'user-agent': BROWSER_UA } });
      expect(imp.status).toBe(200);
      expect(imp.headers.get('cache-control')).toContain('no-store');
    }
    const click = await fetch(ads[0].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    expect(click.status).toBe(302);
    const loc = new URL(click.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('https://shoes.example.com/run');
    for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid'])
      expect(loc.searchParams.get(k)).toBeTruthy();
    expect(loc.searchParams.get('grcpid')).toBe(w.campaignId);
    await fetch(ads[0].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });

    await settleRollups(s.ctx.db);
    const rows = await s.ctx.db.selectFrom('rollups').selectAll().where('campaign_id', '=', w.campaignId).execute();
    const sum = (k: 'impressions' | 'clicks' | 'spend_micros' | 'revenue_micros' | 'take_micros' | 'wins') =>
      rows.reduce((a, r) => a + Number(r[k]), 0);
    expect(sum('wins')).toBe(1);
    expect(sum('impressions')).toBe(1);
    expect(sum('clicks')).toBe(1);
    expect(ONE_BIDDER_CPC_MICROS).toBeLessThan(500_000);
    expect(sum('spend_micros')).toBe(ONE_BIDDER_CPC_MICROS);
    expect(sum('revenue_micros') + sum('take_micros')).toBe(sum('spend_micros'));
    expect(sum('revenue_micros')).toBe(Math.floor(ONE_BIDDER_CPC_MICROS * 0.7));
  });
});
