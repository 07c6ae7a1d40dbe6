import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

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

  await db.schema
    .alterTable('advertisers')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema.alterTable('advertisers').addColumn('stripe_customer_id', 'text').execute();

  await db.schema.alterTable('campaigns').addColumn('approved_json', 'text').execute();
  await db.schema.alterTable('ad_groups').addColumn('approved_json', 'text').execute();
  await db.schema
    .alterTable('ad_groups')
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('not_submitted'))
    .execute();
  await db.schema.alterTable('ads').addColumn('approved_json', 'text').execute();
  for (const t of ['ad_groups', 'ads']) {
    await db.schema.alterTable(t).addColumn('submitted_for_review_at', big).execute();
    await db.schema.alterTable(t).addColumn('reviewed_at', big).execute();
    await db.schema.alterTable(t).addColumn('review_notes', 'text').execute();
  }

  // Backfill: what serves today keeps serving — approved campaigns, their ad groups and approved ads are
  // approved as they are ('=', campaigns/review.ts AS_IS); groups take their campaign's review state.
  await sql`UPDATE campaigns SET approved_json = '=' WHERE review_status = 'approved'`.execute(db);
  await sql`UPDATE ads SET approved_json = '=' WHERE review_status = 'approved'`.execute(db);
  await sql`
    UPDATE ad_groups SET
      review_status = COALESCE((SELECT CASE c.review_status WHEN 'approved' THEN 'approved' WHEN 'pending_review' THEN 'pending' WHEN 'rejected' THEN 'rejected' ELSE 'not_submitted' END
                                FROM campaigns c WHERE c.id = ad_groups.campaign_id), 'not_submitted'),
      submitted_for_review_at = (SELECT c.submitted_for_review_at FROM campaigns c WHERE c.id = ad_groups.campaign_id),
      reviewed_at = (SELECT c.reviewed_at FROM campaigns c WHERE c.id = ad_groups.campaign_id AND c.review_status IN ('approved', 'rejected'))`.execute(
    db,
  );
  await sql`UPDATE ad_groups SET approved_json = '=' WHERE review_status = 'approved'`.execute(db);
  await db.schema.createIndex('ad_groups_review').on('ad_groups').columns(['review_status']).execute();
  await db.schema.createIndex('ads_review').on('ads').columns(['review_status']).execute();

  await db.schema
    .alterTable('credits')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('operator'))
    .execute();
  await db.schema.alterTable('credits').addColumn('external_id', 'text').execute();
  await db.schema
    .alterTable('credits')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
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
  await db.schema
    .createIndex('billing_checkouts_advertiser')
    .on('billing_checkouts')
    .columns(['advertiser_id', 'created_at'])
    .execute();

  await sql`CREATE INDEX tracking_events_test_publisher ON tracking_events (publisher_id, kind) WHERE is_test = 1`.execute(
    db,
  );

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', big, (c) => c.notNull())
    .execute();
}
