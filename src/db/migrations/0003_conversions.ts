import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Conversions: the conversion records, the 48-hour dedup keys (enforced by a
 * unique key, the window handled by time), suppression lists, pixel events,
 * gateway activity, webhook receipts (idempotency per provider event id),
 * integration secrets and storefront connections.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull()) // capi | pixel | stripe | cal | shopify
    .addColumn('event_type', 'text', (c) => c.notNull()) // canonical name (purchase, lead, custom names as sent)
    .addColumn('event_name', 'text', (c) => c.notNull()) // as sent
    .addColumn('event_id', 'text')
    .addColumn('event_at', big, (c) => c.notNull())
    .addColumn('received_at', big, (c) => c.notNull())
    .addColumn('action_source', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('value_micros', big, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('custom_json', 'text')
    .addColumn('identity_json', 'text') // SHA-256 hashes only
    .addColumn('visitor_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('client_context_json', 'text')
    .addColumn('attributed', 'integer', (c) => c.notNull())
    .addColumn('attribution_note', 'text')
    .addColumn('click_id', 'text')
    .addColumn('campaign_id', 'text')
    .addColumn('ad_group_id', 'text')
    .addColumn('ad_id', 'text')
    .addColumn('publisher_id', 'text')
    .addColumn('placement_id', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('spend_micros', big, (c) => c.notNull())
    .addColumn('revenue_micros', big, (c) => c.notNull())
    .addColumn('take_micros', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversions_adv_id').on('conversions').columns(['advertiser_id', 'id']).execute();
  await db.schema
    .createIndex('conversions_adv_campaign')
    .on('conversions')
    .columns(['advertiser_id', 'campaign_id', 'id'])
    .execute();
  await db.schema
    .createIndex('conversions_adv_type')
    .on('conversions')
    .columns(['advertiser_id', 'event_type', 'id'])
    .execute();
  await db.schema.createIndex('conversions_adv_at').on('conversions').columns(['advertiser_id', 'event_at']).execute();

  // One row per (advertiser, event name, event id); a row older than the window is taken over by the next event.
  await db.schema
    .createTable('conversion_dedup')
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', big, (c) => c.notNull())
    .addColumn('conversion_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversion_dedup_pk', ['advertiser_id', 'event_type', 'event_id'])
    // SQLite: the key is the table (one B-tree per insert instead of two); PostgreSQL has no such option.
    .$call((b) => (dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  // No index on seen_at: the hourly purge may scan (the table holds at most 48 hours of keys); inserts stay cheaper.

  await db.schema
    .createTable('conversion_suppressions')
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('identity_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('conversion_suppressions_pk', ['advertiser_id', 'identity_hash'])
    .execute();

  await db.schema
    .createTable('gateway_activity')
    .addColumn('advertiser_id', 'text', (c) => c.primaryKey())
    .addColumn('first_received_at', big, (c) => c.notNull())
    .addColumn('last_received_at', big, (c) => c.notNull())
    .addColumn('events_total', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_receipts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('webhook_receipts_pk', ['provider', 'advertiser_id', 'external_id'])
    .execute();

  await db.schema
    .createTable('pixel_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('click_id', 'text')
    .addColumn('at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pixel_events_adv_at').on('pixel_events').columns(['advertiser_id', 'at']).execute();

  await db.schema
    .createTable('integration_secrets')
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull()) // AES-256-GCM with the data key
    .addColumn('updated_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('integration_secrets_pk', ['advertiser_id', 'provider'])
    .execute();

  await db.schema
    .createTable('shop_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('shop_domain', 'text', (c) => c.notNull())
    .addColumn('access_token_enc', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('connected_at', big, (c) => c.notNull())
    .addColumn('verification_status', 'text', (c) => c.notNull()) // pending | verified
    .addColumn('verified_at', big)
    .addUniqueConstraint('shop_connections_shop', ['shop_domain'])
    .execute();
  await db.schema.createIndex('shop_connections_adv').on('shop_connections').columns(['advertiser_id']).execute();

  await db.schema
    .createTable('shop_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('shop_domain', 'text', (c) => c.notNull())
    .addColumn('expires_at', big, (c) => c.notNull())
    .execute();
}
