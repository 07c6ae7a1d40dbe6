import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * The mirrors of `rollups` — the scope totals (`rollup_scope_qh`,
 * `rollup_scope_day`, migration 0004) and the lifetime deltas
 * (`campaign_stat_deltas`, migration 0002) — are written by the one writer of
 * `rollups` (tracking/repo.ts `sqliteRollupWriter` / `writeRollupsPostgres`),
 * derived per batch in the same transaction, instead of by row triggers: a
 * batch of rollup rows collapses to a few scope rows, where the triggers ran
 * seven statements per rollup row. The tables and their contents are
 * unchanged (the triggers kept them exact up to this migration).
 *
 * Kept: the lifetime trigger on DELETE. Orbit never deletes rollups; should an
 * operator do so by hand, lifetime totals stay exact (as since 0002), at no
 * cost to the write path.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    for (const t of ['rollups_scope_ins', 'rollups_scope_upd', 'rollups_stats_insert', 'rollups_stats_update']) {
      await sql.raw(`DROP TRIGGER ${t}`).execute(db);
    }
    return;
  }
  await sql`DROP TRIGGER rollups_scope ON rollups`.execute(db);
  await sql`DROP FUNCTION rollups_scope_fn()`.execute(db);
  await sql`DROP TRIGGER rollups_stats ON rollups`.execute(db);
  await sql`CREATE TRIGGER rollups_stats_delete AFTER DELETE ON rollups FOR EACH ROW EXECUTE FUNCTION orbit_rollup_stats()`.execute(
    db,
  );
}
