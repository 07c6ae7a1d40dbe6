/**
 * The journal's group commits under `/track/imp` load: `orbit serve` on a fresh
 * SQLite directory, autocannon at `--connections` for `--seconds`, each
 * request a new impression; prints throughput, server CPU per request, and
 * from `/metrics` the commits made, records per commit and the mean commit
 * round trip (append → durable, as the event loop sees it). Compare settings
 * with BENCH_ORBIT_ENV, e.g.
 *
 *   BENCH_ORBIT_ENV='{"ORBIT_GROUP_COMMIT_IN_FLIGHT":"1"}' npx tsx bench/journal-batches.ts [--connections 32] [--seconds 5]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createContext, closeContext } from '../src/server.js';
import { load, loadWithCpu, startOrbit, tempDir, varying, fmt } from './lib/harness.js';
import { BROWSER_UA as UA, impressionMinter, unstoredAd } from './lib/impressions.js';
import { writeResult } from './lib/results.js';
const { values } = parseArgs({
  options: { connections: { type: 'string', default: '32' }, seconds: { type: 'string', default: '5' } },
});
const C = Number(values.connections),
  S = Number(values.seconds);
const dataDir = tempDir('orbit-bench-batches-');
const ctx = await createContext(loadConfig({ dataDir, logLevel: 'silent' }, {}));
const tokens = impressionMinter(ctx.codec, unstoredAd())(600_000);
let i = 0;
const reqs = varying('GET', () => ({ path: `/track/imp?p=${tokens[i++]}` }));
const o = await startOrbit({ ORBIT_DATA_DIR: dataDir, ORBIT_INVENTORY_REFRESH_MS: '600000' });
await load({ url: o.url, connections: C, duration: 2, headers: { 'user-agent': UA }, requests: reqs });
const m0 = await (await fetch(`${o.url}/metrics`)).text();
const r = await loadWithCpu(o.pid, {
  url: o.url,
  connections: C,
  duration: S,
  headers: { 'user-agent': UA },
  requests: reqs,
});
const m1 = await (await fetch(`${o.url}/metrics`)).text();
const get = (m: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(m)?.[1] ?? NaN);
const d = (name: string) => get(m1, name) - get(m0, name);
const commits = d('orbit_journal_commit_seconds_count');
console.log(
  `conns ${C}: ${fmt(r.rps, 0)} req/s, cpu ${fmt(r.cpuUsPerReq, 0)} µs (main ${fmt(r.mainCpuUsPerReq, 0)}), p50 ${r.p50} p99 ${r.p99}; commits ${commits}, batch ${fmt(d('orbit_journal_batch_records_sum') / commits, 1)}, commit wall ${fmt((d('orbit_journal_commit_seconds_sum') / commits) * 1000, 3)} ms, env ${process.env.BENCH_ORBIT_ENV ?? ''}`,
);
await o.stop();
await closeContext(ctx);
writeResult(
  'journal-batches',
  {
    throughput: { label: `/track/imp req/s at ${C} connections`, unit: 'req/s', value: r.rps },
    records_per_commit: {
      label: 'records per group commit',
      unit: '',
      value: d('orbit_journal_batch_records_sum') / commits,
    },
  },
  { variant: `connections-${C}` },
);
