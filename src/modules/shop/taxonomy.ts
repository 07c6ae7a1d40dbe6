/**
 * The shop vocabulary, one home for it: the 15 categories of spec 3, the
 * mapping from merchant taxonomy paths onto them, colours named in titles,
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

/**
 * Merchant taxonomies (Google product taxonomy, Shopify standard product
 * taxonomy, merchants' own breadcrumbs) mapped by keyword, most specific
 * first: the first rule whose keyword appears in the lowercased path wins.
 */
const RULES: [RegExp, ShopCategory][] = [
  [/\bbaby|infant|nursery|toddler|diaper|stroller/, 'baby'],
  [/\bpet|dog|cat supplies|\bcats?\b|aquarium|bird supplies/, 'pets'],
  [/\bshoe|footwear|sneaker|boot|sandal|slipper|cleat/, 'footwear'],
  [/jewel|watch|necklace|bracelet|earring|\brings?\b/, 'jewelry_watches'],
  [/\btoys?\b|games? & puzzles|puzzle|kids|children|lego/, 'toys_kids'],
  [/vehicle|automotive|\bauto\b|\bcar\b|motorcycle/, 'auto'],
  [/\bbooks?\b|media|music|movies|film|magazine|vinyl|video games?/, 'books_media'],
  [/health & beauty|beauty|personal care|cosmetic|skin ?care|hair ?care|fragrance|makeup|shav/, 'beauty_personal_care'],
  [/electronic|computer|laptop|phone|audio|headphone|camera|tablet|monitor|gaming|tv|video/, 'electronics_computing'],
  [/sporting|sports|outdoor|fitness|exercise|camping|hiking|cycling|bicycle|yoga|running gear/, 'sports_outdoors'],
  [/hardware|tools?\b|power tools|hand tools|drill|plumbing|electrical supplies/, 'tools_hardware'],
  [/furniture|decor|lighting|rugs?\b|bedding|wall art|mirror|home décor/, 'furniture_decor'],
  [/kitchen|dining|cookware|bakeware|appliance|home & garden|household|cleaning|bath/, 'home_kitchen'],
  [/apparel|clothing|fashion|shirt|dress|pants|jacket|coat|sweater|hoodie|jeans|shorts|skirt|socks|underwear|activewear/, 'apparel'],
];

export function mapCategory(path: string | null | undefined): ShopCategory {
  if (!path) return 'other';
  const p = path.toLowerCase();
  if ((SHOP_CATEGORIES as readonly string[]).includes(p)) return p as ShopCategory;
  for (const [re, cat] of RULES) if (re.test(p)) return cat;
  return 'other';
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
const COLOUR_RE = new RegExp(`\\b(${[...COLOUR_WORD.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace('-', '\\-')).join('|')})\\b`, 'gi');

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
  if (/\b(kids?|kid's|children'?s?|boys?'?|girls?'?|youth|toddler|junior)\b/.test(t)) return 'kids';
  if (/\b(women'?s?|womens|ladies|female|woman)\b/.test(t)) return 'women';
  if (/\b(men'?s?|mens|male|man|gentlemen)\b/.test(t)) return 'men';
  if (/\bunisex\b/.test(t)) return 'unisex';
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

/** The size a query asks for ("size 10", "size M"), normalised, or null. */
export function sizeIn(text: string): string | null {
  const m = /\bsize\s+([0-9]{1,2}(?:\.5)?|xxs|xs|s|m|l|xl|xxl|xxxl|small|medium|large)\b/i.exec(text);
  if (!m) return null;
  const v = m[1].toLowerCase();
  return ({ small: 's', medium: 'm', large: 'l' } as Record<string, string>)[v] ?? v;
}
