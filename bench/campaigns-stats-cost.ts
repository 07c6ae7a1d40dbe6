/**
 * What the lifetime-stats trigger (migration 0002) costs the tracking hot
 * path: the journal store commits the same batches of impressions and clicks
 * into two databases, one as migrated and one with the `rollups_stats_*`
 * triggers dropped (the baseline), alternating batch by batch so both see
 * the same machine load.
 *
 *   npx tsx bench/campaigns-stats-cost.ts [batches=60] [events per batch=2000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createContext, closeContext } from '../src/server.js';
import { journalStore, type EventRow } from '../src/modules/tracking/repo.js';
import { RollupAccumulator } from '../src/modules/tracking/rollup.js';
import { newId } from '../src/lib/ids.js';

const BATCHES = Number(process.argv[2] ?? 60);
const PER = Number(process.argv[3] ?? 2000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function open(dropTrigger: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-stats-'));
  const ctx = await createContext(loadConfig({ dataDir, logLevel: 'silent', sqliteSync: 'NORMAL' }, {}));
  if (dropTrigger) for (const t of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER rollups_stats_${t}`).execute(ctx.db);
  return { ctx, store: journalStore(ctx.database), dataDir };
}

function batch(n: number) {
  const campaigns = Array.from({ length: 50 }, () => newId());
  const now = Date.now();
  const events: EventRow[] = Array.from({ length: n }, (_, i) => {
    const click = i % 50 === 0;
    return {
      kind: click ? 'click' : 'imp',
      click_id: newId(),
      at: now - (i % 96) * 900_000,
      publisher_id: 'p',
      placement_id: 'Chat-Below',
      placement_type: 'below_response',
      campaign_id: campaigns[i % 50],
      ad_group_id: 'g',
      ad_id: 'a',
      advertiser_id: 'adv',
      device: 'desktop',
      country: 'US',
      ip_hash: 'h',
      is_bot: 0,
      is_test: 0,
      spend_micros: click ? 500_000 : 0,
      revenue_micros: click ? 350_000 : 0,
      take_micros: click ? 150_000 : 0,
      graid: null,
    };
  });
  return {
    requests: [],
    serves: [],
    events,
    rollups: (inserted: boolean[]) => {
      const acc = new RollupAccumulator();
      events.forEach((e, i) => {
        if (inserted[i]) {
          acc.add(e.at, { publisher_id: e.publisher_id, placement_id: e.placement_id, placement_type: e.placement_type, advertiser_id: e.advertiser_id, campaign_id: e.campaign_id, ad_group_id: e.ad_group_id, ad_id: e.ad_id, device: e.device, country: e.country }, { impressions: e.kind === 'imp' ? 1 : 0, clicks: e.kind === 'click' ? 1 : 0, spend_micros: e.spend_micros, revenue_micros: e.revenue_micros, take_micros: e.take_micros });
        }
      });
      return acc.drain();
    },
  };
}

async function main() {
  const withT = await open(false);
  const without = await open(true);
  const a: number[] = [];
  const b: number[] = [];
  try {
    for (let i = 0; i < BATCHES; i++) {
      for (const [db, out] of (i % 2 ? [[withT, a], [without, b]] : [[without, b], [withT, a]]) as [typeof withT, number[]][]) {
        const x = batch(PER);
        const t = performance.now();
        await db.store.commit(x);
        out.push(performance.now() - t);
      }
    }
    const rows = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM rollups`.execute(withT.ctx.db)).rows[0].n);
    console.log(`${BATCHES} batches × ${PER} events (${rows} rollup rows written), SQLite synchronous=NORMAL, median per batch:`);
    console.log(`with the lifetime-stats trigger   ${median(a).toFixed(2)} ms  (${((median(a) * 1000) / PER).toFixed(1)} µs/event)`);
    console.log(`baseline: trigger dropped         ${median(b).toFixed(2)} ms  (${((median(b) * 1000) / PER).toFixed(1)} µs/event)`);
    console.log(`overhead: ${(((median(a) - median(b)) / median(b)) * 100).toFixed(1)}%`);
  } finally {
    for (const d of [withT, without]) {
      await closeContext(d.ctx);
      fs.rmSync(d.dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
