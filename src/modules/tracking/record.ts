import { BadRequest, Gone } from '../../lib/errors.js';
import { quarterBucket } from '../../lib/clock.js';
import { cpmImpressionCharge, splitCharge } from '../../lib/money.js';
import { TokenError, type TokenCodec, type TrackingClaims } from '../../lib/token.js';
import type { DeviceType } from '../../lib/placement-types.js';
import type { EventRow } from './repo.js';
import type { RollupRow } from './rollup.js';

/**
 * The one home of what a tracking hit records: how a `p` token is opened and
 * judged, and which event row and rollup delta a hit makes. Pure (no ctx):
 * the tracking service calls it on the event loop, and the journal's SQLite
 * writer thread calls it for impression pixels, which it opens itself.
 */

/** The `p` parameter as a string, or the 400 naming it. */
export function requireToken(p: unknown): string {
  if (typeof p !== 'string' || p.length === 0) throw new BadRequest('Query parameter p (the tracking token) is required');
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

/** What the request itself tells about the end user (the keyed IP hash and country, the device, whether a bot). */
export interface HitContext {
  at: number;
  ipHash: string;
  country: string;
  device: DeviceType;
  bot: boolean;
}

/**
 * The event row and rollup delta of one hit. Bots and test ads are recorded
 * but never billed or counted; a CPM impression is charged price/1000, a CPC
 * click its price; the charge splits into publisher revenue and platform take.
 * The rollup delta counts only if the row turns out new (the journal decides).
 */
export function hitRecord(kind: 'imp' | 'click', c: TrackingClaims, h: HitContext, graid: string | null): { event: EventRow; rollups: RollupRow[] } {
  const billable = !h.bot && !c.test;
  const charge =
    billable && kind === 'imp' && c.pricing === 'cpm'
      ? cpmImpressionCharge(c.priceMicros)
      : billable && kind === 'click' && c.pricing === 'cpc'
        ? c.priceMicros
        : 0;
  const split = splitCharge(charge, c.revenueShareBps);
  const event: EventRow = {
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
    is_bot: h.bot ? 1 : 0,
    is_test: c.test ? 1 : 0,
    spend_micros: split.spend,
    revenue_micros: split.revenue,
    take_micros: split.take,
    graid,
  };
  // The rollup delta, written as one literal: this runs for every impression.
  const rollups: RollupRow[] = billable
    ? [
        {
          bucket: quarterBucket(h.at),
          publisher_id: event.publisher_id,
          placement_id: event.placement_id,
          placement_type: event.placement_type,
          advertiser_id: event.advertiser_id,
          campaign_id: event.campaign_id,
          ad_group_id: event.ad_group_id,
          ad_id: event.ad_id,
          device: event.device,
          country: event.country,
          requests: 0,
          wins: 0,
          impressions: kind === 'imp' ? 1 : 0,
          clicks: kind === 'click' ? 1 : 0,
          conversions: 0,
          spend_micros: split.spend,
          revenue_micros: split.revenue,
          take_micros: split.take,
          conversion_value_micros: 0,
        },
      ]
    : [];
  return { event, rollups };
}
