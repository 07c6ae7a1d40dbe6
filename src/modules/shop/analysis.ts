import { NON_ASCII, porterStem } from '../../lib/text.js';

/**
 * Text analysis for the shop: one analyzer for the catalog statistics (`catalog.ts`, `feed.ts`) and the
 * ranking (`ranking.ts`): words, stems, a listing's searchable fields as stem lines, idf.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** Lowercase words (NFKC when needed) of at most `maxChars` characters. */
export function shopWords(text: string, maxChars = 6000): string[] {
  let src = text.length > maxChars ? text.slice(0, maxChars) : text;
  if (NON_ASCII.test(src)) src = src.normalize('NFKC');
  const m = src.toLowerCase().match(WORD);
  return m ? m.filter((w) => w.length <= 40) : [];
}

export const shopStem = porterStem;
export const shopStems = (text: string, maxChars?: number): string[] => shopWords(text, maxChars).map(porterStem);

/** The searchable fields of a listing, as stored. */
export interface ListingText {
  name: string;
  brand: string | null;
  category_path: string | null;
  bullets: string;
  description: string;
}

/** Title words after which the listing names what it is for ("Case for X", "compatible with X"). */
const FOR_MARKERS = /\b(for|compatible with|fits|fit for|designed for|works with|replacement for|suitable for)\b/i;
/** Where a title's lead (what the listing calls itself first) ends. */
const LEAD_END = /\s[-–|([]\s?|[,;:]|\s(for|with|compatible|fits|by|in)\s/i;
/** How much of the description and of the bullets the ranking and the statistics read (their start says what the product is; more costs time and adds little). */
export const DESCRIPTION_CHARS = 800;
export const BULLETS_CHARS = 2000;

/**
 * A listing's searchable fields as stem sequences — title, brand, category,
 * bullets, the start of the description — one line each, stems separated by
 * spaces, after a header line of counts (each field's stems, then how many
 * title stems come before "for"/"compatible with…" and before the title's
 * first separator): stored with the listing (`stems`), read by the ranking
 * instead of the text, and counted in the catalog statistics.
 */
export function analyzeListing(l: ListingText): string {
  const fields = [l.name, l.brand ?? '', l.category_path ?? '', l.bullets, l.description].map((text, i) =>
    shopStems(text, i === 4 ? DESCRIPTION_CHARS : i === 3 ? BULLETS_CHARS : 2000),
  );
  const title = fields[0];
  const wordsBefore = (re: RegExp) => {
    const m = re.exec(l.name);
    return m && m.index > 0 ? Math.min(title.length, shopWords(l.name.slice(0, m.index), 600).length) : title.length;
  };
  const header = [...fields.map((f) => f.length), wordsBefore(FOR_MARKERS), Math.min(10, wordsBefore(LEAD_END))].join(
    ' ',
  );
  return [header, ...fields.map((f) => f.join(' '))].join('\n');
}

/** The distinct stems of an analyzed listing. */
export function distinctStems(stems: string): Set<string> {
  const out = new Set<string>();
  const lines = stems.split('\n');
  for (let i = 1; i < lines.length; i++) for (const t of lines[i].split(' ')) if (t) out.add(t);
  return out;
}

/** Catalog-wide statistics the ranking needs for the query's stems. */
export interface CatalogStats {
  docs: number;
  df: Map<string, number>;
}

export const idfOf = (stats: CatalogStats, t: string): number => {
  const n = stats.df.get(t) ?? 0;
  return Math.log(1 + (stats.docs - n + 0.5) / (n + 0.5));
};
