import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Lighter indexes on `tracking_events`, the table every impression writes:
 * - `tracking_events_at` is dropped: no query reads events by time (reports
 *   read the rollups), and it cost every insert an index update.
 * - `tracking_events_graid` becomes partial: only clicks carry a graid, so
 *   impressions (the bulk of the rows) no longer enter it. Lookups by graid
 *   (`graid IN (…)`) imply `graid IS NOT NULL` and still use it.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`DROP INDEX IF EXISTS tracking_events_at`.execute(db);
  await sql`DROP INDEX IF EXISTS tracking_events_graid`.execute(db);
  await sql`CREATE INDEX tracking_events_graid ON tracking_events (graid) WHERE graid IS NOT NULL`.execute(db);
}
