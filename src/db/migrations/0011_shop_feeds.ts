import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/**
 * Real merchant feeds in the product catalog (issue 24):
 * - `price_micros` may be null: a listing whose merchant publishes no price is
 *   imported and searchable, never matched by a price filter;
 * - `bullets` (Merchant Center `product_highlight`, Amazon bullet points) is
 *   searched beside the description: the full-text index is rebuilt with it
 *   (FTS5: name, brand, category_path, bullets, description; PostgreSQL: the
 *   weighted tsvector gains it);
 * - `google_category_id`: the node of Google's product taxonomy the merchant
 *   category maps onto;
 * - `availability`, `rating`, `rating_count`: meaningful tie-breakers;
 * - `stems`: the listing's searchable fields as stem sequences (title, brand,
 *   category, bullets, description start; one line each), so search ranks
 *   candidates without re-reading their text, and an import keeps
 *   `index_product_stats` (document frequency per stem, and `#docs`) exact
 *   when it replaces or removes a listing;
 * - `import_run`: the import that last saw the listing; a full-feed import
 *   removes the merchant's listings it did not see.
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt there.
 */
const COLUMNS = `product_id, name, brand, brand_lc, merchant, merchant_lc, category_path, category, description, currency,
  price_micros, regular_price_micros, image_url, product_url, color, sizes, gender, checkout_json, commission_bps, updated_at`;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE index_products ALTER COLUMN price_micros DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE index_products
      ADD COLUMN bullets text NOT NULL DEFAULT '',
      ADD COLUMN google_category_id integer,
      ADD COLUMN availability text NOT NULL DEFAULT 'in_stock',
      ADD COLUMN rating double precision,
      ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
      ADD COLUMN stems text NOT NULL DEFAULT '',
      ADD COLUMN import_run text`.execute(db);
    await sql`DROP INDEX IF EXISTS index_products_tsv`.execute(db);
    await sql`ALTER TABLE index_products DROP COLUMN search_tsv`.execute(db);
    await sql`ALTER TABLE index_products ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category_path, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(bullets, '')), 'C') ||
      setweight(to_tsvector('english', coalesce(description, '')), 'D')) STORED`.execute(db);
    await sql`CREATE INDEX index_products_tsv ON index_products USING GIN (search_tsv)`.execute(db);
  } else {
    for (const t of ['index_products_ai', 'index_products_ad', 'index_products_au'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
    await sql`DROP TABLE IF EXISTS index_products_fts`.execute(db);
    // The long text columns come last: SQLite reads a row's columns in order, so filters and ranking never touch their overflow pages.
    await sql`CREATE TABLE index_products_new (
      product_id text PRIMARY KEY,
      name text NOT NULL,
      brand text,
      brand_lc text NOT NULL DEFAULT '',
      merchant text NOT NULL,
      merchant_lc text NOT NULL,
      category_path text,
      category text NOT NULL,
      google_category_id integer,
      currency text NOT NULL,
      price_micros integer,
      regular_price_micros integer,
      image_url text NOT NULL,
      product_url text NOT NULL,
      color text NOT NULL DEFAULT '',
      sizes text NOT NULL DEFAULT '',
      gender text NOT NULL DEFAULT '',
      availability text NOT NULL DEFAULT 'in_stock',
      rating real,
      rating_count integer NOT NULL DEFAULT 0,
      checkout_json text,
      commission_bps integer NOT NULL DEFAULT 0,
      import_run text,
      updated_at integer NOT NULL,
      stems text NOT NULL DEFAULT '',
      bullets text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT ''
    )`.execute(db);
    await sql.raw(`INSERT INTO index_products_new (${COLUMNS}) SELECT ${COLUMNS} FROM index_products`).execute(db);
    await sql`DROP TABLE index_products`.execute(db);
    await sql`ALTER TABLE index_products_new RENAME TO index_products`.execute(db);
    for (const col of ['category', 'brand_lc', 'merchant_lc', 'price_micros']) {
      await sql.raw(`CREATE INDEX IF NOT EXISTS index_products_${col} ON index_products (${col})`).execute(db);
    }
    await sql`CREATE VIRTUAL TABLE index_products_fts USING fts5(name, brand, category_path, bullets, description, content='index_products', content_rowid='rowid', tokenize='porter unicode61')`.execute(
      db,
    );
    const cols = 'name, brand, category_path, bullets, description';
    const vals = (r: string) =>
      `${r}.name, coalesce(${r}.brand, ''), coalesce(${r}.category_path, ''), ${r}.bullets, ${r}.description`;
    await sql
      .raw(
        `CREATE TRIGGER index_products_ai AFTER INSERT ON index_products BEGIN
      INSERT INTO index_products_fts(rowid, ${cols}) VALUES (new.rowid, ${vals('new')});
    END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER index_products_ad AFTER DELETE ON index_products BEGIN
      INSERT INTO index_products_fts(index_products_fts, rowid, ${cols}) VALUES ('delete', old.rowid, ${vals('old')});
    END`,
      )
      .execute(db);
    // Only a change of the indexed text touches the full-text index.
    await sql
      .raw(
        `CREATE TRIGGER index_products_au AFTER UPDATE OF ${cols} ON index_products BEGIN
      INSERT INTO index_products_fts(index_products_fts, rowid, ${cols}) VALUES ('delete', old.rowid, ${vals('old')});
      INSERT INTO index_products_fts(rowid, ${cols}) VALUES (new.rowid, ${vals('new')});
    END`,
      )
      .execute(db);
    await sql`INSERT INTO index_products_fts(index_products_fts) VALUES ('rebuild')`.execute(db);
  }
  await db.schema
    .createTable('index_product_stats')
    .addColumn('term', 'text', (c) => c.primaryKey())
    .addColumn('n', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
}
