import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import * as accounts from '../accounts/service.js';
import { createApprovedCampaign } from '../campaigns/seed.js';
import { loadDataset } from '../../../bench/relevance/evaluate.js';
import { rankCandidates, type DecisionInput } from './decision.js';
import type { InvGroup, Snapshot } from './inventory.js';
import { conversationQuery, excludedPhrases } from './relevance.js';

/**
 * A second relevance signal is blended only into groups that could still
 * compete: a blend never exceeds (1 − w) × lexical + w, so a group whose
 * ceiling is below the floor, or below the relative floor of the best
 * relevance, is counted without computing its blend. The candidates, their
 * relevance and order must be exactly those of blending every matched group.
 */
describe('bounded blending of a second relevance signal', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let snap: Snapshot;
  const { groups: templates, conversations } = loadDataset();

  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
    const adv = await accounts.createAdvertiser(ctx, { name: 'Adv', hasPaymentMethod: true });
    // Two groups per labelled template (one campaign per template): many groups touched per conversation.
    for (const [i, t] of templates.entries()) {
      await createApprovedCampaign(ctx, adv.advertiser.id, {
        name: `Campaign ${i}`,
        landing_page: `https://c${i}.example.com/`,
        daily_budget: 1000,
        max_cpm: 2 + (i % 9),
        groups: [0, 1].map((k) => ({
          name: `${t.name} ${k}`,
          context: k ? `${t.context}, gift` : t.context,
          brand_name: `Brand ${i}`,
          ads: [{ headline: t.name, copy: `Brand ${i}`, cta: 'Go' }],
        })),
      });
    }
    snap = await ctx.inventory.current();
  });
  afterAll(() => stop());

  /** A deterministic second signal in [0, 1] per group, blended at weight w. */
  const signal = (g: InvGroup): number => ((g.idx * 7919) % 101) / 100;

  const inputFor = (i: number, w: number, blocked: ReadonlySet<string>, onBlend: () => void): DecisionInput => ({
    query: conversationQuery(conversations[i].messages),
    excluded: excludedPhrases(undefined),
    now: Date.now(),
    device: 'desktop',
    country: 'us',
    floor: 0.35,
    sessionCounts: {},
    userCounts: {},
    sessionCap: 0,
    userCap: 0,
    budgetRoom: () => true,
    eligible: (g) => (blocked.has(g.id) ? 'blocked_advertiser' : null),
    relativeFloor: 0.8,
    lexicalFloor: Math.max(0, (0.35 - w) / (1 - w)),
    blend: (d, lexical) => {
      onBlend();
      return (1 - w) * lexical + w * signal(snap.groups[d]);
    },
  });

  const run = (i: number, w: number, bounded: boolean, blocked: ReadonlySet<string> = new Set()) => {
    let calls = 0;
    const input: DecisionInput = {
      ...inputFor(i, w, blocked, () => calls++),
      blendWeight: bounded ? w : undefined,
    };
    const ranking = rankCandidates(snap, input);
    const ranked = ranking.all().map((c) => [c.g.id, c.relevance, c.score]);
    return {
      ranked,
      calls,
      dropped: ranking.belowFloor + ranking.belowBest,
      rejected: ranking.rejected.length,
    };
  };

  /**
   * The brute-force reference: every matched group blended and checked, then
   * the relative floor taken of the best relevance among those that pass.
   */
  const reference = (i: number, w: number, blocked: ReadonlySet<string>) => {
    const ranking = rankCandidates(snap, { ...inputFor(i, w, blocked, () => {}), relativeFloor: 0 });
    const passing = ranking.all();
    const best = Math.max(0, ...passing.map((c) => c.relevance));
    const kept = passing.filter((c) => c.relevance >= 0.8 * best);
    return {
      ranked: kept.map((c) => [c.g.id, c.relevance, c.score]),
      touched: ranking.belowFloor + ranking.rejected.length + passing.length,
      best: Math.max(
        0,
        ...[...passing, ...ranking.rejected.map((r) => ({ relevance: r.relevance ?? 0 }))].map((c) => c.relevance),
      ),
    };
  };

  it('gives the same candidates, relevance and order as blending every group, with fewer blends', () => {
    let boundedCalls = 0;
    let allCalls = 0;
    for (const w of [0.25, 0.4]) {
      for (let i = 0; i < conversations.length; i += 3) {
        const all = run(i, w, false);
        const bounded = run(i, w, true);
        expect(bounded.ranked).toEqual(all.ranked);
        expect(bounded.dropped).toBe(all.dropped);
        expect(bounded.calls).toBeLessThanOrEqual(all.calls);
        expect(bounded.ranked).toEqual(reference(i, w, new Set()).ranked);
        boundedCalls += bounded.calls;
        allCalls += all.calls;
      }
    }
    expect(allCalls).toBeGreaterThan(1000);
    // The bound rises with the best blend met so far (0.40 of the blends here; 0.54 with the top group's alone).
    expect(boundedCalls).toBeLessThan(0.47 * allCalls);
  });

  it('measures the relative floor against the best candidate that passes the checks, exactly, when the best ones are blocked', () => {
    let rivalsLetIn = 0;
    let blockedRuns = 0;
    for (const w of [0.25, 0.4]) {
      for (let i = 0; i < conversations.length; i += 2) {
        // Block the one, two or three most relevant candidates.
        const open = reference(i, w, new Set());
        const byRelevance = [...open.ranked].sort((a, b) => (b[1] as number) - (a[1] as number));
        const blocked = new Set(byRelevance.slice(0, 1 + (i % 3)).map((c) => c[0] as string));
        if (blocked.size === 0) continue;
        blockedRuns++;
        const ref = reference(i, w, blocked);
        const bounded = run(i, w, true, blocked);
        expect(bounded.ranked, `conversation ${i}, weight ${w}`).toEqual(ref.ranked);
        // Every touched group is accounted for once: dropped (below a floor), rejected by a check, or ranked.
        expect(bounded.dropped + bounded.rejected + bounded.ranked.length).toBe(ref.touched);
        // A candidate below the relative floor of the blocked best now competes.
        if (ref.ranked.some((c) => (c[1] as number) < 0.8 * ref.best)) rivalsLetIn++;
      }
    }
    expect(blockedRuns).toBeGreaterThan(50);
    expect(rivalsLetIn).toBeGreaterThan(5);
  });

  it('reads ahead every group it blends after the top one, once, before the first of them (prefetch)', () => {
    let checked = 0;
    for (let i = 0; i < conversations.length; i += 3) {
      const blended: number[] = [];
      const prefetched: (readonly number[])[] = [];
      let blendsBefore = -1;
      const base = inputFor(i, 0.25, new Set(), () => {});
      rankCandidates(snap, {
        ...base,
        blendWeight: 0.25,
        blend: (d, lexical) => {
          blended.push(d);
          return base.blend!(d, lexical);
        },
        prefetch: (docs) => {
          blendsBefore = blended.length;
          prefetched.push(Array.from(docs));
        },
      });
      if (blended.length < 2) continue;
      checked++;
      expect(prefetched).toHaveLength(1);
      expect(blendsBefore).toBe(1); // the group of highest lexical relevance, blended to set the bound
      const ahead = new Set(prefetched[0].map((d) => snap.groups[d].idx));
      for (const g of blended.slice(1)) expect(ahead.has(g)).toBe(true);
    }
    expect(checked).toBeGreaterThan(50);
  });
});
