import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { DB, IndexProductTable } from '../../db/schema.js';

/** SQL of the product catalog. Full-text is FTS5 on SQLite and a weighted tsvector on PostgreSQL; everything else is shared. */
export type ProductRow = Selectable<IndexProductTable>;

const BATCH = 400;

export async function upsertProducts(db: Kysely<DB>, rows: IndexProductTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    await db
      .insertInto('index_products')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('product_id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          brand: eb.ref('excluded.brand'),
          brand_lc: eb.ref('excluded.brand_lc'),
          merchant: eb.ref('excluded.merchant'),
          merchant_lc: eb.ref('excluded.merchant_lc'),
          category_path: eb.ref('excluded.category_path'),
          category: eb.ref('excluded.category'),
          description: eb.ref('excluded.description'),
          currency: eb.ref('excluded.currency'),
          price_micros: eb.ref('excluded.price_micros'),
          regular_price_micros: eb.ref('excluded.regular_price_micros'),
          image_url: eb.ref('excluded.image_url'),
          product_url: eb.ref('excluded.product_url'),
          color: eb.ref('excluded.color'),
          sizes: eb.ref('excluded.sizes'),
          gender: eb.ref('excluded.gender'),
          checkout_json: eb.ref('excluded.checkout_json'),
          commission_bps: eb.ref('excluded.commission_bps'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export async function deleteProducts(db: Kysely<DB>, ids: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const r = await db.deleteFrom('index_products').where('product_id', 'in', ids.slice(i, i + BATCH)).executeTakeFirst();
    n += Number(r.numDeletedRows ?? 0);
  }
  return n;
}

export async function countProducts(db: Kysely<DB>): Promise<number> {
  const r = await db.selectFrom('index_products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const getProduct = (db: Kysely<DB>, id: string) =>
  db.selectFrom('index_products').selectAll().where('product_id', '=', id).executeTakeFirst();

/** Hard filters, already normalised by the service. Price bounds are per catalog currency, in that currency's micros. */
export interface ProductFilter {
  priceBounds?: { currency: string; min: number | null; max: number | null }[];
  brands?: string[];
  merchants?: string[];
  onSaleOnly?: boolean;
  colors?: string[];
  sizes?: string[];
  genders?: string[];
  categories?: string[];
}

export interface RetrievalHit extends ProductRow {
  /** Higher is better (already sign-adjusted on SQLite). */
  text_score: number;
}

/** `mode: 'all'` requires every word, `'any'` one of them; `weights: false` gives plain, unweighted BM25 (the benchmark baseline). */
export async function retrieve(
  db: Kysely<DB>,
  dialect: Dialect,
  words: string[],
  filter: ProductFilter,
  opts: { mode: 'all' | 'any'; limit: number; weights?: boolean },
): Promise<RetrievalHit[]> {
  if (!words.length) return [];
  const weighted = opts.weights !== false;
  const where = filterSql(filter);
  if (dialect === 'sqlite') {
    const match = words.map((w) => `"${w.replace(/"/g, '""')}"`).join(opts.mode === 'all' ? ' AND ' : ' OR ');
    const rank = weighted ? sql`bm25(index_products_fts, 8.0, 4.0, 2.0, 1.0)` : sql`bm25(index_products_fts)`;
    const r = await sql<RetrievalHit>`
      SELECT p.*, -${rank} AS text_score
      FROM index_products_fts JOIN index_products p ON p.rowid = index_products_fts.rowid
      WHERE index_products_fts MATCH ${match} AND ${where}
      ORDER BY ${rank} LIMIT ${opts.limit}`.execute(db);
    return r.rows;
  }
  const q = words.join(opts.mode === 'all' ? ' ' : ' or ');
  const rank = weighted ? sql`ts_rank(search_tsv, q, 1)` : sql`ts_rank('{1,1,1,1}', search_tsv, q, 1)`;
  const r = await sql<RetrievalHit>`
    SELECT p.product_id, p.name, p.brand, p.brand_lc, p.merchant, p.merchant_lc, p.category_path, p.category, p.description,
           p.currency, p.price_micros, p.regular_price_micros, p.image_url, p.product_url, p.color, p.sizes, p.gender,
           p.checkout_json, p.commission_bps, p.updated_at, ${rank} AS text_score
    FROM index_products p, websearch_to_tsquery('english', ${q}) q
    WHERE p.search_tsv @@ q AND ${where}
    ORDER BY text_score DESC, p.product_id LIMIT ${opts.limit}`.execute(db);
  return r.rows.map((x) => ({ ...x, text_score: Number(x.text_score) }));
}

function filterSql(f: ProductFilter) {
  const parts = [sql`1 = 1`];
  if (f.priceBounds?.length) {
    const alts = f.priceBounds.map((b) => {
      const c = [sql`p.currency = ${b.currency}`];
      if (b.min !== null) c.push(sql`p.price_micros >= ${b.min}`);
      if (b.max !== null) c.push(sql`p.price_micros <= ${b.max}`);
      return sql`(${sql.join(c, sql` AND `)})`;
    });
    parts.push(sql`(${sql.join(alts, sql` OR `)})`);
  }
  if (f.brands?.length) parts.push(sql`p.brand_lc IN (${sql.join(f.brands)})`);
  if (f.merchants?.length) parts.push(sql`p.merchant_lc IN (${sql.join(f.merchants)})`);
  if (f.onSaleOnly) parts.push(sql`p.regular_price_micros IS NOT NULL AND p.price_micros < p.regular_price_micros`);
  if (f.colors?.length) parts.push(sql`p.color IN (${sql.join(f.colors)})`);
  if (f.sizes?.length) {
    const likes = f.sizes.map((s) => sql`p.sizes LIKE ${`%|${s.replace(/[%_\\]/g, '')}|%`}`);
    parts.push(sql`(p.sizes = '' OR ${sql.join(likes, sql` OR `)})`);
  }
  if (f.genders?.length) parts.push(sql`p.gender IN (${sql.join(f.genders)})`);
  if (f.categories?.length) parts.push(sql`p.category IN (${sql.join(f.categories)})`);
  return sql.join(parts, sql` AND `);
}

/** Currencies present in the catalog (for price filters expressed per currency). */
export async function catalogCurrencies(db: Kysely<DB>): Promise<string[]> {
  const r = await db.selectFrom('index_products').select('currency').distinct().execute();
  return r.map((x) => x.currency);
}
