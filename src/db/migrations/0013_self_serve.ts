import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import { snapshot } from '../../modules/campaigns/review.js';

/**
 * Issue 27: self-serve.
 * - Review by item (campaigns/review.ts): `approved_json` on campaigns, ad
 *   groups and ads (the version that serves); ad groups get their own review
 *   state, ads their review times and notes. Backfill: what serves today
 *   (approved campaigns, their groups, approved ads) keeps serving.
 * - Browser origins per publisher (origins/service.ts).
 * - Stripe self-serve billing (billing/service.ts): the account currency and
 *   Stripe customer, credits that say where they came from (a Checkout
 *   session's id is unique: nothing is credited twice), the Checkout sessions
 *   an advertiser opened, and the billing webhook events seen (by event id).
 * - Publisher onboarding (reporting/onboarding.ts): test impressions of a
 *   publisher are found by a partial index (test traffic only: the hot path's
 *   counted events never enter it).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema.alterTable('publishers').addColumn('allowed_origins_json', 'text').execute();

  await db.schema.alterTable('advertisers').addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')).execute();
  await db.schema.alterTable('advertisers').addColumn('stripe_customer_id', 'text').execute();

  await db.schema.alterTable('campaigns').addColumn('approved_json', 'text').execute();
  await db.schema.alterTable('ad_groups').addColumn('approved_json', 'text').execute();
  await db.schema.alterTable('ad_groups').addColumn('review_status', 'text', (c) => c.notNull().defaultTo('not_submitted')).execute();
  await db.schema.alterTable('ads').addColumn('approved_json', 'text').execute();
  for (const t of ['ad_groups', 'ads']) {
    await db.schema.alterTable(t).addColumn('submitted_for_review_at', big).execute();
    await db.schema.alterTable(t).addColumn('reviewed_at', big).execute();
    await db.schema.alterTable(t).addColumn('review_notes', 'text').execute();
  }

  // Backfill: approved campaigns serve their current values; their groups are approved with them.
  const campaigns = await db.selectFrom('campaigns').selectAll().execute();
  for (const c of campaigns) {
    if (c.review_status === 'approved') {
      await db.updateTable('campaigns').set({ approved_json: snapshot('campaign', c as never) }).where('id', '=', c.id).execute();
    }
    const groupStatus =
      c.review_status === 'approved' ? 'approved' : c.review_status === 'pending_review' ? 'pending' : c.review_status === 'rejected' ? 'rejected' : 'not_submitted';
    const groups = await db.selectFrom('ad_groups').selectAll().where('campaign_id', '=', c.id).execute();
    for (const g of groups) {
      await db
        .updateTable('ad_groups')
        .set({
          review_status: groupStatus,
          approved_json: groupStatus === 'approved' ? snapshot('ad_group', g as never) : null,
          submitted_for_review_at: c.submitted_for_review_at,
          reviewed_at: groupStatus === 'approved' || groupStatus === 'rejected' ? c.reviewed_at : null,
        })
        .where('id', '=', g.id)
        .execute();
    }
  }
  const ads = await db.selectFrom('ads').selectAll().where('review_status', '=', 'approved').execute();
  for (const a of ads) await db.updateTable('ads').set({ approved_json: snapshot('ad', a as never) }).where('id', '=', a.id).execute();
  await db.schema.createIndex('ad_groups_review').on('ad_groups').columns(['review_status']).execute();
  await db.schema.createIndex('ads_review').on('ads').columns(['review_status']).execute();

  await db.schema.alterTable('credits').addColumn('source', 'text', (c) => c.notNull().defaultTo('operator')).execute();
  await db.schema.alterTable('credits').addColumn('external_id', 'text').execute();
  await db.schema.alterTable('credits').addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')).execute();
  await db.schema.createIndex('credits_external_id').on('credits').column('external_id').unique().execute();
  await sql`CREATE INDEX credits_advertiser_time ON credits (advertiser_id, created_at)`.execute(db);

  await db.schema
    .createTable('billing_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('amount_micros', big)
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('completed_at', big)
    .execute();
  await db.schema.createIndex('billing_checkouts_advertiser').on('billing_checkouts').columns(['advertiser_id', 'created_at']).execute();

  await sql`CREATE INDEX tracking_events_test_publisher ON tracking_events (publisher_id, kind) WHERE is_test = 1`.execute(db);

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', big, (c) => c.notNull())
    .execute();
}
