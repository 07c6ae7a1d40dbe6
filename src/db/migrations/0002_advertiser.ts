import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

const STAT_COLUMNS = ['impressions', 'clicks', 'conversions', 'spend_micros', 'conversion_value_micros'] as const;

/**
 * Advertiser management: legacy ad units and their campaign links, conversion
 * pixels, and lifetime campaign totals.
 *
 * Lifetime totals: a trigger on `rollups` appends every change of the five
 * lifetime counters to `campaign_stat_deltas` (append-only, so concurrent
 * writers never contend for a row and can never deadlock); a compactor folds
 * the deltas into `campaign_stats` in one transaction. Lifetime = stats +
 * pending deltas, exact at every moment, read without scanning the rollups.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('ad_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('headline', 'text')
    .addColumn('ad_text', 'text')
    .addColumn('cta', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('context', 'text')
    .addColumn('favicon_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('brand_name', 'text')
    .addColumn('utm_params_json', 'text')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('review_status', 'text', (c) => c.notNull().defaultTo('not_submitted'))
    .addColumn('review_reason', 'text')
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ad_units_advertiser').on('ad_units').columns(['advertiser_id']).execute();

  await db.schema
    .createTable('campaign_ad_units')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id'))
    .addColumn('ad_unit_id', 'text', (c) => c.notNull().references('ad_units.id'))
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_ad_units_pk', ['campaign_id', 'ad_unit_id'])
    .execute();
  await db.schema.createIndex('campaign_ad_units_unit').on('campaign_ad_units').columns(['ad_unit_id']).execute();

  await db.schema
    .createTable('pixels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull().references('advertisers.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('is_functional', 'integer')
    .addColumn('verification_error', 'text')
    .addColumn('last_checked_at', big)
    .addColumn('last_seen_at', big)
    .addColumn('created_at', big, (c) => c.notNull())
    .addUniqueConstraint('pixels_advertiser_url', ['advertiser_id', 'url'])
    .execute();
  await db.schema.createIndex('pixels_advertiser_domain').on('pixels').columns(['advertiser_id', 'domain']).execute();

  await db.schema
    .createTable('campaign_stats')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('impressions', big, (c) => c.notNull().defaultTo(0))
    .addColumn('clicks', big, (c) => c.notNull().defaultTo(0))
    .addColumn('conversions', big, (c) => c.notNull().defaultTo(0))
    .addColumn('spend_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('conversion_value_micros', big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('campaign_stat_deltas')
    // SQLite: a plain rowid alias (no AUTOINCREMENT bookkeeping on the hot path); ids only need to grow between folds.
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('advertiser_id', 'text', (c) => c.notNull())
    .addColumn('impressions', big, (c) => c.notNull())
    .addColumn('clicks', big, (c) => c.notNull())
    .addColumn('conversions', big, (c) => c.notNull())
    .addColumn('spend_micros', big, (c) => c.notNull())
    .addColumn('conversion_value_micros', big, (c) => c.notNull())
    .execute();
  // One index only (by advertiser, which every read filters on): each delta insert sits on the tracking hot path.
  await db.schema
    .createIndex('campaign_stat_deltas_advertiser')
    .on('campaign_stat_deltas')
    .columns(['advertiser_id'])
    .execute();
  await db.schema.createIndex('campaign_stats_advertiser').on('campaign_stats').columns(['advertiser_id']).execute();

  // Whatever the rollups already hold becomes the starting totals.
  const sums = STAT_COLUMNS.map((c) => `SUM(${c})`).join(', ');
  await sql
    .raw(
      `INSERT INTO campaign_stats (campaign_id, advertiser_id, ${STAT_COLUMNS.join(', ')}) SELECT campaign_id, MAX(advertiser_id), ${sums} FROM rollups WHERE campaign_id <> '' GROUP BY campaign_id`,
    )
    .execute(db);

  const cols = STAT_COLUMNS.join(', ');
  const values = (row: 'NEW' | 'OLD', sign = '') => STAT_COLUMNS.map((c) => `${sign}${row}.${c}`).join(', ');
  const diff = STAT_COLUMNS.map((c) => `NEW.${c} - OLD.${c}`).join(', ');
  const changed = STAT_COLUMNS.map((c) => `NEW.${c} <> OLD.${c}`).join(' OR ');
  const nonZero = (row: 'NEW' | 'OLD') => STAT_COLUMNS.map((c) => `${row}.${c} <> 0`).join(' OR ');
  const insert = `INSERT INTO campaign_stat_deltas (campaign_id, advertiser_id, ${cols}) VALUES`;

  if (dialect === 'sqlite') {
    await sql
      .raw(
        `CREATE TRIGGER rollups_stats_insert AFTER INSERT ON rollups
         WHEN NEW.campaign_id <> '' AND (${nonZero('NEW')})
         BEGIN ${insert} (NEW.campaign_id, NEW.advertiser_id, ${values('NEW')}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rollups_stats_update AFTER UPDATE ON rollups
         WHEN NEW.campaign_id <> '' AND NEW.campaign_id = OLD.campaign_id AND (${changed})
         BEGIN ${insert} (NEW.campaign_id, NEW.advertiser_id, ${diff}); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rollups_stats_delete AFTER DELETE ON rollups
         WHEN OLD.campaign_id <> '' AND (${nonZero('OLD')})
         BEGIN ${insert} (OLD.campaign_id, OLD.advertiser_id, ${values('OLD', '-')}); END`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `CREATE FUNCTION orbit_rollup_stats() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF TG_OP = 'INSERT' THEN
             IF NEW.campaign_id <> '' AND (${nonZero('NEW')}) THEN
               ${insert} (NEW.campaign_id, NEW.advertiser_id, ${values('NEW')});
             END IF;
             RETURN NEW;
           ELSIF TG_OP = 'UPDATE' THEN
             IF NEW.campaign_id <> '' AND NEW.campaign_id = OLD.campaign_id AND (${changed}) THEN
               ${insert} (NEW.campaign_id, NEW.advertiser_id, ${diff});
             END IF;
             RETURN NEW;
           ELSE
             IF OLD.campaign_id <> '' AND (${nonZero('OLD')}) THEN
               ${insert} (OLD.campaign_id, OLD.advertiser_id, ${values('OLD', '-')});
             END IF;
             RETURN OLD;
           END IF;
         END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER rollups_stats AFTER INSERT OR UPDATE OR DELETE ON rollups FOR EACH ROW EXECUTE FUNCTION orbit_rollup_stats()`,
      )
      .execute(db);
  }
}
