import { BadRequest, Gone } from '../../lib/errors.js';
import { quarterBucket } from '../../lib/clock.js';
import { cpmImpressionCharge, splitCharge } from '../../lib/money.js';
import { TokenError, type TokenCodec, type TrackingClaims } from '../../lib/token.js';
import type { DeviceType } from '../../lib/placement-types.js';
import type { EventRow } from './repo.js';
import type { RollupRow } from '../ledger/rollup.js';

/**
 * The one home of what a tracking hit records: how a `p` token is opened and
 * judged, and which event row and rollup delta a hit makes. Pure (no ctx):
 * the tracking service calls it on the event loop, and the journal's SQLite
 * writer thread calls it for impression pixels, which it opens itself.
 */

/** The `p` parameter as a string, or the 400 naming it. */
export function requireToken(p: unknown): string {
  if (typeof p !== 'string' || p.length === 0)
    throw new BadRequest('Query parameter p (the tracking token) is required');
  return p;
}

/** Open a `p` token; anything forged, malformed or expired is a 4xx and records nothing. */
export function openClaims(codec: TokenCodec, p: unknown, nowMs: number, ttlSeconds: number): TrackingClaims {
  requireToken(p);
  let claims: TrackingClaims;
  try {
    claims = codec.open(p as string);
  } catch (err) {
    if (err instanceof TokenError) throw new BadRequest(`Invalid tracking token: ${err.message}`);
    throw err;
  }
  const ageS = nowMs / 1000 - claims.issuedAt;
  if (ageS > ttlSeconds) throw new Gone('Tracking token has expired');
  if (ageS < -300) throw new BadRequest('Invalid tracking token: issued in the future');
  return claims;
}

/** What the request itself tells about the end user (the keyed IP hash and country, the device, and whether it is invalid traffic). */
export interface HitContext {
  at: number;
  ipHash: string;
  country: string;
  device: DeviceType;
  /** Why the hit is invalid traffic as far as the request alone tells (ivt/givt.ts), null when it looks human. */
  ivt: string | null;
}

/**
 * The event row of one hit. Invalid traffic (`ivt`) and test ads are recorded
 * but never billed or counted as human (`is_bot = 1` for invalid traffic); a
 * CPM impression is charged price/1000, a CPC click its price; a CPA serve is
 * charged only by its conversions. The charge splits into publisher revenue and
 * platform take. The commit may still judge a click invalid, or refuse its
 * charge at the budget gate (`invalidate`, ledger/charge-gate.ts); its rollup delta is
 * derived from the final row (`eventRollup`) and counts only if the row turns
 * out new (the journal decides).
 */
export function hitRecord(kind: 'imp' | 'click', c: TrackingClaims, h: HitContext, graid: string | null): EventRow {
  const billable = h.ivt === null && !c.test;
  const charge =
    billable && kind === 'imp' && c.pricing === 'cpm'
      ? cpmImpressionCharge(c.priceMicros)
      : billable && kind === 'click' && c.pricing === 'cpc'
        ? c.priceMicros
        : 0;
  const split = splitCharge(charge, c.revenueShareBps);
  return {
    kind,
    click_id: c.clickId,
    at: h.at,
    publisher_id: c.publisherId,
    placement_id: c.placementId,
    placement_type: c.placementType,
    campaign_id: c.campaignId,
    ad_group_id: c.adGroupId,
    ad_id: c.adId,
    advertiser_id: c.advertiserId,
    device: h.device,
    country: h.country,
    ip_hash: h.ipHash,
    is_bot: h.ivt === null ? 0 : 1,
    is_test: c.test ? 1 : 0,
    spend_micros: split.spend,
    revenue_micros: split.revenue,
    take_micros: split.take,
    graid,
    ivt_reason: h.ivt,
    overdelivery_micros: 0,
  };
}

/** Judge an event invalid traffic after all (e.g. a click without an impression): recorded, never charged or counted as human. */
export function invalidate(e: EventRow, reason: string): void {
  e.is_bot = 1;
  e.ivt_reason = reason;
  e.spend_micros = 0;
  e.revenue_micros = 0;
  e.take_micros = 0;
}

/**
 * The rollup delta of a newly recorded event, derived from its final row (one
 * literal: this runs for every impression): a human event counts as an
 * impression or a click with its spend; invalid traffic counts as an invalid
 * impression or click; test ads count nothing.
 */
export function eventRollup(e: EventRow): RollupRow | null {
  if (e.is_test === 1) return null;
  const valid = e.is_bot === 0;
  const imp = e.kind === 'imp';
  return {
    bucket: quarterBucket(e.at),
    publisher_id: e.publisher_id,
    placement_id: e.placement_id,
    placement_type: e.placement_type,
    advertiser_id: e.advertiser_id,
    campaign_id: e.campaign_id,
    ad_group_id: e.ad_group_id,
    ad_id: e.ad_id,
    device: e.device,
    country: e.country,
    requests: 0,
    wins: 0,
    impressions: valid && imp ? 1 : 0,
    clicks: valid && !imp ? 1 : 0,
    conversions: 0,
    spend_micros: e.spend_micros,
    revenue_micros: e.revenue_micros,
    take_micros: e.take_micros,
    conversion_value_micros: 0,
    invalid_impressions: !valid && imp ? 1 : 0,
    invalid_clicks: !valid && !imp ? 1 : 0,
    overdelivery_micros: e.overdelivery_micros,
  };
}
