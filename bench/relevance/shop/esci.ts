import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';

/**
 * The ESCI Shopping Queries products (../shared/data/esci, Apache-2.0) as a
 * merchant would have them: a Google Merchant Center CSV with the columns a
 * Merchant Center export has (no merchant column, no price for most rows,
 * highlights in `product_highlight`), and a synthesized feed of any size
 * made by varying the real rows (for the 100k import and search benches).
 * Bench and test helper; nothing here is used by Orbit itself.
 */
export interface EsciProduct {
  asin: string;
  title: string;
  description: string;
  bullet_points: string;
  brand: string;
  color: string;
  price: number | null;
  image: string;
  category: string[];
  rating: number | null;
  rating_count: number | null;
}

export interface Judged {
  query: string;
  judgments: Record<string, 'E' | 'S' | 'C' | 'I'>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** ../shared/data/esci beside the repository (ORBIT_ESCI_DIR overrides). */
export const ESCI_DIR = process.env.ORBIT_ESCI_DIR ?? path.resolve(here, '../../../../shared/data/esci');
export const esciAvailable = () => fs.existsSync(path.join(ESCI_DIR, 'products.jsonl'));

const jsonl = <T>(file: string): T[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

export const loadEsciProducts = (dir = ESCI_DIR): EsciProduct[] => jsonl<EsciProduct>(path.join(dir, 'products.jsonl'));
export const loadJudgments = (file = path.join(ESCI_DIR, 'judgments-dev.jsonl')): Judged[] => jsonl<Judged>(file);

/** Graded gains of ESCI labels for nDCG (Exact 3, Substitute 1, Complement and Irrelevant 0). */
export const GAIN: Record<string, number> = { E: 3, S: 1, C: 0, I: 0 };

export const MERCHANT_CENTER_COLUMNS = [
  'id',
  'title',
  'description',
  'product_highlight',
  'brand',
  'color',
  'price',
  'availability',
  'link',
  'image_link',
  'product_type',
  'product_rating',
  'review_count',
];

/** One ESCI product as a Merchant Center row (price "12.99 USD" or empty; highlights one per line). */
export function merchantCenterRow(p: EsciProduct): Record<string, string> {
  return {
    id: p.asin,
    title: p.title,
    description: p.description ?? '',
    product_highlight: p.bullet_points ?? '',
    brand: p.brand ?? '',
    color: p.color ?? '',
    price: p.price === null || p.price === undefined ? '' : `${p.price.toFixed(2)} USD`,
    availability: 'in stock',
    link: `https://www.amazon.com/dp/${p.asin}`,
    image_link: p.image,
    product_type: (p.category ?? []).join(' > '),
    product_rating: p.rating === null || p.rating === undefined ? '' : String(p.rating),
    review_count: p.rating_count === null || p.rating_count === undefined ? '' : String(p.rating_count),
  };
}

export function writeMerchantCenterCsv(file: string, products: Iterable<EsciProduct>): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, stringify([MERCHANT_CENTER_COLUMNS]));
    let chunk: Record<string, string>[] = [];
    for (const p of products) {
      chunk.push(merchantCenterRow(p));
      if (chunk.length >= 2000) {
        fs.writeSync(fd, stringify(chunk, { columns: MERCHANT_CENTER_COLUMNS }));
        chunk = [];
      }
    }
    if (chunk.length) fs.writeSync(fd, stringify(chunk, { columns: MERCHANT_CENTER_COLUMNS }));
  } finally {
    fs.closeSync(fd);
  }
}

const VARIANTS = [
  ['Black', 'Small'],
  ['White', 'Medium'],
  ['Navy', 'Large'],
  ['Grey', 'X-Large'],
  ['Red', '2-Pack'],
  ['Green', '3-Pack'],
  ['Beige', 'Value Size'],
  ['Pink', 'Travel Size'],
] as const;

/**
 * `count` products varied from the real ones (real titles, text and
 * categories; ids, a variant suffix, colour and price varied), deterministic.
 */
export function* synthesize(products: EsciProduct[], count: number): Generator<EsciProduct> {
  for (let i = 0; i < count; i++) {
    const base = products[i % products.length];
    const round = Math.floor(i / products.length);
    if (round === 0) {
      yield base;
      continue;
    }
    const [colour, size] = VARIANTS[(round - 1) % VARIANTS.length];
    yield {
      ...base,
      asin: `${base.asin}-V${round}`,
      title: `${base.title} (${colour}, ${size})`,
      color: colour,
      price:
        base.price === null
          ? i % 3 === 0
            ? 9.99 + (i % 200)
            : null
          : Math.round(base.price * (0.8 + ((i * 7) % 41) / 100) * 100) / 100,
    };
  }
}
