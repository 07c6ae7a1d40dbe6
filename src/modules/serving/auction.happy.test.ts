import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { recordRollups, testContext } from '../../../test/helpers.js';
import { zeroCounters } from '../ledger/rollup.js';
import type { Ctx } from '../../context.js';
import { forgetHistory, allocateGroupBudgets, type InvGroup } from './inventory.js';
import { RESERVE_CPM_MICROS, explainDecision } from './service.js';
import { clearingPrice } from './allocation.js';
import type { Candidate } from './decision.js';
import { predictRates } from './predict.js';
import { feedbackMultiplier, forgetFeedback } from './feedback-seam.js';
import { quarterBucket } from '../../lib/clock.js';
import { advertiserWith, ask, body, campaign, NOON, publisher, seeded } from '../../../test/fixtures/decisions.js';

const ESPRESSO = 'espresso machine, coffee grinder, latte at home, home barista';
const Q = 'Which espresso machine and coffee grinder should I buy for lattes at home?';
const priceOf = (ctx: Ctx, url: string) => ctx.codec.open(new URL(url).searchParams.get('p')!).priceMicros;

describe('auction', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  const clock = new ManualClock(NOON);
  // Lexical relevance alone: groups with the same context tie exactly (the word-vector signal also reads their names).
  beforeAll(async () => {
    ({ ctx, stop } = await testContext({ semanticWeight: 0 }, { clock }));
  });
  afterAll(() => stop());

  it('charges the single bidder the reserve, converted to its pricing unit', async () => {
    const pub = await publisher(ctx);
    await advertiserWith(ctx, campaign('Solo Roasters', 'cold brew coffee concentrate, iced coffee', { max_cpm: 10 }));
    const { ads } = await ask(ctx, pub, body('Where can I buy cold brew coffee concentrate for iced coffee?'));
    expect(ads).toHaveLength(1);
    expect(priceOf(ctx, ads[0].clickUrl)).toBe(RESERVE_CPM_MICROS);
  });

  it('ranks by expected value and charges the winner just enough to beat the runner-up (second price)', async () => {
    const pub = await publisher(ctx);
    const a = await advertiserWith(ctx, campaign('Crema High', ESPRESSO, { max_cpm: 10 }));
    await advertiserWith(ctx, campaign('Crema Low', ESPRESSO, { max_cpm: 6 }));
    const { ads, requestId } = await ask(ctx, pub, body(Q));
    expect(ads).toHaveLength(1);
    expect(ads[0].campaignId).toBe(a.campaignIds[0]);
    const price = priceOf(ctx, ads[0].clickUrl);
    // Same relevance for both: the winner pays the runner-up's bid, never its own.
    expect(price).toBeGreaterThanOrEqual(6_000_000);
    expect(price).toBeLessThanOrEqual(6_000_001);
    const d = explainDecision(ctx, requestId);
    expect(d.candidates[0]).toMatchObject({ outcome: 'won', priceMicros: price });
    expect(d.candidates[1]).toMatchObject({ outcome: 'lost' });
  });

  it('a 3x bid does not beat a clearly more relevant ad; the winner still pays second price', async () => {
    const own = await testContext({ minRelevance: 0.05, semanticWeight: 0 }, { clock });
    try {
      const ctx = own.ctx;
      const pub = await publisher(ctx);
      const fit = await advertiserWith(ctx, campaign('Crema Exact', ESPRESSO, { max_cpm: 5 }));
      const rich = await advertiserWith(
        ctx,
        campaign('Burr Works', 'coffee grinder, burr grinder for filter coffee', { max_cpm: 15 }),
      );
      const other = await advertiserWith(ctx, campaign('Crema Rival', ESPRESSO, { max_cpm: 4 }));
      const { ads, requestId } = await ask(ctx, pub, body(Q));
      expect(ads).toHaveLength(1);
      expect(ads[0].campaignId).toBe(fit.campaignIds[0]);
      const d = explainDecision(ctx, requestId);
      // The richer, less relevant group was touched by the conversation but could not compete.
      expect(d.filteredCounts.below_best_relevance ?? 0).toBeGreaterThanOrEqual(1);
      expect(d.candidates.some((c) => c.campaignId === rich.campaignIds[0])).toBe(false);
      // Second price against the equally relevant rival: its bid, not the winner's.
      expect(d.candidates[1]).toMatchObject({ campaignId: other.campaignIds[0], outcome: 'lost' });
      const price = priceOf(ctx, ads[0].clickUrl);
      expect(price).toBeGreaterThanOrEqual(4_000_000);
      expect(price).toBeLessThanOrEqual(4_000_001);
    } finally {
      await own.stop();
    }
  });

  it('a 3x bid does not beat an ad 16 % more relevant either (within the old relative floor of 0.8)', async () => {
    // The rival sells the same things among many others: its relevance is about 0.84 of the exact fit's.
    const broad =
      'espresso machine, coffee grinder, latte at home, home barista, milk frother, descaler, tamper, knock box, portafilter, scale';
    const decide = async (relativeRelevanceFloor?: number) => {
      const own = await testContext({ minRelevance: 0.05, semanticWeight: 0, relativeRelevanceFloor }, { clock });
      try {
        const pub = await publisher(own.ctx);
        const fit = await advertiserWith(own.ctx, campaign('Crema Exact', ESPRESSO, { max_cpm: 5 }));
        const rich = await advertiserWith(own.ctx, campaign('Barista Depot', broad, { max_cpm: 15 }));
        const other = await advertiserWith(own.ctx, campaign('Crema Rival', ESPRESSO, { max_cpm: 4 }));
        const { ads, requestId } = await ask(own.ctx, pub, body(Q));
        const d = explainDecision(own.ctx, requestId);
        const price = ads.length ? priceOf(own.ctx, ads[0].clickUrl) : 0;
        return { ads, d, price, fit: fit.campaignIds[0], rich: rich.campaignIds[0], other: other.campaignIds[0] };
      } finally {
        await own.stop();
      }
    };
    // At 0.8 the rival competed and its bid (3 × 0.84³ ≈ 1.8 times the fit's score) won.
    const old = await decide(0.8);
    expect(old.ads.map((a) => a.campaignId)).toEqual([old.rich]);
    const now = await decide();
    expect(now.ads.map((a) => a.campaignId)).toEqual([now.fit]);
    expect(now.d.filteredCounts.below_best_relevance ?? 0).toBeGreaterThanOrEqual(1);
    expect(now.d.candidates.some((c) => c.campaignId === now.rich)).toBe(false);
    // Second price stays: against the equally relevant rival's bid, not the excluded one's.
    expect(now.d.candidates[1]).toMatchObject({ campaignId: now.other, outcome: 'lost' });
    expect(now.price).toBeGreaterThanOrEqual(4_000_000);
    expect(now.price).toBeLessThanOrEqual(4_000_001);
  });

  it('with the relative floor off, the same 3x bid wins on money (the floor is what holds relevance first)', async () => {
    const off = await testContext({ relativeRelevanceFloor: 0, minRelevance: 0.05 }, { clock });
    try {
      const pub = await publisher(off.ctx);
      await advertiserWith(off.ctx, campaign('Crema Exact', ESPRESSO, { max_cpm: 5 }));
      const rich = await advertiserWith(
        off.ctx,
        campaign('Burr Works', 'coffee grinder, burr grinder for filter coffee', { max_cpm: 500 }),
      );
      const { ads } = await ask(off.ctx, pub, body(Q));
      expect(ads[0].campaignId).toBe(rich.campaignIds[0]);
    } finally {
      await off.stop();
    }
  });

  it('first-price configuration charges the bid', async () => {
    const first = await testContext({ auctionPricing: 'first' }, { clock });
    try {
      const pub = await publisher(first.ctx);
      await advertiserWith(first.ctx, campaign('Crema High', ESPRESSO, { max_cpm: 10 }));
      await advertiserWith(first.ctx, campaign('Crema Low', ESPRESSO, { max_cpm: 6 }));
      const { ads } = await ask(first.ctx, pub, body(Q));
      expect(priceOf(first.ctx, ads[0].clickUrl)).toBe(10_000_000);
    } finally {
      await first.stop();
    }
  });

  it('values a CPC bid by its predicted CTR against CPM bids', async () => {
    const pub = await publisher(ctx);
    const cpc = await advertiserWith(
      ctx,
      campaign('Click Brew', 'pour over coffee kettle, gooseneck kettle', { max_cpc: 1 }),
    );
    await advertiserWith(ctx, campaign('Show Brew', 'pour over coffee kettle, gooseneck kettle', { max_cpm: 10 }));
    const { ads, requestId } = await ask(ctx, pub, body('Which gooseneck kettle is good for pour over coffee?'));
    // $1 × ~2.5% predicted CTR × 1000 = ~$25 per thousand > $10.
    expect(ads[0].campaignId).toBe(cpc.campaignIds[0]);
    const price = priceOf(ctx, ads[0].clickUrl);
    expect(price).toBeLessThan(1_000_000);
    // The click price is the runner-up's score over the winner's quality, per predicted click.
    const [w, r] = explainDecision(ctx, requestId).candidates;
    expect(price / (r.score / w.quality / (1000 * w.predictedCtr))).toBeCloseTo(1, 2);
  });

  it('learns from history: a group that never gets clicked loses to a new one (exploration)', async () => {
    const pub = await publisher(ctx);
    const old = await advertiserWith(
      ctx,
      campaign('Old Mill', 'coffee grinder burr mill, manual grinder', { max_cpc: 1 }),
    );
    const fresh = await advertiserWith(
      ctx,
      campaign('New Mill', 'coffee grinder burr mill, manual grinder', { max_cpc: 1 }),
    );
    const before = await ask(ctx, pub, body('Which manual burr coffee grinder?'), { random: seeded(1) });
    expect(before.ads).toHaveLength(1);
    const groupId = (
      await ctx.db
        .selectFrom('ad_groups')
        .select('id')
        .where('campaign_id', '=', old.campaignIds[0])
        .executeTakeFirstOrThrow()
    ).id;
    await recordRollups(ctx, [
      {
        bucket: quarterBucket(NOON) - 8,
        publisher_id: pub.id,
        placement_id: 'Chat-Below',
        placement_type: 'below_response',
        advertiser_id: old.advertiserId,
        campaign_id: old.campaignIds[0],
        ad_group_id: groupId,
        ad_id: 'x',
        device: 'desktop',
        country: '',
        ...zeroCounters(),
        wins: 5000,
        impressions: 5000,
      },
    ]);
    forgetHistory(ctx);
    await ctx.inventory.rebuild();
    const after = await ask(ctx, pub, body('Which manual burr coffee grinder?'));
    expect(after.ads[0].campaignId).toBe(fresh.campaignIds[0]);
    expect(
      predictRates({
        campaign_id: '',
        impressions: 5000,
        clicks: 0,
        conversions: 0,
        conversion_value_micros: 0,
        spend_micros: 0,
      }).ctr,
    ).toBeLessThan(predictRates(undefined).ctr / 5);
  });

  it('weighs user feedback: a group users thumb down loses to an equal one', async () => {
    const pub = await publisher(ctx);
    const disliked = await advertiserWith(ctx, campaign('Kettle A', 'electric kettle, tea kettle', { max_cpm: 10 }));
    const liked = await advertiserWith(ctx, campaign('Kettle B', 'electric kettle, tea kettle', { max_cpm: 9.5 }));
    const q = body('Which electric kettle for tea?');
    expect((await ask(ctx, pub, q)).ads[0].campaignId).toBe(disliked.campaignIds[0]);
    const groupId = (
      await ctx.db
        .selectFrom('ad_groups')
        .select('id')
        .where('campaign_id', '=', disliked.campaignIds[0])
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db
      .insertInto('ad_feedback')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          id: `fb-${groupId}-${i}`,
          publisher_id: pub.id,
          at: NOON - 3_600_000,
          session_hash: `h${i}`,
          sentiment: 'thumbs_down',
          reasons_json: '[]',
          comment: null,
          click_id: `c${i}`,
          campaign_id: disliked.campaignIds[0],
          ad_group_id: groupId,
          ad_id: 'x',
          advertiser_id: disliked.advertiserId,
          placement: 'below_response',
          placement_id: 'Chat-Below',
          user_hash: null,
          device: 'desktop',
          country: '',
        })),
      )
      .execute();
    forgetFeedback(ctx);
    await ctx.inventory.rebuild();
    expect((await ask(ctx, pub, q)).ads[0].campaignId).toBe(liked.campaignIds[0]);
    expect(feedbackMultiplier(0, 30)).toBeCloseTo(0.7, 5);
    expect(feedbackMultiplier(3, 1)).toBeGreaterThan(1);
    expect(feedbackMultiplier(0, 0)).toBe(1);
  });

  it('applies the publisher floor and fills nothing below it', async () => {
    const pub = await publisher(ctx);
    await advertiserWith(ctx, campaign('Moka Pot', 'moka pot stovetop coffee', { max_cpm: 10 }));
    await ctx.db.updateTable('publishers').set({ floor_cpm_micros: 8_000_000 }).where('id', '=', pub.id).execute();
    await ctx.inventory.rebuild();
    const at8 = await ask(ctx, pub, body('Is a moka pot good for stovetop coffee?'));
    expect(priceOf(ctx, at8.ads[0].clickUrl)).toBe(8_000_000);
    await ctx.db.updateTable('publishers').set({ floor_cpm_micros: 12_000_000 }).where('id', '=', pub.id).execute();
    await ctx.inventory.rebuild();
    const at12 = await ask(ctx, pub, body('Is a moka pot good for stovetop coffee?'));
    expect(at12.ads).toHaveLength(0);
    expect(explainDecision(ctx, at12.requestId).candidates.some((c) => c.reason?.startsWith('below_floor'))).toBe(true);
  });

  it('shows one ad per advertiser per request and distinct ads across placements', async () => {
    const pub = await publisher(ctx, [{ name: 'Slot A' }, { name: 'Slot B' }, { name: 'Slot C' }]);
    const big = await advertiserWith(
      ctx,
      campaign('Tea One', 'matcha tea whisk, green tea powder', { max_cpm: 20 }),
      campaign('Tea Two', 'matcha tea whisk, green tea powder', { max_cpm: 19 }),
    );
    const small = await advertiserWith(
      ctx,
      campaign('Tea Three', 'matcha tea whisk, green tea powder', { max_cpm: 5 }),
    );
    const b = body('Which matcha whisk and green tea powder?', {
      placements: ['Slot-A', 'Slot-B', 'Slot-C'].map((id) => ({
        placement: 'below_response' as const,
        placement_id: id,
      })),
    });
    const { ads } = await ask(ctx, pub, b);
    expect(ads.map((a) => a.campaignId)).toEqual([big.campaignIds[0], small.campaignIds[0]]);
    expect(new Set(ads.map((a) => a.clickUrl)).size).toBe(2);
  });
});

describe('clearing price and budget allocation rules', () => {
  const g = (over: Partial<InvGroup>): InvGroup =>
    ({
      id: 'g',
      campaignId: 'c',
      advertiserId: 'a',
      pricing: 'cpm',
      bidMicros: 10_000_000,
      rates: predictRates(undefined),
      ecpmMicros: 10_000_000,
      campaignDailyBudgetMicros: 100_000_000,
      groupDailyBudgetMicros: null,
      ...over,
    }) as InvGroup;
  const cand = (x: InvGroup, quality: number): Candidate => ({
    g: x,
    relevance: quality,
    quality,
    ecpm: x.ecpmMicros,
    score: x.ecpmMicros * quality,
  });

  it('never charges more than the bid nor less than the floor', () => {
    const w = cand(g({}), 0.5);
    const strongRunner = cand(g({ id: 'r', ecpmMicros: 9_000_000 }), 0.9); // score 8.1M > winner's 5M: price would exceed the bid
    expect(clearingPrice(w, strongRunner, 0, 'second')).toBe(10_000_000);
    expect(clearingPrice(w, undefined, 3_000_000, 'second')).toBe(3_000_000);
    const weak = cand(g({ id: 'r', ecpmMicros: 2_000_000 }), 0.5);
    expect(clearingPrice(w, weak, 0, 'second')).toBe(2_000_000);
  });

  it('auto-optimisation shares a campaign budget by expected value within each group’s min/max', () => {
    const a = g({ id: 'a', ecpmMicros: 30 });
    const b = g({ id: 'b', ecpmMicros: 10 });
    const c = g({ id: 'c', ecpmMicros: 10, campaignId: 'c2' });
    allocateGroupBudgets(
      new Map([
        [a, { min: null, max: null }],
        [b, { min: null, max: null }],
        [c, { min: null, max: 5_000_000 }],
      ]),
    );
    expect(a.groupDailyBudgetMicros).toBe(75_000_000);
    expect(b.groupDailyBudgetMicros).toBe(25_000_000);
    expect(c.groupDailyBudgetMicros).toBe(5_000_000);
  });
});
