import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * The index (spec 3): developer-service catalog, product catalog with
 * full-text search (SQLite FTS5 external-content table kept by triggers; a
 * generated, weighted tsvector with a GIN index on PostgreSQL), searches,
 * tracked links, their clicks and attributed conversions, and private
 * per-session summaries.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';

  await db.schema
    .createTable('index_services')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('website_url', 'text', (c) => c.notNull())
    .addColumn('docs_url', 'text')
    .addColumn('tags_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('install_json', 'text')
    .addColumn('env_vars_json', 'text')
    .addColumn('credential_setup_url', 'text')
    .addColumn('cpa_campaign_id', 'text')
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('index_services_category').on('index_services').columns(['category']).execute();

  let products = db.schema
    .createTable('index_products')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('brand_lc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('merchant', 'text', (c) => c.notNull())
    .addColumn('merchant_lc', 'text', (c) => c.notNull())
    .addColumn('category_path', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_micros', big, (c) => c.notNull())
    .addColumn('regular_price_micros', big)
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('product_url', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sizes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('checkout_json', 'text')
    .addColumn('commission_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', big, (c) => c.notNull());
  if (dialect === 'postgres') {
    products = products.addColumn('search_tsv', sql`tsvector`, (c) =>
      c
        .generatedAlwaysAs(
          sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(category_path, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')`,
        )
        .stored(),
    );
  }
  await products.execute();
  for (const col of ['category', 'brand_lc', 'merchant_lc', 'price_micros']) {
    await db.schema.createIndex(`index_products_${col}`).on('index_products').columns([col]).execute();
  }
  if (dialect === 'postgres') {
    await sql`CREATE INDEX index_products_tsv ON index_products USING GIN (search_tsv)`.execute(db);
  } else {
    await sql`CREATE VIRTUAL TABLE index_products_fts USING fts5(name, brand, category_path, description, content='index_products', content_rowid='rowid', tokenize='porter unicode61')`.execute(
      db,
    );
    await sql`CREATE TRIGGER index_products_ai AFTER INSERT ON index_products BEGIN
      INSERT INTO index_products_fts(rowid, name, brand, category_path, description) VALUES (new.rowid, new.name, coalesce(new.brand, ''), coalesce(new.category_path, ''), new.description);
    END`.execute(db);
    await sql`CREATE TRIGGER index_products_ad AFTER DELETE ON index_products BEGIN
      INSERT INTO index_products_fts(index_products_fts, rowid, name, brand, category_path, description) VALUES ('delete', old.rowid, old.name, coalesce(old.brand, ''), coalesce(old.category_path, ''), old.description);
    END`.execute(db);
    await sql`CREATE TRIGGER index_products_au AFTER UPDATE ON index_products BEGIN
      INSERT INTO index_products_fts(index_products_fts, rowid, name, brand, category_path, description) VALUES ('delete', old.rowid, old.name, coalesce(old.brand, ''), coalesce(old.category_path, ''), old.description);
      INSERT INTO index_products_fts(rowid, name, brand, category_path, description) VALUES (new.rowid, new.name, coalesce(new.brand, ''), coalesce(new.category_path, ''), new.description);
    END`.execute(db);
  }

  await db.schema
    .createTable('index_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vertical', 'text', (c) => c.notNull()) // services | consumer
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('context_json', 'text')
    .addColumn('metadata_json', 'text')
    .addColumn('session_hash', 'text')
    .addColumn('user_hash', 'text')
    .addColumn('email_hash', 'text')
    .addColumn('result_json', 'text')
    .addColumn('boosted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('index_searches_publisher')
    .on('index_searches')
    .columns(['publisher_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('index_links')
    .addColumn('id', 'text', (c) => c.primaryKey()) // the click id in /go/<id>
    .addColumn('grclid', 'text', (c) => c.notNull())
    .addColumn('search_id', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // service | setup | product
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('price_label', 'text')
    .addColumn('commission_bps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('index_links_grclid').on('index_links').columns(['grclid']).execute();
  await db.schema.createIndex('index_links_search').on('index_links').columns(['search_id']).execute();

  await db.schema
    .createTable('index_clicks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull())
    .addColumn('grclid', 'text', (c) => c.notNull())
    .addColumn('search_id', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('is_bot', 'integer', (c) => c.notNull())
    .addColumn('at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('index_clicks_search').on('index_clicks').columns(['search_id']).execute();

  await db.schema
    .createTable('index_conversions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('grclid', 'text', (c) => c.notNull())
    .addColumn('search_id', 'text', (c) => c.notNull())
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // purchase | integration | signup …
    .addColumn('dedup_key', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('value_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text')
    .addColumn('commission_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('take_micros', big, (c) => c.notNull().defaultTo(0))
    .addColumn('detail_json', 'text')
    .addColumn('at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('index_conversions_dedup')
    .on('index_conversions')
    .columns(['grclid', 'kind', 'dedup_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('index_conversions_publisher')
    .on('index_conversions')
    .columns(['publisher_id', 'at'])
    .execute();

  await db.schema
    .createTable('index_session_summaries')
    .addColumn('publisher_id', 'text', (c) => c.notNull())
    .addColumn('session_hash', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('index_session_summaries_pk', ['publisher_id', 'session_hash'])
    .execute();
}
