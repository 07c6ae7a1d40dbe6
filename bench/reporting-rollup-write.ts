/**
 * What the mirrors of the rollups (scope totals for the reports, lifetime
 * deltas for the campaign list) cost on the journal's commit path: batches of
 * impressions (one event row + one rollup upsert each, the tracking path's
 * shape) committed three ways in the same run, alternating:
 *   baseline        events + rollups, no mirrors
 *   row triggers    the triggers of migrations 0002/0004 (Orbit before 0007)
 *   per batch       the journal store: mirrors derived per batch (0007)
 *
 *   npx tsx bench/reporting-rollup-write.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reporting-rollup-write.ts
 * Options: RUNS=3, BATCHES=40, BATCH=500, AD_GROUPS=2000 (ad groups, each its own campaign and
 * advertiser, taken in turn: with 2,000 every impression of a batch is another group and
 * campaign — nothing collapses, the worst case for a per-batch derivation; AD_GROUPS=50 gives
 * batches of 50 groups, 10 impressions each), MIX=1 (each impression's publisher of 50,
 * placement of 2, device of 3 and country of 10 drawn at random, apart from its group: the
 * rollup rows of a batch differ, their scope rows collapse — live traffic's shape).
 * Reports wall and CPU µs per recorded impression.
 */
import { newId } from '../src/lib/ids.js';
import type { Batch, EventRow } from '../src/modules/tracking/repo.js';
import { compareArms, type ArmSpec } from './lib/rollup-arms.js';
import { writeResult } from './lib/results.js';

const PG = process.env.DATABASE_URL;
const RUNS = Number(process.env.RUNS ?? 3);
const BATCHES = Number(process.env.BATCHES ?? 40);
const BATCH = Number(process.env.BATCH ?? 500);
const GROUPS = Number(process.env.AD_GROUPS ?? 2000);
const MIX = process.env.MIX === '1';
let seed = 42;
const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;

const pubs = Array.from({ length: 50 }, () => newId());
const groups = Array.from({ length: GROUPS }, () => ({ id: newId(), campaign: newId(), adv: newId(), ad: newId() }));

function batch(k: number, t0: number): Batch {
  const events: EventRow[] = [];
  for (let i = 0; i < BATCH; i++) {
    const g = groups[(k * BATCH + i) % groups.length];
    const where = MIX
      ? {
          publisher_id: pubs[rand(pubs.length)],
          placement_id: `Slot-${rand(2)}`,
          device: ['desktop', 'mobile', 'tablet'][rand(3)],
          country: `C${rand(10)}`,
        }
      : { publisher_id: pubs[i % pubs.length], placement_id: 'Slot', device: 'desktop', country: 'US' };
    events.push({
      kind: 'imp',
      click_id: newId(),
      at: t0 + k * 1000 + i,
      ...where,
      placement_type: 'below_response',
      campaign_id: g.campaign,
      ad_group_id: g.id,
      ad_id: g.ad,
      advertiser_id: g.adv,
      ip_hash: 'x',
      is_bot: 0,
      is_test: 0,
      spend_micros: 2000,
      revenue_micros: 1400,
      take_micros: 600,
      graid: null,
      ivt_reason: null,
      overdelivery_micros: 0,
    });
  }
  return {
    requests: [],
    serves: [],
    events,
    rollups: [],
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ARMS: ArmSpec[] = [
  { arm: 'bare', label: 'baseline: no mirrors    ' },
  { arm: 'triggers', label: 'row triggers (0002/0004)' },
  { arm: 'batch', label: 'per batch (0007)        ' },
];

const got = ARMS.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let r = 0; r < RUNS; r++) {
  const t0 = Date.now();
  const res = await compareArms(ARMS, (k) => batch(k, t0), { batches: BATCHES, pgUrl: PG });
  res.forEach((m, a) => {
    got[a].wall.push((m.wall * 1000) / BATCH);
    got[a].cpu.push((m.cpu * 1000) / BATCH);
  });
}
console.log(
  `backend ${PG ? 'postgres' : 'sqlite'}; ${BATCHES} commits × ${BATCH} impressions over ${GROUPS} ad groups${MIX ? ', mixed publishers/placements/devices/countries' : ''}, per arm; µs per recorded impression (median commit of each run, median of ${RUNS} runs), this process's CPU${PG ? ' (not the PostgreSQL server)' : ''} and wall`,
);
ARMS.forEach(({ label }, a) => {
  const g = got[a];
  const ratio = (x: number[], b: number[]) => (median(x) / median(b)).toFixed(2);
  console.log(
    `${label}  cpu ${median(g.cpu).toFixed(1).padStart(6)} (${ratio(g.cpu, got[0].cpu)}×)   wall ${median(g.wall).toFixed(1).padStart(6)} (${ratio(g.wall, got[0].wall)}×)   cpu runs ${g.cpu.map((x) => x.toFixed(1)).join(', ')}`,
  );
});
// CPU on SQLite; wall on PostgreSQL, where the writes' work is in the PostgreSQL server, not in this process.
const measure = (a: number) => median(PG ? got[a].wall : got[a].cpu);
writeResult(
  'reporting-rollup-write',
  {
    per_batch: {
      label: `${PG ? 'wall' : 'CPU'} per recorded impression, mirrors derived per batch`,
      unit: 'µs',
      value: measure(2),
      baseline: measure(0),
      baselineLabel: 'no mirrors',
    },
  },
  { variant: `${PG ? 'postgres' : 'sqlite'}-${GROUPS}-groups${MIX ? '-mixed' : ''}` },
);
