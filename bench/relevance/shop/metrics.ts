import { mulberry32 } from '../../../src/lib/random.js';

/**
 * Ranking metrics for the shop relevance benches: nDCG@k with graded gains
 * (2^g − 1, the ideal from every judged listing of the query), precision@1,
 * and the paired bootstrap of a difference of means (resampling queries).
 */
export function ndcgAt(k: number, ranked: string[], gains: Record<string, number>): number {
  const g = (x: number) => 2 ** x - 1;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += g(gains[id] ?? 0) / Math.log2(i + 2)));
  const ideal = Object.values(gains)
    .sort((a, b) => b - a)
    .slice(0, k);
  let idcg = 0;
  ideal.forEach((x, i) => (idcg += g(x) / Math.log2(i + 2)));
  return idcg === 0 ? 0 : dcg / idcg;
}

/** 1 when the first result has the top grade the query's judgments use. */
export function precisionAt1(ranked: string[], gains: Record<string, number>): number {
  const top = Math.max(0, ...Object.values(gains));
  return ranked.length && top > 0 && (gains[ranked[0]] ?? 0) === top ? 1 : 0;
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** 95 % interval of mean(a − b) by the paired bootstrap over queries (seeded, 10,000 resamples). */
export function pairedBootstrap(
  a: number[],
  b: number[],
  resamples = 10_000,
  seed = 24,
): { diff: number; lo: number; hi: number } {
  const d = a.map((x, i) => x - b[i]);
  const rnd = mulberry32(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < d.length; i++) s += d[Math.floor(rnd() * d.length)];
    means.push(s / d.length);
  }
  means.sort((x, y) => x - y);
  return { diff: mean(d), lo: means[Math.floor(0.025 * resamples)], hi: means[Math.floor(0.975 * resamples) - 1] };
}

export const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
