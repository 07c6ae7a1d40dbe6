/**
 * GET /track/imp with durable writes, every request a new impression (a
 * distinct token), against a bare node:http server answering 200 in the same
 * run, with the same autocannon connections and the same kind of requests
 * (real tokens in the URL, made per request by the same generator code). Then p99 latency at half of
 * Orbit's measured throughput, from an open-loop generator (bench/lib/paced.ts:
 * latency from each request's scheduled time), against Orbit and against the
 * bare server at the same rate.
 *
 *   npx tsx bench/track-imp.ts [--rounds 3] [--seconds 10] [--connections 32]
 *   (BENCH_DATABASE_URL=postgres://… for PostgreSQL; ORBIT_SQLITE_SYNC=NORMAL to compare)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import { newId, randomBase62 } from '../src/lib/ids.js';
import type { TokenCodec } from '../src/lib/token.js';
import { pacedInChild, type PacedResult } from './lib/paced.js';
import { fmt, load, loadWithCpu, median, rssMb, startBareServer, startOrbit, tempDir, varying, type LoadResult } from './lib/harness.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
/** The paced (open-loop) runs keep enough idle connections that the generator never queues on its own side. */
const PACED_CONNECTIONS = 64;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

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
const codec: TokenCodec = ctx.codec;
const ids = { campaign: newId(), group: newId(), ad: newId(), publisher: newId(), advertiser: newId() };

function mint(n: number): string[] {
  const issuedAt = Math.floor(Date.now() / 1000);
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    out[i] = codec.seal({
      clickId: newId(),
      campaignId: ids.campaign,
      adGroupId: ids.group,
      adId: ids.ad,
      publisherId: ids.publisher,
      advertiserId: ids.advertiser,
      placementType: 'below_response',
      placementId: 'Chat-Below',
      priceMicros: 2_000_000,
      pricing: 'cpm',
      revenueShareBps: 7000,
      test: false,
      issuedAt,
    });
  }
  return out;
}

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
const bare: Measured[] = [];
const orbit: Measured[] = [];
const paced: PacedResult[] = [];
const barePaced: PacedResult[] = [];
let acked = 0;
let rss = 0;

for (let round = 1; round <= ROUNDS; round++) {
  // The bare server gets the same requests, built by the same generator code (it answers every one 200 unread),
  // so both runs cost the load generator the same and the ratio compares the servers alone.
  const b = await startBareServer();
  await load({ url: b.url, connections: CONNECTIONS, duration: 2, headers: { 'user-agent': UA }, requests: cycling(barePool) });
  bare.push(await loadWithCpu(b.pid, { url: b.url, connections: CONNECTIONS, duration: SECONDS, headers: { 'user-agent': UA }, requests: cycling(barePool) }));
  await b.stop();

  const budget = Math.max(50_000, Math.ceil(bare.at(-1)!.rps * (SECONDS + 2) * 1.15));
  const tokens = mint(budget);
  const o = await startOrbit(env);
  const url = o.url;
  const warm = await load({ url, connections: CONNECTIONS, duration: 2, headers: { 'user-agent': UA }, requests: distinctRequests(tokens.slice(0, Math.ceil(budget * 0.25))) });
  const full = await loadWithCpu(o.pid, { url, connections: CONNECTIONS, duration: SECONDS, headers: { 'user-agent': UA }, requests: distinctRequests(tokens.slice(Math.ceil(budget * 0.25))) });
  orbit.push(full);
  const rate = Math.floor(full.rps / 2);
  const half = await pacedInChild({
    url,
    rate,
    seconds: SECONDS,
    connections: PACED_CONNECTIONS,
    requests: mint(rate * SECONDS + 10).map((p) => ({ method: 'GET', path: `/track/imp?p=${p}`, headers: { 'user-agent': UA } })),
  });
  paced.push(half);
  rss = Math.max(rss, rssMb(o.pid));
  acked += warm.ok + full.ok + half.ok;
  if (half.completed < half.sent * 0.99) console.log(`  (paced run completed only ${half.completed} of ${half.sent}: the server did not keep up)`);
  await o.stop();
  // The machine's own latency floor at that rate: the bare server, paced the same.
  const b2 = await startBareServer();
  barePaced.push(
    await pacedInChild({ url: b2.url, rate, seconds: SECONDS, connections: PACED_CONNECTIONS, requests: [{ method: 'GET', path: '/track/imp?p=x', headers: { 'user-agent': UA } }] }),
  );
  await b2.stop();
  console.log(
    `round ${round}: bare ${fmt(bare.at(-1)!.rps, 0)} req/s (${fmt(bare.at(-1)!.cpuUsPerReq, 0)} µs CPU/req) | orbit ${fmt(full.rps, 0)} req/s (${fmt(full.cpuUsPerReq, 0)} µs CPU/req, main thread ${fmt(full.mainCpuUsPerReq, 0)} µs, p99 ${full.p99} ms, non-2xx ${full.non2xx}, errors ${full.errors}) | at ${rate} req/s: p50 ${half.p50} ms p99 ${half.p99} ms (bare at that rate: p99 ${barePaced.at(-1)!.p99} ms)`,
  );
}

// Every acknowledged impression must be in storage.
const recorded = Number(
  (await ctx.db.selectFrom('tracking_events').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'imp').executeTakeFirstOrThrow()).n,
);
await closeContext(ctx);

const bareMed = median(bare.map((r) => r.rps));
const orbitMed = median(orbit.map((r) => r.rps));
console.log(`\nstorage: ${env.DATABASE_URL ? 'postgres' : `sqlite (synchronous=${env.ORBIT_SQLITE_SYNC ?? 'NORMAL, the default'})`}, connections ${CONNECTIONS}, ${SECONDS} s runs, ${ROUNDS} rounds`);
console.log(`bare node:http     median ${fmt(bareMed, 0)} req/s`);
console.log(`orbit /track/imp   median ${fmt(orbitMed, 0)} req/s  ratio ${fmt(orbitMed / bareMed, 2)} (target ≥ 0.50)`);
console.log(
  `server CPU per request: bare ${fmt(median(bare.map((r) => r.cpuUsPerReq)), 0)} µs, orbit ${fmt(median(orbit.map((r) => r.cpuUsPerReq)), 0)} µs (main thread ${fmt(median(orbit.map((r) => r.mainCpuUsPerReq)), 0)} µs; ratio ${fmt(median(bare.map((r) => r.cpuUsPerReq)) / median(orbit.map((r) => r.cpuUsPerReq)), 2)})`,
);
console.log(
  `orbit p99 at half its throughput: median ${median(paced.map((r) => r.p99))} ms (target ≤ 5 ms); p50 ${median(paced.map((r) => r.p50))} ms; bare node:http at the same rate: p99 ${median(barePaced.map((r) => r.p99))} ms, p50 ${median(barePaced.map((r) => r.p50))} ms`,
);
// Requests still in flight when a run ends are committed but not counted by autocannon, so recorded ≥ acknowledged.
console.log(
  `acknowledged ${acked}, recorded ${recorded}${recorded >= acked ? ' (every acknowledged impression is stored)' : ' — LOST ACKNOWLEDGED EVENTS'}; server RSS under load ${fmt(rss, 0)} MB`,
);
