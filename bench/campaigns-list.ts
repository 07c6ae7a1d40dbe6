/**
 * Listing 1,000 campaigns with lifetime stats over 1M recorded events.
 *
 * Setup: one advertiser with 1,000 live campaigns; 1,000,000 impressions and
 * clicks spread over 30 days are written through the real journal store (the
 * events, their rollups and, derived per batch, the scope mirrors and the
 * campaigns' all-time rows of the ledger), then 20,000 more in the last hour
 * (until issue 26 these stayed as unfolded lifetime deltas; now they are in
 * the all-time rows like the rest).
 *
 * Measured: GET /advertiser-dashboard/campaigns end to end (every campaign
 * with lifetime impressions/clicks/conversions/spend/conversion value and
 * today's remaining budget). Baseline in the same run: the lifetime stats
 * alone, computed the naive way by scanning the advertiser's rollups.
 *
 *   npx tsx bench/campaigns-list.ts [events=1000000] [iterations=40]
 *
 * Setting BENCH_KEEP_DIR=<dir> keeps the generated database there and reuses
 * it on the next run (the setup writes every event through the journal store and
 * takes minutes; the measurement does not).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createApprovedCampaign } from '../src/modules/campaigns/seed.js';
import { journalStore, type EventRow } from '../src/modules/tracking/repo.js';
import { newId } from '../src/lib/ids.js';
import { mulberry32 } from '../src/lib/random.js';
import type { Ctx } from '../src/context.js';
import { writeResult } from './lib/results.js';

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const N = Number(process.argv[3] ?? 40);
const CAMPAIGNS = 1000;
const DAY = 86_400_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

// Deterministic pseudo-random numbers so runs are comparable.
const rnd = mulberry32(42);

async function main() {
  const keep = process.env.BENCH_KEEP_DIR;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-list-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const marker = path.join(dataDir, 'bench-list.json');
  const reuse = keep !== undefined && fs.existsSync(marker);
  const server = await startServer(
    loadConfig({ dataDir, port: 0, logLevel: 'silent', sqliteSync: 'NORMAL', inventoryRefreshMs: 3_600_000 }, {}),
  );
  try {
    const ctx = server.ctx;
    if (reuse) {
      const { advertiserId } = JSON.parse(fs.readFileSync(marker, 'utf8')) as { advertiserId: string };
      const { key } = await accounts.createApiKey(ctx, { accountId: advertiserId, kind: 'adv', label: 'bench' });
      await measure(ctx, server.url, advertiserId, key);
      return;
    }
    const pub = await accounts.createPublisher(ctx, { name: 'Bench pub' });
    const { advertiser, apiKey } = await accounts.createAdvertiser(ctx, { name: 'Bench adv', hasPaymentMethod: true });
    const t0 = performance.now();
    const ids: { c: string; g: string; a: string }[] = [];
    for (let i = 0; i < CAMPAIGNS; i++) {
      const c = await createApprovedCampaign(ctx, advertiser.id, {
        name: `Campaign ${i}`,
        landing_page: 'https://bench.example.com',
        daily_budget: 1000,
        max_cpc: 0.5,
        groups: [{ name: 'G', context: 'bench', ads: [{ headline: 'H', copy: 'C', cta: 'Go' }] }],
      });
      const g = await ctx.db
        .selectFrom('ad_groups')
        .select('id')
        .where('campaign_id', '=', c)
        .executeTakeFirstOrThrow();
      const a = await ctx.db.selectFrom('ads').select('id').where('campaign_id', '=', c).executeTakeFirstOrThrow();
      ids.push({ c, g: g.id, a: a.id });
    }
    const store = journalStore(ctx.database);
    const now = Date.now();
    const devices = ['desktop', 'mobile', 'tablet'];
    const write = async (count: number, spanMs: number) => {
      const BATCH = 5000;
      for (let done = 0; done < count; done += BATCH) {
        const events: EventRow[] = [];
        for (let k = 0; k < Math.min(BATCH, count - done); k++) {
          const x = ids[Math.floor(rnd() * rnd() * CAMPAIGNS)]; // skewed: some campaigns are much busier
          const click = rnd() < 0.02;
          const spend = click ? 500_000 : 0;
          events.push({
            kind: click ? 'click' : 'imp',
            click_id: newId(),
            at: now - Math.floor(rnd() * spanMs),
            publisher_id: pub.publisher.id,
            placement_id: rnd() < 0.5 ? 'Chat-Below' : 'Sidebar',
            placement_type: 'below_response',
            campaign_id: x.c,
            ad_group_id: x.g,
            ad_id: x.a,
            advertiser_id: advertiser.id,
            device: devices[Math.floor(rnd() * 3)],
            country: 'US',
            ip_hash: 'h',
            is_bot: 0,
            is_test: 0,
            spend_micros: spend,
            revenue_micros: Math.floor(spend * 0.7),
            take_micros: spend - Math.floor(spend * 0.7),
            graid: null,
            ivt_reason: null,
            overdelivery_micros: 0,
          });
        }
        await store.commit({
          requests: [],
          serves: [],
          events,
          rollups: [],
        });
      }
    };
    await write(EVENTS, 30 * DAY);
    await write(20_000, 3_600_000);
    const count = async (t: 'tracking_events' | 'rollups' | 'rollup_scope_all') =>
      Number(
        (
          await ctx.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    console.log(
      `setup ${((performance.now() - t0) / 1000).toFixed(1)} s: ${CAMPAIGNS} campaigns, ${await count('tracking_events')} events, ${await count('rollups')} rollup rows, ${await count('rollup_scope_all')} all-time rows`,
    );

    if (keep) fs.writeFileSync(marker, JSON.stringify({ advertiserId: advertiser.id }));
    await measure(ctx, server.url, advertiser.id, apiKey);
  } finally {
    await server.close();
    if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(ctx: Ctx, url: string, advertiserId: string, apiKey: string) {
  {
    const list = async () => {
      const t = performance.now();
      const res = await fetch(`${url}/advertiser-dashboard/campaigns`, { headers: { 'x-api-key': apiKey } });
      const body = (await res.json()) as { impressions: number }[];
      const ms = performance.now() - t;
      if (res.status !== 200 || body.length !== CAMPAIGNS) throw new Error(`unexpected ${res.status} ${body.length}`);
      return { ms, body };
    };
    const scan = async () => {
      const t = performance.now();
      const rows = await sql<{ campaign_id: string }>`
        SELECT campaign_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(conversions) AS conversions,
               SUM(spend_micros) AS spend, SUM(conversion_value_micros) AS value
        FROM rollups WHERE advertiser_id = ${advertiserId} GROUP BY campaign_id`.execute(ctx.db);
      const ms = performance.now() - t;
      return { ms, rows: rows.rows };
    };
    // The numbers agree with the naive scan.
    const [{ body }, { rows }] = [await list(), await scan()];
    const byId = new Map(
      (rows as unknown as { campaign_id: string; impressions: number }[]).map((r) => [
        r.campaign_id,
        Number(r.impressions),
      ]),
    );
    const listedIds = body as unknown as { campaign_id: string; impressions: number }[];
    for (const c of listedIds)
      if ((byId.get(c.campaign_id) ?? 0) !== c.impressions) throw new Error(`mismatch for ${c.campaign_id}`);
    for (let i = 0; i < 5; i++) await list();

    const api: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < N; i++) {
      api.push((await list()).ms);
      base.push((await scan()).ms);
    }
    const row = (label: string, xs: number[]) =>
      `${label.padEnd(44)} p50 ${pct(xs, 50).toFixed(1)} ms   p95 ${pct(xs, 95).toFixed(1)} ms`;
    console.log(row('GET /advertiser-dashboard/campaigns (1,000)', api));
    console.log(row('baseline: lifetime stats by scanning rollups', base));
    console.log(`ratio p95 baseline/api: ${(pct(base, 95) / pct(api, 95)).toFixed(1)}×`);
    writeResult('campaigns-list', {
      p95: {
        label: 'list 1,000 campaigns with lifetime stats, p95',
        unit: 'ms',
        value: pct(api, 95),
        baseline: pct(base, 95),
        baselineLabel: 'the stats by scanning the rollups',
      },
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
