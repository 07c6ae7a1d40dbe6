import type { Ctx } from '../../context.js';
import { feedbackScores as groupFeedbackScores } from '../feedback/service.js';
import { valueCache } from '../../caches.js';

/**
 * User feedback on ads (thumbs up/down from POST /ad-feedback, last 30 days,
 * owned by the feedback module) as a multiplier per ad group for the
 * auction's quality weight: 1 + 0.5 × (up − down) / (up + down + PRIOR), so
 * a handful of votes moves little, a clear verdict moves up to ±50%.
 * Re-read at most once a minute (feedback moves slowly).
 */
const PRIOR_VOTES = 20;
const cache = (ctx: Ctx) => valueCache<Map<string, number>>(ctx, 'feedbackScores'); // src/caches.ts: 60 s

export function feedbackScores(ctx: Ctx): Promise<Map<string, number>> {
  return cache(ctx).get(ctx.clock.now(), async () => {
    const { adGroups } = await groupFeedbackScores(ctx);
    const data = new Map<string, number>();
    for (const [id, s] of adGroups) data.set(id, feedbackMultiplier(s.thumbsUp, s.thumbsDown));
    return data;
  });
}

export const feedbackMultiplier = (up: number, down: number): number =>
  clampFeedback(1 + (0.5 * (up - down)) / (up + down + PRIOR_VOTES));

/** Forget cached feedback (tests move the clock or add votes). */
export const forgetFeedback = (ctx: Ctx): void => cache(ctx).clear();

/** Keep a multiplier in the band the auction accepts, whatever the source says. */
export const clampFeedback = (x: number): number => (Number.isFinite(x) ? Math.min(1.5, Math.max(0.5, x)) : 1);
