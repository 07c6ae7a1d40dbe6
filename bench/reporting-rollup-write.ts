/**
 * What the scoped-rollup triggers (migration 0004) cost on the write path:
 * the journal store commits batches of impressions (one event row + one
 * rollup upsert each, the tracking path's shape) with the triggers, and again
 * in the same run after dropping them (the baseline).
 *
 *   npx tsx bench/reporting-rollup-write.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reporting-rollup-write.ts
 * Options: RUNS=3, BATCHES=40, BATCH=500.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createContext, closeContext } from '../src/server.js';
import { newId } from '../src/lib/ids.js';
import { journalStore, type Batch, type EventRow } from '../src/modules/tracking/repo.js';
import { rollupRow } from '../src/modules/tracking/rollup.js';

const PG = process.env.DATABASE_URL;
const RUNS = Number(process.env.RUNS ?? 3);
const BATCHES = Number(process.env.BATCHES ?? 40);
const BATCH = Number(process.env.BATCH ?? 500);

const pubs = Array.from({ length: 50 }, () => newId());
const groups = Array.from({ length: 2000 }, () => ({ id: newId(), campaign: newId(), adv: newId(), ad: newId() }));

function batch(k: number, t0: number): Batch {
  const events: EventRow[] = [];
  for (let i = 0; i < BATCH; i++) {
    const g = groups[(k * BATCH + i) % groups.length];
    events.push({
      kind: 'imp', click_id: newId(), at: t0 + k * 1000 + i, publisher_id: pubs[i % pubs.length], placement_id: 'Slot', placement_type: 'below_response',
      campaign_id: g.campaign, ad_group_id: g.id, ad_id: g.ad, advertiser_id: g.adv, device: 'desktop', country: 'US', ip_hash: 'x', is_bot: 0, is_test: 0,
      spend_micros: 2000, revenue_micros: 1400, take_micros: 600, graid: null,
    });
  }
  return {
    requests: [],
    serves: [],
    events,
    rollups: (inserted) =>
      events
        .filter((_, i) => inserted[i])
        .map((e) =>
          rollupRow(e.at, { publisher_id: e.publisher_id, placement_id: e.placement_id, placement_type: e.placement_type, advertiser_id: e.advertiser_id, campaign_id: e.campaign_id, ad_group_id: e.ad_group_id, ad_id: e.ad_id, device: e.device, country: e.country }, { impressions: 1, spend_micros: e.spend_micros, revenue_micros: e.revenue_micros, take_micros: e.take_micros }),
        ),
  };
}

async function measure(withTriggers: boolean): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-rw-'));
  const schema = `bench_rw_${Math.random().toString(36).slice(2, 8)}`;
  const config = loadConfig({ dataDir, logLevel: 'warn', sqliteSync: 'NORMAL', ...(PG ? { databaseUrl: PG, databaseSchema: schema } : {}) }, {});
  const ctx = await createContext(config);
  if (!withTriggers) {
    if (ctx.database.dialect === 'sqlite') {
      await sql`DROP TRIGGER rollups_scope_ins`.execute(ctx.db);
      await sql`DROP TRIGGER rollups_scope_upd`.execute(ctx.db);
    } else await sql`DROP TRIGGER rollups_scope ON rollups`.execute(ctx.db);
  }
  const store = journalStore(ctx.database);
  const t0 = Date.now();
  for (let k = 0; k < 3; k++) await store.commit(batch(k, t0)); // warm-up
  const start = performance.now();
  for (let k = 3; k < BATCHES + 3; k++) await store.commit(batch(k, t0));
  const usPerEvent = ((performance.now() - start) * 1000) / (BATCHES * BATCH);
  await closeContext(ctx);
  if (PG) {
    const c = new pg.Client({ connectionString: PG });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return usPerEvent;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const without: number[] = [];
const withT: number[] = [];
for (let r = 0; r < RUNS; r++) {
  without.push(await measure(false));
  withT.push(await measure(true));
}
console.log(`backend ${PG ? 'postgres' : 'sqlite'}; ${BATCHES} commits × ${BATCH} impressions; µs per recorded impression (median of ${RUNS})`);
console.log(`without triggers (baseline): ${median(without).toFixed(1)}   runs ${without.map((x) => x.toFixed(1)).join(', ')}`);
console.log(`with scoped-rollup triggers: ${median(withT).toFixed(1)}   runs ${withT.map((x) => x.toFixed(1)).join(', ')}`);
console.log(`ratio: ${(median(withT) / median(without)).toFixed(2)}×`);
