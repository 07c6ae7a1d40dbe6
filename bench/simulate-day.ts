/**
 * A day of traffic against 100 campaigns with budgets (10 topics × 10 competitors), replayed through the
 * services with a ManualClock (no HTTP, no wall time): ad requests from the
 * labelled conversations, impressions for most ads served, clicks at each
 * campaign's own true click-through rate. Run once with second-price and once
 * with first-price charging on the same traffic, and report:
 * - the largest overspend of any campaign, against its maximum bid (must be ≤ one bid);
 * - the largest hour of any campaign against its even share (budget / 24; must be ≤ 2×);
 * - spend (advertisers' cost), publisher revenue, clicks and fill, per rule.
 *
 *   npx tsx bench/simulate-day.ts [--requests 30000] [--seed 7]
 */
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import { ManualClock } from '../src/lib/clock.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createPlacement } from '../src/modules/placements/service.js';
import { createApprovedCampaign } from '../src/modules/campaigns/seed.js';
import { explainDecision, requestAds } from '../src/modules/serving/service.js';
import { forgetHistory } from '../src/modules/serving/inventory.js';
import { recordClick, recordImpression } from '../src/modules/tracking/service.js';
import { loadDataset } from './relevance/evaluate.js';
import { writeResult } from './lib/results.js';
import { mulberry32 } from '../src/lib/random.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '30000' }, seed: { type: 'string', default: '7' } },
});
const REQUESTS = Number(values.requests);
const DAY = Date.UTC(2026, 5, 10);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Traffic by hour (UTC): quiet nights, busy afternoons and evenings. */
const DIURNAL = [2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5.5, 6, 6, 6, 6.5, 6.5, 6, 6, 6, 6.5, 7, 7, 6.5, 5, 4, 3];

interface CampaignSpec {
  id: string;
  budget: number;
  pricing: 'cpc' | 'cpm';
  bidMicros: number;
  trueCtr: number;
}

async function run(rule: 'second' | 'first', seed: number) {
  const random = mulberry32(seed);
  const clock = new ManualClock(DAY);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-sim-'));
  const ctx = await createContext(
    loadConfig(
      { dataDir, logLevel: 'silent', sqliteSync: 'NORMAL', auctionPricing: rule, inventoryRefreshMs: 300_000 },
      {},
    ),
    { clock },
  );
  const { groups: templates, conversations } = loadDataset();
  const pub = await accounts.createPublisher(ctx, { name: 'Sim Publisher', url: 'https://chat.example.com' });
  await createPlacement(ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
  const who = { kind: 'pub' as const, accountId: pub.publisher.id, keyId: 'sim' };

  // 100 campaigns on 10 topics (10 competitors each), half CPC, half CPM. Budgets are small against the
  // traffic so pacing and the hard stop bind; a click ($0.10 and up) costs at most 1/60 of its campaign's budget.
  const topics = templates.filter((_, k) => k % 8 === 0).slice(0, 10);
  const specs = new Map<string, CampaignSpec>();
  for (let i = 0; i < 100; i++) {
    const t = topics[i % topics.length];
    const adv = await accounts.createAdvertiser(ctx, { name: `Sim Advertiser ${i}`, hasPaymentMethod: true });
    const cpc = i % 2 === 0;
    const budget = cpc ? Math.round((6 + random() * 14) * 100) / 100 : Math.round((0.5 + random() * 2) * 100) / 100;
    const bid = cpc
      ? Math.round((0.1 + random() * (budget / 60 - 0.1)) * 100) / 100
      : Math.round((2 + random() * 10) * 100) / 100;
    const id = await createApprovedCampaign(ctx, adv.advertiser.id, {
      name: `Sim ${i}`,
      landing_page: `https://sim${i}.example.com/`,
      daily_budget: budget,
      ...(cpc ? { max_cpc: bid } : { max_cpm: bid }),
      groups: [
        {
          name: `${t.name} ${i}`,
          context: t.context,
          negative_context: t.negative ?? undefined,
          ads: [0, 1, 2].map((k) => ({
            headline: `${t.name} ${k}`,
            copy: `${t.name}: offer ${k}.`,
            cta: 'Learn more',
          })),
        },
      ],
    });
    specs.set(id, {
      id,
      budget: budget * 1e6,
      pricing: cpc ? 'cpc' : 'cpm',
      bidMicros: Math.round(bid * 1e6),
      trueCtr: 0.01 + random() * 0.05,
    });
  }
  await ctx.inventory.rebuild();

  // Request times across the day, following the diurnal curve.
  const weights = DIURNAL.map((w) => w / DIURNAL.reduce((a, b) => a + b, 0));
  const times: number[] = [];
  weights.forEach((w, h) => {
    const n = Math.round(w * REQUESTS);
    for (let k = 0; k < n; k++) times.push(DAY + h * 3_600_000 + Math.floor(((k + random()) / n) * 3_600_000));
  });
  times.sort((a, b) => a - b);

  const topicIds = new Set(topics.map((t) => t.id));
  const convs = conversations.filter(
    (c) => c.fits.some((f) => topicIds.has(f)) || (c.fits.length === 0 && random() < 0.3),
  );
  let served = 0;
  let clicks = 0;
  const unfilled = new Map<string, number>();
  let lastRefresh = DAY;
  const hitFacts = { ip: '203.0.113.5', ua: UA };
  // Requests arrive in bursts of BATCH at one instant (concurrent serves contend for the same budgets).
  const BATCH = 10;
  for (let i = 0; i < times.length; i += BATCH) {
    clock.set(times[i]);
    if (times[i] - lastRefresh >= 300_000) {
      // What the server's refresh timers do: re-read inventory (with learned rates) every few minutes.
      lastRefresh = times[i];
      forgetHistory(ctx);
      await ctx.inventory.rebuild();
    }
    const batch = times.slice(i, i + BATCH).map(() => {
      const c = convs[Math.floor(random() * convs.length)];
      return requestAds(
        ctx,
        who,
        {
          messages: c.messages,
          sessionId: `sess-${Math.floor(random() * 1e9)}`,
          placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
        },
        hitFacts,
        { random },
      );
    });
    const results = await Promise.all(batch);
    for (const r of results) {
      if (r.ads.length) continue;
      const d = explainDecision(ctx, r.requestId);
      const why =
        d.noAdReason ??
        d.candidates[0]?.reason?.replace(/ \(.*$/, '') ??
        (Object.keys(d.filteredCounts).sort().join('+') || 'no_match');
      unfilled.set(why, (unfilled.get(why) ?? 0) + 1);
    }
    const ads = results.flatMap((r) => r.ads);
    served += ads.length;
    const hits: Promise<unknown>[] = [];
    const clicking: string[] = [];
    for (const ad of ads) {
      const p = new URL(ad.impUrl).searchParams.get('p')!;
      if (random() < 0.9) hits.push(recordImpression(ctx, p, hitFacts));
      if (random() < specs.get(ad.campaignId)!.trueCtr) clicking.push(p);
    }
    await Promise.all(hits);
    if (clicking.length) {
      // Clicks land a little after the serve.
      clock.set(times[i] + Math.floor(random() * 30_000));
      await Promise.all(clicking.map((p) => recordClick(ctx, p, hitFacts)));
      clicks += clicking.length;
    }
  }
  await ctx.journal.drain();

  const rows = await ctx.db
    .selectFrom('rollups')
    .select((eb) => [
      'campaign_id',
      'bucket',
      eb.fn.sum<number>('spend_micros').as('spend'),
      eb.fn.sum<number>('revenue_micros').as('revenue'),
    ])
    .where('campaign_id', '!=', '')
    .groupBy(['campaign_id', 'bucket'])
    .execute();
  const spend = new Map<string, number>();
  const hourly = new Map<string, number>();
  let revenue = 0;
  for (const r of rows) {
    const s = Number(r.spend);
    revenue += Number(r.revenue);
    spend.set(r.campaign_id, (spend.get(r.campaign_id) ?? 0) + s);
    const hour = Math.floor((Number(r.bucket) * 900_000 - DAY) / 3_600_000);
    const k = `${r.campaign_id}:${hour}`;
    hourly.set(k, (hourly.get(k) ?? 0) + s);
  }
  let worstOverBid = -Infinity;
  let worstHour = 0;
  let exhausted = 0;
  for (const spec of specs.values()) {
    const s = spend.get(spec.id) ?? 0;
    const maxCharge = spec.pricing === 'cpc' ? spec.bidMicros : Math.round(spec.bidMicros / 1000);
    worstOverBid = Math.max(worstOverBid, (s - spec.budget) / maxCharge);
    if (s >= spec.budget * 0.95) exhausted++;
    for (let h = 0; h < 24; h++)
      worstHour = Math.max(worstHour, (hourly.get(`${spec.id}:${h}`) ?? 0) / (spec.budget / 24));
  }
  const totalSpend = [...spend.values()].reduce((a, b) => a + b, 0);
  const totalBudget = [...specs.values()].reduce((a, b) => a + b.budget, 0);
  await closeContext(ctx);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    rule,
    requests: times.length,
    served,
    clicks,
    totalSpend,
    revenue,
    totalBudget,
    worstOverBid,
    worstHour,
    exhausted,
    unfilled,
  };
}

const seed = Number(values.seed);
const results = [];
for (const rule of ['second', 'first'] as const) {
  const t0 = Date.now();
  const r = await run(rule, seed);
  results.push(r);
  console.log(
    `${rule}-price: ${r.requests} requests, ${r.served} ads served, ${r.clicks} clicks; spend $${(r.totalSpend / 1e6).toFixed(2)} of $${(r.totalBudget / 1e6).toFixed(0)} budgets (${r.exhausted} campaigns ≥95% spent), publisher revenue $${(r.revenue / 1e6).toFixed(2)}; worst campaign overspend ${r.worstOverBid <= 0 ? 'none' : `${r.worstOverBid.toFixed(2)} × its max bid`} (${r.worstOverBid.toFixed(2)} bids); busiest campaign-hour ${r.worstHour.toFixed(2)} × its even share  [${((Date.now() - t0) / 1000).toFixed(0)} s]`,
  );
  console.log(
    `  unfilled requests by reason: ${[...r.unfilled]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
}
const [second, first] = results;
console.log(
  `second-price spend / first-price spend: ${(second.totalSpend / first.totalSpend).toFixed(3)}; publisher revenue ratio ${(second.revenue / first.revenue).toFixed(3)}`,
);
for (const r of results) {
  const ok = r.worstOverBid <= 1 && r.worstHour <= 2;
  console.log(
    `checks, ${r.rule} price${r.rule === 'second' ? ' (the default)' : ' (comparison)'}: ${ok ? 'PASS' : 'FAIL'} (overspend ≤ one bid: ${r.worstOverBid <= 1}; no hour above 2× its even share: ${r.worstHour <= 2})`,
  );
}
writeResult(
  'simulate-day',
  {
    overspend: {
      label: 'worst campaign overspend, in max bids',
      unit: 'bids',
      value: second.worstOverBid,
      baseline: first.worstOverBid,
      baselineLabel: 'first price',
    },
    busiest_hour: {
      label: 'busiest campaign-hour ÷ its even share',
      unit: '×',
      value: second.worstHour,
      baseline: first.worstHour,
      baselineLabel: 'first price',
    },
    spend: {
      label: 'advertiser spend over the day',
      unit: 'USD',
      value: second.totalSpend / 1e6,
      baseline: first.totalSpend / 1e6,
      baselineLabel: 'first price',
    },
  },
  { variant: [`seed-${seed}`, REQUESTS !== 30000 && `requests-${REQUESTS}`] },
);
process.exitCode = second.worstOverBid <= 1 && second.worstHour <= 2 ? 0 : 1;
