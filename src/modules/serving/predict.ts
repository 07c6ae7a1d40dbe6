import type { GroupActivity } from '../ledger/service.js';

/**
 * Predicted rates of an ad group: its own history smoothed toward priors
 * (a Beta prior worth a fixed number of pseudo-observations), plus an
 * exploration bonus that shrinks as evidence grows, so a new group gets a
 * fair chance to show what it can do and a proven one is judged on its record.
 */
export interface Rates {
  /** Predicted clicks per impression (with the exploration bonus). */
  ctr: number;
  /** Predicted conversions per click. */
  cvr: number;
  impressions: number;
  clicks: number;
}

export const PRIOR_CTR = 0.02;
export const PRIOR_CTR_WEIGHT = 200; // pseudo-impressions
export const PRIOR_CVR = 0.05;
export const PRIOR_CVR_WEIGHT = 40; // pseudo-clicks
/** Exploration: this many standard errors of the CTR estimate are added (upper-confidence style). */
export const EXPLORATION = 0.5;

export function predictRates(h: GroupActivity | undefined): Rates {
  const imps = Math.max(0, h?.impressions ?? 0);
  const clicks = Math.min(imps, Math.max(0, h?.clicks ?? 0));
  const convs = Math.max(0, h?.conversions ?? 0);
  const n = imps + PRIOR_CTR_WEIGHT;
  const ctr = (clicks + PRIOR_CTR * PRIOR_CTR_WEIGHT) / n;
  const bonus = EXPLORATION * Math.sqrt((ctr * (1 - ctr)) / n);
  const cvr = Math.min(1, (convs + PRIOR_CVR * PRIOR_CVR_WEIGHT) / (clicks + PRIOR_CVR_WEIGHT));
  return { ctr: Math.min(1, ctr + bonus), cvr, impressions: imps, clicks };
}
