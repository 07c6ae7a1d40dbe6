import { shopCategoryOf, toGoogleCategory } from './google-taxonomy.js';

/**
 * The shop vocabulary, one home for it: the 15 categories of spec 3 (merchant
 * paths reach them through Google's taxonomy), colours named in titles,
 * gender and size extraction. Used by import (to store the facts once) and by
 * search (to read the same facts out of a query).
 */
export const SHOP_CATEGORIES = [
  'apparel',
  'footwear',
  'furniture_decor',
  'home_kitchen',
  'beauty_personal_care',
  'electronics_computing',
  'jewelry_watches',
  'sports_outdoors',
  'tools_hardware',
  'toys_kids',
  'baby',
  'pets',
  'auto',
  'books_media',
  'other',
] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

/** The shop category of a merchant category path (or a shop category name): through Google's product taxonomy (google-taxonomy.ts). */
export function mapCategory(path: string | readonly string[] | null | undefined): ShopCategory {
  if (!path) return 'other';
  if (typeof path === 'string' && (SHOP_CATEGORIES as readonly string[]).includes(path.toLowerCase()))
    return path.toLowerCase() as ShopCategory;
  return shopCategoryOf(toGoogleCategory(path));
}

/** Canonical colour names and the words that mean them. */
const COLOURS: Record<string, string[]> = {
  black: ['black', 'onyx', 'jet', 'noir'],
  white: ['white', 'ivory', 'cream', 'off-white'],
  grey: ['grey', 'gray', 'charcoal', 'graphite', 'slate', 'heather grey', 'heather gray'],
  red: ['red', 'crimson', 'scarlet', 'burgundy', 'maroon', 'cherry'],
  blue: ['blue', 'navy', 'cobalt', 'royal blue', 'sky blue', 'indigo', 'denim'],
  green: ['green', 'olive', 'sage', 'forest green', 'emerald', 'khaki green', 'mint'],
  yellow: ['yellow', 'mustard', 'lemon'],
  orange: ['orange', 'rust', 'coral', 'tangerine'],
  pink: ['pink', 'blush', 'rose', 'fuchsia', 'magenta'],
  purple: ['purple', 'violet', 'lavender', 'plum', 'lilac'],
  brown: ['brown', 'tan', 'camel', 'chocolate', 'cognac', 'walnut', 'mocha'],
  beige: ['beige', 'sand', 'taupe', 'oatmeal', 'natural', 'stone'],
  gold: ['gold', 'golden'],
  silver: ['silver', 'chrome', 'steel'],
  multi: ['multicolor', 'multicolour', 'multi-color', 'rainbow'],
};
const COLOUR_WORD = new Map<string, string>();
for (const [canon, words] of Object.entries(COLOURS)) for (const w of words) COLOUR_WORD.set(w, canon);
const COLOUR_RE = new RegExp(
  `\\b(${[...COLOUR_WORD.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace('-', '\\-'))
    .join('|')})\\b`,
  'gi',
);

/** Canonical colour of a word ("navy" → "blue"), or null when it is not a colour. */
export function canonicalColour(word: string): string | null {
  return COLOUR_WORD.get(word.trim().toLowerCase()) ?? null;
}

/** Every canonical colour named in a text, in order of appearance. */
export function coloursIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(COLOUR_RE)) {
    const c = COLOUR_WORD.get(m[1].toLowerCase());
    if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

/** The colour a title names (its first), or ''. */
export const titleColour = (title: string): string => coloursIn(title)[0] ?? '';

export type Gender = 'men' | 'women' | 'kids' | 'unisex' | '';

/** Gender a text names: men's/women's/kids' and their common forms. */
export function genderIn(text: string): Gender {
  const t = text.toLowerCase();
  if (/\bunisex\b/.test(t)) return 'unisex';
  const kids =
    /\b(kids?|kid's|children'?s?|boys?'?|girls?'?|youth|toddlers?|junior|baby|babies|infants?|newborns?)\b/.test(t);
  const women = /\b(women'?s?|womens|ladies|female|woman|womans)\b/.test(t);
  const men = /\b(men'?s?|mens|male|man|gentlemen)\b/.test(t);
  // A listing for several groups ("for Men Women", "Men's and Women's") is unisex.
  if ((women && men) || (kids && (women || men) && /\b(adults?|and|&)\b/.test(t))) return 'unisex';
  if (kids) return 'kids';
  if (women) return 'women';
  if (men) return 'men';
  return '';
}

export function normaliseGender(g: string | null | undefined): Gender {
  if (!g) return '';
  const t = g.trim().toLowerCase();
  if (['male', 'men', 'man', 'mens', "men's"].includes(t)) return 'men';
  if (['female', 'women', 'woman', 'womens', "women's", 'ladies'].includes(t)) return 'women';
  if (['kids', 'kid', 'children', 'boys', 'girls', 'youth', 'baby', 'toddler'].includes(t)) return 'kids';
  if (t === 'unisex') return 'unisex';
  return genderIn(t);
}

/** Sizes as merchants list them, normalised for comparison ("Size 10" → "10", "M" → "m"). */
export function normaliseSize(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/^(us|uk|eu)\s*/, '')
    .replace(/^size\s*/, '')
    .replace(/\s+/g, ' ');
}

/** Stored form of a size list: `|10|10.5|` ('' when the listing names no size). */
export function encodeSizes(sizes: string[]): string {
  const clean = [...new Set(sizes.map(normaliseSize).filter((s) => s && !s.includes('|')))];
  return clean.length ? `|${clean.join('|')}|` : '';
}

/**
 * Sizes a title states: "Size 10", "Size: M", letter sizes written out
 * ("X-Large", "XXL", "Small"), waist x length ("32W x 30L") and bed sizes
 * (Twin, Full, Queen, King) — each only where it reads as a size.
 */
export function sizesInTitle(title: string): string[] {
  const out: string[] = [];
  const t = title.toLowerCase();
  for (const m of t.matchAll(/\bsize[:\s]+([0-9]{1,2}(?:\.5)?|xxs|xs|s|m|l|xl|xxl|xxxl|[2-5]xl|small|medium|large)\b/g))
    out.push(m[1]);
  for (const m of t.matchAll(
    /\b(xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|xxs|xs|xl|xxl|xxxl|[2-5]xl)\b(?=\s*(?:[,)\]|/]|$))/g,
  ))
    out.push(m[1]);
  for (const m of t.matchAll(/\b(\d{2})w\s*x\s*(\d{2})l\b/g)) out.push(`${m[1]}x${m[2]}`);
  for (const m of t.matchAll(
    /\b(twin xl|twin|full|queen|california king|king)(?:[\s-]size(?:d)?)?\b(?=\s*(?:[,)\]|/]|bed|mattress|sheet|frame|comforter|duvet|$))/g,
  ))
    out.push(m[1]);
  const short: Record<string, string> = {
    'xx-small': 'xxs',
    'x-small': 'xs',
    small: 's',
    medium: 'm',
    large: 'l',
    'x-large': 'xl',
    'xx-large': 'xxl',
    'xxx-large': 'xxxl',
  };
  return [...new Set(out.map((x) => short[x] ?? x))];
}

/** The size a query asks for ("size 10", "size M"), normalised, or null. */
export function sizeIn(text: string): string | null {
  const m = /\bsize\s+([0-9]{1,2}(?:\.5)?|xxs|xs|s|m|l|xl|xxl|xxxl|small|medium|large)\b/i.exec(text);
  if (!m) return null;
  const v = m[1].toLowerCase();
  return ({ small: 's', medium: 'm', large: 'l' } as Record<string, string>)[v] ?? v;
}
