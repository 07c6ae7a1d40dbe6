/**
 * Weights of Orbit's product ranking (ranking.ts), written by
 * `npx tsx bench/relevance/shop/train.ts --write` from the ESCI development
 * judgments (../shared/data/esci/judgments-dev.jsonl, 70 queries): a
 * pairwise logistic ranker (λ 0.001) over the ranking's features, BM25F
 * field weights by coordinate search. Cross-validated nDCG@10 over queries
 * (5 folds): 0.7417 (folds 0.8333, 0.7133, 0.7444, 0.7089, 0.7084); on the
 * queries it was fitted on: 0.7472. See
 * docs/decisions/0039-issue24-shop-ranking.md.
 */
export const RANKER = {
  fields: { title: 3, brand: 1, category: 1, bullets: 0.5, description: 0.25 },
  weights: {
    bm25f: 2.028,
    title_cover: 0.874,
    all_cover: 2.074,
    head_in_title: 0.034,
    head_in_main: 0.374,
    accessory: -0.351,
    negation_violated: -1.057,
    negation_met: 0.506,
    gender: 0.828,
    colour: 0.603,
    bigram: 0.285,
    brand: 0.719,
    other_brand: -0.719,
    numbers: 0.791,
    category_agree: 1.99,
    title_length: -1,
  },
};
