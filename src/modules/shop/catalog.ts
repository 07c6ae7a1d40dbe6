import type { Ctx } from '../../context.js';
import type { IndexProductTable } from '../../db/schema.js';
import { dollarsToMicros } from '../../lib/money.js';
import { countLines, readRecords, type FileFormat } from '../../lib/records.js';
import { fxTable } from './fx.js';
import * as repo from './repo.js';
import { cleanText } from '../index/core.js';
import { encodeSizes, mapCategory, normaliseGender, titleColour, canonicalColour } from './taxonomy.js';
import { generateProducts, DEMO_PRODUCT_COUNT } from './generator.js';

/**
 * Product catalog import: JSON Lines, CSV, and merchant product-feed CSV
 * (Google Merchant Center column names: id, title, link, image_link,
 * availability, price "19.99 USD", sale_price, product_type /
 * google_product_category, color, size, gender). Upsert by product id;
 * listings that are out of stock or have no image are removed.
 */
export interface ImportProgress {
  (done: number, total: number): void;
}

export interface ImportResult {
  read: number;
  upserted: number;
  /** Listings skipped because they are out of stock or have no image. */
  dropped: number;
  /** Of those, listings that were in the catalog and were removed. */
  removed: number;
  rejected: number;
  errors: { line: number; message: string }[];
}

type Outcome = { row: IndexProductTable } | { drop: string } | { error: string };

const str = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? cleanText(v).trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '');
const first = (r: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = str(r[k]);
    if (v) return v;
  }
  return '';
};

/** "19.99 USD", "$19.99", 19.99 → amount and currency (when stated). */
export function parsePrice(v: unknown): { amount: number; currency: string | null } | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? { amount: v, currency: null } : null;
  const s = str(v);
  if (!s) return null;
  const m = /^\s*(?:([A-Za-z]{3})\s*)?[$€£]?\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*([A-Za-z]{3})?\s*$/.exec(s);
  if (!m) return null;
  const amount = Number(m[2].replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount < 0) return null;
  const sym = s.includes('€') ? 'EUR' : s.includes('£') ? 'GBP' : null;
  return { amount, currency: (m[1] ?? m[3] ?? sym)?.toUpperCase() ?? null };
}

function inStock(r: Record<string, unknown>): boolean {
  const a = first(r, 'availability', 'stock_status').toLowerCase().replace(/[_-]/g, ' ');
  if (a) return a === 'in stock' || a === 'instock' || a === 'available' || a === 'preorder' || a === 'backorder';
  if (r.in_stock !== undefined) return r.in_stock === true || ['1', 'true', 'yes'].includes(str(r.in_stock).toLowerCase());
  if (r.stock !== undefined && str(r.stock) !== '') return Number(str(r.stock)) > 0;
  return true;
}

function listOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(str).filter(Boolean);
  const s = str(v);
  return s ? s.split(/[|,;/]/).map((x) => x.trim()).filter(Boolean) : [];
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function truncateWords(s: string, words: number): string {
  const parts = s.split(/\s+/);
  return parts.length <= words ? s : parts.slice(0, words).join(' ') + '…';
}

export function normaliseProduct(ctx: Ctx, r: Record<string, unknown>, now: number): Outcome & { id?: string } {
  const id = first(r, 'product_id', 'id', 'sku', 'offer_id');
  if (!id) return { error: 'missing product_id (or id)' };
  if (id.length > 200) return { error: 'product_id longer than 200 characters' };
  if (!inStock(r)) return { drop: 'out of stock', id };
  const image = first(r, 'image_url', 'image_link', 'image');
  if (!image || !isHttpUrl(image)) return { drop: 'no image', id };
  const name = first(r, 'name', 'title');
  if (!name) return { error: 'missing name (or title)', id };
  const merchant = first(r, 'merchant', 'seller', 'store');
  if (!merchant) return { error: 'missing merchant', id };
  const url = first(r, 'url', 'link', 'product_url');
  if (!url || !isHttpUrl(url)) return { error: 'missing or invalid product url (url or link)', id };
  const list = parsePrice(r.regular_price ?? r.list_price ?? (r.sale_price !== undefined && str(r.sale_price) ? r.price : undefined));
  const cur = parsePrice(r.sale_price !== undefined && str(r.sale_price) ? r.sale_price : r.price);
  if (!cur) return { error: 'missing or invalid price', id };
  const currency = (first(r, 'currency') || cur.currency || list?.currency || 'USD').toUpperCase();
  if (!fxTable(ctx.config)[currency]) return { error: `unknown currency ${currency}`, id };
  const price = dollarsToMicros(cur.amount);
  const regular = list ? dollarsToMicros(list.amount) : null;
  const path = first(r, 'category', 'product_type', 'google_product_category', 'category_path') || null;
  const colorField = first(r, 'color', 'colour');
  const color = titleColour(name) || (colorField ? (canonicalColour(colorField) ?? titleColour(colorField)) : '');
  const brand = first(r, 'brand') || null;
  let checkout: string | null = null;
  const co = r.checkout as Record<string, unknown> | null | undefined;
  const endpoint = co && typeof co === 'object' ? str(co.endpoint) : first(r, 'ucp_endpoint', 'checkout_endpoint');
  if (endpoint && isHttpUrl(endpoint)) {
    checkout = JSON.stringify({
      protocol: 'ucp',
      endpoint,
      continue_url: (co && typeof co === 'object' ? str(co.continue_url) : first(r, 'continue_url', 'checkout_url')) || url,
      item_id: (co && typeof co === 'object' ? str(co.item_id) : first(r, 'ucp_item_id', 'item_id')) || id,
    });
  }
  const rate = first(r, 'commission_rate');
  const bps = first(r, 'commission_bps');
  const commission = bps ? Number(bps) : rate ? Math.round(Number(rate) * 10_000) : 0;
  return {
    id,
    row: {
      product_id: id,
      name: name.slice(0, 500),
      brand,
      brand_lc: (brand ?? '').toLowerCase(),
      merchant,
      merchant_lc: merchant.toLowerCase(),
      category_path: path,
      category: mapCategory(path ?? name),
      description: truncateWords(first(r, 'description'), 400),
      currency,
      price_micros: price,
      regular_price_micros: regular !== null && regular >= price ? regular : regular === null ? null : price,
      image_url: image,
      product_url: url,
      color,
      sizes: encodeSizes([...listOf(r.sizes), ...listOf(r.size)]),
      gender: normaliseGender(first(r, 'gender')),
      checkout_json: checkout,
      commission_bps: Number.isFinite(commission) ? Math.max(0, Math.min(10_000, Math.round(commission))) : 0,
      updated_at: now,
    },
  };
}

/** Import records already in memory (the demo generator, tests). */
export async function importProductRecords(
  ctx: Ctx,
  records: Iterable<Record<string, unknown>>,
  onProgress?: ImportProgress,
  total = 0,
  lineOf: (i: number) => number = (i) => i,
): Promise<ImportResult> {
  const res: ImportResult = { read: 0, upserted: 0, dropped: 0, removed: 0, rejected: 0, errors: [] };
  let rows: IndexProductTable[] = [];
  let drops: string[] = [];
  const flush = async () => {
    if (!rows.length && !drops.length) return;
    const r = rows;
    const d = drops;
    rows = [];
    drops = [];
    await ctx.db.transaction().execute(async (trx) => {
      if (r.length) await repo.upsertProducts(trx, r);
      if (d.length) res.removed += await repo.deleteProducts(trx, d);
    });
    res.upserted += r.length;
    onProgress?.(res.read, total);
  };
  const now = ctx.clock.now();
  let line = 0;
  for (const rec of records) {
    line++;
    res.read++;
    const o = normaliseProduct(ctx, rec, now);
    if ('row' in o) rows.push(o.row);
    else if ('drop' in o) {
      drops.push(o.id!);
      res.dropped++;
    } else {
      res.rejected++;
      if (res.errors.length < 50) res.errors.push({ line: lineOf(line), message: `${o.id ? `${o.id}: ` : ''}${o.error}` });
    }
    if (rows.length + drops.length >= 2000) await flush();
  }
  await flush();
  invalidateCatalogCache(ctx);
  return res;
}

export async function importProductsFile(ctx: Ctx, file: string, onProgress?: ImportProgress, format?: FileFormat): Promise<ImportResult> {
  const total = Math.max(0, (await countLines(file)) - ((format ?? file).toLowerCase().match(/\.(csv|tsv|txt)$/) || format === 'csv' || format === 'tsv' ? 1 : 0));
  const res: ImportResult = { read: 0, upserted: 0, dropped: 0, removed: 0, rejected: 0, errors: [] };
  let batch: Record<string, unknown>[] = [];
  let lines: number[] = [];
  const run = async () => {
    const at = lines;
    const r = await importProductRecords(ctx, batch, undefined, 0, (i) => at[i - 1] ?? i);
    batch = [];
    lines = [];
    res.upserted += r.upserted;
    res.dropped += r.dropped;
    res.removed += r.removed;
    res.rejected += r.rejected;
    for (const e of r.errors) if (res.errors.length < 50) res.errors.push(e);
    onProgress?.(res.read, total);
  };
  for await (const fr of readRecords(file, format)) {
    res.read++;
    if (!fr.record) {
      res.rejected++;
      if (res.errors.length < 50) res.errors.push({ line: fr.line, message: fr.error ?? 'unreadable record' });
      continue;
    }
    batch.push(fr.record);
    lines.push(fr.line);
    if (batch.length >= 2000) await run();
  }
  await run();
  return res;
}

/** Load the generated demo catalog when the catalog is empty (first start only). */
export async function ensureDemoProducts(ctx: Ctx, merchantEndpoint?: string): Promise<ImportResult | null> {
  if ((await repo.countProducts(ctx.db)) > 0) return null;
  const gen = generateProducts({ count: DEMO_PRODUCT_COUNT, merchantEndpoint });
  const records = (function* () {
    for (const { product } of gen) yield product as unknown as Record<string, unknown>;
  })();
  return importProductRecords(ctx, records);
}

export const countProducts = (ctx: Ctx) => repo.countProducts(ctx.db);

/* The currencies present in the catalog, cached briefly (imports invalidate it in this process). */
const currencyCache = new WeakMap<Ctx, { at: number; list: string[] }>();

export async function catalogCurrencies(ctx: Ctx): Promise<string[]> {
  const now = ctx.clock.now();
  const hit = currencyCache.get(ctx);
  if (hit && now - hit.at < 60_000) return hit.list;
  const list = await repo.catalogCurrencies(ctx.db);
  currencyCache.set(ctx, { at: now, list });
  return list;
}

export function invalidateCatalogCache(ctx: Ctx): void {
  currencyCache.delete(ctx);
}
