import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * `ad_requests` keeps one secondary index: `ad_requests_publisher_at`
 * (publisher_id, at) is a prefix of `ad_requests_publisher_country`
 * (publisher_id, at, country, session_hash, migration 0004), which serves
 * every read of the table (the countries report's unique sessions), so the
 * narrower one only cost every ad request an index insert.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`DROP INDEX IF EXISTS ad_requests_publisher_at`.execute(db);
}
