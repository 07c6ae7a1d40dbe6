/**
 * Weights of Orbit's product ranking (ranking.ts), written by
 * `npx tsx bench/relevance/shop/train.ts` from the development judgments
 * (../shared/data/esci/judgments-dev.jsonl); see
 * docs/decisions/issue24-shop-ranking.md for how they were fitted and their
 * cross-validated figures. Hand-set starting values until trained.
 */
export const RANKER = {
  fields: { title: 3, brand: 2, category: 1, bullets: 1, description: 0.5 },
  weights: {
    bm25f: 1.61,
    title_cover: 1.4,
    all_cover: 0.92,
    head_in_title: 0.35,
    head_in_main: 0.19,
    accessory: -0.69,
    negation_violated: -0.85,
    negation_met: 0.49,
    gender: 0.59,
    colour: 0.3,
    bigram: 0.48,
    brand: 0.62,
    other_brand: -0.62,
    numbers: 0.24,
    category_agree: 1.25,
    title_length: -0.27,
  },
};
