import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Money advertisers can trust (issue 25).
 *
 * - `tracking_events.ivt_reason`: why an impression or click was judged
 *   invalid traffic (recorded, never charged; `is_bot = 1` keeps it out of the
 *   one-human-event-per-click-id index and out of attribution), and
 *   `overdelivery_micros`: a charge the budget gate refused (recorded as
 *   unbilled overdelivery instead). Two partial indexes serve the reports'
 *   breakdown of invalid traffic by reason (invalid rows only).
 * - rollups and their scope mirrors count `invalid_impressions`,
 *   `invalid_clicks` and `overdelivery_micros`.
 * - `spend_ledger`: what the budget gate counts — billed spend and refused
 *   overdelivery per campaign day (`c`, UTC day), ad group day (`g`) and
 *   campaign lifetime (`c`, period -1) — written in the transaction of every
 *   charge, so every instance sharing the database sees one figure. Filled
 *   here from the rollups' day mirrors and the lifetime totals.
 * - `campaigns.lifetime_budget_micros` (optional ceiling over the campaign's life).
 * - conversions: `charge_note` (why a counted conversion was not charged),
 *   `overdelivery_micros`, and an index by click (the per-click caps).
 * - `orbit_meta`: facts about the database itself (the data key's fingerprint).
 * - One billing model per campaign: every campaign gets an explicit
 *   `billing_model` that matches how it was charged (cpa only with a max_cpa).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  /** A counter or amount column: an integer, 0 for every existing row. */
  const addCounter = (table: string, col: string) =>
    db.schema
      .alterTable(table)
      .addColumn(col, big, (c) => c.notNull().defaultTo(0))
      .execute();

  await db.schema.alterTable('tracking_events').addColumn('ivt_reason', 'text').execute();
  await addCounter('tracking_events', 'overdelivery_micros');
  await sql`CREATE INDEX tracking_events_ivt_pub ON tracking_events (publisher_id, at) WHERE ivt_reason IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX tracking_events_ivt_adv ON tracking_events (advertiser_id, at) WHERE ivt_reason IS NOT NULL`.execute(
    db,
  );

  for (const table of ['rollups', 'rollup_scope_qh', 'rollup_scope_day']) {
    for (const col of ['invalid_impressions', 'invalid_clicks', 'overdelivery_micros']) await addCounter(table, col);
  }

  let ledger = db.schema
    .createTable('spend_ledger')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('period', big, (c) => c.notNull())
    .addColumn('spend_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('overdelivery_micros', big, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('spend_ledger_pk', ['scope', 'id', 'period']);
  if (dialect === 'sqlite') ledger = ledger.modifyEnd(sql`WITHOUT ROWID`);
  await ledger.execute();
  await sql`INSERT INTO spend_ledger (scope, id, period, spend_micros)
    SELECT CASE scope WHEN 'cmp' THEN 'c' ELSE 'g' END, scope_id, day, SUM(spend_micros)
    FROM rollup_scope_day WHERE scope IN ('cmp', 'grp') AND spend_micros > 0
    GROUP BY scope, scope_id, day`.execute(db);
  await sql`INSERT INTO spend_ledger (scope, id, period, spend_micros)
    SELECT 'c', campaign_id, -1, SUM(spend_micros) FROM (
      SELECT campaign_id, spend_micros FROM campaign_stats
      UNION ALL SELECT campaign_id, spend_micros FROM campaign_stat_deltas
    ) t GROUP BY campaign_id HAVING SUM(spend_micros) > 0`.execute(db);

  await db.schema.alterTable('campaigns').addColumn('lifetime_budget_micros', big).execute();

  await db.schema.alterTable('conversions').addColumn('charge_note', 'text').execute();
  await addCounter('conversions', 'overdelivery_micros');
  await sql`CREATE INDEX conversions_click ON conversions (click_id, event_type) WHERE click_id IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('orbit_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();

  // One billing model per campaign, matching how each was charged until now: a CPA price makes it CPA only
  // when it was billed so; conversion-optimised campaigns and campaigns with a CPC bid (on the campaign or a
  // live group) were charged per click; everything else per thousand impressions.
  await sql`UPDATE campaigns SET billing_model = CASE
      WHEN billing_model = 'cpa' AND COALESCE(max_cpa_micros, 0) > 0 THEN 'cpa'
      WHEN campaign_objective = 'conversions' AND COALESCE(max_cpa_micros, 0) > 0 THEN 'cpc'
      WHEN COALESCE(max_cpc_micros, 0) > 0 THEN 'cpc'
      WHEN EXISTS (SELECT 1 FROM ad_groups g WHERE g.campaign_id = campaigns.id AND g.status <> 'archived' AND COALESCE(g.max_cpc_micros, 0) > 0) THEN 'cpc'
      ELSE 'cpm' END`.execute(db);
}
