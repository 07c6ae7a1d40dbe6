import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Ctx } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { Gone } from '../../lib/errors.js';
import type { TrackingClaims } from '../../lib/token.js';
import { countryOf, deviceType } from '../../lib/request-facts.js';
import { hmacSha256 } from '../../lib/hash.js';
import { keyedHash } from '../../lib/secrets.js';
import { adDestination } from '../campaigns/service.js';
import type { RollupRow } from './rollup.js';
import type { Chargeable } from './charge-gate.js';
import type { Charge } from './journal-store.js';
import { quarterBucket } from '../../lib/clock.js';
import { hitRecord, invalidate, openClaims, requireToken, type HitContext } from './record.js';
import { clickIvt, isDatacenter, requestIvt } from '../ivt/service.js';
import * as trackingRepo from './repo.js';
import { foldLifetimeDeltas, lifetimeTotals } from './repo.js';
import { mapCache } from '../../caches.js';

export interface HitFacts {
  ip: string;
  ua: string | undefined;
  /** The request is a prefetch or a link preview (ivt/rules.ts `isPrefetch` over its headers). */
  prefetch?: boolean;
}

/** Open a `p` token; anything forged, malformed or expired is a 4xx and records nothing. */
export const openToken = (ctx: Ctx, p: unknown): TrackingClaims => openClaims(ctx.codec, p, ctx.clock.now(), ctx.config.tokenTtlSeconds);

/** A short id that resolves to the click: derived, so every click of one ad gets the same one. */
export const graidFor = (ctx: Ctx, clickId: string): string =>
  hmacSha256(ctx.secrets.dataKey, `graid\u0000${clickId}`).subarray(0, 9).toString('base64url');

/** `grsig`: HMAC over the attribution values appended to the landing page. */
export const attributionSignature = (ctx: Ctx, v: { grclid: string; grcpid: string; grpuid: string; gradid: string }): string =>
  hmacSha256(ctx.secrets.dataKey, `grsig\u0000${v.grclid}.${v.grcpid}.${v.grpuid}.${v.gradid}`).subarray(0, 16).toString('base64url');

/**
 * The keyed hash and country of an end user's IP, cached per address (in
 * memory only, bounded; src/caches.ts `ipFacts`, per context: hashes are per
 * data key, ranges per configuration): the same users fire many pixels, and
 * the HMAC and the geo lookup are a large share of an impression's cost.
 */
type IpFacts = { hash: string; country: string; datacenter: boolean };

function ipFacts(ctx: Ctx, ip: string): IpFacts {
  const cache = mapCache<IpFacts>(ctx, 'ipFacts');
  let f = cache.get(ip, 0);
  if (f === undefined) {
    f = { hash: keyedHash(ctx.secrets.dataKey, 'ip', ip), country: countryOf(ip), datacenter: isDatacenter(ctx, ip) };
    cache.set(ip, f, 0);
  }
  return f;
}

/** The request's own facts about the end user, from per-address and per-agent caches; invalid traffic as far as the request tells. */
export function hitContext(ctx: Ctx, facts: HitFacts): HitContext {
  const ip = ipFacts(ctx, facts.ip);
  return {
    at: ctx.clock.now(),
    ipHash: ip.hash,
    country: ip.country,
    device: deviceType(facts.ua),
    ivt: requestIvt({ ua: facts.ua, datacenter: ip.datacenter, prefetch: facts.prefetch === true }),
  };
}

/**
 * Record an impression pixel. The token is opened where the journal commits
 * (the SQLite writer thread, off the event loop); a token that does not open
 * rejects with its 4xx and records nothing. Resolves true when newly recorded.
 */
export function recordImpression(ctx: Ctx, p: unknown, facts: HitFacts): Promise<boolean> {
  return ctx.journal.append({ type: 'pixel', hit: { token: requireToken(p), ...hitContext(ctx, facts) } });
}

/**
 * Record the click and return where to send the user: the landing page with
 * attribution appended. Invalid traffic and test ads are recorded but never
 * billed or counted: what the request tells (GIVT), then the click checks of
 * the shared counters (velocity, repeats, publishers' click-through); the
 * journal's transaction judges it against its impression and charges it
 * through the budget gate. The first valid click of a click id is counted.
 */
export async function recordClick(ctx: Ctx, p: unknown, facts: HitFacts): Promise<string> {
  const claims = openToken(ctx, p);
  const dest = await adDestination(ctx, claims.adId);
  if (!dest) throw new Gone('This ad no longer exists');
  const hit = hitContext(ctx, facts);
  const event = hitRecord('click', claims, hit, graidFor(ctx, claims.clickId));
  if (event.is_bot === 0 && !claims.test && facts.ua) {
    const reason = await clickIvt(ctx, { ipHash: hit.ipHash, ua: facts.ua, adId: claims.adId, publisherId: claims.publisherId });
    if (reason) invalidate(event, reason);
  }
  await ctx.journal.append({ type: 'event', event });
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

/** Charges another writer committed (conversions): budgets and pacing count them as the journal's own. */
export const notifyCharges = (ctx: Ctx, charges: Charge[]): void => ctx.journal.notify(charges);

/** Keep today's spend current as charges commit on this instance. */
export function registerSpendListener(ctx: Ctx): void {
  ctx.journal.onCommit((charges) => {
    for (const c of charges) ctx.spend.add(c.campaignId, c.spendMicros, c.at);
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

/**
 * The budget gate (tracking/charge-gate.ts) for other writers' charges
 * (conversions), inside the transaction they hold open: each charge is billed
 * or moved to overdelivery in place, in order; returns the indexes moved.
 */
export interface ChargeGates {
  sqlite(sqlite: BetterSqlite3.Database, charges: Chargeable[]): number[];
  postgres(trx: Kysely<DB>, charges: Chargeable[]): Promise<number[]>;
}
export const chargeGates: ChargeGates = {
  sqlite: (sqlite, charges) => {
    const refused: number[] = [];
    trackingRepo.gateChargesSqlite(sqlite, charges, (i) => refused.push(i));
    return refused;
  },
  postgres: (trx, charges) => trackingRepo.gateChargesPostgres(trackingRepo.kyselyQuery(trx), charges),
};

/** Impressions and clicks per publisher since `sinceMs`, from the rollups (the publisher click-through check). */
export const publisherClickThroughSince = (ctx: Ctx, sinceMs: number) => trackingRepo.publisherClickThroughSince(ctx.db, quarterBucket(sinceMs));

/** Invalid impressions and clicks by reason in [from, to), for one publisher or advertiser (reports). */
export const invalidTrafficByReason = (ctx: Ctx, scope: { publisherId?: string; advertiserId?: string; campaignId?: string }, from: number, to: number) =>
  trackingRepo.invalidTrafficByReason(ctx.db, scope, from, to);
export type { LifetimeTotals } from './repo.js';

// --- Ad decisioning (issue #6): additive.
import { groupActivitySince as groupActivityRows, spendSince as campaignSpendRows } from './repo.js';

/** Per ad group since `sinceMs` (impressions, clicks, conversions, value, spend), from the rollups. */
export const groupActivitySince = (ctx: Ctx, sinceMs: number) => groupActivityRows(ctx.db, quarterBucket(sinceMs));

/** Spend per campaign since `sinceMs`, from the rollups. */
export const campaignSpendSince = (ctx: Ctx, sinceMs: number) => campaignSpendRows(ctx.db, quarterBucket(sinceMs));
