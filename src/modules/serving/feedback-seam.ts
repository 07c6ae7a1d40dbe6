import type { Ctx } from '../../context.js';
import { feedbackScores as groupFeedbackScores } from '../feedback/service.js';

/**
 * User feedback on ads (thumbs up/down from POST /ad-feedback, last 30 days,
 * owned by the feedback module) as a multiplier per ad group for the
 * auction's quality weight: 1 + 0.5 × (up − down) / (up + down + PRIOR), so
 * a handful of votes moves little, a clear verdict moves up to ±50%.
 * Re-read at most once a minute (feedback moves slowly).
 */
const PRIOR_VOTES = 20;
const REFRESH_MS = 60_000;
const cache = new WeakMap<Ctx, { at: number; data: Map<string, number> }>();

export async function feedbackScores(ctx: Ctx): Promise<Map<string, number>> {
  const now = ctx.clock.now();
  const hit = cache.get(ctx);
  if (hit && now - hit.at < REFRESH_MS && now >= hit.at) return hit.data;
  const { adGroups } = await groupFeedbackScores(ctx);
  const data = new Map<string, number>();
  for (const [id, s] of adGroups) data.set(id, feedbackMultiplier(s.thumbsUp, s.thumbsDown));
  cache.set(ctx, { at: now, data });
  return data;
}

export const feedbackMultiplier = (up: number, down: number): number => clampFeedback(1 + (0.5 * (up - down)) / (up + down + PRIOR_VOTES));

/** Forget cached feedback (tests move the clock or add votes). */
export const forgetFeedback = (ctx: Ctx): void => void cache.delete(ctx);

/** Keep a multiplier in the band the auction accepts, whatever the source says. */
export const clampFeedback = (x: number): number => (Number.isFinite(x) ? Math.min(1.5, Math.max(0.5, x)) : 1);
