/**
 * POST /gateway/events with 1,000-event batches: mixed identities (emails,
 * formatted and E.164 phones, names, external ids, pre-hashed values), about a
 * third attributed through real clicks, 10% duplicates (half inside the batch,
 * half repeating the previous batch). Measures the batch latency (p50/p95,
 * end to end over HTTP) and the sustained ingestion rate, against a raw
 * batched SQL insert of the same stored rows into a table of the same shape
 * and indexes (prepared statement, one transaction per 1,000 rows) in the same
 * run and the same database.
 *
 *   npx tsx bench/conversions-gateway.ts [--batches 40] [--warmup 5] [--concurrency 1]
 *   (--concurrency 2: two senders post batches back to back, so the server is
 *   never idle while a sender sends or reads an answer; 1, the default, is the
 *   sequential figure the target was set against)
 *   (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { closeContext, createContext, startServer } from '../src/server.js';
import { cpuMs, startOrbit } from './lib/harness.js';
import { loadConfig } from '../src/config.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createPlacement } from '../src/modules/placements/service.js';
import { createApprovedCampaign } from '../src/modules/campaigns/seed.js';
import { randomBase62 } from '../src/lib/ids.js';
import { sha256Hex } from '../src/lib/hash.js';
import { ingestEvents } from '../src/modules/conversions/service.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1' },
  },
});
const BATCHES = Number(values.batches);
const CONCURRENCY = Number(values.concurrency);
const WARMUP = Number(values.warmup);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-conv-'));
const pgUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig(
  {
    dataDir,
    port: 0,
    logLevel: 'silent',
    adRateLimitPerSecond: 0,
    inventoryRefreshMs: 600_000,
    ...(pgUrl ? { databaseUrl: pgUrl, databaseSchema: `bench_${randomBase62(8).toLowerCase()}` } : {}),
  },
  {},
);
const server = await startServer(config);
let ctx = server.ctx;

// A world: publisher, advertiser, live campaign; 200 real clicks to attribute to.
const pub = await accounts.createPublisher(ctx, { name: 'Bench pub' });
await createPlacement(ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
const adv = await accounts.createAdvertiser(ctx, { name: 'Bench adv', hasPaymentMethod: true });
await accounts.addCredits(ctx, { advertiserId: adv.advertiser.id, amountDollars: 100_000 });
await createApprovedCampaign(ctx, adv.advertiser.id, {
  name: 'Runners',
  landing_page: 'https://shoes.example.com/',
  daily_budget: 100_000,
  max_cpc: 0.5,
  groups: [
    {
      name: 'Shoes',
      context: 'running shoes marathon trainers',
      brand_name: 'Stride',
      ads: [{ headline: 'Stride', copy: 'Light running shoes.', cta: 'Shop' }],
    },
  ],
});
await ctx.inventory.rebuild();
const clicks: Record<string, string>[] = [];
for (let i = 0; i < 200; i++) {
  const res = await fetch(`${server.url}/api/v1/ad`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pub.apiKey}`, 'content-type': 'application/json', 'user-agent': UA },
    body: JSON.stringify({
      messages: [{ role: 'user', content: 'Which running shoes for a marathon?' }],
      sessionId: `s-${i}`,
      placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
    }),
  });
  const ads = (await res.json()) as { clickUrl: string }[];
  const c = await fetch(ads[0].clickUrl, { headers: { 'user-agent': UA }, redirect: 'manual' });
  const loc = new URL(c.headers.get('location')!);
  clicks.push(
    Object.fromEntries(
      ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid'].map((k) => [k, loc.searchParams.get(k)!]),
    ),
  );
}

// The gateway under test runs as a child process on the same storage, so this process's load generator
// (request bodies, response parsing) does not share its event loop.
await server.close();
const orbit = await startOrbit({
  ORBIT_DATA_DIR: dataDir,
  ORBIT_INVENTORY_REFRESH_MS: '600000',
  ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema! } : {}),
});
const url = orbit.url;

let seq = 0;
let previous: Record<string, unknown>[] = [];
function batch(): Record<string, unknown>[] {
  const now = Math.floor(Date.now() / 1000);
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < 900; i++) {
    const n = seq++;
    const user: Record<string, unknown> = {};
    switch (n % 5) {
      case 0:
        user.em = [`buyer${n}@example.com`];
        user.ph = [`+1 (555) ${String(n % 1000).padStart(3, '0')}-${String(n % 10000).padStart(4, '0')}`];
        break;
      case 1:
        user.em = [sha256Hex(`pre${n}@example.com`)];
        user.fn = 'Ada';
        user.ln = `Lovelace${n}`;
        break;
      case 2:
        user.ph = [`+4420794${String(n % 100000).padStart(5, '0')}`];
        user.external_id = [`cust-${n}`];
        break;
      case 3:
        user.em = [`  Mixed.Case${n}@Example.COM `, `second${n}@example.org`];
        break;
      default:
        user.external_id = [`cust-${n}`];
    }
    if (n % 3 === 0)
      Object.assign(user, clicks[n % clicks.length], {
        visitor_id: `v-${n}`,
        session_id: `s-${n}`,
        client_user_agent: UA,
      });
    out.push({
      event_name: n % 7 === 0 ? 'Lead' : 'Purchase',
      event_time: now,
      event_id: `evt-${n}`,
      action_source: 'website',
      event_source_url: 'https://shoes.example.com/checkout/done',
      user_data: user,
      client_context: { timezone: 'Europe/Paris', screen: { width: 1920, height: 1080 } },
      custom_data: {
        value: (n % 200) + 0.99,
        currency: 'USD',
        order_id: `evt-${n}`,
        contents: [{ id: 'sku-1', quantity: 1, item_price: 19.99 }],
      },
    });
  }
  // 10% duplicates: 50 repeats inside the batch, 50 from the previous batch.
  for (let i = 0; i < 50; i++) out.push(out[i * 17]);
  for (let i = 0; i < 50; i++) out.push(previous.length ? previous[i * 13] : out[i * 11 + 1]);
  previous = out.slice(0, 900);
  return out;
}

async function post(body: string): Promise<{ ms: number; ok: number; dup: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/gateway/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adv.apiKey}`, 'content-type': 'application/json' },
    body,
  });
  const out = (await res.json()) as { results: { status: string }[] };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`gateway answered ${res.status}: ${JSON.stringify(out).slice(0, 300)}`);
  return {
    ms,
    ok: out.results.filter((r) => r.status === 'ok').length,
    dup: out.results.filter((r) => r.status === 'duplicate').length,
  };
}

for (let i = 0; i < WARMUP; i++) await post(JSON.stringify({ data: batch() }));
// The request bodies are made before the clock starts, as the baseline's rows are read before its clock starts:
// the rate measures the gateway, not this load generator (which shares the machine's two cores).
const bodies = Array.from({ length: BATCHES }, () => JSON.stringify({ data: batch() }));
const lat: number[] = [];
let stored = 0;
let dups = 0;
const cpu0 = cpuMs(orbit.pid);
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < bodies.length) {
      const r = await post(bodies[next++]);
      lat.push(r.ms);
      stored += r.ok;
      dups += r.dup;
    }
  }),
);
const gatewaySeconds = (performance.now() - t0) / 1000;
const serverCpuPerBatch = (cpuMs(orbit.pid) - cpu0) / BATCHES;
await orbit.stop();
ctx = await createContext(config);
const pct = (p: number) => [...lat].sort((a, b) => a - b)[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))];

// Baseline: the same stored rows, inserted raw into a table of the same shape and indexes.
async function rawTable(name: string): Promise<void> {
  await sql.raw(`CREATE TABLE ${name} AS SELECT * FROM conversions WHERE 1 = 0`).execute(ctx.db);
  await sql.raw(`CREATE UNIQUE INDEX ${name}_id ON ${name} (id)`).execute(ctx.db); // the primary key of conversions
  await sql.raw(`CREATE INDEX ${name}_adv_id ON ${name} (advertiser_id, id)`).execute(ctx.db);
  await sql.raw(`CREATE INDEX ${name}_adv_campaign ON ${name} (advertiser_id, campaign_id, id)`).execute(ctx.db);
  await sql.raw(`CREATE INDEX ${name}_adv_type ON ${name} (advertiser_id, event_type, id)`).execute(ctx.db);
  await sql.raw(`CREATE INDEX ${name}_adv_at ON ${name} (advertiser_id, event_at)`).execute(ctx.db);
}
await rawTable('conversions_raw');
await rawTable('conversions_raw_multi');
const rows = await ctx.db.selectFrom('conversions').selectAll().orderBy('id').limit(stored).execute();
const cols = Object.keys(rows[0]);
const rowValues = (r: (typeof rows)[number]) => cols.map((c) => (r as Record<string, unknown>)[c]);

/** Baseline 1: one prepared single-row INSERT reused, one transaction per 1,000 rows (the floor). */
async function rawPrepared(): Promise<number> {
  const t0 = performance.now();
  if (ctx.database.sqlite) {
    const stmt = ctx.database.sqlite.prepare(
      `INSERT INTO conversions_raw (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    );
    const tx = ctx.database.sqlite.transaction((part: typeof rows) => {
      for (const r of part) stmt.run(rowValues(r));
    });
    for (let i = 0; i < rows.length; i += 1000) tx.immediate(rows.slice(i, i + 1000));
  } else {
    const client = await ctx.database.pool!.connect();
    try {
      const text = `INSERT INTO conversions_raw (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`;
      for (let i = 0; i < rows.length; i += 1000) {
        await client.query('BEGIN');
        for (const r of rows.slice(i, i + 1000)) await client.query({ name: 'raw1', text, values: rowValues(r) });
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
  }
  return (performance.now() - t0) / 1000;
}

/** Baseline 2: multi-row INSERT … VALUES (…), (…) statements of 100 rows, one transaction per 1,000 rows. */
async function rawMultiRow(): Promise<number> {
  const per = 100;
  const ph = (n: number, dollar: boolean) =>
    Array.from(
      { length: n },
      (_, r) => `(${cols.map((_, c) => (dollar ? `$${r * cols.length + c + 1}` : '?')).join(', ')})`,
    ).join(', ');
  const t0 = performance.now();
  if (ctx.database.sqlite) {
    const stmt = ctx.database.sqlite.prepare(
      `INSERT INTO conversions_raw_multi (${cols.join(', ')}) VALUES ${ph(per, false)}`,
    );
    const tx = ctx.database.sqlite.transaction((part: typeof rows) => {
      for (let j = 0; j < part.length; j += per) stmt.run(part.slice(j, j + per).flatMap(rowValues));
    });
    for (let i = 0; i < rows.length; i += 1000) tx.immediate(rows.slice(i, i + 1000));
  } else {
    const client = await ctx.database.pool!.connect();
    try {
      const text = `INSERT INTO conversions_raw_multi (${cols.join(', ')}) VALUES ${ph(per, true)}`;
      for (let i = 0; i < rows.length; i += 1000) {
        await client.query('BEGIN');
        const part = rows.slice(i, i + 1000);
        for (let j = 0; j < part.length; j += per)
          await client.query({ name: 'rawN', text, values: part.slice(j, j + per).flatMap(rowValues) });
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
  }
  return (performance.now() - t0) / 1000;
}
if (rows.length % 100 !== 0) throw new Error('stored rows must be a multiple of 100');
// CPU time too (this process: the raw inserts run here), robust to other load on the shared machine.
const rawCpu0 = process.cpuUsage();
const rawSeconds = await rawPrepared();
const rawCpuUsage = process.cpuUsage(rawCpu0);
const rawCpuMsPerBatch = ((rawCpuUsage.user + rawCpuUsage.system) / 1000 / rows.length) * (stored / BATCHES);
const multiSeconds = await rawMultiRow();

// The same batches through the service function alone (no HTTP, no JSON), to show where the time goes.
// CPU time per batch too: on a shared machine it shows the work itself, apart from waiting for a core.
const svc: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < Math.max(5, BATCHES / 2); i++) {
  const b = batch();
  const c0 = process.cpuUsage();
  const t = performance.now();
  await ingestEvents(ctx, adv.advertiser.id, { data: b });
  svc.push(performance.now() - t);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
svc.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);

const gatewayRate = stored / gatewaySeconds;
const rawRate = rows.length / rawSeconds;
const multiRate = rows.length / multiSeconds;
console.log(
  JSON.stringify(
    {
      backend: ctx.database.dialect,
      batches: BATCHES,
      concurrency: CONCURRENCY,
      batch_p50_ms: +pct(50).toFixed(1),
      batch_p95_ms: +pct(95).toFixed(1),
      server_cpu_ms_per_batch: +serverCpuPerBatch.toFixed(1),
      raw_cpu_ms_per_batch: +rawCpuMsPerBatch.toFixed(1),
      cpu_ratio: +(rawCpuMsPerBatch / serverCpuPerBatch).toFixed(3),
      service_p50_ms: +svc[Math.floor(svc.length / 2)].toFixed(1),
      service_cpu_p50_ms: +cpu[Math.floor(cpu.length / 2)].toFixed(1),
      stored,
      duplicates: dups,
      gateway_rows_per_s: Math.round(gatewayRate),
      raw_insert_rows_per_s: Math.round(rawRate),
      ratio: +(gatewayRate / rawRate).toFixed(3),
      raw_multirow_rows_per_s: Math.round(multiRate),
      ratio_multirow: +(gatewayRate / multiRate).toFixed(3),
      load_avg_1m: +os.loadavg()[0].toFixed(1),
    },
    null,
    1,
  ),
);
writeResult(
  'conversions-gateway',
  {
    batch_p50: { label: '1,000-event batch p50', unit: 'ms', value: pct(50) },
    rate: {
      label: 'sustained rows/s',
      unit: 'rows/s',
      value: gatewayRate,
      baseline: rawRate,
      baselineLabel: 'raw prepared insert, same rows',
    },
  },
  { variant: [ctx.database.dialect, CONCURRENCY > 1 && `concurrency-${CONCURRENCY}`] },
);
await closeContext(ctx);
fs.rmSync(dataDir, { recursive: true, force: true });
if (pgUrl && config.databaseSchema) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
  await c.end();
}
