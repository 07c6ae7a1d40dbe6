/**
 * Builds the labelled shop query set (bench/relevance/shop/queries.jsonl) over
 * the demo catalog: 240 queries written from templates shoppers use (type,
 * synonym, colour, gender, brand, use), each with graded labels for every
 * in-catalog listing that is relevant, computed from the generator's
 * structured ground truth (product type, colour, gender, brand) — facts the
 * ranking never reads directly (it sees only the listing text).
 *
 *   grade 3  the type asked for, and every colour/gender/brand stated matches
 *   grade 2  the type asked for, one stated attribute differs
 *   grade 1  the type asked for with more differences, or a closely related type
 *
 * Usage: npx tsx bench/relevance/shop/build-queries.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  generateProducts,
  PRODUCT_TYPES,
  DEMO_PRODUCT_COUNT,
  type Truth,
} from '../../../src/modules/shop/generator.js';
import { mulberry32 } from '../../../src/lib/random.js';
import { titleColour } from '../../../src/modules/shop/taxonomy.js';

const RELATED: Record<string, string[]> = {
  'running-shoes': ['trail-running-shoes', 'sneakers', 'walking-shoes'],
  'trail-running-shoes': ['running-shoes', 'hiking-boots'],
  'walking-shoes': ['running-shoes', 'sneakers'],
  sneakers: ['running-shoes', 'walking-shoes', 'kids-sneakers'],
  'hiking-boots': ['trail-running-shoes'],
  'kids-sneakers': ['sneakers'],
  hoodie: ['t-shirt'],
  'rain-jacket': ['puffer-jacket'],
  'puffer-jacket': ['rain-jacket'],
  leggings: ['running-shorts'],
  'running-shorts': ['leggings'],
  'wireless-headphones': ['earbuds', 'portable-speaker'],
  earbuds: ['wireless-headphones'],
  'cast-iron-skillet': ['dutch-oven'],
  'dutch-oven': ['cast-iron-skillet'],
  tent: ['sleeping-bag', 'hiking-backpack'],
  'sleeping-bag': ['tent'],
  necklace: ['earrings'],
  earrings: ['necklace'],
  'dog-bed': ['cat-tree'],
  cookbook: ['novel'],
  novel: ['cookbook'],
};

export interface LabelledQuery {
  id: string;
  query: string;
  intent: { type: string; colour?: string; gender?: string; brand?: string };
  labels: Record<string, number>;
}

export function grade(intent: LabelledQuery['intent'], t: Truth): number {
  if (t.type === intent.type) {
    let misses = 0;
    if (intent.colour && titleColour(t.colour) !== intent.colour) misses++;
    if (intent.gender && t.gender !== intent.gender && t.gender !== '') misses++;
    if (intent.brand && t.brand !== intent.brand) misses++;
    return misses === 0 ? 3 : misses === 1 ? 2 : 1;
  }
  return (RELATED[intent.type] ?? []).includes(t.type) ? 1 : 0;
}

function build(): LabelledQuery[] {
  const catalog = [...generateProducts({ count: DEMO_PRODUCT_COUNT })];
  const r = mulberry32(2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const out: LabelledQuery[] = [];
  const seen = new Set<string>();
  let guard = 0;
  while (out.length < 240 && guard++ < 10_000) {
    const anchor = pick(catalog);
    const type = PRODUCT_TYPES.find((p) => p.key === anchor.truth.type)!;
    const noun = type.noun.toLowerCase().replace(/"/g, ' inch');
    const word = r() < 0.35 ? pick(type.synonyms) : noun;
    const colour = titleColour(anchor.truth.colour);
    const g =
      anchor.truth.gender === 'men'
        ? "men's"
        : anchor.truth.gender === 'women'
          ? "women's"
          : anchor.truth.gender === 'kids'
            ? 'kids'
            : '';
    const template = Math.floor(r() * 7);
    let query = word;
    const intent: LabelledQuery['intent'] = { type: type.key };
    if (template === 1 && colour) {
      query = `${colour} ${word}`;
      intent.colour = colour;
    } else if (template === 2 && g) {
      query = `${g} ${word}`;
      intent.gender = anchor.truth.gender;
    } else if (template === 3 && g && colour) {
      query = `${g} ${colour} ${word}`;
      intent.gender = anchor.truth.gender;
      intent.colour = colour;
    } else if (template === 4) {
      query = `${anchor.truth.brand} ${word}`;
      intent.brand = anchor.truth.brand;
    } else if (template === 5) {
      query = `${word} for ${pick(type.uses)}`;
    } else if (template === 6 && colour) {
      query = `i want ${colour} ${word} please`;
      intent.colour = colour;
    }
    if (seen.has(query)) continue;
    seen.add(query);
    const labels: Record<string, number> = {};
    for (const { product, truth } of catalog) {
      if (product.availability !== 'in stock' || !product.image_url) continue; // import drops these
      const gr = grade(intent, truth);
      if (gr > 0) labels[product.product_id] = gr;
    }
    out.push({ id: `q${String(out.length + 1).padStart(3, '0')}`, query, intent, labels });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'queries.jsonl');
  const qs = build();
  fs.writeFileSync(file, qs.map((q) => JSON.stringify(q)).join('\n') + '\n');
  console.log(`wrote ${qs.length} labelled queries to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB)`);
}
