import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BACKEND, testContext } from '../../../test/helpers.js';
import { newId } from '../../lib/ids.js';
import { publisherUniqueSessions } from './repo.js';

/**
 * Every ad request writes `ad_requests`; its one secondary index
 * (migration 0008 dropped the narrower prefix twin) serves the only read,
 * unique sessions per country, as a covering index.
 */
describe('ad_requests indexes', () => {
  it('keeps only the (publisher, at, country, session) index, and unique sessions read through it', async () => {
    const { ctx, stop } = await testContext();
    try {
      const names =
        BACKEND === 'sqlite'
          ? ctx.database
              .sqlite!.prepare(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ad_requests' AND sql IS NOT NULL",
              )
              .all()
              .map((r) => (r as { name: string }).name)
          : (
              await sql<{
                indexname: string;
              }>`SELECT indexname FROM pg_indexes WHERE tablename = 'ad_requests' AND schemaname = current_schema() AND indexname <> 'ad_requests_pkey'`.execute(
                ctx.db,
              )
            ).rows.map((r) => r.indexname);
      expect(names).toEqual(['ad_requests_publisher_country']);

      const pub = newId();
      const at = Date.UTC(2026, 10, 24, 12);
      const rows = [
        ['s1', 'US', 0],
        ['s1', 'US', 0],
        ['s2', 'US', 0],
        ['s3', 'IN', 0],
        ['s4', 'IN', 1], // a test request: not counted
      ] as const;
      for (const [session, country, isTest] of rows) {
        await ctx.db
          .insertInto('ad_requests')
          .values({
            id: newId(),
            publisher_id: pub,
            at,
            session_hash: session,
            slots: 1,
            filled: 1,
            device: 'desktop',
            country,
            is_test: isTest,
          })
          .execute();
      }
      const users = await publisherUniqueSessions(ctx.db, pub, at - 1000, at + 1000);
      expect(Object.fromEntries(users)).toEqual({ US: 2, IN: 1 });

      if (BACKEND === 'sqlite') {
        const plan = ctx.database
          .sqlite!.prepare(
            'EXPLAIN QUERY PLAN SELECT country, COUNT(DISTINCT session_hash) AS users FROM ad_requests WHERE publisher_id = ? AND at >= ? AND at < ? AND is_test = 0 GROUP BY country',
          )
          .all(pub, at - 1000, at + 1000)
          .map((r) => (r as { detail: string }).detail)
          .join('\n');
        expect(plan).toContain('ad_requests_publisher_country');
      }
    } finally {
      await stop();
    }
  });
});
