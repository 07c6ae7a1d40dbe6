import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import * as accounts from '../accounts/service.js';
import { loadServable } from '../campaigns/service.js';
import { createApprovedCampaign, type SeedGroup } from '../campaigns/seed.js';

/**
 * The inventory reads servable ads a few hundred groups at a time (packing
 * each read before the next) with a turn of the event loop between reads:
 * every group of a large inventory still gets exactly its approved ads, in
 * their order, and other work runs while it loads.
 */
describe('inventory build in reads of a few hundred groups', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  const GROUPS = 1_234; // three reads of 500 groups and a partial one
  const adsOf = (n: number) => 1 + (n % 3);

  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
    const adv = await accounts.createAdvertiser(ctx, { name: 'Big', hasPaymentMethod: true });
    for (let c = 0; c * 100 < GROUPS; c++) {
      const groups: SeedGroup[] = [];
      for (let n = c * 100; n < Math.min(GROUPS, (c + 1) * 100); n++) {
        groups.push({
          name: `Group ${n}`,
          context: `topic${n} words`,
          brand_name: `Brand ${n}`,
          ads: Array.from({ length: adsOf(n) }, (_, a) => ({
            headline: `G${n} ad ${a}`,
            copy: `Copy ${n}.${a}`,
            cta: 'Go',
          })),
        });
      }
      await createApprovedCampaign(ctx, adv.advertiser.id, {
        name: `C${c}`,
        landing_page: `https://c${c}.example.com/`,
        daily_budget: 100,
        max_cpm: 5,
        groups,
      });
    }
  });
  afterAll(() => stop());

  it('packs every group with exactly its ads, in order, across reads', async () => {
    const snap = await ctx.inventory.rebuild();
    expect(snap.groups).toHaveLength(GROUPS);
    let total = 0;
    for (const g of snap.groups) {
      const n = Number(g.name.slice('Group '.length));
      expect(g.ads.size, g.name).toBe(adsOf(n));
      for (let a = 0; a < g.ads.size; a++) expect(g.ads.at(a).headline).toBe(`G${n} ad ${a}`);
      expect(g.ads.at(0).landingPage).toBe(`https://c${Math.floor(n / 100)}.example.com/`);
      expect(snap.ecpm[g.idx]).toBe(g.ecpmMicros);
      expect(snap.feedback[g.idx]).toBe(g.feedback);
      total += g.ads.size;
    }
    expect(snap.activeAds).toBe(total);
  });

  it('reads the ads in several reads, and lets the event loop run between them', async () => {
    const { groups, ads } = await loadServable(ctx);
    expect(groups).toHaveLength(GROUPS);
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    const reads: number[] = [];
    for await (const chunk of ads) reads.push(new Set(chunk.map((a) => a.ad_group_id)).size);
    expect(reads).toEqual([500, 500, 234]);
    expect(ranBetween).toBe(true);
  });
});
