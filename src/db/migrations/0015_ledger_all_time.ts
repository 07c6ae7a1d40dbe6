import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { COUNTERS as REPORTING_COUNTERS } from './0004_reporting.js';

/** The scope counters as of this migration: 0004's, and the three 0012 added. */
const COUNTERS = [...REPORTING_COUNTERS, 'invalid_impressions', 'invalid_clicks', 'overdelivery_micros'] as const;
/** The counters `campaign_stats` kept. */
const LIFETIME = ['impressions', 'clicks', 'conversions', 'spend_micros', 'conversion_value_micros'] as const;

/**
 * The ledger (issue 26): a campaign's lifetime is one row of
 * `rollup_scope_all` (scope 'cmp', parent = advertiser), upserted by the one
 * rollup writer in the transaction of every rollup change, like the day and
 * quarter-hour scope rows. It replaces `campaign_stats` + `campaign_stat_deltas`
 * and their fold (migration 0002, decision 0003), which a process without
 * the campaigns route group never ran.
 *
 * Filled from what exists: every counter summed over the campaign's day
 * rows, then the five lifetime counters as `campaign_stats` + pending
 * deltas had them (what the campaign list showed; they differ from the day
 * rows only if rollups were deleted by hand, which the old DELETE trigger
 * counted). Rollup deltas still in `rollup_log` (SQLite) are in neither and
 * reach the new row when folded. Then the old tables and their DELETE
 * trigger go.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  let t = db.schema
    .createTable('rollup_scope_all')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull());
  for (const c of COUNTERS) t = t.addColumn(c, big, (col) => col.notNull().defaultTo(0));
  t = t.addPrimaryKeyConstraint('rollup_scope_all_pk', ['scope', 'parent_id', 'scope_id']);
  if (dialect === 'sqlite') t = t.modifyEnd(sql`WITHOUT ROWID`);
  await t.execute();

  const cols = COUNTERS.join(', ');
  await sql
    .raw(
      `INSERT INTO rollup_scope_all (scope, parent_id, scope_id, ${cols})
       SELECT 'cmp', parent_id, scope_id, ${COUNTERS.map((c) => `SUM(${c})`).join(', ')}
       FROM rollup_scope_day WHERE scope = 'cmp' GROUP BY parent_id, scope_id`,
    )
    .execute(db);
  const life = LIFETIME.join(', ');
  await sql
    .raw(
      `INSERT INTO rollup_scope_all (scope, parent_id, scope_id, ${life})
       SELECT 'cmp', advertiser_id, campaign_id, ${LIFETIME.map((c) => `SUM(${c})`).join(', ')}
       FROM (SELECT campaign_id, advertiser_id, ${life} FROM campaign_stats
             UNION ALL SELECT campaign_id, advertiser_id, ${life} FROM campaign_stat_deltas) t
       WHERE true GROUP BY advertiser_id, campaign_id
       ON CONFLICT (scope, parent_id, scope_id) DO UPDATE SET ${LIFETIME.map((c) => `${c} = excluded.${c}`).join(', ')}`,
    )
    .execute(db);

  if (dialect === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS rollups_stats_delete`.execute(db);
  } else {
    await sql`DROP TRIGGER IF EXISTS rollups_stats_delete ON rollups`.execute(db);
    await sql`DROP FUNCTION IF EXISTS orbit_rollup_stats()`.execute(db);
  }
  await db.schema.dropTable('campaign_stat_deltas').execute();
  await db.schema.dropTable('campaign_stats').execute();
}
