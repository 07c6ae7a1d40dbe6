import { porterStem } from '../../lib/text.js';
import type { Gender } from './taxonomy.js';
import { distinctStems } from './analysis.js';
import { ACCESSORY, NEGATORS, type ShopQuery } from './query.js';
import { RANKER } from './ranker-weights.js';

/**
 * Orbit's product ranking: one function in TypeScript over the candidates
 * that either backend's full-text retrieval (FTS5 on SQLite, tsvector on
 * PostgreSQL) returns, so both rank alike. It reads the query the way a
 * shopper writes it — the thing asked for (the head noun), what it must not
 * have ("without", "no", "-free"), gender, colour, size, brand, model
 * numbers — and scores each listing with BM25F over its fields (catalog-wide
 * document frequencies from `index_product_stats`) plus features for each of
 * those readings, combined by weights learned on judged shopper queries
 * (bench/relevance/shop/train.ts; ranker-weights.ts records how). Ties are
 * broken by how many ratings a listing has, then its availability, never by id.
 * The text analysis is `analysis.ts`; the reading of the query, `query.ts` (the names re-exported here
 * are read by the relevance bench, which trains on the features, and by `catalog.ts`).
 */
export { analyzeListing, distinctStems } from './analysis.js';
export { parseQuery, type ShopQuery } from './query.js';

/* ---------- the listing ---------- */

export interface Candidate {
  product_id: string;
  name: string;
  brand_lc: string;
  /** analyzeListing() of the listing. */
  stems: string;
  color: string;
  gender: string;
  sizes: string;
  google_category_id: number | null;
  availability: string;
  rating: number | null;
  rating_count: number;
}

/** A candidate's fields as ranking reads them: each field's stem line (searched in place), the title's stems, and its parts. */
interface Fields {
  lines: Record<FieldName, string>;
  lens: Record<FieldName, number>;
  title: string[];
  brand: string[];
  main: Set<string>;
  lead: string[];
}
type FieldName = 'title' | 'brand' | 'category' | 'bullets' | 'description';
const FIELD_NAMES: FieldName[] = ['title', 'brand', 'category', 'bullets', 'description'];

const split = (line: string | undefined): string[] => (line ? line.split(' ') : []);

/** Occurrences of a stem in a stem line, found in place (no array per candidate). */
function countIn(line: string, t: string): number {
  let n = 0;
  for (let i = line.indexOf(t); i !== -1; i = line.indexOf(t, i + t.length)) {
    if (
      (i === 0 || line.charCodeAt(i - 1) === 32) &&
      (i + t.length === line.length || line.charCodeAt(i + t.length) === 32)
    )
      n++;
  }
  return n;
}

function fieldsOf(c: Candidate): Fields {
  const [header = '', title = '', brand = '', category = '', bullets = '', description = ''] = c.stems.split('\n');
  const n = header.split(' ').map(Number);
  const lines = { title, brand, category, bullets, description };
  const lens = { title: n[0] || 0, brand: n[1] || 0, category: n[2] || 0, bullets: n[3] || 0, description: n[4] || 0 };
  const t = split(title);
  return {
    lines,
    lens,
    title: t,
    brand: split(brand),
    main: new Set(t.slice(0, n[5] ?? t.length)),
    lead: t.slice(0, n[6] ?? 10),
  };
}

/* ---------- features ---------- */

export const FEATURES = [
  'bm25f',
  'title_cover',
  'all_cover',
  'head_in_title',
  'head_in_main',
  'accessory',
  'negation_violated',
  'negation_met',
  'gender',
  'colour',
  'bigram',
  'brand',
  'other_brand',
  'numbers',
  'category_agree',
  'title_length',
] as const;
export type FeatureName = (typeof FEATURES)[number];

/** BM25F field weights (learned with the feature weights) and length normalisation (b; typical stems per field). */
export type FieldWeights = Record<FieldName, number>;
const FIELD_NORM: Record<FieldName, { b: number; avg: number }> = {
  title: { b: 0.75, avg: 18 },
  brand: { b: 0.3, avg: 2 },
  category: { b: 0.5, avg: 14 },
  bullets: { b: 0.75, avg: 110 },
  description: { b: 0.75, avg: 150 },
};
const K1 = 1.2;

function hasPair(xs: string[], pair: string): boolean {
  const [a, b] = pair.split(' ');
  for (let i = 1; i < xs.length; i++) if (xs[i - 1] === a && xs[i] === b) return true;
  return false;
}

/** Stems that say what follows (or, for free/less, what precedes) is absent. */
const NEGATING_STEMS = new Set([...NEGATORS, 'w/o', 'free', 'less'].map(porterStem));

/** Mentions of a negated thing in a field's stems: "no X", "without X", "X-free", "Xless", "non-X" say it is absent; any other mention says it is there. */
function negationEvidence(ws: string[], scope: string[]): { absent: boolean; present: boolean } {
  const noun = scope.at(-1)!;
  const less = `${noun}less`;
  let absent = false;
  let present = false;
  for (let i = 0; i < ws.length; i++) {
    const s = ws[i];
    if (s.startsWith(less)) absent = true;
    if (s !== noun) continue;
    let negated = ws[i + 1] === 'free' || ws[i + 1] === 'less';
    for (let k = Math.max(0, i - 3); k < i && !negated; k++) negated = NEGATING_STEMS.has(ws[k]);
    if (negated) absent = true;
    else present = true;
  }
  return { absent, present };
}

export type FeatureVector = Record<FeatureName, number>;

/** The feature vectors of every candidate for one query. */
export function featuresOf(
  q: ShopQuery,
  cands: Candidate[],
  fieldWeights: FieldWeights = RANKER.fields,
): FeatureVector[] {
  const fields = cands.map(fieldsOf);
  const idfSum = q.terms.reduce((a, t) => a + t.idf, 0) || 1;
  const brandsInQuery = new Set<string>();
  const qstems = new Set(q.terms.map((t) => t.stem));
  cands.forEach((c, i) => {
    const b = fields[i].brand;
    if (b.length && b.every((s) => qstems.has(s))) brandsInQuery.add(c.brand_lc);
  });
  const raw = cands.map((c, i) => {
    const f = fields[i];
    let bm25 = 0;
    let titleCover = 0;
    let allCover = 0;
    for (const t of q.terms) {
      let tf = 0;
      for (const k of FIELD_NAMES) {
        const n = countIn(f.lines[k], t.stem);
        if (n) tf += (fieldWeights[k] * n) / (1 - FIELD_NORM[k].b + (FIELD_NORM[k].b * f.lens[k]) / FIELD_NORM[k].avg);
      }
      if (tf > 0) {
        bm25 += (t.idf * tf) / (K1 + tf);
        allCover += t.idf;
      }
      if (f.title.includes(t.stem) || f.brand.includes(t.stem)) titleCover += t.idf;
    }
    const headIn = q.head ? f.title.includes(q.head) || f.brand.includes(q.head) : false;
    const headMain = q.head ? f.main.has(q.head) : false;
    // An accessory: the thing asked for is only what the listing is for, or the listing's own head is an accessory word the query does not ask for.
    const accessory = !q.accessory && q.head && ((headIn && !headMain) || f.lead.some((s) => ACCESSORY.has(s))) ? 1 : 0;
    let violated = 0;
    let met = 0;
    for (const scope of q.negated) {
      const t = negationEvidence(f.title, scope);
      const b = negationEvidence(split(f.lines.bullets), scope);
      if (t.absent || b.absent) met = 1;
      else if (t.present) violated = 1;
      else if (b.present) violated = Math.max(violated, 0.5);
    }
    const g = c.gender as Gender;
    const gender = !q.gender || q.gender === 'unisex' || !g || g === 'unisex' ? 0 : g === q.gender ? 1 : -1;
    const colour = !q.colours.length || !c.color ? 0 : q.colours.includes(c.color) ? 1 : -1;
    const bigram = q.bigrams.length ? q.bigrams.filter((p) => hasPair(f.title, p)).length / q.bigrams.length : 0;
    const brand = brandsInQuery.has(c.brand_lc) ? 1 : 0;
    const otherBrand = brandsInQuery.size && !brandsInQuery.has(c.brand_lc) ? 1 : 0;
    const numbers = q.numbers.length
      ? q.numbers.filter((n) => f.title.includes(porterStem(n))).length / q.numbers.length
      : 0;
    return {
      bm25f: bm25,
      title_cover: titleCover / idfSum,
      all_cover: allCover / idfSum,
      head_in_title: headIn ? 1 : 0,
      head_in_main: headMain ? 1 : 0,
      accessory,
      negation_violated: violated,
      negation_met: met,
      gender,
      colour,
      bigram,
      brand,
      other_brand: otherBrand,
      numbers,
      category_agree: 0,
      title_length: Math.min(1, f.title.length / 40),
    };
  });
  // Normalise BM25F per query; the category the best text matches share says what kind of thing is asked for.
  const maxBm = Math.max(1e-9, ...raw.map((r) => r.bm25f));
  for (const r of raw) r.bm25f /= maxBm;
  const prelim = raw.map((r, i) => ({ i, s: r.bm25f + r.title_cover + r.head_in_title })).sort((a, b) => b.s - a.s);
  const top = prelim.slice(0, 20);
  const share = new Map<number, number>();
  for (const { i } of top) {
    const g = cands[i].google_category_id;
    if (g !== null) share.set(g, (share.get(g) ?? 0) + 1 / top.length);
  }
  for (let i = 0; i < raw.length; i++) {
    const g = cands[i].google_category_id;
    raw[i].category_agree = g === null ? 0 : (share.get(g) ?? 0);
  }
  return raw;
}

export function scoreOf(f: FeatureVector, weights: Record<FeatureName, number> = RANKER.weights): number {
  let s = 0;
  for (const k of FEATURES) s += (weights[k] ?? 0) * f[k];
  return s;
}

const AVAILABILITY_RANK: Record<string, number> = { in_stock: 0, preorder: 1, backorder: 2 };

/** A small lift for listings that say the caller's `context.style` words (stems), by the share they say. */
const STYLE_WEIGHT = 0.3;

/** Ranks candidates for a query: score, then rating count, then availability; ids only for a stable output. */
export function rank<C extends Candidate>(
  q: ShopQuery,
  cands: C[],
  opts: { style?: string[]; weights?: Record<FeatureName, number>; fields?: FieldWeights } = {},
): { hit: C; score: number }[] {
  if (!cands.length) return [];
  const fv = featuresOf(q, cands, opts.fields);
  const style = opts.style ?? [];
  const styleOf = (c: Candidate) => {
    if (!style.length) return 0;
    const words = distinctStems(c.stems);
    return (STYLE_WEIGHT * style.filter((s) => words.has(s)).length) / style.length;
  };
  return cands
    .map((hit, i) => ({ hit, score: Math.round((scoreOf(fv[i], opts.weights) + styleOf(hit)) * 1e6) / 1e6 }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.hit.rating_count - a.hit.rating_count ||
        (AVAILABILITY_RANK[a.hit.availability] ?? 3) - (AVAILABILITY_RANK[b.hit.availability] ?? 3) ||
        a.hit.product_id.localeCompare(b.hit.product_id),
    );
}
