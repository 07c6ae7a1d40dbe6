import type { Ctx } from '../../context.js';
import { BadRequest, Unavailable, Validation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/hash.js';
import { TokenError, type TrackingClaims } from '../../lib/token.js';
import { countryOf, deviceType, normaliseCountry } from '../../lib/request-facts.js';
import * as repo from './repo.js';
import { describeAds } from '../campaigns/service.js';
import { advertiserNames } from '../accounts/service.js';
import { resolveRangeMs } from '../reporting/service.js';

export interface FeedbackInput {
  sessionId: string;
  impUrl: string;
  sentiment: 'thumbs_up' | 'thumbs_down';
  reasons?: string[];
  comment?: string;
  placement?: string;
  placementId?: string;
  userId?: string;
  device?: Record<string, unknown>;
}

/** The claims inside an impUrl's `p`, or 422: the caller must send the exact impUrl of an ad served to this publisher. */
function claimsOf(ctx: Ctx, publisherId: string, impUrl: string): TrackingClaims {
  let p: string | null = null;
  try {
    p = new URL(impUrl, 'http://relative.invalid').searchParams.get('p');
  } catch {
    p = null;
  }
  if (!p) throw Validation.field('impUrl', 'must be the impUrl of a served ad (it carries the p token)');
  let claims: TrackingClaims;
  try {
    claims = ctx.codec.open(p);
  } catch (err) {
    if (err instanceof TokenError)
      throw Validation.field('impUrl', 'cannot be decrypted; send the exact impUrl of the ad');
    throw err;
  }
  if (claims.publisherId !== publisherId) throw Validation.field('impUrl', 'is not an ad served to this publisher');
  return claims;
}

/**
 * Store one end user's reaction to a served ad. Nothing is written to the
 * event journal: feedback never counts as a click or an impression.
 */
export async function submitFeedback(
  ctx: Ctx,
  publisherId: string,
  input: FeedbackInput,
  facts: { ip: string; ua: string | undefined },
) {
  const c = claimsOf(ctx, publisherId, input.impUrl);
  const dev = input.device ?? {};
  const ua = typeof dev.ua === 'string' ? dev.ua : facts.ua;
  const ip = typeof dev.ip === 'string' ? dev.ip : facts.ip;
  const id = newId();
  try {
    await repo.insertFeedback(ctx.db, {
      id,
      publisher_id: publisherId,
      at: ctx.clock.now(),
      session_hash: sha256Hex(input.sessionId),
      sentiment: input.sentiment,
      reasons_json: JSON.stringify(input.reasons ?? []),
      comment: input.comment ?? null,
      click_id: c.clickId,
      campaign_id: c.campaignId,
      ad_group_id: c.adGroupId,
      ad_id: c.adId,
      advertiser_id: c.advertiserId,
      placement: input.placement ?? c.placementType,
      placement_id: input.placementId ?? c.placementId,
      user_hash: input.userId ? sha256Hex(input.userId) : null,
      device: deviceType(ua),
      country: normaliseCountry(dev.country) || countryOf(ip),
    });
  } catch (err) {
    ctx.log.error({ err }, 'feedback insert failed');
    throw new Unavailable('Feedback could not be stored; safe to retry');
  }
  return { status: 'ok' as const, feedbackId: id };
}

export interface FeedbackScore {
  thumbsUp: number;
  thumbsDown: number;
  /** thumbsDown / (thumbsUp + thumbsDown); 0 without feedback. */
  dislikeRatio: number;
}
export interface FeedbackScores {
  ads: Map<string, FeedbackScore>;
  adGroups: Map<string, FeedbackScore>;
}

/** Window of feedback the decision engine weighs. */
export const FEEDBACK_WINDOW_MS = 30 * 24 * 3600 * 1000;

/**
 * Per ad and per ad group, how users reacted over the last 30 days, so the
 * decision engine can lower the weight of ads users dislike.
 */
export async function feedbackScores(ctx: Ctx, opts: { sinceMs?: number } = {}): Promise<FeedbackScores> {
  const rows = await repo.sentimentCounts(ctx.db, opts.sinceMs ?? ctx.clock.now() - FEEDBACK_WINDOW_MS);
  const ads = new Map<string, FeedbackScore>();
  const adGroups = new Map<string, FeedbackScore>();
  const add = (map: Map<string, FeedbackScore>, key: string, up: number, down: number) => {
    const s = map.get(key) ?? { thumbsUp: 0, thumbsDown: 0, dislikeRatio: 0 };
    s.thumbsUp += up;
    s.thumbsDown += down;
    s.dislikeRatio = s.thumbsDown / (s.thumbsUp + s.thumbsDown || 1);
    map.set(key, s);
  };
  for (const r of rows) {
    add(ads, r.ad_id, r.up, r.down);
    add(adGroups, r.ad_group_id, r.up, r.down);
  }
  return { ads, adGroups };
}

/** Thumbs up/down per ad group of an advertiser in [fromMs, toMs), for the ad-group report. */
export const groupFeedback = (ctx: Ctx, advertiserId: string, fromMs: number, toMs: number) =>
  repo.groupSentiment(ctx.db, advertiserId, fromMs, toMs);

/**
 * The publisher's recent end-user feedback (newest first), for the dashboard:
 * each row names the ad, its campaign, advertiser and ad category, so the
 * publisher can act on it (block the advertiser or the category). With days
 * or start_date/end_date (days of `tz`), only feedback given in that range.
 */
export async function listRecentFeedback(
  ctx: Ctx,
  publisherId: string,
  q: { limit: number; days?: number; start_date?: string; end_date?: string; tz?: string },
) {
  const dated = q.days !== undefined || q.start_date !== undefined || q.end_date !== undefined;
  if (q.tz !== undefined && !dated)
    throw new BadRequest('tz: only with days or start_date/end_date (it sets the days they mean)', [
      { field: 'tz', message: 'needs days or start_date/end_date' },
    ]);
  const range = dated ? resolveRangeMs(ctx, { ...q, days: q.days ?? 30 }, 365) : undefined;
  const rows = await repo.recentFeedback(ctx.db, publisherId, q.limit, range);
  const [ads, names] = await Promise.all([
    describeAds(
      ctx,
      rows.map((r) => r.ad_id),
    ),
    advertiserNames(
      ctx,
      rows.map((r) => r.advertiser_id),
    ),
  ]);
  return {
    feedback: rows.map((r) => {
      const ad = ads.get(r.ad_id);
      return {
        feedback_id: r.id,
        created_at: new Date(Number(r.at)).toISOString(),
        sentiment: r.sentiment,
        reasons: JSON.parse(r.reasons_json) as string[],
        comment: r.comment,
        placement: r.placement,
        placement_id: r.placement_id,
        campaign_id: r.campaign_id,
        campaign_name: ad?.campaign_name ?? null,
        ad_group_id: r.ad_group_id,
        ad_id: r.ad_id,
        ad_title: ad?.title ?? null,
        advertiser_id: r.advertiser_id,
        advertiser_name: names.get(r.advertiser_id) ?? null,
        category: ad?.category ?? null,
        device: r.device,
        country: r.country,
      };
    }),
  };
}
