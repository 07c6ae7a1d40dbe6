/**
 * Fits the weights of Orbit's product ranking (src/modules/shop/ranking.ts)
 * on the ESCI development judgments, and says how well they generalise to
 * queries they were not fitted on: 5-fold cross-validation over queries (the
 * held-out split is other queries over the same products, so this is the
 * figure that predicts it).
 *
 * The model is linear over the ranking's features; it is fitted as a pairwise
 * logistic ranker (RankNet, L2-regularised, full-batch gradient descent) on
 * pairs of candidates of a query whose grades differ (E 3 > S 1 > C, I and
 * unjudged 0), pairs weighted by their gain difference, each query weighing
 * the same. The BM25F field weights are chosen by a coordinate search on the
 * cross-validated nDCG@10, and the regularisation by the same figure.
 * Candidates come from the real retrieval (SQLite FTS5, the catalog imported
 * from the Merchant Center CSV).
 *
 * Usage: npx tsx bench/relevance/shop/train.ts [--write]   (--write rewrites src/modules/shop/ranker-weights.ts)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config.js';
import { createContext, closeContext } from '../../../src/server.js';
import { importProductsFile } from '../../../src/modules/shop/catalog.js';
import { mulberry32 } from '../../../src/lib/random.js';
import {
  FEATURES,
  featuresOf,
  parseQuery,
  type FeatureName,
  type FieldWeights,
  type ShopQuery,
} from '../../../src/modules/shop/ranking.js';
import { RANKER } from '../../../src/modules/shop/ranker-weights.js';
import type { CandidateRow } from '../../../src/modules/shop/repo.js';
import { candidatesFor } from '../../../src/modules/shop/service.js';
import { GAIN, loadEsciProducts, loadJudgments, writeMerchantCenterCsv } from './esci.js';
import { mean, ndcgAt, round4 } from './metrics.js';

interface QueryData {
  query: string;
  q: ShopQuery;
  cands: CandidateRow[];
  gains: Record<string, number>;
}
interface Matrix {
  x: number[][];
  ids: string[];
  tie: number[];
  gains: Record<string, number>;
  grade: number[];
}

const K = FEATURES.length;
const FOLDS = 5;

function matrices(data: QueryData[], fields: FieldWeights): Matrix[] {
  return data.map((d) => {
    const fv = featuresOf(d.q, d.cands, fields);
    return {
      x: fv.map((f) => FEATURES.map((k) => f[k])),
      ids: d.cands.map((c) => c.product_id),
      tie: d.cands.map((c) => c.rating_count),
      gains: d.gains,
      grade: d.cands.map((c) => d.gains[c.product_id] ?? 0),
    };
  });
}

function ndcgOf(w: number[], m: Matrix[]): number {
  return mean(
    m.map((r) => {
      const s = r.x.map((f) => f.reduce((a, x, k) => a + x * w[k], 0));
      const order = s.map((_, i) => i).sort((a, b) => s[b] - s[a] || r.tie[b] - r.tie[a]);
      return ndcgAt(
        10,
        order.map((i) => r.ids[i]),
        r.gains,
      );
    }),
  );
}

/** RankNet: minimise Σ weight · log(1 + e^−(s_i − s_j)) + λ/2 ‖w‖² over the pairs of each query's top candidates. */
function fit(m: Matrix[], lambda: number, start: number[]): number[] {
  const diffs: number[] = [];
  const weights: number[] = [];
  for (const r of m) {
    const s0 = r.x.map((f) => f.reduce((a, x, k) => a + x * start[k], 0));
    const top = s0
      .map((_, i) => i)
      .sort((a, b) => s0[b] - s0[a])
      .slice(0, 60);
    let total = 0;
    const first = weights.length;
    for (const i of top)
      for (const j of top) {
        if (r.grade[i] <= r.grade[j]) continue;
        for (let k = 0; k < K; k++) diffs.push(r.x[i][k] - r.x[j][k]);
        const wt = 2 ** r.grade[i] - 2 ** r.grade[j];
        weights.push(wt);
        total += wt;
      }
    for (let p = first; p < weights.length; p++) weights[p] /= total || 1;
  }
  const d = Float64Array.from(diffs);
  const pw = Float64Array.from(weights);
  const w = Float64Array.from(start);
  const g = new Float64Array(K);
  const queries = m.length || 1;
  for (let it = 0; it < 300; it++) {
    g.fill(0);
    for (let p = 0, o = 0; p < pw.length; p++, o += K) {
      let z = 0;
      for (let k = 0; k < K; k++) z += w[k] * d[o + k];
      const s = -pw[p] / (1 + Math.exp(z));
      for (let k = 0; k < K; k++) g[k] += s * d[o + k];
    }
    for (let k = 0; k < K; k++) w[k] -= 3 * (g[k] / queries + lambda * w[k]);
  }
  return [...w];
}

/** Query-level folds, shuffled once with a fixed seed. */
function folds(n: number): number[] {
  const rnd = mulberry32(2406);
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  const fold = new Array<number>(n);
  idx.forEach((q, i) => (fold[q] = i % FOLDS));
  return fold;
}

function crossValidate(
  m: Matrix[],
  lambda: number,
  start: number[],
  fold: number[],
): { cv: number; perFold: number[] } {
  const perQuery = new Array<number>(m.length);
  const perFold: number[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const train = m.filter((_, i) => fold[i] !== f);
    const testIdx = m.map((_, i) => i).filter((i) => fold[i] === f);
    const w = fit(train, lambda, start);
    for (const i of testIdx) perQuery[i] = ndcgOf(w, [m[i]]);
    perFold.push(round4(mean(testIdx.map((i) => perQuery[i]))));
  }
  return { cv: mean(perQuery), perFold };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-train-'));
  const ctx = await createContext(loadConfig({ dataDir, logLevel: 'silent', sqliteSync: 'NORMAL' }));
  try {
    const csv = path.join(dataDir, 'esci.csv');
    writeMerchantCenterCsv(csv, loadEsciProducts());
    await importProductsFile(ctx, csv, { merchant: 'ESCI Amazon' });
    const data: QueryData[] = [];
    for (const j of loadJudgments()) {
      const { q, cands } = await candidatesFor(ctx, parseQuery(j.query));
      data.push({
        query: j.query,
        q,
        cands,
        gains: Object.fromEntries(Object.entries(j.judgments).map(([id, l]) => [id, GAIN[l] ?? 0])),
      });
    }
    const fold = folds(data.length);
    const start = FEATURES.map(() => 0);
    start[FEATURES.indexOf('bm25f')] = 1;
    const current = FEATURES.map((k) => RANKER.weights[k] ?? 0);

    let fields: FieldWeights = { ...RANKER.fields };
    let lambda = 0.001;
    let best = crossValidate(matrices(data, fields), lambda, start, fold);
    console.error(`start: fields ${JSON.stringify(fields)} λ ${lambda} → CV ${round4(best.cv)}`);
    for (let pass = 0; pass < 1; pass++) {
      for (const l of [0.0003, 0.003]) {
        if (l === lambda) continue;
        const r = crossValidate(matrices(data, fields), l, start, fold);
        if (r.cv > best.cv + 1e-4) [best, lambda] = [r, l];
      }
      for (const k of Object.keys(fields) as (keyof FieldWeights)[]) {
        for (const factor of [0.5, 2]) {
          const trial = { ...fields, [k]: Math.round(fields[k] * factor * 100) / 100 };
          const r = crossValidate(matrices(data, trial), lambda, start, fold);
          console.error(`  ${k} ×${factor}: CV ${round4(r.cv)}`);
          if (r.cv > best.cv + 1e-4) [best, fields] = [r, trial];
        }
      }
      console.error(`pass ${pass + 1}: fields ${JSON.stringify(fields)} λ ${lambda} → CV ${round4(best.cv)}`);
    }
    const m = matrices(data, fields);
    const w = fit(m, lambda, start);
    const weights = Object.fromEntries(FEATURES.map((k, i) => [k, Math.round(w[i] * 1000) / 1000])) as Record<
      FeatureName,
      number
    >;
    const report = {
      queries: data.length,
      folds: FOLDS,
      lambda,
      fields,
      cv_ndcg10: round4(best.cv),
      cv_per_fold: best.perFold,
      train_ndcg10: round4(ndcgOf(w, m)),
      current_weights_ndcg10: round4(ndcgOf(current, matrices(data, RANKER.fields))),
      bm25f_only_ndcg10: round4(ndcgOf(start, matrices(data, fields))),
      weights,
    };
    console.log(JSON.stringify(report));
    if (process.argv.includes('--write')) {
      const file = path.resolve(
        path.dirname(new URL(import.meta.url).pathname),
        '../../../src/modules/shop/ranker-weights.ts',
      );
      fs.writeFileSync(
        file,
        `/**
 * Weights of Orbit's product ranking (ranking.ts), written by
 * \`npx tsx bench/relevance/shop/train.ts --write\` from the ESCI development
 * judgments (../shared/data/esci/judgments-dev.jsonl, ${data.length} queries): a
 * pairwise logistic ranker (λ ${lambda}) over the ranking's features, BM25F
 * field weights by coordinate search. Cross-validated nDCG@10 over queries
 * (${FOLDS} folds): ${report.cv_ndcg10} (folds ${best.perFold.join(', ')}); on the
 * queries it was fitted on: ${report.train_ndcg10}. See
 * docs/decisions/0039-issue24-shop-ranking.md.
 */
export const RANKER = {
  fields: ${JSON.stringify(fields).replace(/"/g, '').replace(/:/g, ': ').replace(/,/g, ', ').replace('{', '{ ').replace('}', ' }')},
  weights: {
${FEATURES.map((k) => `    ${k}: ${weights[k]},`).join('\n')}
  },
};
`,
      );
      console.error(`wrote ${file}`);
    }
  } finally {
    await closeContext(ctx);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
