import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Ctx } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { BadRequest, Gone } from '../../lib/errors.js';
import { TokenError, type TrackingClaims } from '../../lib/token.js';
import { cpmImpressionCharge, splitCharge } from '../../lib/money.js';
import { countryOf, deviceType, isBot } from '../../lib/request-facts.js';
import { hmacSha256 } from '../../lib/hash.js';
import { keyedHash } from '../../lib/secrets.js';
import { adDestination } from '../campaigns/service.js';
import type { RollupRow } from './rollup.js';
import { quarterBucket } from '../../lib/clock.js';
import * as trackingRepo from './repo.js';
import { foldLifetimeDeltas, lifetimeTotals, type EventRow } from './repo.js';

export interface HitFacts {
  ip: string;
  ua: string | undefined;
}

/** Open a `p` token; anything forged, malformed or expired is a 4xx and records nothing. */
export function openToken(ctx: Ctx, p: unknown): TrackingClaims {
  if (typeof p !== 'string' || p.length === 0) throw new BadRequest('Query parameter p (the tracking token) is required');
  let claims: TrackingClaims;
  try {
    claims = ctx.codec.open(p);
  } catch (err) {
    if (err instanceof TokenError) throw new BadRequest(`Invalid tracking token: ${err.message}`);
    throw err;
  }
  const ageS = ctx.clock.now() / 1000 - claims.issuedAt;
  if (ageS > ctx.config.tokenTtlSeconds) throw new Gone('Tracking token has expired');
  if (ageS < -300) throw new BadRequest('Invalid tracking token: issued in the future');
  return claims;
}

/** A short id that resolves to the click: derived, so every click of one ad gets the same one. */
export const graidFor = (ctx: Ctx, clickId: string): string =>
  hmacSha256(ctx.secrets.dataKey, `graid\u0000${clickId}`).subarray(0, 9).toString('base64url');

/** `grsig`: HMAC over the attribution values appended to the landing page. */
export const attributionSignature = (ctx: Ctx, v: { grclid: string; grcpid: string; grpuid: string; gradid: string }): string =>
  hmacSha256(ctx.secrets.dataKey, `grsig\u0000${v.grclid}.${v.grcpid}.${v.grpuid}.${v.gradid}`).subarray(0, 16).toString('base64url');

/**
 * The keyed hash and country of an end user's IP, cached per address (in
 * memory only, bounded): the same users fire many pixels, and the HMAC and the
 * geo lookup are a large share of an impression's cost.
 */
const ipFactsCache = new Map<string, { hash: string; country: string }>();
const IP_CACHE_MAX = 20_000;
let ipCacheKey: Buffer | null = null;

function ipFacts(ctx: Ctx, ip: string): { hash: string; country: string } {
  if (ipCacheKey !== ctx.secrets.dataKey) {
    ipFactsCache.clear(); // another context (tests run several): hashes are per data key
    ipCacheKey = ctx.secrets.dataKey;
  }
  let f = ipFactsCache.get(ip);
  if (!f) {
    f = { hash: keyedHash(ctx.secrets.dataKey, 'ip', ip), country: countryOf(ip) };
    if (ipFactsCache.size >= IP_CACHE_MAX) ipFactsCache.clear();
    ipFactsCache.set(ip, f);
  }
  return f;
}

function eventRow(ctx: Ctx, kind: 'imp' | 'click', c: TrackingClaims, facts: HitFacts, bot: boolean): EventRow {
  const ip = ipFacts(ctx, facts.ip);
  return {
    kind,
    click_id: c.clickId,
    at: ctx.clock.now(),
    publisher_id: c.publisherId,
    placement_id: c.placementId,
    placement_type: c.placementType,
    campaign_id: c.campaignId,
    ad_group_id: c.adGroupId,
    ad_id: c.adId,
    advertiser_id: c.advertiserId,
    device: deviceType(facts.ua),
    country: ip.country,
    ip_hash: ip.hash,
    is_bot: bot ? 1 : 0,
    is_test: c.test ? 1 : 0,
    spend_micros: 0,
    revenue_micros: 0,
    take_micros: 0,
    graid: kind === 'click' ? graidFor(ctx, c.clickId) : null,
  };
}

/**
 * Record one event durably. Bots and test ads are recorded but never billed or
 * counted; the first human impression (or click) of a click id is counted and
 * charged, repeats are ignored by the database's unique index.
 */
async function record(ctx: Ctx, kind: 'imp' | 'click', claims: TrackingClaims, facts: HitFacts): Promise<boolean> {
  const bot = isBot(facts.ua);
  const row = eventRow(ctx, kind, claims, facts, bot);
  const billable = !bot && !claims.test;
  const charge =
    billable && kind === 'imp' && claims.pricing === 'cpm'
      ? cpmImpressionCharge(claims.priceMicros)
      : billable && kind === 'click' && claims.pricing === 'cpc'
        ? claims.priceMicros
        : 0;
  const split = splitCharge(charge, claims.revenueShareBps);
  row.spend_micros = split.spend;
  row.revenue_micros = split.revenue;
  row.take_micros = split.take;
  // The rollup delta, written as one literal: this runs for every impression.
  const rollups: RollupRow[] = billable
    ? [
        {
          bucket: quarterBucket(row.at),
          publisher_id: row.publisher_id,
          placement_id: row.placement_id,
          placement_type: row.placement_type,
          advertiser_id: row.advertiser_id,
          campaign_id: row.campaign_id,
          ad_group_id: row.ad_group_id,
          ad_id: row.ad_id,
          device: row.device,
          country: row.country,
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
  return ctx.journal.append({ type: 'event', event: row, rollups });
}

export async function recordImpression(ctx: Ctx, p: unknown, facts: HitFacts): Promise<void> {
  await recordImpressionClaims(ctx, openToken(ctx, p), facts);
}

/** Record the impression of an opened token (the fast path opens it first, to decline bad ones untouched). */
export const recordImpressionClaims = (ctx: Ctx, claims: TrackingClaims, facts: HitFacts): Promise<boolean> =>
  record(ctx, 'imp', claims, facts);

/** Record the click and return where to send the user: the landing page with attribution appended. */
export async function recordClick(ctx: Ctx, p: unknown, facts: HitFacts): Promise<string> {
  const claims = openToken(ctx, p);
  const dest = await adDestination(ctx, claims.adId);
  if (!dest) throw new Gone('This ad no longer exists');
  await record(ctx, 'click', claims, facts);
  return landingUrl(ctx, dest, claims);
}

export function landingUrl(ctx: Ctx, dest: { url: string; utm: Record<string, string> }, c: TrackingClaims): string {
  const url = new URL(dest.url);
  for (const [k, v] of Object.entries(dest.utm)) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  const attribution = { grclid: c.clickId, grcpid: c.campaignId, grpuid: c.publisherId, gradid: c.adId };
  for (const [k, v] of Object.entries(attribution)) url.searchParams.set(k, v);
  url.searchParams.set('grsig', attributionSignature(ctx, attribution));
  url.searchParams.set('graid', graidFor(ctx, c.clickId));
  return url.toString();
}

/** Keep today's spend current as charges commit on this instance. */
export function registerSpendListener(ctx: Ctx): void {
  ctx.journal.onCommit((results) => {
    for (const { item, newlyRecorded } of results) {
      if (item.type === 'event' && newlyRecorded && item.event.spend_micros > 0) {
        ctx.spend.add(item.event.campaign_id, item.event.spend_micros, item.event.at);
      }
    }
  });
}

/** Lifetime impressions, clicks, conversions, spend and conversion value per campaign (from the rollups' mirror, no scan). */
export const campaignLifetimeTotals = (ctx: Ctx, advertiserId: string, campaignIds?: string[]) =>
  lifetimeTotals(ctx.db, { advertiserId, campaignIds });

/** An advertiser's lifetime spend in micros (for the credit balance of the billing gate). */
export async function advertiserLifetimeSpend(ctx: Ctx, advertiserId: string): Promise<number> {
  let total = 0;
  for (const t of (await lifetimeTotals(ctx.db, { advertiserId })).values()) total += t.spend_micros;
  return total;
}

/** Fold lifetime deltas into totals until none are left (run periodically by the server). */
export async function foldLifetimeTotals(ctx: Ctx): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldLifetimeDeltas(ctx.database);
    total += n;
    if (n < 50_000) return total;
  }
}

// --- Conversion attribution support (issue #4): additive.

/** Human clicks by click id or graid, for conversion attribution. */
export const findClicks = (ctx: Ctx, q: { clickIds: string[]; graids: string[] }) => trackingRepo.findClicks(ctx.database, q);

/**
 * Rollup deltas with their scope and lifetime mirrors, written inside a
 * transaction the caller holds open (conversions write theirs with the
 * records): synchronously on the SQLite connection, or through a Kysely
 * transaction on PostgreSQL. `rollups` has no other writer.
 */
export interface RollupWriters {
  sqlite(sqlite: BetterSqlite3.Database, rows: RollupRow[]): void;
  postgres(trx: Kysely<DB>, rows: RollupRow[]): Promise<void>;
}
export const rollupWriters: RollupWriters = {
  sqlite: trackingRepo.writeRollupsSqlite,
  postgres: (trx, rows) => trackingRepo.writeRollupsPostgres(trackingRepo.kyselyExec(trx), rows),
};
export type { LifetimeTotals } from './repo.js';

// --- Ad decisioning (issue #6): additive.
import { groupActivitySince as groupActivityRows, spendSince as campaignSpendRows } from './repo.js';

/** Per ad group since `sinceMs` (impressions, clicks, conversions, value, spend), from the rollups. */
export const groupActivitySince = (ctx: Ctx, sinceMs: number) => groupActivityRows(ctx.db, quarterBucket(sinceMs));

/** Spend per campaign since `sinceMs`, from the rollups. */
export const campaignSpendSince = (ctx: Ctx, sinceMs: number) => campaignSpendRows(ctx.db, quarterBucket(sinceMs));
