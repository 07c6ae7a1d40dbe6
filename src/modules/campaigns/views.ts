import type { Ctx } from '../../context.js';
import { microsToDollars } from '../../lib/money.js';
import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';
import * as ledger from '../ledger/service.js';
import type { LifetimeTotals } from '../ledger/service.js';
import * as repo from './repo.js';
import { linkedUnitIds } from './ad-units.js';
import { parseUtm } from './destinations.js';
import { optDollars, parseJson } from './fields.js';
import { approvedOf, fieldName, pendingChanges, REVIEWED, type ItemKind } from './review.js';
import { isoNoOffset, isoOrNull, type AdGroupView, type AdView, type CampaignView } from './schemas.js';

type CampaignRow = CampaignTable;
type GroupRow = AdGroupTable;
type AdRow = AdTable;

export const EMBEDDED_ADS = 100;

/** The version that serves, with the API's field names (`*_json` values parsed), or null when none was approved. */
export function servingVersion(kind: ItemKind, row: { approved_json: string | null }): Record<string, unknown> | null {
  const a = approvedOf(kind, row as never) as Record<string, unknown> | null;
  if (!a) return null;
  const out: Record<string, unknown> = {};
  for (const f of REVIEWED[kind])
    out[fieldName(f)] = f.endsWith('_json')
      ? f === 'utm_params_json'
        ? parseUtm(a[f] as string | null)
        : parseJson(a[f] as string | null)
      : a[f];
  return out;
}

/** What the dashboard shows per item: the version that serves and the reviewed fields waiting for review. */
function reviewState<K extends ItemKind>(kind: K, row: Parameters<typeof pendingChanges<K>>[1], inReview: boolean) {
  return {
    serving_version: servingVersion(kind, row),
    changes_in_review: inReview ? pendingChanges(kind, row).map(fieldName) : [],
  };
}

// ---------- views ----------

export function adView(a: AdRow): AdView {
  return {
    id: a.id,
    ad_group_id: a.ad_group_id,
    campaign_id: a.campaign_id,
    name: a.name,
    headline: a.headline,
    copy: a.copy,
    cta: a.cta,
    description: a.description,
    landing_page: a.landing_page,
    image_url: a.image_url,
    source: a.source === 'generated' ? 'generated' : 'manual',
    status: a.status,
    review_status: a.review_status,
    review_notes: a.review_notes,
    ...reviewState('ad', a, a.review_status === 'pending'),
    created_at: isoNoOffset(a.created_at),
    updated_at: isoNoOffset(a.updated_at),
  };
}

export function groupView(g: GroupRow, ads: AdRow[], total: number): AdGroupView {
  return {
    id: g.id,
    campaign_id: g.campaign_id,
    name: g.name,
    group_type: g.group_type === 'manual' ? 'manual' : 'generative',
    status: g.status,
    context: g.context,
    ad_prompt: g.ad_prompt,
    negative_context: g.negative_context,
    landing_page: g.landing_page,
    brand_name: g.brand_name,
    daily_budget: optDollars(g.daily_budget_micros),
    auto_optimize_budget: g.auto_optimize_budget === 1,
    min_daily_budget: optDollars(g.min_daily_budget_micros),
    max_daily_budget: optDollars(g.max_daily_budget_micros),
    max_cpc: optDollars(g.max_cpc_micros),
    allowed_countries: parseJson<string[]>(g.allowed_countries_json),
    allowed_devices: parseJson<string[]>(g.allowed_devices_json),
    sort_order: g.sort_order,
    review_status: g.review_status,
    review_notes: g.review_notes,
    ...reviewState('ad_group', g, g.review_status === 'pending'),
    created_at: isoNoOffset(g.created_at),
    updated_at: isoNoOffset(g.updated_at),
    ads: ads.map(adView),
    ads_total: total,
  };
}
const derivedBilling = (c: CampaignRow) => c.billing_model ?? (c.max_cpc_micros ? 'cpc' : 'cpm');
const derivedBidStrategy = (c: CampaignRow) =>
  c.bid_strategy ??
  (c.max_cpc_micros ? 'manual_cpc' : c.campaign_objective === 'conversions' ? 'maximize_conversions' : 'lowest_cost');

export const ZERO: LifetimeTotals = {
  impressions: 0,
  clicks: 0,
  conversions: 0,
  spend_micros: 0,
  conversion_value_micros: 0,
};

export function campaignView(
  c: CampaignRow,
  stats: LifetimeTotals,
  todaySpendMicros: number,
  adUnitIds: string[],
): CampaignView {
  const utm = parseUtm(c.utm_params_json);
  return {
    campaign_id: c.id,
    user_id: c.advertiser_id,
    name: c.name,
    status: c.status as CampaignView['status'],
    is_active: c.is_active === 1,
    is_archived: c.is_archived === 1,
    daily_budget: microsToDollars(c.daily_budget_micros),
    daily_budget_remaining: microsToDollars(Math.max(0, c.daily_budget_micros - todaySpendMicros)),
    landing_page: c.landing_page,
    campaign_objective: c.campaign_objective,
    billing_model: derivedBilling(c),
    bid_strategy: derivedBidStrategy(c),
    created_at: isoNoOffset(c.created_at),
    updated_at: isoNoOffset(c.updated_at),
    start_time: isoOrNull(c.start_time),
    end_time: isoOrNull(c.end_time),
    click_goal: c.click_goal,
    impression_goal: c.impression_goal,
    max_cpc: optDollars(c.max_cpc_micros),
    max_cpm: optDollars(c.max_cpm_micros),
    conversion_type: c.conversion_type,
    max_cpa: optDollars(c.max_cpa_micros),
    lifetime_budget: optDollars(c.lifetime_budget_micros),
    demographics: parseJson<Record<string, unknown>>(c.demographics_json),
    allowed_countries: parseJson<string[]>(c.allowed_countries_json) ?? [],
    allowed_devices: parseJson<string[]>(c.allowed_devices_json) ?? [],
    utm_params: c.utm_params_json ? utm : null,
    custom_favicon_url: c.custom_favicon_url,
    deployment_status: c.deployment_status,
    review_status: c.review_status,
    submitted_for_review_at: isoOrNull(c.submitted_for_review_at),
    reviewed_at: isoOrNull(c.reviewed_at),
    review_notes: c.review_notes,
    ...reviewState('campaign', c, c.review_status === 'pending_review'),
    impressions: stats.impressions,
    clicks: stats.clicks,
    conversions: stats.conversions,
    spend: microsToDollars(stats.spend_micros),
    conversion_value: microsToDollars(stats.conversion_value_micros),
    ad_unit_ids: adUnitIds,
    category: c.category,
  };
}

/** Campaign rows with their lifetime totals (the ledger's all-time rows), today's spend and linked ad units. */
export async function decorate(
  ctx: Ctx,
  advertiserId: string,
  rows: CampaignRow[],
  all = false,
): Promise<CampaignView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stats, units] = await Promise.all([
    ledger.lifetimeTotals(ctx, advertiserId, all ? undefined : ids),
    linkedUnitIds(ctx, ids),
  ]);
  // Today's spend is the figure the serving budget check uses (rollups, synced, plus this instance's charges).
  return rows.map((r) => campaignView(r, stats.get(r.id) ?? ZERO, ctx.spend.today(r.id), units.get(r.id) ?? []));
}

export async function groupsWithAds(ctx: Ctx, groups: GroupRow[]): Promise<AdGroupView[]> {
  if (groups.length === 0) return [];
  const { ads, totals } = await repo.liveAdsOfGroups(
    ctx.db,
    groups.map((g) => g.id),
    EMBEDDED_ADS,
  );
  const byGroup = new Map<string, AdRow[]>();
  for (const a of ads) {
    const list = byGroup.get(a.ad_group_id) ?? [];
    list.push(a);
    byGroup.set(a.ad_group_id, list);
  }
  return groups.map((g) => groupView(g, byGroup.get(g.id) ?? [], totals.get(g.id) ?? 0));
}
