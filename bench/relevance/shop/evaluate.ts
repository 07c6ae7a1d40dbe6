/**
 * Quality of /shop/search on real shopper queries: the ESCI Shopping Queries
 * products (../shared/data/esci, imported as a merchant would, from a Google
 * Merchant Center CSV) and graded judgments (by default the development
 * split; pass the held-out file to measure the work), against the FTS5 BM25
 * baseline in the same run:
 *
 *   fts5_bm25   SQLite FTS5's own bm25() over title, brand, category and
 *               description (the index Orbit had), any query word — built in
 *               memory here, so the baseline is the same on both backends
 *   fts5_bm25_bullets  the same with the bullet points indexed too
 *   orbit       POST /shop/search's service (rerank:false), top 10
 *
 * nDCG@10 (gains E=3, S=1, C=I=0; 2^g − 1), P@1 (an Exact first), and the
 * paired-bootstrap 95 % interval of orbit − fts5_bm25 over queries.
 * `--generated` runs the old check instead: the generated demo catalog and
 * its labelled queries (queries.jsonl) — a regression check only, since the
 * same code wrote the products and the labels.
 *
 * Usage: npx tsx bench/relevance/shop/evaluate.ts [--judgments FILE] [--generated]   (DATABASE_URL=… for PostgreSQL)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../../../src/config.js';
import { createContext, closeContext } from '../../../src/server.js';
import type { Ctx } from '../../../src/context.js';
import * as accounts from '../../../src/modules/accounts/service.js';
import { ensureDemoProducts, importProductsFile } from '../../../src/modules/shop/catalog.js';
import { retrieve } from '../../../src/modules/shop/repo.js';
import { searchProducts } from '../../../src/modules/shop/service.js';
import { ESCI_DIR, GAIN, loadEsciProducts, loadJudgments, writeMerchantCenterCsv, type EsciProduct } from './esci.js';
import { mean, ndcgAt, pairedBootstrap, precisionAt1, round4 } from './metrics.js';
import type { LabelledQuery } from './build-queries.js';
import { writeResult } from '../../lib/results.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** The words a plain keyword engine gets: the query's words, lowercased, nothing removed but punctuation. */
export const plainWords = (q: string) =>
  [...new Set([...q.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]))].slice(0, 32);

/** An in-memory FTS5 index of the products with plain bm25(), any word: the baseline. */
export function fts5Baseline(products: EsciProduct[], withBullets: boolean): (query: string) => string[] {
  const db = new Database(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE p USING fts5(asin UNINDEXED, title, brand, category, ${withBullets ? 'bullets, ' : ''}description, tokenize='porter unicode61')`,
  );
  const ins = db.prepare(`INSERT INTO p VALUES (?, ?, ?, ?, ${withBullets ? '?, ' : ''}?)`);
  db.transaction(() => {
    for (const x of products) {
      const cols = [
        x.asin,
        x.title,
        x.brand ?? '',
        (x.category ?? []).join(' > '),
        ...(withBullets ? [x.bullet_points ?? ''] : []),
        x.description ?? '',
      ];
      ins.run(...cols);
    }
  })();
  const q = db.prepare('SELECT asin FROM p WHERE p MATCH ? ORDER BY bm25(p) LIMIT 10');
  return (query) => {
    const words = plainWords(query);
    return words.length
      ? (q.all(words.map((w) => `"${w}"`).join(' OR ')) as { asin: string }[]).map((r) => r.asin)
      : [];
  };
}

async function withContext<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-rel-'));
  const schema = process.env.DATABASE_URL ? `rel_${Date.now()}` : undefined;
  const ctx = await createContext(
    loadConfig({ dataDir, logLevel: 'silent', databaseSchema: schema, sqliteSync: 'NORMAL' }),
  );
  try {
    return await fn(ctx);
  } finally {
    if (schema && ctx.database.pool) await ctx.database.pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await closeContext(ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function esci(ctx: Ctx) {
  const judgmentsFile = arg('judgments') ?? path.join(ESCI_DIR, 'judgments-dev.jsonl');
  const products = loadEsciProducts();
  const judged = loadJudgments(judgmentsFile);
  const csv = path.join(os.tmpdir(), `orbit-esci-${process.pid}.csv`);
  writeMerchantCenterCsv(csv, products);
  const t0 = performance.now();
  const imp = await importProductsFile(ctx, csv, { merchant: 'ESCI Amazon' });
  const importS = (performance.now() - t0) / 1000;
  fs.rmSync(csv, { force: true });
  const key = (await accounts.createPublisher(ctx, { name: 'relevance' })).apiKey;
  const base = fts5Baseline(products, false);
  const baseBullets = fts5Baseline(products, true);
  const rows = {
    orbit: [] as number[],
    base: [] as number[],
    bullets: [] as number[],
    p1Orbit: [] as number[],
    p1Base: [] as number[],
  };
  for (const j of judged) {
    const gains = Object.fromEntries(Object.entries(j.judgments).map(([id, l]) => [id, GAIN[l] ?? 0]));
    const m = await searchProducts(ctx, { query: j.query, rerank: false, max_results: 10, apiKey: key });
    const mine = m.products.map((p) => p.product_id);
    const b = base(j.query);
    rows.orbit.push(ndcgAt(10, mine, gains));
    rows.base.push(ndcgAt(10, b, gains));
    rows.bullets.push(ndcgAt(10, baseBullets(j.query), gains));
    rows.p1Orbit.push(precisionAt1(mine, gains));
    rows.p1Base.push(precisionAt1(b, gains));
  }
  const ci = pairedBootstrap(rows.orbit, rows.base);
  const ciB = pairedBootstrap(rows.orbit, rows.bullets);
  const split = path.basename(judgmentsFile).replace(/\.jsonl$/, '');
  writeResult(
    'relevance-shop-esci',
    {
      ndcg10: {
        label: `nDCG@10, ${judged.length} ESCI shopper queries (${split})`,
        unit: '',
        value: mean(rows.orbit),
        baseline: mean(rows.base),
        baselineLabel: 'SQLite FTS5 bm25, any word',
        digits: 4,
        note: `orbit − baseline ${round4(ci.diff)}, paired-bootstrap 95 % [${round4(ci.lo)}, ${round4(ci.hi)}]; better on ${rows.orbit.filter((x, i) => x > rows.base[i] + 1e-9).length} queries, worse on ${rows.orbit.filter((x, i) => x < rows.base[i] - 1e-9).length}.`,
      },
      p1_exact: {
        label: 'P@1 (an Exact first)',
        unit: '',
        value: mean(rows.p1Orbit),
        baseline: mean(rows.p1Base),
        baselineLabel: 'SQLite FTS5 bm25, any word',
        digits: 4,
      },
    },
    { variant: [ctx.database.dialect, split !== 'judgments-dev' && split] },
  );
  return {
    backend: ctx.database.dialect,
    judgments: path.basename(judgmentsFile),
    queries: judged.length,
    imported: imp.upserted,
    rejected: imp.rejected,
    import_s: +importS.toFixed(1),
    ndcg10_orbit: round4(mean(rows.orbit)),
    ndcg10_fts5_bm25: round4(mean(rows.base)),
    ndcg10_fts5_bm25_bullets: round4(mean(rows.bullets)),
    diff_vs_fts5: { mean: round4(ci.diff), ci95: [round4(ci.lo), round4(ci.hi)] },
    diff_vs_fts5_bullets: { mean: round4(ciB.diff), ci95: [round4(ciB.lo), round4(ciB.hi)] },
    p1_exact_orbit: round4(mean(rows.p1Orbit)),
    p1_exact_fts5_bm25: round4(mean(rows.p1Base)),
    orbit_better: rows.orbit.filter((x, i) => x > rows.base[i] + 1e-9).length,
    orbit_worse: rows.orbit.filter((x, i) => x < rows.base[i] - 1e-9).length,
  };
}

/** The old check over the generated demo catalog (a regression check: the generator wrote both the listings and the labels). */
async function generated(ctx: Ctx) {
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'queries.jsonl');
  const queries = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as LabelledQuery);
  await ensureDemoProducts(ctx);
  const key = (await accounts.createPublisher(ctx, { name: 'relevance' })).apiKey;
  const base: number[] = [];
  const mine: number[] = [];
  for (const q of queries) {
    const b = await retrieve(
      ctx.db,
      ctx.database.dialect,
      plainWords(q.query).map((w) => [w]),
      {},
      { limit: 10, weights: false },
    );
    const m = await searchProducts(ctx, { query: q.query, rerank: false, max_results: 10, apiKey: key });
    base.push(
      ndcgAt(
        10,
        b.map((h) => h.product_id),
        q.labels,
      ),
    );
    mine.push(
      ndcgAt(
        10,
        m.products.map((p) => p.product_id),
        q.labels,
      ),
    );
  }
  const ci = pairedBootstrap(mine, base);
  writeResult(
    'relevance-shop',
    {
      ndcg10: {
        label: `nDCG@10, ${queries.length} labelled queries over the generated catalog (regression check)`,
        unit: '',
        value: mean(mine),
        baseline: mean(base),
        baselineLabel: 'plain BM25',
        digits: 4,
      },
    },
    { variant: ctx.database.dialect },
  );
  return {
    backend: ctx.database.dialect,
    catalog: 'generated (regression check)',
    queries: queries.length,
    ndcg10_plain_bm25: round4(mean(base)),
    ndcg10_orbit: round4(mean(mine)),
    diff: { mean: round4(ci.diff), ci95: [round4(ci.lo), round4(ci.hi)] },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    JSON.stringify(process.argv.includes('--generated') ? await withContext(generated) : await withContext(esci)),
  );
}
