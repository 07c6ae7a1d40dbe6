/**
 * What the lifetime-stats mirror costs the tracking hot path: the same
 * batches of impressions and clicks (50 campaigns, spread over a day's
 * quarter hours: every event writes its own rollup row, the worst case for a
 * row trigger) committed into fresh databases, batch by batch in rotating
 * order so all see the same machine load:
 *   baseline                  events + rollups, no mirrors
 *   lifetime trigger only     migration 0002's row trigger, scope triggers dropped (Orbit before 0007, lifetime part)
 *   all row triggers          0002 + 0004 (Orbit before 0007)
 *   per batch                 the journal store: scope totals and lifetime deltas derived per batch (0007)
 *
 *   npx tsx bench/campaigns-stats-cost.ts [batches=60] [events per batch=2000]
 */
import { sql } from 'kysely';
import type { EventRow } from '../src/modules/tracking/repo.js';
import { newId } from '../src/lib/ids.js';
import { compareArms, openArm, type ArmSpec } from './lib/rollup-arms.js';
import { writeResult } from './lib/results.js';

const BATCHES = Number(process.argv[2] ?? 60);
const PER = Number(process.argv[3] ?? 2000);

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
      ivt_reason: null,
      overdelivery_micros: 0,
    };
  });
  return {
    requests: [],
    serves: [],
    events,
    rollups: [],
  };
}

const ARMS: ArmSpec[] = [
  { arm: 'bare', label: 'baseline: no mirrors     ' },
  { arm: 'triggers', label: 'lifetime trigger only    ', dropTriggers: ['rollups_scope_ins', 'rollups_scope_upd'] },
  { arm: 'triggers', label: 'all row triggers (before)' },
  { arm: 'batch', label: 'per batch (0007)         ' },
];

async function main() {
  const res = await compareArms(ARMS, () => batch(PER), { batches: BATCHES });
  const probe = await openArm('batch');
  await probe.store.commit(batch(PER));
  const rows = Number(
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM rollups`.execute(probe.database.db)).rows[0].n,
  );
  await probe.close();
  console.log(
    `${BATCHES} batches × ${PER} events (${rows} rollup rows each), SQLite synchronous=NORMAL, median commit per arm:`,
  );
  for (const [i, { label }] of ARMS.entries()) {
    const m = res[i];
    const over = (((m.cpu - res[0].cpu) / res[0].cpu) * 100).toFixed(1);
    console.log(
      `${label}  cpu ${m.cpu.toFixed(2).padStart(6)} ms (${((m.cpu * 1000) / PER).toFixed(1)} µs/event, +${over}%)   wall ${m.wall.toFixed(2).padStart(6)} ms`,
    );
  }
  writeResult('campaigns-stats-cost', {
    per_batch: {
      label: `CPU per ${PER.toLocaleString('en-US')}-event commit, mirrors derived per batch`,
      unit: 'ms',
      value: res[3].cpu,
      baseline: res[0].cpu,
      baselineLabel: 'events + rollups, no mirrors',
    },
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
