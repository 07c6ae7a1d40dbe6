/**
 * GET /track/imp with durable writes, every request a new impression (a
 * distinct token), against a bare node:http server answering 200 in the same
 * run, with the same autocannon connections and the same kind of requests
 * (real tokens in the URL, made per request by the same generator code).
 *
 * Throughput is each server's peak over the same connection counts
 * (`--connections`, default 32,128,256): at 32 connections Orbit is bound by
 * the round trip of its group commits and leaves CPU idle, while the bare
 * server is bound by the load generator at any count, so the ratio at one
 * low count measures latency rather than throughput. Every count's figures
 * are printed. Then p99 latency at half of Orbit's peak throughput, from an
 * open-loop generator (bench/lib/paced.ts: latency from each request's
 * scheduled time, after a second at that rate unmeasured), against Orbit and
 * against the bare server at the same rate.
 *
 *   npx tsx bench/track-imp.ts [--rounds 3] [--seconds 10] [--connections 32,128,256]
 *   (BENCH_DATABASE_URL=postgres://… for PostgreSQL; ORBIT_SQLITE_SYNC=NORMAL to compare)
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import { randomBase62 } from '../src/lib/ids.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createApprovedCampaign } from '../src/modules/campaigns/seed.js';
import { pacedInChild, type PacedResult } from './lib/paced.js';
import {
  fmt,
  load,
  loadWithCpu,
  median,
  rssMb,
  startBareServer,
  startOrbit,
  tempDir,
  varying,
  type LoadResult,
} from './lib/harness.js';
import { BROWSER_UA as UA, impressionMinter } from './lib/impressions.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32,128,256' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const COUNTS = values.connections.split(',').map(Number);
/** The paced (open-loop) runs keep enough idle connections that the generator never queues on its own side. */
const PACED_CONNECTIONS = 64;
/** The paced runs first send this long at the same rate, unmeasured: both processes are warm when measuring starts. */
const PACED_WARMUP_S = 1;

const dataDir = tempDir('orbit-bench-imp-');
const env: Record<string, string> = { ORBIT_DATA_DIR: dataDir, ORBIT_INVENTORY_REFRESH_MS: '600000' };
if (process.env.BENCH_DATABASE_URL) {
  env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  env.DATABASE_SCHEMA = `bench_${randomBase62(8).toLowerCase()}`;
}
if (process.env.ORBIT_SQLITE_SYNC) env.ORBIT_SQLITE_SYNC = process.env.ORBIT_SQLITE_SYNC;

// Open the storage once here: it creates the schema and the token key the server will use.
const ctx = await createContext(
  loadConfig({ dataDir, logLevel: 'silent', databaseUrl: env.DATABASE_URL, databaseSchema: env.DATABASE_SCHEMA }, {}),
);
// Every impression is charged (CPM) to a real campaign, so each commit's charges go through the budget gate against
// its real budgets (issue 25); the budget is large enough never to refuse.
const pub = await accounts.createPublisher(ctx, { name: 'Bench publisher', url: 'https://chat.example.com' });
const adv = await accounts.createAdvertiser(ctx, { name: 'Bench advertiser', hasPaymentMethod: true });
const campaignId = await createApprovedCampaign(ctx, adv.advertiser.id, {
  name: 'Bench',
  landing_page: 'https://bench.example.com/',
  daily_budget: 1_000_000,
  max_cpm: 2,
  groups: [{ name: 'Bench group', context: 'bench', ads: [{ headline: 'Bench', copy: 'Bench ad copy', cta: 'Go' }] }],
});
const ad = await ctx.db
  .selectFrom('ads')
  .select(['id', 'ad_group_id'])
  .where('campaign_id', '=', campaignId)
  .executeTakeFirstOrThrow();
const mint = impressionMinter(ctx.codec, {
  campaign: campaignId,
  group: ad.ad_group_id,
  ad: ad.id,
  publisher: pub.publisher.id,
  advertiser: adv.advertiser.id,
});

/**
 * Every request takes the next unused token: each is a new impression, so each
 * is a durable write. Tokens are minted ahead; should a run outpace the pool,
 * more are minted on the spot (a few µs each) rather than repeating one.
 */
function distinctRequests(tokens: string[]) {
  let i = 0;
  return varying('GET', () => ({ path: `/track/imp?p=${i < tokens.length ? tokens[i++] : mint(1)[0]}` }));
}

/** The bare server's requests: real tokens, cycled (it never reads them). */
const barePool = mint(20_000);
function cycling(tokens: string[]) {
  let i = 0;
  return varying('GET', () => ({ path: `/track/imp?p=${tokens[i++ % tokens.length]}` }));
}

type Measured = LoadResult & { cpuUsPerReq: number; mainCpuUsPerReq: number };
/** Per connection count, one result per round. */
const bare = new Map<number, Measured[]>(COUNTS.map((c) => [c, []]));
const orbit = new Map<number, Measured[]>(COUNTS.map((c) => [c, []]));
const paced: PacedResult[] = [];
const barePaced: PacedResult[] = [];
let acked = 0;
let rss = 0;
const load1 = (url: string, connections: number, requests: ReturnType<typeof varying>, seconds = SECONDS) => ({
  url,
  connections,
  duration: seconds,
  headers: { 'user-agent': UA },
  requests,
});

for (let round = 1; round <= ROUNDS; round++) {
  // The bare server gets the same requests, built by the same generator code (it answers every one 200 unread),
  // so both runs cost the load generator the same and the ratio compares the servers alone.
  const b = await startBareServer();
  await load(load1(b.url, COUNTS[0], cycling(barePool), 2));
  for (const c of COUNTS) bare.get(c)!.push(await loadWithCpu(b.pid, load1(b.url, c, cycling(barePool))));
  await b.stop();
  const bareTop = Math.max(...COUNTS.map((c) => bare.get(c)!.at(-1)!.rps));

  const o = await startOrbit(env);
  const url = o.url;
  for (const c of COUNTS) {
    const budget = Math.max(50_000, Math.ceil(bareTop * (SECONDS + 2) * 1.15));
    const tokens = mint(budget);
    const warm = await load(load1(url, c, distinctRequests(tokens.slice(0, Math.ceil(budget * 0.25))), 2));
    const full = await loadWithCpu(o.pid, load1(url, c, distinctRequests(tokens.slice(Math.ceil(budget * 0.25)))));
    orbit.get(c)!.push(full);
    acked += warm.ok + full.ok;
  }
  const top = Math.max(...COUNTS.map((c) => orbit.get(c)!.at(-1)!.rps));
  const rate = Math.floor(top / 2);
  const half = await pacedInChild({
    url,
    rate,
    seconds: SECONDS,
    connections: PACED_CONNECTIONS,
    warmupSeconds: PACED_WARMUP_S,
    requests: mint(rate * (SECONDS + PACED_WARMUP_S) + 10).map((p) => ({
      method: 'GET',
      path: `/track/imp?p=${p}`,
      headers: { 'user-agent': UA },
    })),
  });
  paced.push(half);
  rss = Math.max(rss, rssMb(o.pid));
  acked += half.ok;
  if (half.completed < half.sent * 0.99)
    console.log(`  (paced run completed only ${half.completed} of ${half.sent}: the server did not keep up)`);
  await o.stop();
  // The machine's own latency floor at that rate: the bare server, paced the same.
  const b2 = await startBareServer();
  barePaced.push(
    await pacedInChild({
      url: b2.url,
      rate,
      seconds: SECONDS,
      connections: PACED_CONNECTIONS,
      warmupSeconds: PACED_WARMUP_S,
      requests: [{ method: 'GET', path: '/track/imp?p=x', headers: { 'user-agent': UA } }],
    }),
  );
  await b2.stop();
  for (const c of COUNTS) {
    const br = bare.get(c)!.at(-1)!;
    const or = orbit.get(c)!.at(-1)!;
    console.log(
      `round ${round}, ${c} conns: bare ${fmt(br.rps, 0)} req/s (${fmt(br.cpuUsPerReq, 0)} µs CPU/req) | orbit ${fmt(or.rps, 0)} req/s (${fmt(or.cpuUsPerReq, 0)} µs CPU/req, main thread ${fmt(or.mainCpuUsPerReq, 0)} µs, p99 ${or.p99} ms, non-2xx ${or.non2xx}, errors ${or.errors})`,
    );
  }
  console.log(
    `round ${round}: peaks bare ${fmt(bareTop, 0)} / orbit ${fmt(top, 0)} req/s | at ${rate} req/s: p50 ${half.p50} ms p99 ${half.p99} ms (bare at that rate: p99 ${barePaced.at(-1)!.p99} ms)`,
  );
}

// Every acknowledged impression must be in storage.
const recorded = Number(
  (
    await ctx.db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'imp')
      .executeTakeFirstOrThrow()
  ).n,
);
await closeContext(ctx);
if (!env.DATABASE_URL) fs.rmSync(dataDir, { recursive: true, force: true }); // ~300 MB of events a run

const med = (m: Map<number, Measured[]>, c: number, f: (r: Measured) => number) => median(m.get(c)!.map(f));
console.log(
  `\nstorage: ${env.DATABASE_URL ? 'postgres' : `sqlite (synchronous=${env.ORBIT_SQLITE_SYNC ?? 'NORMAL, the default'})`}, ${SECONDS} s runs, ${ROUNDS} rounds; medians per connection count:`,
);
for (const c of COUNTS) {
  console.log(
    `  ${String(c).padStart(4)} conns: bare ${fmt(
      med(bare, c, (r) => r.rps),
      0,
    )} req/s, orbit ${fmt(
      med(orbit, c, (r) => r.rps),
      0,
    )} req/s, ratio ${fmt(med(orbit, c, (r) => r.rps) / med(bare, c, (r) => r.rps), 2)}; CPU per request bare ${fmt(
      med(bare, c, (r) => r.cpuUsPerReq),
      0,
    )} µs, orbit ${fmt(
      med(orbit, c, (r) => r.cpuUsPerReq),
      0,
    )} µs (main thread ${fmt(
      med(orbit, c, (r) => r.mainCpuUsPerReq),
      0,
    )})`,
  );
}
const bareMed = Math.max(...COUNTS.map((c) => med(bare, c, (r) => r.rps)));
const orbitMed = Math.max(...COUNTS.map((c) => med(orbit, c, (r) => r.rps)));
console.log(
  `peak throughput: bare node:http ${fmt(bareMed, 0)} req/s, orbit /track/imp ${fmt(orbitMed, 0)} req/s: ratio ${fmt(orbitMed / bareMed, 2)} (target ≥ 0.50)`,
);
console.log(
  `orbit p99 at half its peak throughput: median ${fmt(median(paced.map((r) => r.p99)), 2)} ms (target ≤ 5 ms); p50 ${fmt(median(paced.map((r) => r.p50)), 2)} ms; bare node:http at the same rate: p99 ${fmt(median(barePaced.map((r) => r.p99)), 2)} ms, p50 ${fmt(median(barePaced.map((r) => r.p50)), 2)} ms`,
);
// Requests still in flight when a run ends are committed but not counted by autocannon, so recorded ≥ acknowledged.
console.log(
  `acknowledged ${acked}, recorded ${recorded}${recorded >= acked ? ' (every acknowledged impression is stored)' : ' — LOST ACKNOWLEDGED EVENTS'}; server RSS under load ${fmt(rss, 0)} MB`,
);
writeResult(
  'track-imp',
  {
    throughput: {
      label: `peak req/s over ${COUNTS.join('/')} connections`,
      unit: 'req/s',
      value: orbitMed,
      baseline: bareMed,
      baselineLabel: 'bare node:http',
    },
    p99_half_peak: {
      label: 'p99 at half the peak, open loop',
      unit: 'ms',
      value: median(paced.map((r) => r.p99)),
      runs: paced.map((r) => r.p99),
      baseline: median(barePaced.map((r) => r.p99)),
      baselineLabel: 'bare node:http at that rate',
    },
    lost_acknowledged: {
      label: 'acknowledged impressions not stored',
      unit: '',
      value: Math.max(0, acked - recorded),
      digits: 0,
      note: `${acked.toLocaleString('en-US')} acknowledged, ${recorded.toLocaleString('en-US')} recorded.`,
    },
  },
  {
    variant: [
      env.DATABASE_URL && 'postgres',
      env.ORBIT_SQLITE_SYNC === 'FULL' && 'sync-full',
      values.connections !== '32,128,256' && `connections-${values.connections}`,
    ],
  },
);
