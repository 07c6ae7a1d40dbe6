import fs from 'node:fs';
import { shippedFile } from '../../lib/files.js';
import { porterStem, words, isStopWord } from '../../lib/text.js';
import type { ShopCategory } from './taxonomy.js';

/**
 * Google's product taxonomy (the public `taxonomy-with-ids.en-US.txt`,
 * shipped as catalog/google-product-taxonomy.en-US.txt) and the mapping of a
 * merchant's category onto it: a `google_product_category` id or path is
 * looked up; any other breadcrumb ("Clothing, Shoes & Jewelry › Women ›
 * Clothing › Dresses", "Shoes/Running") is matched against every node by the
 * words they share, weighted by how rare a word is in the taxonomy and how
 * deep it sits in the breadcrumb. The node's place in the tree then gives the
 * spec's 15 shop categories — one table over Google's top branches.
 */
export interface GoogleCategory {
  id: number;
  path: string[];
}

interface Node extends GoogleCategory {
  idx: number;
  /** Stems of the leaf name, of each ancestor level, and of the whole path. */
  leaf: Set<string>;
  ancestors: string[][];
  all: Set<string>;
}

interface Taxonomy {
  version: string;
  nodes: Node[];
  byId: Map<number, Node>;
  byPath: Map<string, Node>;
  /** stem → nodes whose path holds it */
  postings: Map<string, Node[]>;
  idf: Map<string, number>;
}

/** catalog/google-product-taxonomy.en-US.txt: found upwards from this module (sources or a bundle), else from the working directory. */
export const TAXONOMY_FILE = shippedFile(import.meta.url, 'catalog', 'google-product-taxonomy.en-US.txt');

const SEPARATORS = /\s*(?:>|›|»|\/|\|)\s*/;

/** Words that different taxonomies use for the same branch. */
const FOLD: Record<string, string> = {
  cloth: 'apparel',
  clothing: 'apparel',
  clothes: 'apparel',
  footwear: 'shoe',
  jewelleri: 'jewelri',
  automot: 'vehicl',
  eyewear: 'eyewear',
};
/** Stems of a category name (Porter; stop words and "&" dropped). */
const stemsOf = (s: string): string[] =>
  words(s, 400)
    .filter((w) => !isStopWord(w))
    .map((w) => {
      const st = porterStem(w);
      return FOLD[st] ?? st;
    });

const key = (p: readonly string[]) => p.map((x) => x.trim().toLowerCase()).join(' > ');

let loaded: Taxonomy | null = null;

function load(): Taxonomy {
  if (loaded) return loaded;
  const text = fs.readFileSync(TAXONOMY_FILE, 'utf8');
  const nodes: Node[] = [];
  let version = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      version = line.replace(/^#\s*Google_Product_Taxonomy_Version:\s*/, '').trim();
      continue;
    }
    const m = /^(\d+) - (.+)$/.exec(line.trim());
    if (!m) continue;
    const p = m[2].split(' > ').map((x) => x.trim());
    nodes.push({
      idx: nodes.length,
      id: Number(m[1]),
      path: p,
      leaf: new Set(stemsOf(p.at(-1)!)),
      ancestors: p.slice(0, -1).map(stemsOf),
      all: new Set(p.flatMap(stemsOf)),
    });
  }
  const postings = new Map<string, Node[]>();
  for (const n of nodes)
    for (const t of n.all) {
      const list = postings.get(t);
      if (list) list.push(n);
      else postings.set(t, [n]);
    }
  const idf = new Map<string, number>();
  for (const [t, list] of postings) idf.set(t, Math.log(1 + nodes.length / list.length));
  loaded = {
    version,
    nodes,
    byId: new Map(nodes.map((n) => [n.id, n])),
    byPath: new Map(nodes.map((n) => [key(n.path), n])),
    postings,
    idf,
  };
  return loaded;
}

export const taxonomyVersion = (): string => load().version;

/** A merchant category (array of levels, or one string with ">", "›", "/" or "|" between levels) as its levels. */
export function categoryLevels(v: string | readonly string[] | null | undefined): string[] {
  if (!v) return [];
  const parts = typeof v === 'string' ? v.split(SEPARATORS) : v.flatMap((x) => String(x).split(SEPARATORS));
  return parts.map((x) => x.trim()).filter(Boolean);
}

const cache = new Map<string, Node | null>();

/**
 * The Google category of a merchant category: an id ("1604"), a Google path
 * (exact, any case), or the best-matching node for any other breadcrumb;
 * null when nothing in the taxonomy shares a meaningful word with it.
 */
export function toGoogleCategory(v: string | readonly string[] | null | undefined): GoogleCategory | null {
  const t = load();
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return t.byId.get(Number(v)) ?? null;
  const levels = categoryLevels(v);
  if (!levels.length) return null;
  const k = key(levels);
  const hit = cache.get(k);
  if (hit !== undefined) return hit;
  const exact = t.byPath.get(k) ?? null;
  const out = exact ?? bestMatch(t, levels);
  if (cache.size > 20_000) cache.clear();
  cache.set(k, out);
  return out;
}

/**
 * Score of a node for a breadcrumb: every shared stem counts its rarity in the
 * taxonomy, more when it comes from a deeper level of the breadcrumb and when
 * it names the node itself (its leaf) rather than an ancestor; a breadcrumb
 * word that only begins a taxonomy word ("swim" → "swimwear") counts half.
 * Stems of the node's leaf that the breadcrumb never says cost, and a node
 * whose ancestors the breadcrumb never mentions ("Furniture > Chairs" for
 * "Shoes > Slippers") keeps only half its score: the node the whole
 * breadcrumb explains best wins over a sibling or an unrelated branch.
 */
function bestMatch(t: Taxonomy, levels: string[]): Node | null {
  // Breadcrumb stem → its weight; a taxonomy stem reached through a prefix remembers which breadcrumb stem it came from.
  const weight = new Map<string, { w: number; from: string }>();
  const give = (s: string, w: number, from: string) => {
    const cur = weight.get(s);
    if (!cur || cur.w < w) weight.set(s, { w, from });
  };
  levels.forEach((lvl, i) => {
    const w = (1 + (2 * i) / Math.max(1, levels.length - 1)) * (i === levels.length - 1 ? 1.5 : 1);
    for (const s of stemsOf(lvl)) {
      if (t.idf.has(s)) give(s, w, s);
      if (s.length >= 4) for (const v of prefixed(t, s)) give(v, w / 2, s);
    }
  });
  if (!weight.size) return null;
  // Each breadcrumb stem counts once per node: its best contribution (exact or through a prefix).
  const bySource = new Map<string, [string, number][]>();
  for (const [s, { w, from }] of weight) {
    const list = bySource.get(from);
    if (list) list.push([s, w]);
    else bySource.set(from, [[s, w]]);
  }
  const total = scratch(t.nodes.length, 'total');
  const part = scratch(t.nodes.length, 'part');
  const touched: number[] = [];
  for (const list of bySource.values()) {
    const mine: number[] = [];
    for (const [s, w] of list) {
      const idf = t.idf.get(s)!;
      for (const n of t.postings.get(s) ?? []) {
        const v = w * idf * (n.leaf.has(s) ? 1 : 0.5);
        if (part[n.idx] === 0) mine.push(n.idx);
        if (part[n.idx] < v) part[n.idx] = v;
      }
    }
    for (const i of mine) {
      if (total[i] === 0) touched.push(i);
      total[i] += part[i];
      part[i] = 0;
    }
  }
  // The final score never exceeds the raw one: visit nodes by raw score and stop once none can win.
  const ranked = touched.map((i) => [i, total[i]] as const).sort((a, b) => b[1] - a[1]);
  for (const i of touched) total[i] = 0;
  let best: Node | null = null;
  let bestScore = 0;
  for (const [i, raw] of ranked) {
    if (raw <= bestScore) break;
    const n = t.nodes[i];
    let missing = 0;
    let leafHit = false;
    for (const s of n.leaf) {
      if (weight.has(s)) leafHit = true;
      else missing += t.idf.get(s)!;
    }
    let supported = 0;
    for (const level of n.ancestors) if (level.some((s) => weight.has(s))) supported++;
    const support = n.path.length > 1 ? supported / (n.path.length - 1) : 1;
    // A node none of whose own words the breadcrumb says is only a fallback.
    const score = (raw - 0.6 * missing - (leafHit ? 0 : 2)) * (0.25 + 0.75 * support) - 0.01 * n.path.length;
    if (score > bestScore) {
      best = n;
      bestScore = score;
    }
  }
  return best;
}

const scratchArrays = new Map<string, Float64Array>();
/** Zeroed per-node work arrays, reused between calls (every user zeroes what it touched). */
function scratch(n: number, name: string): Float64Array {
  let a = scratchArrays.get(name);
  if (!a || a.length !== n) scratchArrays.set(name, (a = new Float64Array(n)));
  return a;
}

/** Taxonomy words that a breadcrumb word of 4+ letters begins ("swim" → "swimwear"), cached. */
const prefixCache = new Map<string, string[]>();
function prefixed(t: Taxonomy, s: string): string[] {
  let hit = prefixCache.get(s);
  if (!hit) {
    hit = [...t.idf.keys()].filter((v) => v !== s && v.length > s.length && v.startsWith(s));
    if (prefixCache.size > 20_000) prefixCache.clear();
    prefixCache.set(s, hit);
  }
  return hit;
}

/**
 * The spec's 15 shop categories over Google's tree: the longest prefix listed
 * here decides (a branch inherits its parent's category).
 */
const SHOP_OF_BRANCH: [string, ShopCategory][] = [
  ['Animals & Pet Supplies', 'pets'],
  ['Apparel & Accessories', 'apparel'],
  ['Apparel & Accessories > Shoes', 'footwear'],
  ['Apparel & Accessories > Shoe Accessories', 'footwear'],
  ['Apparel & Accessories > Jewelry', 'jewelry_watches'],
  ['Apparel & Accessories > Clothing > Baby & Toddler Clothing', 'baby'],
  ['Arts & Entertainment', 'other'],
  ['Arts & Entertainment > Hobbies & Creative Arts > Musical Instruments', 'electronics_computing'],
  ['Baby & Toddler', 'baby'],
  ['Business & Industrial', 'tools_hardware'],
  ['Cameras & Optics', 'electronics_computing'],
  ['Electronics', 'electronics_computing'],
  ['Food, Beverages & Tobacco', 'other'],
  ['Furniture', 'furniture_decor'],
  ['Furniture > Baby & Toddler Furniture', 'baby'],
  ['Hardware', 'tools_hardware'],
  ['Health & Beauty', 'beauty_personal_care'],
  ['Home & Garden', 'home_kitchen'],
  ['Home & Garden > Decor', 'furniture_decor'],
  ['Home & Garden > Lighting', 'furniture_decor'],
  ['Home & Garden > Linens & Bedding', 'furniture_decor'],
  ['Home & Garden > Lawn & Garden', 'tools_hardware'],
  ['Luggage & Bags', 'apparel'],
  ['Mature', 'other'],
  ['Media', 'books_media'],
  ['Office Supplies', 'other'],
  ['Religious & Ceremonial', 'other'],
  ['Software', 'electronics_computing'],
  ['Software > Video Game Software', 'books_media'],
  ['Sporting Goods', 'sports_outdoors'],
  ['Toys & Games', 'toys_kids'],
  ['Vehicles & Parts', 'auto'],
].map(([p, c]) => [key(p.split(' > ')), c] as [string, ShopCategory]);

export function shopCategoryOf(g: GoogleCategory | null): ShopCategory {
  if (!g) return 'other';
  for (let n = g.path.length; n > 0; n--) {
    const k = key(g.path.slice(0, n));
    const hit = SHOP_OF_BRANCH.find(([p]) => p === k);
    if (hit) return hit[1];
  }
  return 'other';
}
