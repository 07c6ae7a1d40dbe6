/**
 * The product types the demo catalog generator draws from (`generator.ts`): nouns, the words shoppers
 * use for them, merchant taxonomy paths, genders, size runs, price ranges, features, uses and colours.
 * The table is data (`product-types.json`, one type a record of five lines); a type's `colours` names a
 * shared palette or lists its own. The generator's output for a seed is pinned by `generator.test.ts`.
 */
import table from './product-types.json' with { type: 'json' };

export type SizeKind = 'shoe' | 'kidshoe' | 'apparel' | 'kids' | 'ring' | 'none';

export interface ProductType {
  key: string;
  noun: string; // as in a title
  synonyms: string[]; // other words shoppers use
  category: string; // shop category
  paths: string[]; // merchant taxonomy paths (one per taxonomy style)
  genders: string[]; // '' = not gendered
  sizes: SizeKind;
  price: [number, number];
  features: string[];
  uses: string[];
  colours: string[];
}

/** A type as the JSON spells it: `colours` is a palette's name or a list. */
type ProductTypeRow = Omit<ProductType, 'colours' | 'sizes' | 'price'> & {
  sizes: string;
  price: number[];
  colours: string | string[];
};

const SIZE_KINDS: readonly string[] = ['shoe', 'kidshoe', 'apparel', 'kids', 'ring', 'none'] satisfies SizeKind[];

function productType(row: ProductTypeRow, palettes: Record<string, string[]>): ProductType {
  const colours = typeof row.colours === 'string' ? palettes[row.colours] : row.colours;
  if (!colours) throw new Error(`product type ${row.key}: no colour palette "${String(row.colours)}"`);
  if (!SIZE_KINDS.includes(row.sizes)) throw new Error(`product type ${row.key}: unknown size run "${row.sizes}"`);
  if (row.price.length !== 2 || !(row.price[0] <= row.price[1]))
    throw new Error(`product type ${row.key}: price must be [low, high]`);
  return { ...row, sizes: row.sizes as SizeKind, price: [row.price[0], row.price[1]], colours };
}

export const PRODUCT_TYPES: ProductType[] = (table.types as ProductTypeRow[]).map((row) =>
  productType(row, table.palettes),
);
