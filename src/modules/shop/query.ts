import { porterStem } from '../../lib/text.js';
import { coloursIn, genderIn, sizeIn, type Gender } from './taxonomy.js';
import { idfOf, shopWords, type CatalogStats } from './analysis.js';

/**
 * The shopper's query as the ranking reads it (`parseQuery`): the head noun, negated words, gender,
 * colour, size, brand and model words; corrected spellings (`withCorrections`) and idf weights
 * (`weighQuery`) from the catalog's statistics.
 */

const STOP = new Set(
  `a an and are as at be by can could do does for from get give has have help i i'd i'm im in is it its me my need needs of on or our please
  pls the their them these this those to us we what which would you your with want wants looking look find show search shop shopping buy
  buying purchase some something that best good great nice new cheap cheapest affordable top quality`
    .split(/\s+/)
    .filter(Boolean),
);
/** Words that open a negated scope, and words that close a scope or a clause. */
export const NEGATORS = new Set(['without', 'no', 'not', 'non', 'excluding', 'except', 'sans', 'minus', 'nothing']);
const BOUNDARY = new Set([
  'for',
  'with',
  'and',
  'or',
  'in',
  'on',
  'to',
  'that',
  'which',
  'but',
  'from',
  'by',
  'under',
  'over',
  'near',
]);
/** Words after which the rest says who or what the product is for, not what it is. */
const CLAUSE = new Set([
  'for',
  'with',
  'without',
  'w',
  'in',
  'on',
  'to',
  'that',
  'from',
  'by',
  'no',
  'not',
  'non',
  'under',
  'over',
  'except',
  'near',
]);
const GENDER_WORD =
  /^(men|mens|man|male|women|womens|woman|female|ladies|lady|kids|kid|children|child|boys|boy|girls|girl|unisex|toddler|baby|youth|adult|adults)$/;
const SIZE_WORD =
  /^(xxs|xs|s|m|l|xl|xxl|xxxl|\d?x+l|small|medium|large|petite|plus|size|sized|tall|big|twin|full|queen|king|inch|inches|ft|feet|oz|ml|cm|mm|pack|pcs|piece|pieces|set)$/;
/** What an accessory calls itself: a listing whose own head is one of these, for a query that names none, is an accessory. */
export const ACCESSORY = new Set(
  `case cases cover covers skin skins sleeve sleeves protector protectors replacement replacements refill refills charger chargers cable cables
  cord cords strap straps band bands holder holders mount mounts stand stands adapter adapters tip tips cushion cushions pad pads part parts
  accessory accessories kit kits bag bags pouch pouches hook hooks clip clips attachment attachments filter filters battery batteries decal
  decals sticker stickers organizer organizers rack racks hanger hangers lid lids liner liners`
    .split(/\s+/)
    .filter(Boolean)
    .map(porterStem),
);

export interface QueryTerm {
  word: string;
  stem: string;
  /** Inverse document frequency in the catalog (set by `weighQuery`). */
  idf: number;
}

export interface ShopQuery {
  /** Content terms (gender, colour and size words included), in order, deduplicated. */
  terms: QueryTerm[];
  /** Words for the full-text retrieval (the backend stems them itself). */
  retrieval: string[];
  /** Stem of the thing asked for, or null. */
  head: string | null;
  /** What the product must not have: the scope's stems (last = its noun). */
  negated: string[][];
  /** Adjacent pairs of content stems. */
  bigrams: string[];
  gender: Gender;
  colours: string[];
  size: string | null;
  numbers: string[];
  /** Stems of the accessory words the query itself names. */
  accessory: boolean;
  /** Misspelt stems read as catalog ones. */
  corrected: { from: string; to: string }[];
}

/** Reads a shopper's query. Never throws; a query of stop words or symbols gives no terms. */
export function parseQuery(q: string): ShopQuery {
  const raw = q
    .toLowerCase()
    .replace(/\bw\/o\b/g, ' without ')
    .replace(/\bw\/(?=\s|$)/g, ' with ')
    .replace(/(\p{L})-free\b/gu, '$1 free');
  const ws = shopWords(raw, 2000).slice(0, 64);
  const negated: string[][] = [];
  const negatedIdx = new Set<number>();
  for (let i = 0; i < ws.length; i++) {
    if (NEGATORS.has(ws[i])) {
      const scope: number[] = [];
      for (let j = i + 1; j < ws.length && scope.length < 3 && !BOUNDARY.has(ws[j]) && !NEGATORS.has(ws[j]); j++)
        scope.push(j);
      if (scope.length) {
        negated.push(scope.map((j) => porterStem(ws[j])));
        for (const j of scope) negatedIdx.add(j);
      }
      negatedIdx.add(i);
    } else if (
      ws[i] === 'free' &&
      i > 0 &&
      !STOP.has(ws[i - 1]) &&
      !NEGATORS.has(ws[i - 1]) &&
      !negatedIdx.has(i - 1)
    ) {
      // "sugar free": a positive attribute phrase; it is matched as words and as a negation of its noun.
      negated.push([porterStem(ws[i - 1])]);
    }
  }
  const terms: QueryTerm[] = [];
  const retrieval: string[] = [];
  const numbers: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (negatedIdx.has(i) || STOP.has(w)) continue;
    if (w.length < 2 && !/\d/.test(w)) continue;
    const stem = porterStem(w);
    if (seen.has(stem)) continue;
    seen.add(stem);
    terms.push({ word: w, stem, idf: 1 });
    retrieval.push(w);
    if (/\d/.test(w)) numbers.push(w);
    if (terms.length >= 16) break;
  }
  // The head: the last plain word of the first clause (English puts the thing after its modifiers).
  const clause: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (clause.length && CLAUSE.has(w)) break;
    if (
      negatedIdx.has(i) ||
      STOP.has(w) ||
      GENDER_WORD.test(w) ||
      SIZE_WORD.test(w) ||
      /\d/.test(w) ||
      coloursIn(w).length ||
      w.length < 2
    )
      continue;
    clause.push(porterStem(w));
  }
  let head: string | null = clause.at(-1) ?? null;
  if (!head) head = terms.filter((t) => !/\d/.test(t.word)).at(-1)?.stem ?? null;
  const positive = ws.filter((_, i) => !negatedIdx.has(i)).join(' ');
  const stems = terms.map((t) => t.stem);
  return {
    terms,
    retrieval,
    head,
    negated,
    bigrams: stems.slice(1).map((s, i) => `${stems[i]} ${s}`),
    gender: genderIn(positive),
    colours: coloursIn(positive),
    size: sizeIn(positive),
    numbers,
    accessory: terms.some((t) => ACCESSORY.has(t.stem)),
    corrected: [],
  };
}

/** The query with some stems replaced by what they were corrected to (a misspelling the catalog does not have). */
export function withCorrections(q: ShopQuery, fixes: Map<string, string>): ShopQuery {
  if (!fixes.size) return q;
  const terms = q.terms.map((t) =>
    fixes.has(t.stem) ? { ...t, word: fixes.get(t.stem)!, stem: fixes.get(t.stem)! } : t,
  );
  const stems = terms.map((t) => t.stem);
  return {
    ...q,
    terms,
    retrieval: q.retrieval.map((w) => fixes.get(porterStem(w)) ?? w),
    head: q.head && fixes.has(q.head) ? fixes.get(q.head)! : q.head,
    bigrams: stems.slice(1).map((s, i) => `${stems[i]} ${s}`),
    corrected: [...q.corrected, ...[...fixes].map(([from, to]) => ({ from, to }))],
  };
}

/** Gives each query term its catalog idf. */
export function weighQuery(q: ShopQuery, stats: CatalogStats): ShopQuery {
  return { ...q, terms: q.terms.map((t) => ({ ...t, idf: idfOf(stats, t.stem) })) };
}
