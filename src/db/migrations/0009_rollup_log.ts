import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * SQLite: the journal's writer thread appends each group commit's rollup
 * deltas (summed per key, one JSON row) to `rollup_log` in the commit's own
 * transaction, instead of upserting `rollups` and its mirrors there; the log
 * is folded into them, merged across commits, a few times a second and before
 * any read of them (tracking/repo.ts `foldRollupLog`, `settleRollups`). A
 * commit then writes one log page instead of five b-trees' pages. The log is
 * durable with the events it describes, so a crash loses nothing: whoever
 * folds next applies it. PostgreSQL writes its rollups in the commit as before.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`CREATE TABLE rollup_log (id INTEGER PRIMARY KEY, rows TEXT NOT NULL)`.execute(db);
}
