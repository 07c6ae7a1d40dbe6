import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/** Accounts, keys, credits, campaigns/ad groups/ads, placements, the event journal and rollups. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('publishers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payout_model', 'text', (c) => c.notNull().defaultTo('revenue_share'))
    .addColumn('revenue_share_bps', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('index_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('floor_cpm_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('advertisers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email_enc', 'text')
    .addColumn('email_hash', 'text')
    .addColumn('has_payment_method', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display_prefix', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('revoked_at', big)
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').columns(['account_id']).execute();

  await db.schema
    .createTable('credits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('amount_micros', big, (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credits_advertiser').on('credits').columns(['advertiser_id']).execute();

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_budget_micros', big, (c) => c.notNull())
    .addColumn('landing_page', 'text', (c) => c.notNull())
    .addColumn('campaign_objective', 'text')
    .addColumn('billing_model', 'text')
    .addColumn('bid_strategy', 'text')
    .addColumn('start_time', big)
    .addColumn('end_time', big)
    .addColumn('click_goal', big)
    .addColumn('impression_goal', big)
    .addColumn('max_cpc_micros', big)
    .addColumn('max_cpm_micros', big)
    .addColumn('conversion_type', 'text')
    .addColumn('max_cpa_micros', big)
    .addColumn('demographics_json', 'text')
    .addColumn('utm_params_json', 'text')
    .addColumn('allowed_countries_json', 'text')
    .addColumn('allowed_devices_json', 'text')
    .addColumn('custom_favicon_url', 'text')
    .addColumn('deployment_status', 'text', (c) => c.notNull().defaultTo('not_deployed'))
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('not_submitted'))
    .addColumn('submitted_for_review_at', big)
    .addColumn('reviewed_at', big)
    .addColumn('review_notes', 'text')
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_advertiser').on('campaigns').columns(['advertiser_id', 'status']).execute();

  await db.schema
    .createTable('ad_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('group_type', 'text', (c) => c.notNull().defaultTo('generative'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('context', 'text')
    .addColumn('ad_prompt', 'text')
    .addColumn('negative_context', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('brand_name', 'text')
    .addColumn('daily_budget_micros', big)
    .addColumn('auto_optimize_budget', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('min_daily_budget_micros', big)
    .addColumn('max_daily_budget_micros', big)
    .addColumn('max_cpc_micros', big)
    .addColumn('allowed_countries_json', 'text')
    .addColumn('allowed_devices_json', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_groups_campaign').on('ad_groups').columns(['campaign_id']).execute();
  await db.schema.createIndex('ad_groups_advertiser').on('ad_groups').columns(['advertiser_id']).execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ad_group_id', 'text', (c) => c.notNull().references('ad_groups.id'))
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('headline', 'text')
    .addColumn('copy', 'text')
    .addColumn('cta', 'text')
    .addColumn('description', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('image_url', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ads_ad_group').on('ads').columns(['ad_group_id']).execute();

  await db.schema
    .createTable('placements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull().references('publishers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('placement_type', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('framework', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('description', 'text')
    .addColumn('screenshot_url', 'text')
    .addColumn('screenshot_region_json', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('display_config_json', 'text')
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addUniqueConstraint('placements_publisher_slug', ['publisher_id', 'slug'])
    .execute();

  await db.schema
    .createTable('ad_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .addColumn('session_hash', 'text', (c) => c.notNull())
    .addColumn('slots', 'integer', (c) => c.notNull())
    .addColumn('filled', 'integer', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_requests_publisher_at').on('ad_requests').columns(['publisher_id', 'at']).execute();

  await db.schema
    .createTable('ad_serves')
    .addColumn('click_id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('placement_type', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('ad_group_id', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('pricing', 'text', (c) => c.notNull())
    .addColumn('price_micros', big, (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tracking_events')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('click_id', 'text', (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('placement_type', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('ad_group_id', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('is_bot', 'integer', (c) => c.notNull())
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .addColumn('spend_micros', big, (c) => c.notNull())
    .addColumn('revenue_micros', big, (c) => c.notNull())
    .addColumn('take_micros', big, (c) => c.notNull())
    .addColumn('graid', 'text')
    .execute();
  // The dedup guarantee lives in the database: one human impression and one human click per click id.
  await sql`CREATE UNIQUE INDEX tracking_events_once ON tracking_events (click_id, kind) WHERE is_bot = 0`.execute(db);
  await db.schema.createIndex('tracking_events_graid').on('tracking_events').columns(['graid']).execute();
  await db.schema.createIndex('tracking_events_at').on('tracking_events').columns(['at']).execute();

  await db.schema
    .createTable('rollups')
    .addColumn('bucket', big, (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('placement_type', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('ad_group_id', 'text', (c) => c.notNull())
    .addColumn('ad_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('requests', big, (c) => c.notNull().defaultTo(0))
    .addColumn('wins', big, (c) => c.notNull().defaultTo(0))
    .addColumn('impressions', big, (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', big, (c) => c.notNull().defaultTo(0))
    .addColumn('conversions', big, (c) => c.notNull().defaultTo(0))
    .addColumn('spend_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('take_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('conversion_value_micros', big, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollups_pk', [
      'bucket',
      'publisher_id',
      'placement_id',
      'placement_type',
      'advertiser_id',
      'campaign_id',
      'ad_group_id',
      'ad_id',
      'device',
      'country',
    ])
    .execute();
  await db.schema.createIndex('rollups_campaign').on('rollups').columns(['campaign_id', 'bucket']).execute();
  await db.schema.createIndex('rollups_publisher').on('rollups').columns(['publisher_id', 'bucket']).execute();
  await db.schema.createIndex('rollups_advertiser').on('rollups').columns(['advertiser_id', 'bucket']).execute();
}
