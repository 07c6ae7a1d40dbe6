import type { Ctx } from '../../context.js';
import * as repo from './repo.js';
import { newId } from '../../lib/ids.js';
import { dollarsToMicros } from '../../lib/money.js';

export const loadServable = (ctx: Ctx) => repo.servableRows(ctx.db, ctx.clock.now());

export function parseUtm(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    if (Array.isArray(v)) {
      return Object.fromEntries(
        v.filter((p): p is { key: string; value: string } => typeof p?.key === 'string').map((p) => [p.key, String(p.value ?? '')]),
      );
    }
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const destinationCache = new Map<string, { url: string; utm: Record<string, string> } | null>();

/** The landing page and UTM parameters of an ad (cached: they change rarely and clicks are hot). */
export async function adDestination(ctx: Ctx, adId: string): Promise<{ url: string; utm: Record<string, string> } | null> {
  const hit = destinationCache.get(adId);
  if (hit !== undefined) return hit;
  const row = await repo.adDestination(ctx.db, adId);
  const dest = row
    ? { url: row.ad_landing_page || row.group_landing_page || row.campaign_landing_page, utm: parseUtm(row.utm_params_json) }
    : null;
  if (destinationCache.size > 50_000) destinationCache.clear();
  destinationCache.set(adId, dest);
  return dest;
}

/** Forget cached destinations (after an ad, group or campaign edit). */
export function invalidateDestinations(): void {
  destinationCache.clear();
}

export interface SeedAd {
  headline: string;
  copy: string;
  cta: string;
}
export interface SeedGroup {
  name: string;
  context: string;
  negative_context?: string;
  landing_page?: string;
  brand_name?: string;
  max_cpc?: number;
  ads: SeedAd[];
}
export interface SeedCampaign {
  name: string;
  landing_page: string;
  daily_budget: number;
  max_cpc?: number;
  max_cpm?: number;
  groups: SeedGroup[];
}

/**
 * Create an already-approved, live campaign with manual ad groups in one
 * transaction: used by the demo seed and benchmarks (operator paths, not the
 * advertiser API, which runs review and the billing gate).
 */
export async function createApprovedCampaign(ctx: Ctx, advertiserId: string, spec: SeedCampaign): Promise<string> {
  const now = ctx.clock.now();
  const campaignId = newId();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertCampaign(trx, {
      id: campaignId,
      advertiser_id: advertiserId,
      name: spec.name,
      status: 'active',
      is_active: 1,
      is_archived: 0,
      daily_budget_micros: dollarsToMicros(spec.daily_budget),
      landing_page: spec.landing_page,
      campaign_objective: 'clicks',
      billing_model: spec.max_cpc ? 'cpc' : 'cpm',
      bid_strategy: 'manual',
      start_time: null,
      end_time: null,
      click_goal: null,
      impression_goal: null,
      max_cpc_micros: spec.max_cpc ? dollarsToMicros(spec.max_cpc) : null,
      max_cpm_micros: spec.max_cpm ? dollarsToMicros(spec.max_cpm) : null,
      conversion_type: null,
      max_cpa_micros: null,
      demographics_json: null,
      utm_params_json: JSON.stringify([
        { key: 'utm_source', value: 'orbit' },
        { key: 'utm_medium', value: 'ai_chat' },
      ]),
      allowed_countries_json: null,
      allowed_devices_json: null,
      custom_favicon_url: null,
      deployment_status: 'deployed',
      review_status: 'approved',
      submitted_for_review_at: now,
      reviewed_at: now,
      review_notes: 'approved by operator seed',
      created_at: now,
      updated_at: now,
    });
    let order = 0;
    for (const g of spec.groups) {
      const groupId = newId();
      await repo.insertAdGroup(trx, {
        id: groupId,
        campaign_id: campaignId,
        advertiser_id: advertiserId,
        name: g.name,
        group_type: 'manual',
        status: 'active',
        context: g.context,
        ad_prompt: null,
        negative_context: g.negative_context ?? null,
        landing_page: g.landing_page ?? null,
        brand_name: g.brand_name ?? null,
        daily_budget_micros: null,
        auto_optimize_budget: 1,
        min_daily_budget_micros: null,
        max_daily_budget_micros: null,
        max_cpc_micros: g.max_cpc ? dollarsToMicros(g.max_cpc) : null,
        allowed_countries_json: null,
        allowed_devices_json: null,
        sort_order: order++,
        created_at: now,
        updated_at: now,
      });
      await repo.insertAds(
        trx,
        g.ads.map((a) => ({
          id: newId(),
          ad_group_id: groupId,
          campaign_id: campaignId,
          advertiser_id: advertiserId,
          name: a.headline,
          headline: a.headline,
          copy: a.copy,
          cta: a.cta,
          description: null,
          landing_page: null,
          image_url: null,
          source: 'manual',
          status: 'active',
          review_status: 'approved',
          created_at: now,
          updated_at: now,
        })),
      );
    }
  });
  ctx.inventory.invalidate();
  return campaignId;
}

/** Owner and conversion-billing facts (billing_model, max_cpa_micros, conversion_type) of campaigns, by id. */
export async function campaignBilling(ctx: Ctx, ids: string[]) {
  const rows = ids.length ? await repo.campaignBilling(ctx.db, ids) : [];
  return new Map(rows.map((r) => [r.id, r]));
}
