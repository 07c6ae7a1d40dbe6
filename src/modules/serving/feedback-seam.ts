import type { Ctx } from '../../context.js';

/**
 * User feedback on ads, as a multiplier per ad group (1 neutral, below 1 for
 * groups users dislike, above 1 for liked ones), folded into the auction's
 * quality weight. The feedback module (issue "ad feedback") owns the data;
 * until it exposes `feedbackScores`, every group is neutral.
 */
export async function feedbackScores(_ctx: Ctx): Promise<Map<string, number>> {
  return new Map();
}

/** Keep a multiplier in the band the auction accepts, whatever the source says. */
export const clampFeedback = (x: number): number => (Number.isFinite(x) ? Math.min(1.5, Math.max(0.5, x)) : 1);
