/**
 * nDCG@10 of the shop ranking over the labelled query set, against plain BM25
 * in the same run on the same catalog (the demo catalog, loaded fresh).
 *
 *   baseline  plain BM25: the full-text engine's own unweighted score (FTS5
 *             bm25() / ts_rank with equal weights), any query word, no filters
 *   orbit     POST /shop/search's service with rerank:false (field-weighted
 *             retrieval + Orbit's ranking), top 10
 *
 * Usage: npx tsx bench/relevance/shop/evaluate.ts   (DATABASE_URL=… for PostgreSQL)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config.js';
import { createContext, closeContext } from '../../../src/server.js';
import * as accounts from '../../../src/modules/accounts/service.js';
import { ensureDemoProducts } from '../../../src/modules/shop/catalog.js';
import { retrieve } from '../../../src/modules/shop/repo.js';
import { searchProducts } from '../../../src/modules/shop/service.js';
import type { LabelledQuery } from './build-queries.js';
import { writeResult } from '../../lib/results.js';

export function ndcgAt(k: number, ranked: string[], labels: Record<string, number>): number {
  const gain = (g: number) => 2 ** g - 1;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += gain(labels[id] ?? 0) / Math.log2(i + 2)));
  const ideal = Object.values(labels).sort((a, b) => b - a).slice(0, k);
  let idcg = 0;
  ideal.forEach((g, i) => (idcg += gain(g) / Math.log2(i + 2)));
  return idcg === 0 ? 0 : dcg / idcg;
}

/** The words a plain keyword engine would get: the query's words, lowercased, nothing removed but punctuation. */
const plainWords = (q: string) => [...new Set([...q.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]))].slice(0, 16);

async function main() {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'queries.jsonl');
  const queries = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LabelledQuery);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-rel-'));
  const schema = process.env.DATABASE_URL ? `rel_${Date.now()}` : undefined;
  const ctx = await createContext(loadConfig({ dataDir, logLevel: 'silent', databaseSchema: schema, sqliteSync: 'NORMAL' }));
  try {
    await ensureDemoProducts(ctx);
    const key = (await accounts.createPublisher(ctx, { name: 'relevance', indexApproved: true })).apiKey;
    let base = 0;
    let mine = 0;
    let wins = 0;
    let losses = 0;
    for (const q of queries) {
      const b = await retrieve(ctx.db, ctx.database.dialect, plainWords(q.query), {}, { mode: 'any', limit: 10, weights: false });
      const m = await searchProducts(ctx, { query: q.query, rerank: false, max_results: 10, apiKey: key });
      const nb = ndcgAt(10, b.map((h) => h.product_id), q.labels);
      const nm = ndcgAt(10, m.products.map((p) => p.product_id), q.labels);
      base += nb;
      mine += nm;
      if (nm > nb + 1e-9) wins++;
      else if (nm < nb - 1e-9) losses++;
    }
    const n = queries.length;
    console.log(JSON.stringify({ backend: ctx.database.dialect, queries: n, ndcg10_plain_bm25: +(base / n).toFixed(4), ndcg10_orbit: +(mine / n).toFixed(4), ratio: +((mine / base) || 0).toFixed(3), orbit_better: wins, orbit_worse: losses }));
    writeResult(
      'relevance-shop',
      { ndcg10: { label: `nDCG@10, ${n} labelled queries`, unit: '', value: mine / n, baseline: base / n, baselineLabel: 'plain BM25', digits: 4, note: `Orbit better on ${wins} queries, worse on ${losses}.` } },
      { variant: ctx.database.dialect },
    );
  } finally {
    if (schema && ctx.database.pool) await ctx.database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await closeContext(ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
