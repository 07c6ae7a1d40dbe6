import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Database } from '../../db/index.js';
import { kyselyExec, kyselyQuery } from '../../db/raw.js';
import type { DB } from '../../db/schema.js';
import { quarterBucket } from '../../lib/clock.js';
import type { Chargeable } from './charge-gate.js';
import * as gateRepo from './gate-repo.js';
import * as repo from './repo.js';
import * as rollupsRepo from './rollups-repo.js';
import type { RollupRow } from './rollup.js';

/**
 * The ledger: the one owner of Orbit's counters — `rollups`, `rollup_log`,
 * the scope mirrors `rollup_scope_qh` / `_day`, the all-time rows
 * `rollup_scope_all` and the budget gate's `spend_ledger`. Every write goes
 * through its writers inside the caller's transaction (the journal's commits,
 * the conversions commit); every read settles first; the lifetime figures of
 * a campaign (list, detail, billing, the activation gate) have one read,
 * `lifetimeTotals`. Nothing here runs on a timer: the all-time rows are
 * written with the rollups, so any `ORBIT_ROUTES` subset keeps them exact.
 *
 * The journal's writer thread imports this file: no runtime import of Kysely.
 */

export type { LifetimeTotals, GroupActivity } from './repo.js';
export { settleRollups } from './repo.js';
// The writers and the gate, for the journal's transactions (tracking/repo.ts), on its connection and in its transaction.
export { sqliteRollupWriter, writeRollupsPostgres } from './rollups-repo.js';
export {
  foldRollupLog,
  gateChargesPostgres,
  gateChargesSqlite,
  rollupLogWriter,
  sqliteLedger,
  type SqliteLedger,
} from './gate-repo.js';

/**
 * Registers the ledger's jobs for a context's database: reads settle first —
 * the journal's held-back records, then (SQLite) the rollup log the writer
 * thread keeps. Called by `createContext` (server.ts) whatever route groups
 * the process serves. (No timer: nothing is left to fold on a schedule.)
 */
export const startLedger = (database: Database, heldRecords: () => Promise<void> | null): void =>
  repo.setSettlers(database, heldRecords);

/**
 * Rollup deltas with their scope and all-time mirrors, written inside a
 * transaction the caller holds open (conversions write theirs with the
 * records): synchronously on the SQLite connection, or through a Kysely
 * transaction on PostgreSQL. `rollups` has no other writer.
 */
export interface RollupWriters {
  sqlite(sqlite: BetterSqlite3.Database, rows: RollupRow[]): void;
  postgres(trx: Kysely<DB>, rows: RollupRow[]): Promise<void>;
}
export const rollupWriters: RollupWriters = {
  sqlite: rollupsRepo.writeRollupsSqlite,
  postgres: (trx, rows) => rollupsRepo.writeRollupsPostgres(kyselyExec(trx), rows),
};

/**
 * The budget gate (ledger/charge-gate.ts) for other writers' charges
 * (conversions), inside the transaction they hold open: each charge is billed
 * or moved to overdelivery in place, in order; returns the indexes moved.
 */
export interface ChargeGates {
  sqlite(sqlite: BetterSqlite3.Database, charges: Chargeable[]): number[];
  postgres(trx: Kysely<DB>, charges: Chargeable[]): Promise<number[]>;
}
export const chargeGates: ChargeGates = {
  sqlite: (sqlite, charges) => {
    const refused: number[] = [];
    gateRepo.gateChargesSqlite(sqlite, charges, (i) => refused.push(i));
    return refused;
  },
  postgres: (trx, charges) => gateRepo.gateChargesPostgres(kyselyQuery(trx), charges),
};

/** All-time impressions, clicks, conversions, spend and conversion value per campaign of an advertiser (some campaigns, or all). */
export const lifetimeTotals = (ctx: Ctx, advertiserId: string, campaignIds?: string[]) =>
  repo.lifetimeTotals(ctx.db, advertiserId, campaignIds);

/** An advertiser's all-time spend in micros: the billing report's and the activation gate's one figure. */
export async function advertiserLifetimeSpend(ctx: Ctx, advertiserId: string): Promise<number> {
  let total = 0;
  for (const t of (await repo.lifetimeTotals(ctx.db, advertiserId)).values()) total += t.spend_micros;
  return total;
}

/** Spend per campaign since `sinceMs`, from the rollups. */
export const campaignSpendSince = (ctx: Ctx, sinceMs: number) => repo.spendSince(ctx.db, quarterBucket(sinceMs));

/** Per ad group since `sinceMs` (impressions, clicks, conversions, value, spend), from the rollups. */
export const groupActivitySince = (ctx: Ctx, sinceMs: number) =>
  repo.groupActivitySince(ctx.db, quarterBucket(sinceMs));

/** Impressions and clicks per publisher since `sinceMs`, from the publisher scope mirror (the click-through check). */
export const publisherClickThroughSince = (ctx: Ctx, sinceMs: number) =>
  repo.publisherClickThroughSince(ctx.db, quarterBucket(sinceMs));
