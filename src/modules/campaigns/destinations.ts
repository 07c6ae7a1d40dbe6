import type { Ctx } from '../../context.js';
import { TEST_AD_ID, testAdLanding } from '../../lib/test-ad.js';
import { invalidate, mapCache } from '../../caches.js';
import * as repo from './repo.js';
import * as unitsRepo from './ad-units-repo.js';
import { approvedOf } from './review.js';

export function parseUtm(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    if (Array.isArray(v)) {
      return Object.fromEntries(
        v
          .filter((p): p is { key: string; value: string } => typeof p?.key === 'string')
          .map((p) => [p.key, String(p.value ?? '')]),
      );
    }
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

type Destination = { url: string; utm: Record<string, string> } | null;

/**
 * The landing page and UTM parameters of an ad — of its approved versions
 * only (campaigns/review.ts): a landing page in review never receives a
 * click; an ad whose campaign was never approved has none. Cached (clicks are
 * hot: src/caches.ts `destinations`); every edit or review that can change it
 * invalidates it on every instance.
 */
export async function adDestination(ctx: Ctx, adId: string): Promise<Destination> {
  if (adId === TEST_AD_ID) return { url: testAdLanding(ctx.urls.platform), utm: {} };
  const now = ctx.clock.now();
  const cache = mapCache<Destination>(ctx, 'destinations');
  const hit = cache.get(adId, now);
  if (hit !== undefined) return hit;
  const row = await repo.adDestination(ctx.db, adId);
  let dest: Destination = null;
  if (row) {
    const c = approvedOf('campaign', {
      landing_page: row.campaign_landing_page,
      utm_params_json: row.utm_params_json,
      approved_json: row.campaign_approved_json,
    } as never);
    const g = approvedOf('ad_group', {
      landing_page: row.group_landing_page,
      approved_json: row.group_approved_json,
    } as never);
    const a = approvedOf('ad', { landing_page: row.ad_landing_page, approved_json: row.ad_approved_json } as never);
    if (c) dest = { url: a?.landing_page || g?.landing_page || c.landing_page, utm: parseUtm(c.utm_params_json) };
  }
  if (!dest) {
    const unit = await unitsRepo.findUnitForDestination(ctx.db, adId); // legacy ad units serve with ad id = unit id
    if (unit?.landing_page) dest = { url: unit.landing_page, utm: parseUtm(unit.utm_params_json) };
  }
  cache.set(adId, dest, now);
  return dest;
}

/** What a change to campaigns, ad groups, ads, their review or ad units makes stale, on every instance. */
export const SERVING_CACHES = ['inventory', 'destinations', 'cpaCampaigns'] as const;

/** Forget everything cached about what serves (after an ad, group, campaign or ad unit edit), on every instance. */
export function invalidateDestinations(ctx: Ctx): void {
  invalidate(ctx, SERVING_CACHES);
}

/** Forget everything cached about what serves, after any change that can affect it. */
export function servingChanged(ctx: Ctx): void {
  invalidateDestinations(ctx);
}
