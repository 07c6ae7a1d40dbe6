import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/schema.js';
import { byDialect } from '../../db/sql.js';
import { foldRollupLog } from './gate-repo.js';

/**
 * The ledger's reads of every counter table — `rollups` (per quarter hour and
 * dimension), its mirrors `rollup_scope_qh` / `rollup_scope_day` (per scope)
 * and `rollup_scope_all` (a campaign's all-time totals) — and what settles
 * them first (`settleRollups`). The writers: rollups-repo.ts (rollups and
 * mirrors), gate-repo.ts (the budget gate's `spend_ledger` and the rollup log).
 */

// --- Settling: what brings a database's counters up to date before a read.

interface Settlers {
  /** Commits records still held back (the journal's `settle`), so what follows sees them; null when none are. */
  records?: () => Promise<void> | null;
  /** Folds logged rollup deltas into the rollups (SQLite's writer thread logs them). */
  rollups?: () => void;
}
const settlers = new WeakMap<Kysely<DB>, Settlers>();

/**
 * Registers what settles a database's counters before a read: the journal's
 * held-back records and, on SQLite, the fold of the rollup log.
 */
export function setSettlers(database: Database, records: () => Promise<void> | null): void {
  settlers.set(database.db, { records, rollups: rollupLogFolder(database) });
}

/** The fold of the rollup log on SQLite (the writer thread's commits log their rollup deltas); none on PostgreSQL, whose commits write the rollups in place. */
const rollupLogFolder = (database: Database): (() => void) | undefined =>
  byDialect(database, { sqlite: () => () => void foldRollupLog(database.sqlite!), postgres: () => undefined });

/**
 * Called first by every reader of `rollups`, its mirrors and the ad request
 * log, so a read includes every record made so far: the journal's held-back
 * ad request records are committed, then (on SQLite, whose writer thread logs
 * its commits' rollup deltas and folds them a few times a second) whatever is
 * still logged is folded.
 */
export function settleRollups(db: Kysely<DB>): Promise<void> | void {
  const s = settlers.get(db);
  if (!s) return;
  const held = s.records?.();
  if (held) return held.then(() => s.rollups?.());
  s.rollups?.();
}

// --- Reads.

/** A campaign's all-time counters (`rollup_scope_all`, scope 'cmp'). */
export interface LifetimeTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  conversion_value_micros: number;
}

const LIFETIME_COLS = ['impressions', 'clicks', 'conversions', 'spend_micros', 'conversion_value_micros'] as const;
const ID_CHUNK = 1000;

/**
 * All-time totals per campaign of an advertiser (some campaigns, or all):
 * one primary-key range of `rollup_scope_all`, written in the transaction of
 * every rollup change, so exact as of the read (after settling).
 */
export async function lifetimeTotals(
  db: Kysely<DB>,
  advertiserId: string,
  campaignIds?: string[],
): Promise<Map<string, LifetimeTotals>> {
  await settleRollups(db);
  const out = new Map<string, LifetimeTotals>();
  const parts: (string[] | null)[] = [];
  if (!campaignIds) parts.push(null);
  else for (let i = 0; i < campaignIds.length; i += ID_CHUNK) parts.push(campaignIds.slice(i, i + ID_CHUNK));
  for (const part of parts) {
    let q = db
      .selectFrom('rollup_scope_all')
      .select(['scope_id', ...LIFETIME_COLS])
      .where('scope', '=', 'cmp')
      .where('parent_id', '=', advertiserId);
    if (part) q = q.where('scope_id', 'in', part);
    for (const r of await q.execute()) {
      out.set(r.scope_id, {
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        conversions: Number(r.conversions),
        spend_micros: Number(r.spend_micros),
        conversion_value_micros: Number(r.conversion_value_micros),
      });
    }
  }
  return out;
}

/** Spend per campaign since the start of a bucket, from the rollups. */
export async function spendSince(db: Kysely<DB>, fromBucket: number): Promise<Map<string, number>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollups')
    .select((eb) => ['campaign_id', eb.fn.sum<number>('spend_micros').as('spend')])
    .where('bucket', '>=', fromBucket)
    .where('campaign_id', '!=', '')
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((r) => [r.campaign_id, Number(r.spend)]));
}

// --- Ad decisioning (issue #6): additive.

/** What an ad group did since a bucket, from the rollups (serving's predicted rates and group budgets). */
export interface GroupActivity {
  campaign_id: string;
  impressions: number;
  clicks: number;
  conversions: number;
  conversion_value_micros: number;
  spend_micros: number;
}

export async function groupActivitySince(db: Kysely<DB>, fromBucket: number): Promise<Map<string, GroupActivity>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollups')
    .select((eb) => [
      'ad_group_id',
      eb.fn.max('campaign_id').as('campaign_id'),
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
      eb.fn.sum<number>('conversion_value_micros').as('conversion_value_micros'),
      eb.fn.sum<number>('spend_micros').as('spend_micros'),
    ])
    .where('bucket', '>=', fromBucket)
    .where('ad_group_id', '!=', '')
    .groupBy('ad_group_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.ad_group_id,
      {
        campaign_id: String(r.campaign_id),
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        conversions: Number(r.conversions),
        conversion_value_micros: Number(r.conversion_value_micros),
        spend_micros: Number(r.spend_micros),
      },
    ]),
  );
}

// --- Invalid traffic (issue 25).

/** Impressions and clicks per publisher since a bucket, from the publisher scope mirror (the click-through check). */
export async function publisherClickThroughSince(
  db: Kysely<DB>,
  fromBucket: number,
): Promise<Map<string, { impressions: number; clicks: number }>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollup_scope_qh')
    .select((eb) => [
      'scope_id',
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
    ])
    .where('scope', '=', 'pub')
    .where('bucket', '>=', fromBucket)
    .groupBy('scope_id')
    .execute();
  return new Map(rows.map((r) => [r.scope_id, { impressions: Number(r.impressions), clicks: Number(r.clicks) }]));
}
