import type { Ctx } from '../../context.js';
import { Gone } from '../../lib/errors.js';
import type { TrackingClaims } from '../../lib/token.js';
import { countryOf, deviceType } from '../../lib/request-facts.js';
import { hmacSha256 } from '../../lib/hash.js';
import { keyedHash } from '../../lib/secrets.js';
import { adDestination } from '../campaigns/service.js';
import type { Charge } from './journal-store.js';
import { hitRecord, invalidate, openClaims, requireToken, type HitContext } from './record.js';
import { clickIvt, isDatacenter, requestIvt } from '../ivt/service.js';
import * as trackingRepo from './repo.js';
import { mapCache } from '../../caches.js';

export interface HitFacts {
  ip: string;
  ua: string | undefined;
  /** The request is a prefetch or a link preview (ivt/rules.ts `isPrefetch` over its headers). */
  prefetch?: boolean;
}

/** Open a `p` token; anything forged, malformed or expired is a 4xx and records nothing. */
export const openToken = (ctx: Ctx, p: unknown): TrackingClaims =>
  openClaims(ctx.codec, p, ctx.clock.now(), ctx.config.tokenTtlSeconds);

/** A short id that resolves to the click: derived, so every click of one ad gets the same one. */
export const graidFor = (ctx: Ctx, clickId: string): string =>
  hmacSha256(ctx.secrets.dataKey, `graid\u0000${clickId}`).subarray(0, 9).toString('base64url');

/** `grsig`: HMAC over the attribution values appended to the landing page. */
export const attributionSignature = (
  ctx: Ctx,
  v: { grclid: string; grcpid: string; grpuid: string; gradid: string },
): string =>
  hmacSha256(ctx.secrets.dataKey, `grsig\u0000${v.grclid}.${v.grcpid}.${v.grpuid}.${v.gradid}`)
    .subarray(0, 16)
    .toString('base64url');

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
    const reason = await clickIvt(ctx, {
      ipHash: hit.ipHash,
      ua: facts.ua,
      adId: claims.adId,
      publisherId: claims.publisherId,
    });
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

// --- Conversion attribution support (issue #4): additive.

/** Human clicks by click id or graid, for conversion attribution. */
export const findClicks = (ctx: Ctx, q: { clickIds: string[]; graids: string[] }) =>
  trackingRepo.findClicks(ctx.database, q);

/** Invalid impressions and clicks by reason in [from, to), for one publisher or advertiser (reports). */
export const invalidTrafficByReason = (
  ctx: Ctx,
  scope: { publisherId?: string; advertiserId?: string; campaignId?: string },
  from: number,
  to: number,
) => trackingRepo.invalidTrafficByReason(ctx.db, scope, from, to);
