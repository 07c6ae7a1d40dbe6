/**
 * Reporting benchmark (issue 5): 50 million impressions over two years across
 * 1,000 placements (100 publishers) and 5,000 ad groups (500 campaigns; one
 * advertiser owns 2,000 of them), then
 *   GET /publisher-dashboard/stats?days=365&tz=Asia/Kolkata      target p95 ≤ 50 ms (SQLite)
 *   GET /advertiser-dashboard/ad-group-metrics?days=30  (2,000 groups)  target p95 ≤ 200 ms (SQLite)
 * against baselines measured in the same run: GET /health (the floor of an
 * HTTP round trip) and the same reports computed the simple way, by summing
 * every quarter-hour row of the range (what the day + edge decomposition avoids).
 * A request is timed until its whole body has arrived. One more case also
 * parses the 6.8 MB ad-group body, in this process (which also runs the
 * server), as this bench once did for every case.
 *
 * Data: the scope rollups that every write of `rollups` maintains, written
 * directly (day rows for two years; quarter-hour rows for two years for
 * publishers and for the last 35 days for campaigns and ad groups — older
 * quarter-hour rows of groups are never read by a 30-day report). The base
 * `rollups` rows (one per quarter hour × every dimension) are not generated:
 * these two reports never read them.
 *
 *   npx tsx bench/reporting-reports.ts                  # SQLite in /tmp/orbit-bench-reporting
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reporting-reports.ts
 * Options: RUNS=3 (repetitions), N=40 (requests per measurement), RESEED=1.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { startServer, createContext, closeContext } from '../src/server.js';
import type { Ctx } from '../src/context.js';
import * as accounts from '../src/modules/accounts/service.js';
import { defaultAdGroupRow } from '../src/modules/campaigns/group-row.js';
import { newId } from '../src/lib/ids.js';
import { mulberry32 } from '../src/lib/random.js';
import { DAY_MS, dayIntervals, localDay } from '../src/lib/tz.js';
import { writeResult } from './lib/results.js';

const PG = process.env.DATABASE_URL;
const DATA_DIR = '/tmp/orbit-bench-reporting';
const SCHEMA = 'bench_reporting';
const RUNS = Number(process.env.RUNS ?? 3);
const N = Number(process.env.N ?? 30);
const DAYS = 730;
const PUBLISHERS = 100;
const PLACEMENTS_PER_PUB = 10;
const GROUPS = 5000;
const BIG_ADV_GROUPS = 2000;
const GROUPS_PER_CAMPAIGN = 10;
const IMPRESSIONS = 50_000_000;
const QH_RECENT_DAYS = 35;

const config = loadConfig(
  {
    dataDir: DATA_DIR,
    port: 0,
    logLevel: 'warn',
    adRateLimitPerSecond: 0,
    ...(PG ? { databaseUrl: PG, databaseSchema: SCHEMA } : {}),
  },
  {},
);

const COLS = [
  'scope',
  'parent_id',
  'T',
  'scope_id',
  'requests',
  'wins',
  'impressions',
  'clicks',
  'conversions',
  'spend_micros',
  'revenue_micros',
  'take_micros',
  'conversion_value_micros',
];
type Row = (string | number)[];

class Writer {
  private buf: Row[] = [];
  written = 0;
  constructor(
    private ctx: Ctx,
    private table: 'rollup_scope_qh' | 'rollup_scope_day',
  ) {}
  private get timeCol() {
    return this.table === 'rollup_scope_qh' ? 'bucket' : 'day';
  }
  async add(r: Row) {
    this.buf.push(r);
    if (this.buf.length >= 20_000) await this.flush();
  }
  async flush() {
    const rows = this.buf;
    this.buf = [];
    if (!rows.length) return;
    const cols = COLS.map((c) => (c === 'T' ? this.timeCol : c));
    if (this.ctx.database.sqlite) {
      const st = this.ctx.database.sqlite.prepare(
        `INSERT INTO ${this.table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`,
      );
      this.ctx.database.sqlite.transaction(() => {
        for (const r of rows) st.run(r);
      })();
    } else {
      const types = cols.map((_, i) => (i < 2 || i === 3 ? 'text[]' : 'bigint[]'));
      const arrays = cols.map((_, i) => rows.map((r) => r[i]));
      await this.ctx.database.pool!.query(
        `INSERT INTO ${this.table} (${cols.join(',')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}`).join(',')})`,
        arrays,
      );
    }
    this.written += rows.length;
  }
}

interface Seeded {
  publisherKey: string;
  advertiserKey: string;
}

async function seed(): Promise<Seeded> {
  const ctx = await createContext(config);
  const t0 = Date.now();
  const rnd = mulberry32(42);
  const today = Math.floor(Date.now() / DAY_MS);
  const firstDay = today - DAYS + 1;
  const now = Date.now();

  const mainPub = await accounts.createPublisher(ctx, { name: 'Bench publisher' });
  const pubIds = [mainPub.publisher.id, ...Array.from({ length: PUBLISHERS - 1 }, () => newId())];
  await ctx.db
    .insertInto('publishers')
    .values(
      pubIds.slice(1).map((id, i) => ({
        id,
        name: `P${i}`,
        url: '',
        payout_model: 'revenue_share',
        revenue_share_bps: 7000,
        status: 'active',
        index_approved: 0,
        floor_cpm_micros: 0,
        created_at: now,
      })),
    )
    .execute();
  for (let i = 0; i < pubIds.length; i += 10) {
    await ctx.db
      .insertInto('placements')
      .values(
        pubIds.slice(i, i + 10).flatMap((pid) =>
          Array.from({ length: PLACEMENTS_PER_PUB }, (_, k) => ({
            id: newId(),
            publisher_id: pid,
            name: `Slot ${k}`,
            slug: `Slot-${k}`,
            placement_type: 'below_response',
            device: 'all',
            framework: 'any',
            page_url: null,
            description: null,
            screenshot_url: null,
            screenshot_region_json: null,
            status: 'active',
            display_config_json: null,
            created_at: now,
            updated_at: now,
          })),
        ),
      )
      .execute();
  }
  const bigAdv = await accounts.createAdvertiser(ctx, { name: 'Bench advertiser', email: 'bench@example.com' });
  const otherAdvs = Array.from({ length: 30 }, () => newId());
  await ctx.db
    .insertInto('advertisers')
    .values(
      otherAdvs.map((id, i) => ({
        id,
        name: `A${i}`,
        email_enc: null,
        email_hash: null,
        has_payment_method: 1,
        status: 'active',
        created_at: now,
        currency: 'USD',
      })),
    )
    .execute();
  // 2,000 groups for the bench advertiser, 100 for each of the 30 others.
  const groups: { id: string; campaign: string; adv: string }[] = [];
  const campaigns: { id: string; adv: string }[] = [];
  const addGroups = (adv: string, n: number) => {
    for (let i = 0; i < n; i += GROUPS_PER_CAMPAIGN) {
      const c = { id: newId(), adv };
      campaigns.push(c);
      for (let k = 0; k < GROUPS_PER_CAMPAIGN; k++) groups.push({ id: newId(), campaign: c.id, adv });
    }
  };
  addGroups(bigAdv.advertiser.id, BIG_ADV_GROUPS);
  for (const a of otherAdvs) addGroups(a, (GROUPS - BIG_ADV_GROUPS) / otherAdvs.length);
  for (let i = 0; i < campaigns.length; i += 100) {
    await ctx.db
      .insertInto('campaigns')
      .values(
        campaigns.slice(i, i + 100).map((c, k) => ({
          id: c.id,
          advertiser_id: c.adv,
          name: `C${i + k}`,
          status: 'paused',
          is_active: 0,
          is_archived: 0,
          daily_budget_micros: 100_000_000,
          landing_page: 'https://example.com/',
          campaign_objective: 'clicks',
          billing_model: 'cpc',
          bid_strategy: 'manual',
          start_time: null,
          end_time: null,
          click_goal: null,
          impression_goal: null,
          max_cpc_micros: 500_000,
          max_cpm_micros: null,
          conversion_type: null,
          max_cpa_micros: null,
          demographics_json: null,
          utm_params_json: null,
          allowed_countries_json: null,
          allowed_devices_json: null,
          custom_favicon_url: null,
          deployment_status: 'deployed',
          review_status: 'approved',
          submitted_for_review_at: now,
          reviewed_at: now,
          review_notes: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  for (let i = 0; i < groups.length; i += 200) {
    await ctx.db
      .insertInto('ad_groups')
      .values(
        groups.slice(i, i + 200).map((g, k) =>
          defaultAdGroupRow({
            id: g.id,
            campaign_id: g.campaign,
            advertiser_id: g.adv,
            name: `G${i + k}`,
            context: 'bench',
            sort_order: k,
            created_at: now,
            review_status: 'approved',
          }),
        ),
      )
      .execute();
  }
  console.log(`entities in ${Date.now() - t0} ms`);

  const qh = new Writer(ctx, 'rollup_scope_qh');
  const day = new Writer(ctx, 'rollup_scope_day');
  // Diurnal shape: more traffic in the afternoon UTC.
  const shape = Array.from({ length: 96 }, (_, b) => 0.4 + Math.sin(((b - 30) / 96) * Math.PI) ** 2);
  const shapeSum = shape.reduce((a, b) => a + b, 0);
  const counters = (imps: number, cpcMicros: number) => {
    const clicks = Math.floor(imps * 0.03 + rnd());
    const spend = clicks * cpcMicros;
    const revenue = Math.floor(spend * 0.7);
    const conv = rnd() < clicks * 0.05 ? 1 : 0;
    return [
      Math.round(imps * 1.6),
      Math.round(imps * 1.2),
      imps,
      clicks,
      conv,
      spend,
      revenue,
      spend - revenue,
      conv * 40_000_000,
    ];
  };
  const sumInto = (a: number[], b: number[]) => b.forEach((v, i) => (a[i] = (a[i] ?? 0) + v));

  // Publishers: 50M impressions over 100 publishers and 730 days, every quarter hour.
  const perPubDay = IMPRESSIONS / PUBLISHERS / DAYS;
  for (const pid of pubIds) {
    for (let d = firstDay; d <= today; d++) {
      const dayTotal: number[] = [];
      for (let b = 0; b < 96; b++) {
        const imps = Math.floor((perPubDay * shape[b]) / shapeSum + rnd());
        const c = counters(imps, 450_000);
        sumInto(dayTotal, c);
        await qh.add(['pub', pid, d * 96 + b, pid, ...c]);
      }
      await day.add(['pub', pid, d, pid, ...dayTotal]);
    }
  }
  console.log(`publisher rows in ${Date.now() - t0} ms`);

  // Ad groups: the same 50M impressions over 5,000 groups (≈13.7 a day each), in random quarter hours.
  const perGroupDay = IMPRESSIONS / GROUPS / DAYS;
  const campaignDay = new Map<string, number[]>();
  const campaignQh = new Map<string, number[]>();
  for (let d = firstDay; d <= today; d++) {
    const recent = d > today - QH_RECENT_DAYS;
    campaignDay.clear();
    campaignQh.clear();
    for (const g of groups) {
      const n = Math.floor(perGroupDay * 2 * rnd() + rnd());
      const byBucket = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const b = Math.floor(rnd() * 96);
        byBucket.set(b, (byBucket.get(b) ?? 0) + 1);
      }
      const dayTotal: number[] = [];
      for (const [b, imps] of byBucket) {
        const c = counters(imps, 500_000);
        sumInto(dayTotal, c);
        if (recent) {
          await qh.add(['grp', g.adv, d * 96 + b, g.id, ...c]);
          const k = `${g.adv}|${g.campaign}|${b}`;
          sumInto(campaignQh.get(k) ?? (campaignQh.set(k, []), campaignQh.get(k)!), c);
        }
      }
      if (byBucket.size) {
        await day.add(['grp', g.adv, d, g.id, ...dayTotal]);
        const k = `${g.adv}|${g.campaign}`;
        sumInto(campaignDay.get(k) ?? (campaignDay.set(k, []), campaignDay.get(k)!), dayTotal);
      }
    }
    for (const [k, c] of campaignDay) {
      const [adv, cid] = k.split('|');
      await day.add(['cmp', adv, d, cid, ...c]);
    }
    for (const [k, c] of campaignQh) {
      const [adv, cid, b] = k.split('|');
      await qh.add(['cmp', adv, d * 96 + Number(b), cid, ...c]);
    }
  }
  await qh.flush();
  await day.flush();
  console.log(`seeded ${qh.written} quarter-hour rows and ${day.written} day rows in ${Date.now() - t0} ms`);
  if (!ctx.database.sqlite) await sql`ANALYZE`.execute(ctx.db);
  else ctx.database.sqlite.exec('ANALYZE');
  await closeContext(ctx);
  return { publisherKey: mainPub.apiKey, advertiserKey: bigAdv.apiKey };
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function measure(fn: () => Promise<unknown>, n = N): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return { p50: pct(xs, 50), p95: pct(xs, 95) };
}

async function main() {
  const stateFile = `${DATA_DIR}/bench-keys-${PG ? 'pg' : 'sqlite'}.json`;
  let keys: Seeded;
  if (process.env.RESEED || !fs.existsSync(stateFile)) {
    if (PG) {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
      await c.end();
    } else fs.rmSync(DATA_DIR, { recursive: true, force: true });
    fs.mkdirSync(DATA_DIR, { recursive: true });
    keys = await seed();
    fs.writeFileSync(stateFile, JSON.stringify(keys));
  } else keys = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Seeded;

  const server = await startServer(config);
  /** A timed request ends when the whole body has arrived (the client here shares the server's thread, so parsing it would be timed too). */
  const fetchOk = async (path: string, key: string) => {
    const go = () => fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });
    // A connection left idle while a synchronous baseline query ran may have been closed by the server: retry once.
    const r = await go().catch(() => go());
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r;
  };
  const getBody = (path: string, key: string) => async () => (await fetchOk(path, key)).arrayBuffer();
  const get = (path: string, key: string) => async () => (await fetchOk(path, key)).json();
  const ctx = server.ctx;
  const pubId = (await (get('/publisher-dashboard/info', keys.publisherKey)() as Promise<{ publisher_id: string }>))
    .publisher_id;
  const advId = (await (get('/advertiser-dashboard/info', keys.advertiserKey)() as Promise<{ advertiser_id: string }>))
    .advertiser_id;

  // Baseline: the same figures summed from every quarter-hour row of the range, grouped by local day.
  const qhOnly = (scope: string, parent: string, tz: string, days: number, ids?: string) => async () => {
    const last = localDay(tz, Date.now());
    const iv = dayIntervals(tz, last - days + 1, last);
    const offQ = iv[0].day * 96 - iv[0].from;
    return sql`SELECT scope_id, (bucket + ${offQ}) / 96 AS d, SUM(impressions), SUM(clicks), SUM(spend_micros), SUM(revenue_micros), SUM(conversions)
               FROM rollup_scope_qh WHERE scope = ${scope} AND parent_id = ${parent} AND bucket >= ${iv[0].from} AND bucket < ${iv[iv.length - 1].to}
               ${ids ? sql`AND scope_id = ${ids}` : sql``} GROUP BY 1, 2`.execute(ctx.db);
  };

  const body = (await get('/advertiser-dashboard/ad-group-metrics?days=30', keys.advertiserKey)()) as {
    ad_groups: unknown[];
    total_ad_groups: number;
  };
  console.log(`ad-group-metrics returns ${body.ad_groups.length} of ${body.total_ad_groups} groups`);

  const HEAVY = Number(process.env.HEAVY ?? 10);
  const cases: [string, () => Promise<unknown>, number?][] = [
    [
      'GET /health (floor)',
      async () => (await fetch(`${server.url}/health`).catch(() => fetch(`${server.url}/health`))).text(),
    ],
    [
      'stats days=365 tz=Asia/Kolkata',
      getBody('/publisher-dashboard/stats?days=365&tz=Asia/Kolkata', keys.publisherKey),
    ],
    ['stats days=365 UTC', getBody('/publisher-dashboard/stats?days=365', keys.publisherKey)],
    ['baseline: 365 days of quarter-hour rows, Kolkata (SQL only)', qhOnly('pub', pubId, 'Asia/Kolkata', 365, pubId)],
    [
      'ad-group-metrics days=30 (2,000 groups, UTC)',
      getBody('/advertiser-dashboard/ad-group-metrics?days=30', keys.advertiserKey),
    ],
    [
      'ad-group-metrics days=30 UTC + client JSON.parse of the 6.8 MB',
      get('/advertiser-dashboard/ad-group-metrics?days=30', keys.advertiserKey),
      HEAVY,
    ],
    [
      'ad-group-metrics days=30 tz=Asia/Kolkata',
      getBody('/advertiser-dashboard/ad-group-metrics?days=30&tz=Asia/Kolkata', keys.advertiserKey),
      HEAVY,
    ],
    ['baseline: 30 days of quarter-hour rows, 2,000 groups, UTC (SQL only)', qhOnly('grp', advId, 'UTC', 30), HEAVY],
  ];
  const results = new Map<string, { p50: number; p95: number }[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const [name, fn, n] of cases) {
      const r = await measure(fn, n);
      console.log(`run ${run + 1}: ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
      (results.get(name) ?? (results.set(name, []), results.get(name)!)).push(r);
    }
  }
  console.log(
    `\nbackend: ${PG ? 'postgres' : 'sqlite'}; ${RUNS} runs × ${N} sequential requests; median of the runs' p50 / p95 (ms)`,
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, rs] of results) {
    console.log(
      `${name.padEnd(72)} p50 ${median(rs.map((r) => r.p50))
        .toFixed(1)
        .padStart(7)}  p95 ${median(rs.map((r) => r.p95))
        .toFixed(1)
        .padStart(7)}   runs p95: ${rs.map((r) => r.p95.toFixed(1)).join(', ')}`,
    );
  }
  const p95 = (i: number) => median(results.get(cases[i][0])!.map((r) => r.p95));
  const qhSummed = 'the quarter-hour rows summed, SQL only';
  writeResult(
    'reporting-reports',
    {
      stats_kolkata: {
        label: '`stats?days=365&tz=Asia/Kolkata` p95, 50M impressions',
        unit: 'ms',
        value: p95(1),
        baseline: p95(3),
        baselineLabel: qhSummed,
      },
      agm_utc: {
        label: '`ad-group-metrics?days=30`, 2,000 groups, p95',
        unit: 'ms',
        value: p95(4),
        baseline: p95(7),
        baselineLabel: qhSummed,
      },
      agm_kolkata: { label: '`ad-group-metrics?days=30&tz=Asia/Kolkata` p95', unit: 'ms', value: p95(6) },
    },
    { variant: PG ? 'postgres' : 'sqlite' },
  );
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
