/**
 * POST /shop/search latency with rerank:false over real products: the ESCI
 * catalog (6,764 Amazon products, imported from a Merchant Center CSV), or
 * `--products N` of them synthesized by varying the real rows (100k for the
 * large catalog). Queries are the ESCI development shopper queries, half the
 * requests with hard filters. Each request goes over HTTP to a real server
 * (auth, validation, SQL filters + full-text candidates, the ranking, facets,
 * one tracked link per product written durably before the answer). Baseline
 * in the same run: the bare full-text query alone (the engine's plain BM25,
 * any word, top 10: no filters, no ranking, no writes) for the same queries.
 * Requests are sequential: the figure is the latency of one search, not
 * throughput.
 *
 * Usage: npx tsx bench/index-shop-search.ts [--products N] [--requests N]   (DATABASE_URL=… for PostgreSQL)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { importProductsFile } from '../src/modules/shop/catalog.js';
import { retrieve } from '../src/modules/shop/repo.js';
import { loadEsciProducts, loadJudgments, synthesize, writeMerchantCenterCsv } from './relevance/shop/esci.js';
import { plainWords } from './relevance/shop/evaluate.js';
import { writeResult } from './lib/results.js';
import { dropBenchSchema } from './lib/harness.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const FILTERS = [
  { price_max: 50 },
  { gender: 'women' },
  { categories: ['apparel', 'footwear'] },
  { price_min: 10, price_max: 300, currency: 'EUR' },
  { brands: ['Amazon Basics', 'Dewalt', 'Adidas', 'Crocs'] },
  { colors: ['black', 'white'] },
  { categories: ['home_kitchen'], price_max: 100 },
];

async function main() {
  const esci = loadEsciProducts();
  const products = arg('products', esci.length);
  const requests = arg('requests', 400);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-shop-'));
  const schema = process.env.DATABASE_URL ? `bench_${Date.now()}` : undefined;
  const server = await startServer({
    dataDir,
    port: 0,
    logLevel: 'silent',
    databaseSchema: schema,
    adRateLimitPerSecond: 0,
  });
  const { ctx, url } = server;
  try {
    const csv = path.join(dataDir, 'feed.csv');
    writeMerchantCenterCsv(csv, synthesize(esci, products));
    const t0 = performance.now();
    const imp = await importProductsFile(ctx, csv, { merchant: 'Bench Merchant' });
    const importMs = performance.now() - t0;
    fs.rmSync(csv, { force: true });
    const key = (await accounts.createPublisher(ctx, { name: 'bench' })).apiKey;
    const queries = loadJudgments().map((j) => j.query);
    const bodies = Array.from({ length: requests }, (_, i) => ({
      query: queries[i % queries.length],
      rerank: false,
      max_results: 10,
      ...(i % 2 ? FILTERS[i % FILTERS.length] : {}),
    }));
    const post = (body: unknown) =>
      fetch(`${url}/shop/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (r.status !== 200) throw new Error(`status ${r.status}: ${await r.text()}`);
        return r.json() as Promise<{ count: number }>;
      });
    for (const b of bodies.slice(0, 40)) await post(b); // warm-up
    const full: number[] = [];
    const filtered: number[] = [];
    let found = 0;
    const cpu0 = process.cpuUsage();
    for (const [i, b] of bodies.entries()) {
      const s = performance.now();
      const r = await post(b);
      const ms = performance.now() - s;
      (i % 2 ? filtered : full).push(ms);
      if (r.count > 0) found++;
    }
    const cpu = process.cpuUsage(cpu0);
    const bare: number[] = [];
    for (const b of bodies) {
      const s = performance.now();
      await retrieve(
        ctx.db,
        ctx.database.dialect,
        plainWords(b.query).map((w) => [w]),
        {},
        { limit: 10, weights: false },
      );
      bare.push(performance.now() - s);
    }
    const all = [...full, ...filtered];
    console.log(
      JSON.stringify({
        backend: ctx.database.dialect,
        catalog_rows: imp.upserted,
        import_s: +(importMs / 1000).toFixed(1),
        requests,
        with_results: found,
        p50_ms: +pct(all, 50).toFixed(2),
        p95_ms: +pct(all, 95).toFixed(2),
        p95_unfiltered_ms: +pct(full, 95).toFixed(2),
        p95_filtered_ms: +pct(filtered, 95).toFixed(2),
        baseline_bare_fts_p95_ms: +pct(bare, 95).toFixed(2),
        ratio_p95_vs_bare_fts: +(pct(all, 95) / pct(bare, 95)).toFixed(1),
        // CPU of this process (server and client share it) per search: the load-independent cost.
        cpu_ms_per_search: +((cpu.user + cpu.system) / 1000 / requests).toFixed(2),
        load_avg_1m: +os.loadavg()[0].toFixed(1),
      }),
    );
    writeResult(
      'index-shop-search',
      {
        p95: {
          label: `\`/shop/search\` p95, ${imp.upserted.toLocaleString('en-US')} real listings (ESCI${products > esci.length ? ', varied' : ''})`,
          unit: 'ms',
          value: pct(all, 95),
          baseline: pct(bare, 95),
          baselineLabel: 'bare full-text query',
        },
        p95_filtered: { label: '… with hard filters', unit: 'ms', value: pct(filtered, 95) },
        cpu: {
          label: 'CPU per search (server and client)',
          unit: 'ms',
          value: (cpu.user + cpu.system) / 1000 / requests,
        },
      },
      { variant: [ctx.database.dialect, products === esci.length ? 'esci' : String(products)] },
    );
  } finally {
    await server.close();
    await dropBenchSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
