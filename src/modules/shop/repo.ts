import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { DB, IndexProductTable } from '../../db/schema.js';

/**
 * SQL of the product catalog. Full-text is FTS5 on SQLite and a weighted
 * tsvector on PostgreSQL — only candidate retrieval differs; the ranking is
 * one TypeScript function over the candidates (ranking.ts). The catalog
 * statistics (`index_product_stats`) are kept by the import in the same
 * transaction as the rows they count.
 */
export type ProductRow = Selectable<IndexProductTable>;
/** A catalog row as search reads it (its stems are left in the table). */
export type ListingRow = Omit<ProductRow, 'import_run'>;
/** What ranking reads of a candidate (its long text stays in the table until it is shown). */
export type CandidateRow = Omit<ListingRow, 'description' | 'bullets'>;

const BATCH = 400;

/** Every column but the key: what an upsert replaces. */
const UPDATABLE = [
  'name',
  'brand',
  'brand_lc',
  'merchant',
  'merchant_lc',
  'category_path',
  'category',
  'google_category_id',
  'currency',
  'price_micros',
  'regular_price_micros',
  'image_url',
  'product_url',
  'color',
  'sizes',
  'gender',
  'availability',
  'rating',
  'rating_count',
  'checkout_json',
  'commission_bps',
  'import_run',
  'updated_at',
  'stems',
  'bullets',
  'description',
] as const satisfies readonly (keyof IndexProductTable)[];

export async function upsertProducts(db: Kysely<DB>, rows: IndexProductTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('index_products')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc
          .column('product_id')
          .doUpdateSet((eb) => Object.fromEntries(UPDATABLE.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      )
      .execute();
  }
}

/** The listings with these ids: whose they are and their stems (to keep the statistics exact). */
export async function existingListings(
  db: Kysely<DB>,
  ids: string[],
): Promise<{ product_id: string; merchant_lc: string; stems: string }[]> {
  const out: { product_id: string; merchant_lc: string; stems: string }[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    out.push(
      ...(await db
        .selectFrom('index_products')
        .select(['product_id', 'merchant_lc', 'stems'])
        .where('product_id', 'in', ids.slice(i, i + BATCH))
        .execute()),
    );
  }
  return out;
}

export async function deleteProducts(db: Kysely<DB>, ids: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const r = await db
      .deleteFrom('index_products')
      .where('product_id', 'in', ids.slice(i, i + BATCH))
      .executeTakeFirst();
    n += Number(r.numDeletedRows ?? 0);
  }
  return n;
}

/** Marks listings as seen by an import (rows it rejected keep their last good version through a full-feed import). */
export async function touchListings(db: Kysely<DB>, merchantLc: string, ids: string[], run: string): Promise<void> {
  for (let i = 0; i < ids.length; i += BATCH) {
    await db
      .updateTable('index_products')
      .set({ import_run: run })
      .where('merchant_lc', '=', merchantLc)
      .where('product_id', 'in', ids.slice(i, i + BATCH))
      .execute();
  }
}

/** A page of a merchant's listings that an import did not see (a full feed removes them). */
export const unseenListings = (db: Kysely<DB>, merchantLc: string, run: string, limit: number) =>
  db
    .selectFrom('index_products')
    .select(['product_id', 'stems'])
    .where('merchant_lc', '=', merchantLc)
    .where((eb) => eb.or([eb('import_run', 'is', null), eb('import_run', '!=', run)]))
    .limit(limit)
    .execute();

export async function countProducts(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('index_products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const getProduct = (db: Kysely<DB>, id: string) =>
  db.selectFrom('index_products').selectAll().where('product_id', '=', id).executeTakeFirst();

/* ---------- catalog statistics ---------- */

/** Adds the deltas to the per-stem counts (and `#`-keys); counts that reach zero are removed. */
export async function applyStats(db: Kysely<DB>, delta: Map<string, number>): Promise<void> {
  const entries = [...delta].filter(([, n]) => n !== 0);
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500).map(([term, n]) => ({ term, n }));
    await db
      .insertInto('index_product_stats')
      .values(chunk)
      .onConflict((oc) => oc.column('term').doUpdateSet({ n: sql`index_product_stats.n + excluded.n` }))
      .execute();
  }
  if (entries.some(([, n]) => n < 0)) await db.deleteFrom('index_product_stats').where('n', '<=', 0).execute();
}

export async function statsFor(db: Kysely<DB>, terms: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!terms.length) return out;
  const rows = await db
    .selectFrom('index_product_stats')
    .select(['term', 'n'])
    .where('term', 'in', [...new Set(terms)])
    .execute();
  for (const r of rows) out.set(r.term, Number(r.n));
  return out;
}

/** Catalog stems starting with `prefix`, of a length in [min, max], most frequent first (spelling suggestions). */
export async function stemsNear(
  db: Kysely<DB>,
  prefix: string,
  min: number,
  max: number,
  limit: number,
): Promise<{ term: string; n: number }[]> {
  const rows = await db
    .selectFrom('index_product_stats')
    .select(['term', 'n'])
    .where('term', '>=', prefix)
    .where('term', '<', `${prefix}\uffff`)
    .where(sql<number>`length(term)`, '>=', min)
    .where(sql<number>`length(term)`, '<=', max)
    .orderBy('n', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ term: r.term, n: Number(r.n) }));
}

export async function replaceStats(db: Kysely<DB>, counts: Map<string, number>): Promise<void> {
  await db.deleteFrom('index_product_stats').execute();
  await applyStats(db, counts);
}

/** Listings in product-id order after `after` (for a full statistics rebuild). */
export const listingTextPage = (db: Kysely<DB>, after: string, limit: number) =>
  db
    .selectFrom('index_products')
    .select(['product_id', 'name', 'brand', 'category_path', 'bullets', 'description', 'stems'])
    .where('product_id', '>', after)
    .orderBy('product_id')
    .limit(limit)
    .execute();

export async function setStems(db: Kysely<DB>, rows: { product_id: string; stems: string }[]): Promise<void> {
  for (const r of rows)
    await db.updateTable('index_products').set({ stems: r.stems }).where('product_id', '=', r.product_id).execute();
}

/* ---------- search ---------- */

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

/** What ranking reads of a candidate: everything but the long text and the import's bookkeeping. */
const CANDIDATE_COLUMNS = [
  'product_id',
  ...UPDATABLE.filter((c) => c !== 'description' && c !== 'bullets' && c !== 'import_run'),
];
const SELECT_P = sql.raw(CANDIDATE_COLUMNS.map((c) => `p.${c}`).join(', '));

/** PostgreSQL returns bigint and double columns as strings. */
function numeric<T extends { price_micros: unknown; regular_price_micros: unknown; rating: unknown }>(x: T): T {
  return {
    ...x,
    price_micros: x.price_micros === null ? null : Number(x.price_micros),
    regular_price_micros: x.regular_price_micros === null ? null : Number(x.regular_price_micros),
    rating: x.rating === null ? null : Number(x.rating),
  };
}

/** Full listings by id (what a response shows), in no particular order. */
export async function listingsById(db: Kysely<DB>, ids: string[]): Promise<ListingRow[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('index_products').selectAll().where('product_id', 'in', ids).execute();
  return rows.map(({ import_run: _, ...r }) => numeric(r));
}

/**
 * Candidates for a query from the backend's full-text index: listings with
 * every word of at least one of the `groups` (one group: all the words; a
 * group per word: any of them), in the backend's own field-weighted order, at
 * most `limit`. `weights: false` orders by the engine's plain, unweighted
 * score (a baseline).
 */
export async function retrieve(
  db: Kysely<DB>,
  dialect: Dialect,
  groups: string[][],
  filter: ProductFilter,
  opts: { limit: number; weights?: boolean },
): Promise<CandidateRow[]> {
  const alternatives = groups.filter((g) => g.length);
  if (!alternatives.length) return [];
  const where = filterSql(filter);
  if (dialect === 'sqlite') {
    const match = alternatives.map((g) => `(${g.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ')})`).join(' OR ');
    const rank =
      opts.weights === false ? sql`bm25(index_products_fts)` : sql`bm25(index_products_fts, 10.0, 4.0, 2.0, 2.0, 1.0)`;
    // The best rowids first, then their rows: the sort never carries listings' text, and without filters it never reads a row.
    const ftsOnly = (n: number) =>
      sql`SELECT rowid AS rid, ${rank} AS score FROM index_products_fts WHERE index_products_fts MATCH ${match} ORDER BY score LIMIT ${n}`;
    if (!hasFilter(filter)) {
      const r =
        await sql<CandidateRow>`SELECT ${SELECT_P} FROM (${ftsOnly(opts.limit)}) best JOIN index_products p ON p.rowid = best.rid ORDER BY best.score`.execute(
          db,
        );
      return r.rows;
    }
    // With filters, every match is checked against them (the filter columns come before the long text).
    const r = await sql<CandidateRow>`
      SELECT ${SELECT_P}
      FROM (SELECT p.rowid AS rid, ${rank} AS score
            FROM index_products_fts JOIN index_products p ON p.rowid = index_products_fts.rowid
            WHERE index_products_fts MATCH ${match} AND ${where}
            ORDER BY score LIMIT ${opts.limit}) best
      JOIN index_products p ON p.rowid = best.rid ORDER BY best.score`.execute(db);
    return r.rows;
  }
  const tsquery = sql.join(
    alternatives.map((g) => sql`plainto_tsquery('english', ${g.join(' ')})`),
    sql` || `,
  );
  const rank =
    opts.weights === false
      ? sql`ts_rank('{1,1,1,1}', p.search_tsv, tq.q, 1)`
      : sql`ts_rank('{0.1,0.3,0.5,1.0}', p.search_tsv, tq.q, 1)`;
  const r = await sql<CandidateRow>`
    SELECT ${SELECT_P}
    FROM index_products p, (SELECT ${tsquery} AS q) tq
    WHERE p.search_tsv @@ tq.q AND ${where}
    ORDER BY ${rank} DESC, p.rating_count DESC, p.product_id LIMIT ${opts.limit}`.execute(db);
  return r.rows.map(numeric);
}

const hasFilter = (f: ProductFilter) =>
  !!(
    f.priceBounds?.length ||
    f.brands?.length ||
    f.merchants?.length ||
    f.onSaleOnly ||
    f.colors?.length ||
    f.sizes?.length ||
    f.genders?.length ||
    f.categories?.length
  );

function filterSql(f: ProductFilter) {
  const parts = [sql`1 = 1`];
  if (f.priceBounds?.length) {
    // A listing without a price never passes a price filter.
    const alts = f.priceBounds.map((b) => {
      const c = [sql`p.currency = ${b.currency}`, sql`p.price_micros IS NOT NULL`];
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
