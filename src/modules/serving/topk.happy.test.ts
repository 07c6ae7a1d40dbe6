import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import * as accounts from '../accounts/service.js';
import { createApprovedCampaign, type SeedGroup } from '../campaigns/seed.js';
import type { Snapshot } from './inventory.js';
import { allocate } from './allocation.js';
import { rankCandidates, type Candidate, type DecisionInput, type Slot } from './decision.js';
import { conversationQuery, excludedPhrases } from './relevance.js';
import { assessOffline } from '../safety/service.js';
import { loadDataset } from '../../../bench/relevance/evaluate.js';
import { explainDecision, requestAds } from './service.js';
import { ask, body, NOON, publisher, seeded } from '../../../test/fixtures/decisions.js';
import { ManualClock } from '../../lib/clock.js';

/**
 * Serving checks groups lazily in rank order (decision.ts `Ranking`): the
 * auction must get exactly what checking every matched group first gives —
 * same winners, ads, prices and runners-up — on the labelled set, with
 * competition (three groups per topic, some advertisers with several),
 * filters (caps, budget room), refused reservations and several slots.
 */
describe('lazy rank order agrees with exhaustive checking', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let snap: Snapshot;
  const { groups: templates, conversations } = loadDataset();
  const clock = new ManualClock(NOON);

  beforeAll(async () => {
    ({ ctx, stop } = await testContext({}, { clock }));
    const rand = seeded(6);
    const advertisers: string[] = [];
    for (let i = 0; i < 40; i++)
      advertisers.push(
        (await accounts.createAdvertiser(ctx, { name: `Adv ${i}`, hasPaymentMethod: true })).advertiser.id,
      );
    // Three groups per labelled template, two to a campaign, 40 advertisers: same-advertiser competitors exist.
    const all = [0, 1, 2].flatMap((copy) => templates.map((t, i) => ({ t, n: copy * templates.length + i })));
    for (let c = 0; c * 2 < all.length; c++) {
      const groups: SeedGroup[] = all.slice(c * 2, c * 2 + 2).map(({ t, n }) => ({
        name: `${t.name} ${n}`,
        context: t.context,
        negative_context: t.negative ?? undefined,
        brand_name: `Brand ${n}`,
        max_cpc: rand() < 0.4 ? Math.round((0.2 + rand() * 1.8) * 100) / 100 : undefined,
        ads: Array.from({ length: 1 + (n % 4) }, (_, a) => ({
          headline: `${t.name} ${a}`,
          copy: `Brand ${n} ${'x'.repeat((n * 7 + a * 13) % 60)}`,
          cta: 'Go',
        })),
      }));
      await createApprovedCampaign(ctx, advertisers[c % advertisers.length], {
        name: `Campaign ${c}`,
        landing_page: `https://c${c}.example.com/`,
        daily_budget: 1000,
        max_cpm: Math.round((2 + rand() * 13) * 100) / 100,
        groups,
      });
    }
    snap = await ctx.inventory.current();
  });
  afterAll(() => stop());

  const slots: Slot[] = [
    { placement: 'below_response', placement_id: 'a', maxAdTextChars: null, floorCpmMicros: 1_000_000 },
    { placement: 'below_response', placement_id: 'b', maxAdTextChars: 30, floorCpmMicros: 3_000_000 },
    { placement: 'inline', placement_id: 'c', maxAdTextChars: 45, floorCpmMicros: 2_000_000 },
  ];

  const inputFor = (i: number): DecisionInput => {
    const c = conversations[i];
    const capped = snap.groups[(i * 31) % snap.groups.length].campaignId;
    return {
      query: conversationQuery(c.messages),
      excluded: excludedPhrases(c.excluded),
      now: NOON,
      device: 'desktop',
      country: 'us',
      floor: ctx.config.minRelevance,
      sessionCounts: { [capped]: 5 },
      userCounts: {},
      sessionCap: 3,
      userCap: 0,
      // Some groups have no budget room left, by a rule the order cannot influence.
      budgetRoom: (g) => (g.idx * 7 + i) % 5 !== 0,
    };
  };

  const decide = async (i: number, exhaustive: boolean) => {
    const ranking = rankCandidates(snap, inputFor(i));
    if (exhaustive) ranking.all();
    const random = seeded(1000 + i);
    const { fills, lost } = await allocate(ranking, {
      slots,
      floorFor: (s) => s.floorCpmMicros,
      rule: 'second',
      random,
      // Refuse some reservations (the allocator must move on to the next candidate and re-pick the runner-up).
      reserve: async (c: Candidate) => ((c.g.idx + i) % 6 === 0 ? 'refused' : null),
    });
    return {
      ranking,
      fills: fills.map((f) => ({
        slot: f.slot.placement_id,
        group: f.candidate.g.id,
        ad: f.ad.id,
        copy: f.ad.copy,
        price: f.priceMicros,
        runnerUp: f.runnerUpGroupId,
      })),
      lost,
    };
  };

  it('gives the same winners, ads, prices and runners-up on every labelled conversation, never checking more groups', async () => {
    let filled = 0;
    let checkedLazy = 0;
    let checkedAll = 0;
    for (let i = 0; i < conversations.length; i++) {
      if (assessOffline(conversations[i].messages).category) continue;
      const lazy = await decide(i, false);
      const full = await decide(i, true);
      expect(lazy.fills, `conversation ${i}`).toEqual(full.fills);
      // What the lazy path ranked is a prefix of the exhaustive order, and every candidate it kept lost for the same reason.
      expect(lazy.ranking.ranked.map((c) => c.g.id)).toEqual(
        full.ranking.ranked.slice(0, lazy.ranking.ranked.length).map((c) => c.g.id),
      );
      for (const [id, why] of lazy.lost) expect(full.lost.get(id), `conversation ${i}, group ${id}`).toBe(why);
      filled += lazy.fills.length;
      checkedLazy += lazy.ranking.ranked.length + lazy.ranking.rejected.length;
      checkedAll += full.ranking.ranked.length + full.ranking.rejected.length;
    }
    expect(filled).toBeGreaterThan(300);
    expect(checkedLazy).toBeLessThanOrEqual(checkedAll);
  });

  it('ranks exactly the groups the exhaustive relevance judgement lets through, by score then id', async () => {
    for (let i = 0; i < conversations.length; i += 3) {
      const input = { ...inputFor(i), sessionCap: 0, budgetRoom: () => true };
      const ranked = rankCandidates(snap, input).all();
      const { verdicts } = snap.model.judge(input.query, input.excluded, input.floor);
      const ok = [...verdicts].filter(([, v]) => v.ok).map(([idx]) => snap.groups[idx].id);
      expect(ranked.map((c) => c.g.id).sort()).toEqual(ok.sort());
      for (let k = 1; k < ranked.length; k++) {
        const [a, b] = [ranked[k - 1], ranked[k]];
        expect(a.score > b.score || (a.score === b.score && a.g.id < b.g.id)).toBe(true);
        expect(b.score).toBe(b.g.ecpmMicros * b.quality);
      }
    }
  });

  it('serves the same ad through requestAds either way and says how many groups it never checked', async () => {
    const pub = await publisher(ctx);
    const text = 'Which running shoes should I buy for my first marathon? I run on trails too.';
    const a = await ask(ctx, pub, body(text), { random: seeded(3) });
    const b = await requestAds(
      ctx,
      pub.principal,
      body(text),
      { ip: '127.0.0.1', ua: BROWSER_UA },
      { random: seeded(3), exhaustive: true },
    );
    expect(a.ads.map((x) => [x.campaignId, x.adText])).toEqual(b.ads.map((x) => [x.campaignId, x.adText]));
    const lazy = explainDecision(ctx, a.requestId);
    const full = explainDecision(ctx, b.requestId);
    expect(full.unchecked).toBe(0);
    expect(lazy.candidates.length + lazy.filtered.length + lazy.unchecked).toBe(
      full.candidates.length + full.filtered.length,
    );
  });
});
