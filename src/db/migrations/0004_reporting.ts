import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Reporting: scoped rollups and ad feedback.
 *
 * `rollup_scope_qh` (UTC quarter hour) and `rollup_scope_day` (UTC day) hold
 * the `rollups` counters summed per scope — a publisher, a campaign, an ad
 * group — so a report over years reads a few rows per day instead of every
 * dimension row. They are maintained by triggers on `rollups`, so they are
 * written in the same transaction as every event, by every writer (serving,
 * tracking, conversions), and can never drift from it.
 *
 * Key: (scope, parent_id, time, scope_id). parent_id is the publisher itself
 * for 'pub' and the advertiser for 'cmp' and 'grp', so "all ad groups of an
 * advertiser over 30 days" and "one publisher over a year" are one contiguous
 * index range each.
 */
export const COUNTERS = [
  'requests',
  'wins',
  'impressions',
  'clicks',
  'conversions',
  'spend_micros',
  'revenue_micros',
  'take_micros',
  'conversion_value_micros',
] as const;

/** scope name, the rollups column holding its id, the column holding its parent. */
const SCOPES = [
  ['pub', 'publisher_id', 'publisher_id'],
  ['cmp', 'campaign_id', 'advertiser_id'],
  ['grp', 'ad_group_id', 'advertiser_id'],
] as const;

const TABLES = [
  ['rollup_scope_qh', 'bucket', (row: string) => `${row}.bucket`],
  ['rollup_scope_day', 'day', (row: string) => `${row}.bucket / 96`],
] as const;

function upserts(row: string, delta: (c: string) => string): string {
  const out: string[] = [];
  for (const [table, timeCol, timeExpr] of TABLES) {
    for (const [scope, idCol, parentCol] of SCOPES) {
      out.push(
        `INSERT INTO ${table} (scope, parent_id, ${timeCol}, scope_id, ${COUNTERS.join(', ')}) ` +
          `SELECT '${scope}', ${row}.${parentCol}, ${timeExpr(row)}, ${row}.${idCol}, ${COUNTERS.map(delta).join(', ')} ` +
          `WHERE ${row}.${idCol} <> '' ` +
          `ON CONFLICT (scope, parent_id, ${timeCol}, scope_id) DO UPDATE SET ` +
          COUNTERS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ') +
          ';',
      );
    }
  }
  return out.join('\n');
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  for (const [table, timeCol] of TABLES) {
    let t = db.schema
      .createTable(table)
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text', (c) => c.notNull())
      .addColumn(timeCol, big, (c) => c.notNull())
      .addColumn('scope_id', 'text', (c) => c.notNull());
    for (const c of COUNTERS) t = t.addColumn(c, big, (col) => col.notNull().defaultTo(0));
    t = t.addPrimaryKeyConstraint(`${table}_pk`, ['scope', 'parent_id', timeCol, 'scope_id']);
    if (dialect === 'sqlite') t = t.modifyEnd(sql`WITHOUT ROWID`);
    await t.execute();
  }

  if (dialect === 'sqlite') {
    await sql
      .raw(`CREATE TRIGGER rollups_scope_ins AFTER INSERT ON rollups BEGIN\n${upserts('NEW', (c) => `NEW.${c}`)}\nEND`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rollups_scope_upd AFTER UPDATE ON rollups BEGIN\n${upserts('NEW', (c) => `NEW.${c} - OLD.${c}`)}\nEND`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE FUNCTION rollups_scope_fn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
${upserts('NEW', (c) => `NEW.${c}`)}
  ELSE
${upserts('NEW', (c) => `NEW.${c} - OLD.${c}`)}
  END IF;
  RETURN NULL;
END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rollups_scope AFTER INSERT OR UPDATE ON rollups FOR EACH ROW EXECUTE FUNCTION rollups_scope_fn()`,
      )
      .execute(db);
  }

  // Backfill from rollups already recorded (an existing installation upgrading).
  for (const [table, timeCol, timeExpr] of TABLES) {
    for (const [scope, idCol, parentCol] of SCOPES) {
      await sql
        .raw(
          `INSERT INTO ${table} (scope, parent_id, ${timeCol}, scope_id, ${COUNTERS.join(', ')}) ` +
            `SELECT '${scope}', r.${parentCol}, ${timeExpr('r')}, r.${idCol}, ${COUNTERS.map((c) => `SUM(r.${c})`).join(', ')} ` +
            `FROM rollups r WHERE r.${idCol} <> '' GROUP BY r.${parentCol}, ${timeExpr('r')}, r.${idCol}`,
        )
        .execute(db);
    }
  }

  await db.schema
    .createTable('ad_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .addColumn('session_hash', 'text', (c) => c.notNull())
    .addColumn('sentiment', 'text', (c) => c.notNull())
    .addColumn('reasons_json', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('click_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('ad_group_id', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('placement', 'text')
    .addColumn('placement_id', 'text')
    .addColumn('user_hash', 'text')
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_feedback_publisher_at').on('ad_feedback').columns(['publisher_id', 'at']).execute();
  await db.schema.createIndex('ad_feedback_ad_group').on('ad_feedback').columns(['ad_group_id', 'at']).execute();

  // Countries report: unique users per country over a window.
  await db.schema
    .createIndex('ad_requests_publisher_country')
    .on('ad_requests')
    .columns(['publisher_id', 'at', 'country', 'session_hash'])
    .execute();
}
