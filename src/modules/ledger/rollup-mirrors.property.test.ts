import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Ctx } from '../../context.js';
import { ROLLUP_COUNTER_COLUMNS, type RollupRow } from './rollup.js';
import { chargeGates, lifetimeTotals, rollupWriters } from './service.js';
import { commitConversions } from '../conversions/repo.js';
import { recordRollups, testContext } from '../../../test/helpers.js';
import { settleRollups } from '../../db/index.js';

/**
 * The scope totals and the campaigns' all-time rows are derived per batch by the one
 * writer of `rollups` (they were row triggers until migration 0007). Whatever
 * batches are written — repeated keys, unsorted rows, zero counters, rows
 * outside a scope ('' ids), day boundaries — the mirrors must hold exactly
 * what the triggers gave, which is the rollups summed per scope key (the
 * migration 0004 backfill) and per campaign over all time (`rollup_scope_all`).
 */
const COUNTERS = ROLLUP_COUNTER_COLUMNS.join(', ');
const SUMS = ROLLUP_COUNTER_COLUMNS.map((c) => `SUM(${c}) AS ${c}`).join(', ');
const SCOPES = [
  ['pub', 'publisher_id', 'publisher_id'],
  ['cmp', 'campaign_id', 'advertiser_id'],
  ['grp', 'ad_group_id', 'advertiser_id'],
] as const;

type Row = Record<string, unknown>;
const num = (rows: Row[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+$/.test(v)) ? Number(v) : v,
      ]),
    ),
  );

async function query(ctx: Ctx, text: string): Promise<Row[]> {
  await settleRollups(ctx.db);
  return num((await sql.raw<Row>(text).execute(ctx.db)).rows);
}

/** Brute force from `rollups`, as the triggers kept them: every scope key any rollup row ever had, with its sums. */
async function expectedScopes(ctx: Ctx, table: 'qh' | 'day'): Promise<Row[]> {
  const time = table === 'qh' ? 'bucket' : 'bucket / 96';
  const parts = SCOPES.map(
    ([scope, idCol, parentCol]) =>
      `SELECT '${scope}' AS scope, ${parentCol} AS parent_id, ${time} AS t, ${idCol} AS scope_id, ${SUMS} FROM rollups WHERE ${idCol} <> '' GROUP BY ${parentCol}, ${time}, ${idCol}`,
  );
  return query(ctx, `SELECT * FROM (${parts.join(' UNION ALL ')}) x ORDER BY scope, parent_id, t, scope_id`);
}

async function actualScopes(ctx: Ctx, table: 'qh' | 'day'): Promise<Row[]> {
  const time = table === 'qh' ? 'bucket' : 'day';
  return query(
    ctx,
    `SELECT scope, parent_id, ${time} AS t, scope_id, ${COUNTERS} FROM rollup_scope_${table} ORDER BY scope, parent_id, t, scope_id`,
  );
}

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const counter = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 5000 }));
const DAY0 = 96 * 20_600; // a UTC midnight in 2026
/** Campaigns belong to one advertiser each (as in Orbit); '' is a row without a campaign (an unfilled request). */
const CAMPAIGNS: readonly (readonly [string, string])[] = [
  ['', ''],
  ['c1', 'a1'],
  ['c2', 'a1'],
  ['c3', 'a2'],
];

const rollupRowArb = fc
  .record({
    bucket: fc.oneof(fc.integer({ min: DAY0 - 3, max: DAY0 + 3 }), fc.integer({ min: DAY0 - 200, max: DAY0 + 200 })),
    // Ids with characters that need quoting in a PostgreSQL array literal (the writer passes columns as arrays).
    publisher_id: pick(['p1', 'p2', '', 'NULL', 'a"b\\c,{d} e']),
    placement_id: pick(['Slot-A', 'Slot-B', 'ünï ✓']),
    campaign: pick(CAMPAIGNS),
    ad_group_id: pick(['g1', 'g2', '']),
    ad_id: pick(['ad1', '']),
    device: pick(['desktop', 'mobile']),
    country: pick(['US', '']),
    requests: counter,
    wins: counter,
    impressions: counter,
    clicks: counter,
    conversions: counter,
    spend_micros: counter,
    revenue_micros: counter,
    take_micros: counter,
    conversion_value_micros: counter,
    invalid_impressions: counter,
    invalid_clicks: counter,
    overdelivery_micros: counter,
  })
  .map(({ campaign: [campaign_id, advertiser_id], ...r }): RollupRow => ({
    ...r,
    placement_type: 'below_response',
    campaign_id,
    advertiser_id,
  }));

describe('rollup mirrors written per batch', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
  });
  afterAll(() => stop());

  it('equal what the triggers gave: scope totals per quarter hour and day, all-time totals per campaign', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            rows: fc.array(rollupRowArb, { maxLength: 25 }),
            via: pick(['journal', 'conversions'] as const),
            settle: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (batches) => {
          for (const t of ['rollups', 'rollup_scope_qh', 'rollup_scope_day', 'rollup_scope_all'])
            await sql.raw(`DELETE FROM ${t}`).execute(ctx.db);
          for (const b of batches) {
            if (b.via === 'journal') await recordRollups(ctx, b.rows);
            else {
              await commitConversions(ctx.database, {
                advertiserId: 'a1',
                now: Date.now(),
                windowMs: 1,
                rows: [],
                dedupIds: [],
                activity: 0,
                rollups: () => b.rows,
                writeRollups: rollupWriters,
                gate: chargeGates,
                perClick: 5,
              });
            }
            if (b.settle) await settleRollups(ctx.db);
          }
          for (const t of ['qh', 'day'] as const)
            expect(await actualScopes(ctx, t)).toEqual(await expectedScopes(ctx, t));
          // All time: every campaign any rollup row had, with all its counters summed (a zero sum keeps its row).
          expect(
            await query(
              ctx,
              `SELECT scope, parent_id, scope_id, ${COUNTERS} FROM rollup_scope_all ORDER BY scope, parent_id, scope_id`,
            ),
          ).toEqual(
            await query(
              ctx,
              `SELECT 'cmp' AS scope, advertiser_id AS parent_id, campaign_id AS scope_id, ${SUMS} FROM rollups WHERE campaign_id <> '' GROUP BY advertiser_id, campaign_id ORDER BY parent_id, scope_id`,
            ),
          );
          const lifetime = await query(
            ctx,
            `SELECT campaign_id, advertiser_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(conversions) AS conversions,
                    SUM(spend_micros) AS spend_micros, SUM(conversion_value_micros) AS conversion_value_micros
               FROM rollups WHERE campaign_id <> '' GROUP BY campaign_id, advertiser_id`,
          );
          for (const adv of ['a1', 'a2']) {
            const want = Object.fromEntries(
              lifetime
                .filter((r) => r.advertiser_id === adv)
                .map(({ campaign_id, advertiser_id: _, ...t }) => [campaign_id, t]),
            );
            expect(Object.fromEntries(await lifetimeTotals(ctx, adv))).toEqual(want);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
