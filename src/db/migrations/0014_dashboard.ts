import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Issue 28 (the dashboard people use every day):
 * - `publisher_blocks`: advertisers and ad categories a publisher does not
 *   want in its app; the serving inventory loads them and the decision skips
 *   blocked ad groups for that publisher.
 * - `campaigns.category`: the advertiser-stated ad category (lib/ad-categories),
 *   what publishers block by category. Null: uncategorised.
 * - conversions listed newest first by conversion time, per account, campaign
 *   or event type: indexes that end in (event_at, id).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('publisher_blocks')
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('publisher_blocks_pk', ['publisher_id', 'kind', 'value'])
    .execute();
  await db.schema.alterTable('campaigns').addColumn('category', 'text').execute();
  await db.schema
    .createIndex('conversions_adv_at_id')
    .on('conversions')
    .columns(['advertiser_id', 'event_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversions_adv_campaign_at')
    .on('conversions')
    .columns(['advertiser_id', 'campaign_id', 'event_at', 'id'])
    .execute();
  await db.schema
    .createIndex('conversions_adv_type_at')
    .on('conversions')
    .columns(['advertiser_id', 'event_type', 'event_at', 'id'])
    .execute();
}
