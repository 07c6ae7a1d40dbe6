/**
 * Deterministic generator of a realistic demo product catalog (no real
 * product data ships with Orbit). The same seed gives the same catalog byte
 * for byte, so the demo, the tests, the relevance set and the 100k benchmark
 * all agree without committing megabytes of JSONL. Brands and merchants are
 * fictional; titles, taxonomies, sizes, colours, prices, sales and stock
 * follow the shapes real merchant feeds have (including listings that are out
 * of stock or lack an image, which import must drop).
 */
import { PRODUCT_TYPES, type SizeKind } from './product-types.js';
import { BRANDS, MERCHANTS, SUFFIX, SYLLABLES } from './merchants.js';
import { mulberry32 } from '../../lib/random.js';

export { PRODUCT_TYPES, type ProductType } from './product-types.js';
export { DEMO_MERCHANT } from './merchants.js';

export interface FeedProduct {
  product_id: string;
  name: string;
  brand: string | null;
  merchant: string;
  category: string; // merchant taxonomy path
  description: string;
  currency: string;
  price: number;
  regular_price: number | null;
  image_url: string;
  url: string;
  sizes: string[];
  color: string | null;
  gender: string | null;
  availability: 'in stock' | 'out of stock';
  commission_rate: number;
  checkout?: { protocol: 'ucp'; endpoint: string; continue_url: string; item_id: string } | null;
}

/** Ground truth the relevance set is labelled from (never used by ranking). */
export interface Truth {
  type: string;
  category: string;
  gender: string;
  colour: string;
  brand: string;
}

const SHOE_SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5', '12', '13'];
const KID_SHOE_SIZES = ['10C', '11C', '12C', '13C', '1Y', '2Y', '3Y', '4Y'];
const APPAREL_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const KID_SIZES = ['2T', '3T', '4T', '5', '6', '7', '8', '10', '12'];
const RING_SIZES = ['5', '6', '7', '8', '9', '10'];
const FX_TO: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79 };

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const GENDER_WORD: Record<string, string> = { men: "Men's", women: "Women's", kids: "Kids'", '': '' };

function sizesFor(kind: SizeKind): string[] {
  return kind === 'shoe'
    ? SHOE_SIZES
    : kind === 'kidshoe'
      ? KID_SHOE_SIZES
      : kind === 'apparel'
        ? APPAREL_SIZES
        : kind === 'kids'
          ? KID_SIZES
          : kind === 'ring'
            ? RING_SIZES
            : [];
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface GenerateOptions {
  count: number;
  seed?: number;
  /** The UCP endpoint of the reference merchant (`orbit merchant demo`). */
  merchantEndpoint?: string;
}

/**
 * `count` feed rows (before import drops the out-of-stock and image-less
 * ones, about 4%). Each model comes in several colour listings; some
 * merchants list each size separately.
 */
export function* generateProducts(opts: GenerateOptions): Generator<{ product: FeedProduct; truth: Truth }> {
  const r = mulberry32(opts.seed ?? 42);
  const endpoint = opts.merchantEndpoint ?? 'http://127.0.0.1:8790/mcp';
  let emitted = 0;
  let model = 0;
  while (emitted < opts.count) {
    model++;
    const type = PRODUCT_TYPES[model % PRODUCT_TYPES.length];
    const merchants = MERCHANTS.filter((m) => m.categories.includes(type.category));
    const merchant = pick(r, merchants);
    const brand = pick(r, BRANDS[type.category] ?? BRANDS.other);
    const modelName = cap(pick(r, SYLLABLES)) + pick(r, SYLLABLES) + pick(r, SUFFIX);
    const gender = pick(r, type.genders);
    const usd = type.price[0] + r() * (type.price[1] - type.price[0]);
    const fx = FX_TO[merchant.currency] ?? 1;
    const list = Math.round(usd * fx) - 0.01;
    const colours = type.colours.length
      ? [...type.colours].sort(() => r() - 0.5).slice(0, 1 + Math.floor(r() * 4))
      : [''];
    const feature = [...type.features].sort(() => r() - 0.5);
    const use = pick(r, type.uses);
    const path = type.paths[merchant.style % type.paths.length];
    for (const colour of colours) {
      if (emitted >= opts.count) break;
      const onSale = r() < 0.28;
      const price = onSale ? Math.round(list * (0.6 + r() * 0.3) * 100) / 100 : list;
      const regular = r() < 0.05 ? null : list;
      const g = GENDER_WORD[gender] ?? '';
      const title = [brand, modelName, g, type.noun].filter(Boolean).join(' ') + (colour ? ` - ${colour}` : '');
      const syn = pick(r, type.synonyms);
      const description =
        `The ${brand} ${modelName} ${type.noun.toLowerCase()} ${gender ? `for ${gender === 'kids' ? 'kids' : gender} ` : ''}` +
        `is made for ${use}. A great ${syn} with ${feature.slice(0, 3).join(', ')}.` +
        (colour ? ` Shown in ${colour.toLowerCase()}.` : '') +
        ` ${cap(feature[3] ?? feature[0])} and a ${Math.floor(30 + r() * 70)}-day return policy.`;
      const allSizes = sizesFor(type.sizes);
      const listings: string[][] =
        merchant.variantPerSize && allSizes.length
          ? allSizes.filter(() => r() < 0.4).map((s) => [s])
          : [allSizes.filter(() => r() < 0.85)];
      for (const sizes of listings.length ? listings : [[]]) {
        if (emitted >= opts.count) break;
        emitted++;
        const id = `${slugify(merchant.name).slice(0, 10)}-${model.toString(36)}-${slugify(colour || 'std')}${sizes.length === 1 && merchant.variantPerSize ? `-${slugify(sizes[0])}` : ''}`;
        const url = `https://${merchant.domain}/products/${slugify(`${brand} ${modelName} ${type.noun}`)}?variant=${id}`;
        const noImage = r() < 0.02;
        const oos = r() < 0.025;
        const product: FeedProduct = {
          product_id: id,
          name: title + (sizes.length === 1 && merchant.variantPerSize ? `, Size ${sizes[0]}` : ''),
          brand,
          merchant: merchant.name,
          category: path,
          description,
          currency: merchant.currency,
          price,
          regular_price: regular,
          image_url: noImage ? '' : `https://images.orbit-demo.example/${type.key}/${id}.jpg`,
          url,
          sizes,
          color: colour || null,
          gender: gender || null,
          availability: oos ? 'out of stock' : 'in stock',
          commission_rate: merchant.commission,
          checkout: merchant.ucp
            ? { protocol: 'ucp', endpoint, continue_url: `https://${merchant.domain}/cart/${id}:1`, item_id: id }
            : null,
        };
        yield {
          product,
          truth: { type: type.key, category: type.category, gender, colour: colour.toLowerCase(), brand },
        };
      }
    }
  }
}

/** The demo catalog's size (feed rows; about 4% are dropped at import). */
export const DEMO_PRODUCT_COUNT = 5400;
