import { convert as htmlToText } from 'html-to-text';
import type { IndexProductTable } from '../../db/schema.js';
import { dollarsToMicros } from '../../lib/money.js';
import { INVALID_BYTES } from '../../lib/records.js';
import { cleanText } from '../index/core.js';
import { categoryLevels, shopCategoryOf, toGoogleCategory } from './google-taxonomy.js';
import { analyzeListing } from './analysis.js';
import { canonicalColour, encodeSizes, genderIn, normaliseGender, sizesInTitle, titleColour } from './taxonomy.js';

/**
 * One merchant feed record → one catalog row, for every feed shape Orbit
 * reads: Google Merchant Center (CSV/TSV/XML attribute names: id, title,
 * description, product_highlight, link, image_link, availability, price
 * "19.99 USD", sale_price, brand, product_type, google_product_category,
 * color, size, gender, age_group), Shopify's products.json (variants,
 * options, body_html, vendor, handle), and plain JSON Lines (product_id,
 * name, url, image_url, category as a path or an array, bullet_points…).
 * The merchant comes from the import (`--merchant`) unless a row names its
 * own. Pure: no I/O; the caller gives the clock and the known currencies.
 */
export interface FeedOptions {
  /** The merchant selling every listing of the feed (rows may still name their own). */
  merchant?: string | null;
  /** Currency of prices that state none (default USD). */
  currency?: string | null;
  /** Storefront origin for Shopify products (their URL is `<shop>/products/<handle>`). */
  shopUrl?: string | null;
}

export type Outcome =
  { id: string; row: IndexProductTable } | { id: string; drop: string } | { id?: string; error: string };

const DESCRIPTION_WORDS = 400;
const MAX_BULLETS = 20;

const str = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'string'
      ? cleanText(v).trim()
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : '';

function first(r: Record<string, unknown>, ...keys: string[]): string {
  for (const k of keys) {
    const v = r[k];
    const s = Array.isArray(v) ? str(v[0]) : str(v);
    if (s) return s;
  }
  return '';
}

/** Text with markup removed (feeds carry HTML in descriptions and even titles), whitespace folded. */
export function plainText(s: string): string {
  const t = /<[a-z!/][^>]*>|&[#a-z0-9]+;/i.test(s)
    ? htmlToText(s, {
        wordwrap: false,
        selectors: [
          { selector: 'a', options: { ignoreHref: true } },
          { selector: 'img', format: 'skip' },
        ],
      })
    : s;
  return t
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/* ---------- prices ---------- */

const SYMBOL: [RegExp, string][] = [
  [/US\$|\$US/i, 'USD'],
  [/CA\$|C\$|\$CA/i, 'CAD'],
  [/AU\$|A\$/i, 'AUD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥|円/, 'JPY'],
  [/₹/, 'INR'],
  [/\$/, 'USD'],
];

/**
 * A price as merchants write it: 19.99, "19.99 USD", "USD 12", "$1,299.00",
 * "1.234,56 EUR", "12,50 €". With both separators the last one is the decimal
 * point; a lone comma followed by exactly three digits groups thousands.
 * Returns null when there is no price, 'invalid' when there is one that is not a number.
 */
export function parsePrice(v: unknown): { amount: number; currency: string | null } | null | 'invalid' {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? { amount: v, currency: null } : 'invalid';
  let s = str(v);
  if (!s) return null;
  let currency: string | null = null;
  const code = /(^|[^A-Za-z])([A-Za-z]{3})([^A-Za-z]|$)/.exec(s);
  if (code) {
    currency = code[2].toUpperCase();
    s = s.replace(code[2], ' ');
  }
  for (const [re, c] of SYMBOL) {
    if (re.test(s)) {
      currency ??= c;
      s = s.replace(re, ' ');
      break;
    }
  }
  s = s.replace(/[\s'\u00a0\u202f]/g, '');
  if (!/^\d[\d.,]*$/.test(s) || /[.,]{2}/.test(s)) return 'invalid';
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let n: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    const thou = dec === '.' ? ',' : '.';
    if (s.indexOf(dec) !== s.lastIndexOf(dec)) return 'invalid';
    n = s.split(thou).join('').replace(',', '.');
  } else if (lastComma >= 0) {
    n = /^\d{1,3}(,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.indexOf(',') === lastComma ? s.replace(',', '.') : 'x';
  } else if (lastDot >= 0) {
    n = /^\d{1,3}(\.\d{3}){2,}$/.test(s) ? s.replace(/\./g, '') : s.indexOf('.') === lastDot ? s : 'x';
  } else n = s;
  const amount = Number(n);
  if (!Number.isFinite(amount) || amount < 0 || amount > 1e9) return 'invalid';
  return { amount, currency };
}

/* ---------- field readers ---------- */

const AVAILABLE: Record<string, string> = {
  'in stock': 'in_stock',
  instock: 'in_stock',
  available: 'in_stock',
  'limited availability': 'in_stock',
  'available for order': 'backorder',
  preorder: 'preorder',
  'pre order': 'preorder',
  backorder: 'backorder',
  'back order': 'backorder',
};

/** in_stock | preorder | backorder, or null when the listing cannot be bought (out of stock, discontinued). */
function availabilityOf(r: Record<string, unknown>): string | null {
  const a = first(r, 'availability', 'stock_status')
    .toLowerCase()
    .replace(/[_-]/g, ' ')
    .replace(/^https?:\/\/schema\.org\//, '');
  if (a) return AVAILABLE[a] ?? AVAILABLE[a.replace(/\s+/g, '')] ?? null;
  if (r.in_stock !== undefined)
    return r.in_stock === true || ['1', 'true', 'yes'].includes(str(r.in_stock).toLowerCase()) ? 'in_stock' : null;
  if (r.stock !== undefined && str(r.stock) !== '') return Number(str(r.stock)) > 0 ? 'in_stock' : null;
  return 'in_stock';
}

function listOf(v: unknown, split: RegExp): string[] {
  if (Array.isArray(v)) return v.flatMap((x) => listOf(x, split));
  const s = str(v);
  return s
    ? s
        .split(split)
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The first `words` words of a text (with an ellipsis when cut). */
function truncateWords(s: string, words: number): string {
  const re = /\S+/g;
  let n = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (++n > words) return `${s.slice(0, m.index).trimEnd()}…`;
  }
  return s;
}

/** Text kept of a description before markup is removed: far more than 400 words, far less than a 10 MB field. */
const DESCRIPTION_READ = 64 * 1024;

const number = (s: string): number | null => {
  const n = Number(s.replace(/,/g, ''));
  return s && Number.isFinite(n) && n >= 0 ? n : null;
};

/* ---------- Shopify products.json ---------- */

interface ShopifyVariant {
  id?: unknown;
  price?: unknown;
  compare_at_price?: unknown;
  available?: unknown;
  option1?: unknown;
  option2?: unknown;
  option3?: unknown;
}

const isShopify = (r: Record<string, unknown>) => Array.isArray(r.variants) && ('handle' in r || 'body_html' in r);

/** A Shopify product as a flat feed record: the cheapest available variant's price, the sizes and colour of its options. */
function fromShopify(r: Record<string, unknown>, opts: FeedOptions): Record<string, unknown> {
  const variants = (r.variants as ShopifyVariant[]).filter((v) => v && typeof v === 'object');
  const live = variants.filter((v) => v.available !== false);
  const priced = live
    .map((v) => ({ v, p: parsePrice(v.price) }))
    .filter(
      (x): x is { v: ShopifyVariant; p: { amount: number; currency: string | null } } => !!x.p && x.p !== 'invalid',
    );
  priced.sort((a, b) => a.p.amount - b.p.amount);
  const cheapest = priced[0];
  const options = Array.isArray(r.options) ? (r.options as { name?: unknown; position?: unknown }[]) : [];
  const valuesOf = (re: RegExp): string[] => {
    const i = options.findIndex((o) => re.test(str(o?.name)));
    if (i < 0) return [];
    const key = `option${i + 1}` as 'option1' | 'option2' | 'option3';
    return [...new Set(live.map((v) => str(v[key])).filter(Boolean))];
  };
  const colours = valuesOf(/^colou?r$/i);
  const images = Array.isArray(r.images) ? (r.images as { src?: unknown }[]) : [];
  const image = str((r.image as { src?: unknown } | null)?.src) || str(images[0]?.src);
  const handle = str(r.handle);
  const shop = (opts.shopUrl ?? '').replace(/\/+$/, '');
  const tags = Array.isArray(r.tags) ? (r.tags as unknown[]).map(str).join(', ') : str(r.tags);
  return {
    id: str(r.id),
    title: r.title,
    description: r.body_html,
    brand: r.vendor,
    product_type: r.product_type,
    link: shop && handle ? `${shop}/products/${handle}` : '',
    image_link: image,
    availability: live.length ? 'in stock' : 'out of stock',
    price: cheapest
      ? cheapest.p.amount
      : variants.length && !priced.length && variants.some((v) => str(v.price))
        ? 'invalid'
        : '',
    regular_price: cheapest && parsePrice(cheapest.v.compare_at_price) ? cheapest.v.compare_at_price : undefined,
    sizes: valuesOf(/^size$/i),
    color: colours.length === 1 ? colours[0] : '',
    gender: /\b(women|men|kids|unisex)\b/i.exec(tags)?.[1] ?? '',
  };
}

/* ---------- the row ---------- */

export interface NormaliseContext {
  now: number;
  importRun: string | null;
  /** Currencies the index can convert (fx table). */
  currencies: Record<string, unknown>;
}

const INVALID_TEXT = new RegExp(INVALID_BYTES);

export function normaliseProduct(input: Record<string, unknown>, opts: FeedOptions, nc: NormaliseContext): Outcome {
  const r = isShopify(input) ? fromShopify(input, opts) : input;
  const id = first(r, 'product_id', 'id', 'offer_id', 'sku', 'item_id', 'asin');
  if (!id) return { error: 'missing id (product_id, id, offer_id or sku)' };
  if (id.length > 200) return { error: 'id longer than 200 characters' };
  const name = plainText(first(r, 'name', 'title')).replace(/\s+/g, ' ');
  const rawDescription = first(r, 'description', 'body_html', 'long_description');
  if (
    Object.values(r).some((v) =>
      typeof v === 'string'
        ? INVALID_TEXT.test(v)
        : Array.isArray(v) && v.some((x) => typeof x === 'string' && INVALID_TEXT.test(x)),
    )
  ) {
    return { id, error: 'bytes that are not valid UTF-8 (re-export the feed as UTF-8, or pass --encoding)' };
  }
  const availability = availabilityOf(r);
  if (!availability) return { id, drop: 'out of stock' };
  const image = first(r, 'image_link', 'image_url', 'image', 'imagelink');
  if (!image || !isHttpUrl(image)) return { id, drop: 'no image' };
  if (!name) return { id, error: 'missing title (or name)' };
  const merchant = first(r, 'merchant', 'seller', 'store') || (opts.merchant ?? '').trim();
  if (!merchant)
    return {
      id,
      error: 'missing merchant: pass --merchant NAME (or --advertiser ID) for the feed, or give a merchant column',
    };
  const url = first(r, 'link', 'url', 'product_url');
  if (!url || !isHttpUrl(url))
    return {
      id,
      error:
        isShopify(input) && !opts.shopUrl
          ? 'missing product url: pass --shop-url https://your-store for a Shopify export'
          : 'missing or invalid product url (link or url)',
    };

  // Price: the sale price when there is one, the regular price beside it; none at all is allowed.
  const hasSale = str(r.sale_price) !== '';
  const cur = parsePrice(hasSale ? r.sale_price : r.price);
  if (cur === 'invalid') return { id, error: `invalid price "${str(hasSale ? r.sale_price : r.price).slice(0, 40)}"` };
  const listRaw = r.regular_price ?? r.list_price ?? r.compare_at_price ?? (hasSale ? r.price : undefined);
  const list = listRaw === undefined ? null : parsePrice(listRaw);
  if (list === 'invalid') return { id, error: `invalid regular price "${str(listRaw).slice(0, 40)}"` };
  const currency = (first(r, 'currency') || cur?.currency || list?.currency || opts.currency || 'USD').toUpperCase();
  if (!nc.currencies[currency]) return { id, error: `unknown currency ${currency}` };
  const price = cur ? dollarsToMicros(cur.amount) : null;
  const regular = list && price !== null ? dollarsToMicros(list.amount) : null;

  // Category: Google's id/path when given, else the merchant's path mapped onto Google's taxonomy.
  const pathLevels = categoryLevels(
    (Array.isArray(r.category) ? r.category : null) ?? (first(r, 'product_type', 'category', 'category_path') || null),
  );
  const merchantPath = pathLevels.length ? pathLevels.join(' > ') : null;
  const googleGiven = first(r, 'google_product_category');
  const google = (googleGiven ? toGoogleCategory(googleGiven) : null) ?? toGoogleCategory(pathLevels);
  const categoryPath = merchantPath ?? (googleGiven && google ? google.path.join(' > ') : null);

  const description = truncateWords(plainText(rawDescription.slice(0, DESCRIPTION_READ)), DESCRIPTION_WORDS);
  const bullets = listOf(
    r.product_highlight ?? r.product_highlights ?? r.highlights ?? r.bullet_points ?? r.bullets ?? r.features,
    /\r?\n+/,
  )
    .map((b) => plainText(b).replace(/\s+/g, ' ').slice(0, 600))
    .filter(Boolean)
    .slice(0, MAX_BULLETS)
    .join('\n');
  const brand = plainText(first(r, 'brand', 'vendor')).slice(0, 200) || null;

  // Gender, colour and size: the feed's columns, else what the category path and the title say.
  const ageGroup = first(r, 'age_group').toLowerCase();
  const gender =
    normaliseGender(first(r, 'gender')) ||
    (/^(kids|toddler|infant|newborn)$/.test(ageGroup) ? 'kids' : '') ||
    genderIn(pathLevels.slice(0, 3).join(' ')) ||
    genderIn(name);
  const colourField = first(r, 'color', 'colour');
  const color = titleColour(name) || (colourField ? (canonicalColour(colourField) ?? titleColour(colourField)) : '');
  const sizeList = [...listOf(r.sizes, /[|,;/]/), ...listOf(r.size, /[|,;/]/)];
  const sizes = encodeSizes(sizeList.length ? sizeList : sizesInTitle(name));

  let checkout: string | null = null;
  const co = r.checkout as Record<string, unknown> | null | undefined;
  const endpoint = co && typeof co === 'object' ? str(co.endpoint) : first(r, 'ucp_endpoint', 'checkout_endpoint');
  if (endpoint && isHttpUrl(endpoint)) {
    checkout = JSON.stringify({
      protocol: 'ucp',
      endpoint,
      continue_url:
        (co && typeof co === 'object' ? str(co.continue_url) : first(r, 'continue_url', 'checkout_url')) || url,
      item_id: (co && typeof co === 'object' ? str(co.item_id) : first(r, 'ucp_item_id', 'item_id')) || id,
    });
  }
  const rate = first(r, 'commission_rate');
  const bps = first(r, 'commission_bps');
  const commission = bps ? Number(bps) : rate ? Math.round(Number(rate) * 10_000) : 0;
  const rating = number(first(r, 'rating', 'product_rating', 'average_rating'));
  const ratingCount = number(
    first(r, 'rating_count', 'review_count', 'reviews_count', 'num_reviews', 'product_review_count'),
  );

  const row: IndexProductTable = {
    product_id: id,
    name: name.slice(0, 500),
    brand,
    brand_lc: (brand ?? '').toLowerCase(),
    merchant: merchant.slice(0, 200),
    merchant_lc: merchant.slice(0, 200).toLowerCase(),
    category_path: categoryPath ? categoryPath.slice(0, 1000) : null,
    category: shopCategoryOf(google),
    google_category_id: google?.id ?? null,
    description,
    bullets,
    currency,
    price_micros: price,
    regular_price_micros: regular !== null && price !== null ? Math.max(regular, price) : null,
    image_url: image,
    product_url: url,
    color,
    sizes,
    gender,
    availability,
    rating: rating !== null && rating <= 5 ? rating : null,
    rating_count: ratingCount !== null ? Math.min(2_000_000_000, Math.round(ratingCount)) : 0,
    checkout_json: checkout,
    commission_bps: Number.isFinite(commission) ? Math.max(0, Math.min(10_000, Math.round(commission))) : 0,
    stems: '',
    import_run: nc.importRun,
    updated_at: nc.now,
  };
  row.stems = analyzeListing(row);
  return { id, row };
}
