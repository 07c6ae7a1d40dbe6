import type { Ctx } from '../../context.js';
import * as repo from './repo.js';
import { newId } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/hash.js';
import { dollarsToMicros, microsToDollars, MIN_BID_MICROS, RESERVE_CPM_MICROS } from '../../lib/money.js';
import { Conflict, NotFound, Validation } from '../../lib/errors.js';
import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';
import * as accounts from '../accounts/service.js';
import * as ledger from '../ledger/service.js';
import type { LifetimeTotals } from '../ledger/service.js';
import * as adunits from '../adunits/service.js';
import { writeAds } from '../creative/service.js';
import { withTransaction } from './tx.js';
import { TEST_AD_ID, testAdLanding } from '../../lib/test-ad.js';
import { approvedOf, AS_IS, fieldName, freezeOnEdit, live, pendingChanges, REVIEWED, snapshot, touchesReviewed, type ItemKind } from './review.js';
import {
  hostOf,
  isoNoOffset,
  isoOrNull,
  parseTimestamp,
  type AdCreate,
  type AdGroupCreate,
  type AdGroupPatch,
  type AdGroupView,
  type AdPatch,
  type AdView,
  type CampaignCreate,
  type CampaignPatch,
  type CampaignView,
  type NestedAdGroupCreate,
} from './schemas.js';

/** Ad groups whose ads one read takes while the inventory is built: bounds the rows alive at once. */
const SERVABLE_ADS_GROUPS_PER_READ = 500;

/**
 * Everything that may serve now: approved, active campaigns with their live
 * groups and approved ads, plus their linked legacy ad units, each shown to
 * the inventory as a one-ad group (group id = ad id = unit id).
 *
 * The ads (only the columns serving keeps) are read when `ads` is iterated,
 * for 500 groups at a time, with a turn of the event loop between reads: an
 * inventory of 500,000 ads never holds them all as rows at once (the rows of
 * one read are garbage once packed), and requests are answered while it loads.
 */
export async function loadServable(ctx: Ctx): Promise<{
  campaigns: CampaignTable[];
  groups: AdGroupTable[];
  ads: AsyncIterable<repo.ServableAd[]>;
}> {
  // Only approved versions serve: each row with its approved values over any edit in review (campaigns/review.ts).
  const rows = await repo.servableRows(ctx.db, ctx.clock.now());
  const campaigns = rows.campaigns.map((c) => live('campaign', c)).filter((c): c is CampaignTable => c !== null);
  const groups = rows.groups.map((g) => live('ad_group', g)).filter((g): g is AdGroupTable => g !== null);
  const groupIds = groups.map((g) => g.id);
  const unitAds: repo.ServableAd[] = [];
  if (campaigns.length > 0) {
    const units = await adunits.servableUnits(ctx, campaigns.map((c) => c.id));
    const seenAds = new Set<string>();
    for (const u of units) {
      groups.push({
        id: u.id,
        campaign_id: u.campaign_id,
        advertiser_id: u.advertiser_id,
        name: u.name,
        group_type: 'manual',
        status: 'active',
        context: u.context,
        ad_prompt: null,
        negative_context: null,
        landing_page: u.landing_page,
        brand_name: u.brand_name,
        daily_budget_micros: null,
        auto_optimize_budget: 1,
        min_daily_budget_micros: null,
        max_daily_budget_micros: null,
        max_cpc_micros: null,
        allowed_countries_json: null,
        allowed_devices_json: null,
        sort_order: 0,
        created_at: u.created_at,
        updated_at: u.updated_at,
        review_status: 'approved',
        approved_json: null,
        submitted_for_review_at: null,
        reviewed_at: null,
        review_notes: null,
      });
      if (seenAds.has(u.id)) continue;
      seenAds.add(u.id);
      unitAds.push({ id: u.id, ad_group_id: u.id, headline: u.headline, copy: u.ad_text, cta: u.cta, landing_page: u.landing_page });
    }
  }
  async function* ads(): AsyncGenerator<repo.ServableAd[]> {
    for (let i = 0; i < groupIds.length; i += SERVABLE_ADS_GROUPS_PER_READ) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const rows = await repo.servableAds(ctx.db, groupIds.slice(i, i + SERVABLE_ADS_GROUPS_PER_READ));
      // Each ad as approved (an edit in review does not serve before its approval).
      // A row approved as it is is taken as read; one with an edit in review serves its approved version (review.ts).
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k];
        if (r.approved_json === AS_IS) continue;
        const v = approvedOf('ad', r as never);
        if (v) rows[k] = { ...r, headline: v.headline, copy: v.copy, cta: v.cta, landing_page: v.landing_page };
      }
      yield rows;
    }
    if (unitAds.length > 0) yield unitAds;
  }
  return { campaigns, groups, ads: ads() };
}

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

const destinationCache = new Map<string, { dest: { url: string; utm: Record<string, string> } | null; until: number }>();

/**
 * The landing page and UTM parameters of an ad — of its approved versions
 * only (campaigns/review.ts): a landing page in review never receives a
 * click; an ad whose campaign was never approved has none. Cached for one
 * inventory refresh interval (clicks are hot; other instances' approvals are
 * seen within it).
 */
export async function adDestination(ctx: Ctx, adId: string): Promise<{ url: string; utm: Record<string, string> } | null> {
  if (adId === TEST_AD_ID) return { url: testAdLanding(ctx.urls.platform), utm: {} };
  const now = ctx.clock.now();
  const hit = destinationCache.get(adId);
  if (hit !== undefined && hit.until > now) return hit.dest;
  const row = await repo.adDestination(ctx.db, adId);
  let dest: { url: string; utm: Record<string, string> } | null = null;
  if (row) {
    const c = approvedOf('campaign', { landing_page: row.campaign_landing_page, utm_params_json: row.utm_params_json, approved_json: row.campaign_approved_json } as never);
    const g = approvedOf('ad_group', { landing_page: row.group_landing_page, approved_json: row.group_approved_json } as never);
    const a = approvedOf('ad', { landing_page: row.ad_landing_page, approved_json: row.ad_approved_json } as never);
    if (c) dest = { url: a?.landing_page || g?.landing_page || c.landing_page, utm: parseUtm(c.utm_params_json) };
  }
  if (!dest) {
    const unit = await adunits.unitDestination(ctx, adId); // legacy ad units serve with ad id = unit id
    if (unit?.landing_page) dest = { url: unit.landing_page, utm: parseUtm(unit.utm_params_json) };
  }
  if (destinationCache.size > 50_000) destinationCache.clear();
  destinationCache.set(adId, { dest, until: now + ctx.config.inventoryRefreshMs });
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
  category?: string;
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
    await repo.insertCampaign(trx, approvedRow({
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
      lifetime_budget_micros: null,
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
      category: spec.category ?? null,
      approved_json: null,
    }));
    let order = 0;
    for (const g of spec.groups) {
      const groupId = newId();
      await repo.insertAdGroup(trx, approvedRow({
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
        ...UNREVIEWED,
        review_status: 'approved',
        reviewed_at: now,
      }));
      await repo.insertAds(
        trx,
        g.ads.map((a) => approvedRow({
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
          ...UNREVIEWED,
          reviewed_at: now,
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

/** What a served ad was, for reports that name it (publisher feedback): ad id → title, group, campaign, category. */
export async function describeAds(ctx: Ctx, adIds: string[]) {
  const rows = [];
  const ids = [...new Set(adIds)];
  for (let i = 0; i < ids.length; i += 500) rows.push(...(await repo.adDescriptions(ctx.db, ids.slice(i, i + 500))));
  return new Map(rows.map((r) => [r.ad_id, { ...r, title: r.headline || r.brand_name || null }]));
}

// =====================================================================
// Advertiser management (spec 2): campaigns, ad groups, ads, review.
// =====================================================================

type CampaignRow = CampaignTable;
type GroupRow = AdGroupTable;
type AdRow = AdTable;

const GENERATED_ADS_PER_GROUP = 3;
const EMBEDDED_ADS = 100;

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));
function parseJson<T>(s: string | null): T | null {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
}
const optMicros = (dollars: number | null | undefined): number | null => (dollars ? dollarsToMicros(dollars) : null);
const optDollars = (micros: number | null): number | null => (micros === null ? null : microsToDollars(micros));
const upperList = (v: string[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0 ? null : JSON.stringify([...new Set(v.map((x) => x.toUpperCase()))]);
const deviceList = (v: string[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0 ? null : JSON.stringify([...new Set(v)]);
const utmJson = (v: { key: string; value: string }[] | null | undefined): string | null =>
  v === undefined || v === null || v.length === 0 ? null : JSON.stringify(v.map((p) => ({ key: p.key, value: p.value })));

/**
 * Minimum budgets and bids (422 naming the field): a daily budget of at least
 * `minDailyBudget`; a CPC or CPA bid of at least 0.01 and a CPM bid of at
 * least the platform's reserve price (a lower one could never win); 0 or
 * null still means "unset" where the spec says so.
 */
function checkMoney(ctx: Ctx, prefix: string, v: { daily_budget?: number | null; max_cpc?: number | null; max_cpm?: number | null; max_cpa?: number | null }): void {
  const min = ctx.config.minDailyBudget;
  if (v.daily_budget !== undefined && v.daily_budget !== null && v.daily_budget < min) {
    throw Validation.field(`${prefix}daily_budget`, `must be at least ${min.toFixed(2)} per day`);
  }
  const bids: [string, number | null | undefined, number][] = [
    ['max_cpc', v.max_cpc, MIN_BID_MICROS],
    ['max_cpa', v.max_cpa, MIN_BID_MICROS],
    ['max_cpm', v.max_cpm, RESERVE_CPM_MICROS],
  ];
  for (const [field, bid, least] of bids) {
    if (bid && dollarsToMicros(bid) < least) throw Validation.field(`${prefix}${field}`, `must be at least ${microsToDollars(least).toFixed(2)} (or 0 to leave it unset)`);
  }
}

/** Epoch ms of a timestamp field, or a 422 naming it. */
function timeField(field: string, v: string | null | undefined): number | null | undefined {
  if (v === undefined || v === null) return v;
  const ms = parseTimestamp(v);
  if (ms === null) throw Validation.field(field, 'must be an ISO 8601 date or date-time');
  return ms;
}

// ---------- review state of items (campaigns/review.ts) ----------

/** Review columns of a new ad group or ad: waiting for review, nothing approved yet. */
const UNREVIEWED = { approved_json: null, submitted_for_review_at: null, reviewed_at: null, review_notes: null } as const;

/** A row approved as it is (operator seed paths). */
function approvedRow<T extends { approved_json: string | null }>(row: T): T {
  return { ...row, approved_json: AS_IS };
}

/** The version that serves, with the API's field names (`*_json` values parsed), or null when none was approved. */
function servingVersion(kind: ItemKind, row: { approved_json: string | null }): Record<string, unknown> | null {
  const a = approvedOf(kind, row as never) as Record<string, unknown> | null;
  if (!a) return null;
  const out: Record<string, unknown> = {};
  for (const f of REVIEWED[kind]) out[fieldName(f)] = f.endsWith('_json') ? (f === 'utm_params_json' ? parseUtm(a[f] as string | null) : parseJson(a[f] as string | null)) : a[f];
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

/**
 * One billing model per campaign, fixed when it is created (migration 0012 set
 * it on older campaigns): CPA is charged only per conversion, CPC only per
 * click (conversion-optimised campaigns without CPA billing are charged per
 * click), CPM only per thousand impressions. When none is given: CPC with a
 * CPC bid or a conversions objective with a CPA target, else CPM.
 */
export function billingModelOf(c: {
  billing_model?: string | null;
  max_cpc?: number | null;
  max_cpa?: number | null;
  campaign_objective?: string | null;
  ad_groups?: { max_cpc?: number | null }[];
}): string {
  if (c.billing_model) return c.billing_model;
  if (c.max_cpc || c.ad_groups?.some((g) => g.max_cpc)) return 'cpc';
  if (c.campaign_objective === 'conversions' && c.max_cpa) return 'cpc';
  return 'cpm';
}
const derivedBilling = (c: CampaignRow) => c.billing_model ?? (c.max_cpc_micros ? 'cpc' : 'cpm');
const derivedBidStrategy = (c: CampaignRow) =>
  c.bid_strategy ?? (c.max_cpc_micros ? 'manual_cpc' : c.campaign_objective === 'conversions' ? 'maximize_conversions' : 'lowest_cost');

const ZERO: LifetimeTotals = { impressions: 0, clicks: 0, conversions: 0, spend_micros: 0, conversion_value_micros: 0 };

export function campaignView(c: CampaignRow, stats: LifetimeTotals, todaySpendMicros: number, adUnitIds: string[]): CampaignView {
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
async function decorate(ctx: Ctx, advertiserId: string, rows: CampaignRow[], all = false): Promise<CampaignView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stats, units] = await Promise.all([
    ledger.lifetimeTotals(ctx, advertiserId, all ? undefined : ids),
    adunits.linkedUnitIds(ctx, ids),
  ]);
  // Today's spend is the figure the serving budget check uses (rollups, synced, plus this instance's charges).
  return rows.map((r) => campaignView(r, stats.get(r.id) ?? ZERO, ctx.spend.today(r.id), units.get(r.id) ?? []));
}

async function groupsWithAds(ctx: Ctx, groups: GroupRow[]): Promise<AdGroupView[]> {
  if (groups.length === 0) return [];
  const { ads, totals } = await repo.liveAdsOfGroups(ctx.db, groups.map((g) => g.id), EMBEDDED_ADS);
  const byGroup = new Map<string, AdRow[]>();
  for (const a of ads) {
    const list = byGroup.get(a.ad_group_id) ?? [];
    list.push(a);
    byGroup.set(a.ad_group_id, list);
  }
  return groups.map((g) => groupView(g, byGroup.get(g.id) ?? [], totals.get(g.id) ?? 0));
}

/** Forget everything cached about what serves, after any change that can affect it. */
function servingChanged(ctx: Ctx): void {
  ctx.inventory.invalidate();
  invalidateDestinations();
}

// ---------- lookups (ownership: another account's id is a 404) ----------

export async function requireCampaign(ctx: Ctx, advertiserId: string, campaignId: string): Promise<CampaignRow> {
  const c = await repo.findCampaign(ctx.db, advertiserId, campaignId);
  if (!c) throw new NotFound('campaign');
  return c;
}

async function requireGroup(ctx: Ctx, advertiserId: string, groupId: string): Promise<GroupRow> {
  const g = await repo.findAdGroup(ctx.db, advertiserId, groupId);
  if (!g) throw new NotFound('ad group');
  return g;
}

async function requireAd(ctx: Ctx, advertiserId: string, adId: string): Promise<AdRow> {
  const a = await repo.findAd(ctx.db, advertiserId, adId);
  if (!a) throw new NotFound('ad');
  return a;
}

// ---------- review, by item (campaigns/review.ts) ----------

/**
 * Legacy ad units linked to an approved campaign send it back to review (spec
 * 2); its approved version keeps serving meanwhile (the units serve once approved).
 */
export async function resubmitIfApproved(ctx: Ctx, campaign: CampaignRow): Promise<void> {
  if (campaign.review_status !== 'approved') return;
  const now = ctx.clock.now();
  const set = { ...submitted(now, campaign.approved_json !== null), updated_at: now };
  await repo.updateCampaign(ctx.db, campaign.id, set);
  Object.assign(campaign, set);
}

/** A campaign sent to review; `serving` when an approved version of it keeps serving meanwhile. */
const submitted = (now: number, serving: boolean): Partial<CampaignRow> => ({
  review_status: 'pending_review',
  deployment_status: serving ? 'deployed' : 'pending_review',
  submitted_for_review_at: now,
});

/** Activation needs a review unless the campaign is approved or already waiting for one. */
const needsSubmission = (reviewStatus: string) => reviewStatus !== 'approved' && reviewStatus !== 'pending_review';

/** Campaigns by their own review status (the admin list; the item queue is `reviewQueue`). */
export async function listForReview(ctx: Ctx, reviewStatus = 'pending_review') {
  const rows = await repo.campaignsForReview(ctx.db, reviewStatus);
  return rows.map((c) => ({
    campaign_id: c.id,
    advertiser_id: c.advertiser_id,
    name: c.name,
    landing_page: c.landing_page,
    status: c.status,
    review_status: c.review_status,
    deployment_status: c.deployment_status,
    submitted_for_review_at: isoOrNull(c.submitted_for_review_at),
  }));
}

/** One item waiting for review, as the operator's queue shows it. */
export interface ReviewItem {
  kind: ItemKind;
  id: string;
  campaign_id: string;
  campaign_name: string;
  advertiser_id: string;
  name: string | null;
  review_status: string;
  submitted_for_review_at: string | null;
  /** True when an approved version of the item serves while this one waits (an edit); false for new content. */
  serving: boolean;
  /** The reviewed fields that differ from the approved version (all, for new content): what serves now and what is proposed. */
  changes: { field: string; serving: unknown; proposed: unknown }[];
  /** Names the proposed version: pass it with a decision to get 409 if the item changed since it was shown. */
  version: string;
}

type ItemRow = (CampaignRow | GroupRow | AdRow) & { campaign_name?: string };

function queueItem(kind: ItemKind, row: ItemRow): ReviewItem {
  const a = approvedOf(kind, row as never) as Record<string, unknown> | null;
  const r = row as unknown as Record<string, unknown>;
  const isCampaign = kind === 'campaign';
  return {
    kind,
    id: row.id,
    campaign_id: isCampaign ? row.id : (row as GroupRow).campaign_id,
    campaign_name: isCampaign ? (row as CampaignRow).name : (row.campaign_name ?? ''),
    advertiser_id: row.advertiser_id,
    name: row.name,
    review_status: row.review_status,
    submitted_for_review_at: isoOrNull(row.submitted_for_review_at),
    serving: a !== null,
    changes: pendingChanges(kind, row as never).map((f) => ({ field: fieldName(f), serving: a ? (a[f] ?? null) : null, proposed: r[f] ?? null })),
    version: itemVersion(kind, row),
  };
}

/** A short digest of an item's proposed reviewed values. */
const itemVersion = (kind: ItemKind, row: ItemRow): string => sha256Hex(snapshot(kind, row as never)).slice(0, 16);

/**
 * The operator's review queue: every item waiting — a campaign's own fields,
 * an ad group, an ad — oldest first, each with what serves now and what is
 * proposed. Items of campaigns never submitted wait for their activation.
 */
export async function reviewQueue(ctx: Ctx, limit = 500): Promise<ReviewItem[]> {
  const { campaigns, groups, ads } = await repo.pendingItems(ctx.db, limit);
  const items = [
    ...campaigns.map((c) => queueItem('campaign', c)),
    ...groups.map((g) => queueItem('ad_group', g)),
    ...ads.map((a) => queueItem('ad', a)),
  ];
  items.sort((x, y) => (x.submitted_for_review_at ?? '').localeCompare(y.submitted_for_review_at ?? '') || x.id.localeCompare(y.id));
  return items.slice(0, limit);
}

const PENDING: Record<ItemKind, string> = { campaign: 'pending_review', ad_group: 'pending', ad: 'pending' };

function reviewNotes(notes: string | null | undefined): string | null {
  const n = notes?.trim() || null;
  if (n && n.length > 2000) throw Validation.field('notes', 'must be at most 2000 characters');
  return n;
}

/**
 * Approve or reject one item's version in review. Approving makes the row's
 * reviewed fields its approved (serving) version; rejecting keeps the version
 * that served before, if any. The write holds only if the item is unchanged
 * since it was read: an edit meanwhile stays in review.
 */
async function settle(db: Ctx['db'], kind: ItemKind, row: ItemRow, approve: boolean, now: number, notes: string | null): Promise<boolean> {
  const patch: Record<string, unknown> = approve
    ? { review_status: 'approved', approved_json: AS_IS, reviewed_at: now, review_notes: notes }
    : { review_status: 'rejected', reviewed_at: now, review_notes: notes };
  if (kind === 'campaign') patch.deployment_status = approve || row.approved_json ? 'deployed' : 'not_deployed';
  return repo.setItemReview(db, kind, row.id, row.updated_at, patch);
}

/** The operator's decision on one item of the queue (admin API and CLI). */
export async function decideReviewItem(
  ctx: Ctx,
  kind: ItemKind,
  id: string,
  input: { approve: boolean; notes?: string | null; version?: string },
): Promise<ReviewItem & { reviewed_at: string | null; review_notes: string | null; serving_version: Record<string, unknown> | null }> {
  const notes = reviewNotes(input.notes);
  const row = await repo.findItem(ctx.db, kind, id);
  if (!row) throw new NotFound(kind.replace('_', ' '));
  if (row.review_status !== PENDING[kind]) throw new Conflict(`This ${kind.replace('_', ' ')} is not waiting for review (review_status is ${row.review_status})`);
  if (input.version !== undefined && input.version !== itemVersion(kind, row)) {
    throw new Conflict('The item was changed since it was shown (its version differs): reload the queue and review the new version');
  }
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    if (!(await settle(tx.db, kind, row, input.approve, now, notes))) {
      throw new Conflict('The item was changed while it was being reviewed: reload the queue and review the new version');
    }
    if (kind === 'campaign') await adunits.settlePendingUnits(tx, row.id, input.approve ? 'approved' : 'rejected', notes);
  });
  servingChanged(ctx);
  const after = (await repo.findItem(ctx.db, kind, id))!;
  return {
    ...queueItem(kind, after),
    reviewed_at: isoOrNull(after.reviewed_at),
    review_notes: after.review_notes,
    serving_version: servingVersion(kind, after),
  };
}

/**
 * The operator's decision on everything of a campaign waiting for review
 * (admin API and CLI): the campaign's own fields when in review, and its
 * waiting ad groups, ads and legacy ad units. 409 when nothing waits.
 */
export async function reviewCampaign(ctx: Ctx, campaignId: string, input: { approve: boolean; notes?: string | null }): Promise<CampaignView> {
  const notes = reviewNotes(input.notes);
  const c = await repo.findCampaignById(ctx.db, campaignId);
  if (!c) throw new NotFound('campaign');
  const { groups, ads } = await repo.pendingOfCampaign(ctx.db, c.id);
  if (c.review_status !== 'pending_review' && groups.length === 0 && ads.length === 0) {
    throw new Conflict(`Campaign is not waiting for review (review_status is ${c.review_status}) and none of its ad groups or ads is`);
  }
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    if (c.review_status === 'pending_review' && !(await settle(tx.db, 'campaign', c, input.approve, now, notes))) {
      throw new Conflict('The campaign was changed while it was being reviewed: review it again');
    }
    // An item edited meanwhile keeps waiting (settle holds only for the version read).
    for (const g of groups) await settle(tx.db, 'ad_group', g, input.approve, now, notes);
    for (const a of ads) await settle(tx.db, 'ad', a, input.approve, now, notes);
    await adunits.settlePendingUnits(tx, c.id, input.approve ? 'approved' : 'rejected', notes);
  });
  servingChanged(ctx);
  return (await decorate(ctx, c.advertiser_id, [(await repo.findCampaignById(ctx.db, c.id))!]))[0];
}

// ---------- ad groups: preparation shared by campaign create and group create ----------

interface PreparedGroup {
  row: GroupRow;
  ads: AdRow[];
}

function manualAdRow(ctx: Ctx, group: { id: string; campaign_id: string; advertiser_id: string }, a: AdCreate, now: number): AdRow {
  return {
    id: newId(),
    ad_group_id: group.id,
    campaign_id: group.campaign_id,
    advertiser_id: group.advertiser_id,
    name: a.name ?? null,
    headline: a.headline || null,
    copy: a.copy || null,
    cta: a.cta || null,
    description: a.description ?? null,
    landing_page: a.landing_page ?? null,
    image_url: a.image_url ?? null,
    source: 'manual',
    status: a.status ?? 'active',
    review_status: 'pending',
    created_at: now,
    updated_at: now,
    ...UNREVIEWED,
    submitted_for_review_at: now,
  };
}

async function generatedAdRows(ctx: Ctx, g: GroupRow, campaignLanding: string, now: number): Promise<AdRow[]> {
  const landing = g.landing_page || campaignLanding;
  const written = await writeAds(ctx, {
    context: g.context,
    adPrompt: g.ad_prompt,
    brandName: g.brand_name || hostOf(landing),
    landingPage: landing,
    count: GENERATED_ADS_PER_GROUP,
  });
  return written.map((w, i) => ({
    id: newId(),
    ad_group_id: g.id,
    campaign_id: g.campaign_id,
    advertiser_id: g.advertiser_id,
    name: `Generated ad ${i + 1}`,
    headline: w.headline,
    copy: w.copy,
    cta: w.cta,
    description: null,
    landing_page: null,
    image_url: null,
    source: 'generated',
    status: 'active',
    review_status: 'pending',
    created_at: now,
    updated_at: now,
    ...UNREVIEWED,
    submitted_for_review_at: now,
  }));
}

/** The view of a group just written, from the rows in hand (live ads, oldest first, at most 100 embedded). */
function preparedView(p: PreparedGroup): AdGroupView {
  const live = p.ads.filter((a) => a.status !== 'archived');
  return groupView(p.row, live.slice(0, EMBEDDED_ADS), live.length);
}

async function prepareGroup(
  ctx: Ctx,
  campaign: { id: string; advertiser_id: string; landing_page: string },
  input: NestedAdGroupCreate,
  field: string,
  sortOrder: number,
  now: number,
): Promise<PreparedGroup> {
  const type = input.group_type ?? 'generative';
  if (type === 'generative' && input.ads?.length) {
    throw Validation.field(`${field}ads`, 'authored ads are not accepted by a generative ad group (use group_type "manual")');
  }
  const landing = input.landing_page ?? null;
  const row: GroupRow = {
    id: newId(),
    campaign_id: campaign.id,
    advertiser_id: campaign.advertiser_id,
    name: input.name,
    group_type: type,
    status: input.status ?? 'active',
    context: input.context ?? null,
    ad_prompt: input.ad_prompt ?? null,
    negative_context: input.negative_context ?? null,
    landing_page: landing,
    brand_name: input.brand_name ?? (hostOf(landing ?? campaign.landing_page) || null),
    daily_budget_micros: optMicros(input.daily_budget),
    auto_optimize_budget: input.auto_optimize_budget === false ? 0 : 1,
    min_daily_budget_micros: input.min_daily_budget == null ? null : dollarsToMicros(input.min_daily_budget),
    max_daily_budget_micros: input.max_daily_budget == null ? null : dollarsToMicros(input.max_daily_budget),
    max_cpc_micros: optMicros(input.max_cpc),
    allowed_countries_json: upperList(input.allowed_countries),
    allowed_devices_json: deviceList(input.allowed_devices),
    sort_order: input.sort_order ?? sortOrder,
    created_at: now,
    updated_at: now,
    ...UNREVIEWED,
    review_status: 'pending',
    submitted_for_review_at: now,
  };
  const ads =
    type === 'generative'
      ? await generatedAdRows(ctx, row, campaign.landing_page, now)
      : (input.ads ?? []).map((a) => manualAdRow(ctx, row, a, now));
  return { row, ads };
}

// ---------- campaigns ----------

function initialStatus(input: { status?: string; is_active?: boolean }): 'draft' | 'active' | 'paused' {
  const status = (input.status ?? (input.is_active ? 'active' : 'draft')) as 'draft' | 'active' | 'paused';
  if (input.is_active !== undefined && input.is_active !== (status === 'active')) {
    throw Validation.field('is_active', `contradicts status "${status}" (is_active is true exactly when status is active)`);
  }
  return status;
}

function checkSchedule(start: number | null, end: number | null): void {
  if (start !== null && end !== null && end <= start) throw Validation.field('end_time', 'must be after start_time');
}

export async function createCampaign(ctx: Ctx, advertiserId: string, input: CampaignCreate) {
  const now = ctx.clock.now();
  const start = timeField('start_time', input.start_time) ?? null;
  const end = timeField('end_time', input.end_time) ?? null;
  checkSchedule(start, end);
  const status = initialStatus(input);
  const groupsIn = input.ad_groups ?? [];
  checkMoney(ctx, '', input);
  groupsIn.forEach((g, i) => checkMoney(ctx, `ad_groups.${i}.`, g));
  const seen = new Set<string>();
  groupsIn.forEach((g, i) => {
    const k = g.name.toLowerCase();
    if (seen.has(k)) throw Validation.field(`ad_groups.${i}.name`, `duplicate ad group name "${g.name}" in this campaign`);
    seen.add(k);
  });
  const unitIds = [...new Set(input.ad_unit_ids ?? [])];
  if (await repo.campaignNameTaken(ctx.db, advertiserId, input.name)) throw new Conflict(`A campaign named "${input.name}" already exists`);
  if (status === 'active') await accounts.assertCanActivate(ctx, advertiserId);

  const row: CampaignRow = {
    id: newId(),
    advertiser_id: advertiserId,
    name: input.name,
    status,
    is_active: status === 'active' ? 1 : 0,
    is_archived: 0,
    daily_budget_micros: dollarsToMicros(input.daily_budget),
    landing_page: input.landing_page,
    campaign_objective: input.campaign_objective ?? null,
    billing_model: billingModelOf(input),
    bid_strategy: input.bid_strategy ?? null,
    start_time: start,
    end_time: end,
    click_goal: input.click_goal ?? null,
    impression_goal: input.impression_goal ?? null,
    max_cpc_micros: optMicros(input.max_cpc),
    max_cpm_micros: optMicros(input.max_cpm),
    conversion_type: input.conversion_type ?? null,
    max_cpa_micros: optMicros(input.max_cpa),
    lifetime_budget_micros: optMicros(input.lifetime_budget) ?? null,
    demographics_json: json(input.demographics),
    utm_params_json: utmJson(input.utm_params),
    allowed_countries_json: upperList(input.allowed_countries),
    allowed_devices_json: deviceList(input.allowed_devices),
    custom_favicon_url: input.custom_favicon_url ?? null,
    deployment_status: 'not_deployed',
    review_status: 'not_submitted',
    submitted_for_review_at: null,
    reviewed_at: null,
    review_notes: null,
    created_at: now,
    updated_at: now,
    category: input.category ?? null,
    approved_json: null,
    ...(status === 'active' ? submitted(now, false) : {}),
  };
  // Ads are written (possibly by a model) before the transaction opens: no I/O inside it.
  const prepared = await Promise.all(groupsIn.map((g, i) => prepareGroup(ctx, row, g, `ad_groups.${i}.`, i, now)));

  await withTransaction(ctx, async (tx) => {
    await repo.insertCampaign(tx.db, row);
    await repo.insertAdGroups(tx.db, prepared.map((p) => p.row));
    await repo.insertAds(tx.db, prepared.flatMap((p) => p.ads));
    if (unitIds.length) await adunits.linkAdUnits(tx, advertiserId, row, unitIds, 'add', 'ad_unit_ids');
  });
  servingChanged(ctx);
  // Everything in the answer was just written: shape it from memory (a new campaign has no stats yet).
  const view = campaignView(row, ZERO, 0, unitIds);
  return { ...view, ad_groups: prepared.map(preparedView) };
}

export async function listCampaigns(ctx: Ctx, advertiserId: string, opts: { status?: string } = {}): Promise<CampaignView[]> {
  const rows = await repo.listCampaigns(ctx.db, advertiserId, opts.status);
  return decorate(ctx, advertiserId, rows, true);
}

export async function getCampaign(ctx: Ctx, advertiserId: string, campaignId: string): Promise<CampaignView> {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  return (await decorate(ctx, advertiserId, [c]))[0];
}

export async function updateCampaign(ctx: Ctx, advertiserId: string, campaignId: string, patch: CampaignPatch): Promise<CampaignView> {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  checkMoney(ctx, '', patch);
  const now = ctx.clock.now();
  const set: Partial<CampaignRow> = {};

  if (patch.name !== undefined && patch.name !== c.name) {
    if (await repo.campaignNameTaken(ctx.db, advertiserId, patch.name, c.id)) throw new Conflict(`A campaign named "${patch.name}" already exists`);
    set.name = patch.name;
  }
  if (patch.landing_page !== undefined) set.landing_page = patch.landing_page;
  if (patch.daily_budget !== undefined) set.daily_budget_micros = dollarsToMicros(patch.daily_budget);
  if (patch.lifetime_budget !== undefined) set.lifetime_budget_micros = optMicros(patch.lifetime_budget) ?? null;
  if (patch.campaign_objective !== undefined) set.campaign_objective = patch.campaign_objective;
  if (patch.allowed_countries !== undefined) set.allowed_countries_json = upperList(patch.allowed_countries);
  if (patch.allowed_devices !== undefined) set.allowed_devices_json = deviceList(patch.allowed_devices);
  if (patch.utm_params !== undefined) set.utm_params_json = utmJson(patch.utm_params);
  if (patch.custom_favicon_url !== undefined) set.custom_favicon_url = patch.custom_favicon_url;
  if (patch.category !== undefined) set.category = patch.category;
  const start = patch.start_time !== undefined ? (timeField('start_time', patch.start_time) ?? null) : c.start_time;
  const end = patch.end_time !== undefined ? (timeField('end_time', patch.end_time) ?? null) : c.end_time;
  if (patch.start_time !== undefined || patch.end_time !== undefined) {
    checkSchedule(start, end);
    set.start_time = start;
    set.end_time = end;
  }
  let resyncCpc = false;
  /** Activation (re)submits the campaign with its items. */
  let submitting = false;
  if (patch.max_cpc !== undefined) {
    set.max_cpc_micros = optMicros(patch.max_cpc);
    resyncCpc = true;
  }

  if (patch.status !== undefined) {
    const activating = patch.status === 'active' && (c.status !== 'active' || needsSubmission(c.review_status));
    if (patch.status === 'active' && c.is_archived === 1) {
      throw new Conflict('Campaign is archived; unarchive it (PATCH …/archive) before activating');
    }
    if (activating) {
      if ((await repo.liveContentCount(ctx.db, c.id)) === 0 && (await adunits.linkedUnitIds(ctx, [c.id])).get(c.id) === undefined) {
        throw Validation.field('status', 'the campaign has no live ads or linked ad units to serve');
      }
      await accounts.assertCanActivate(ctx, advertiserId); // 402 before anything changes
      if (needsSubmission(c.review_status)) {
        Object.assign(set, submitted(now, c.approved_json !== null));
        submitting = true;
      }
    }
    set.status = patch.status;
    set.is_active = patch.status === 'active' ? 1 : 0;
  }
  // A landing page, favicon, UTM or targeting edit sends the campaign (only it) back to review; its approved
  // version keeps serving meanwhile (campaigns/review.ts). A campaign never submitted is reviewed at activation.
  if (touchesReviewed('campaign', c, set) && c.review_status !== 'not_submitted' && set.review_status === undefined) {
    Object.assign(set, submitted(now, c.approved_json !== null));
  }
  Object.assign(set, freezeOnEdit('campaign', c, set));

  if (Object.keys(set).length > 0) {
    set.updated_at = now;
    await withTransaction(ctx, async (tx) => {
      await repo.updateCampaign(tx.db, c.id, set);
      if (resyncCpc) await repo.syncGroupsMaxCpc(tx.db, c.id, set.max_cpc_micros ?? null, now);
      if (submitting) await repo.submitItems(tx.db, c.id, now);
    });
    servingChanged(ctx);
  }
  return getCampaign(ctx, advertiserId, c.id);
}

/** Toggle archived: archiving also deactivates and pauses; unarchiving leaves it paused. */
export async function toggleArchiveCampaign(ctx: Ctx, advertiserId: string, campaignId: string) {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  const now = ctx.clock.now();
  if (c.is_archived === 1) {
    if (await repo.campaignNameTaken(ctx.db, advertiserId, c.name, c.id)) {
      throw new Conflict(`Another campaign is named "${c.name}"; rename it before unarchiving this one`);
    }
    await repo.updateCampaign(ctx.db, c.id, { is_archived: 0, updated_at: now });
  } else {
    await repo.updateCampaign(ctx.db, c.id, { is_archived: 1, is_active: 0, status: 'paused', updated_at: now });
  }
  servingChanged(ctx);
  return { campaign_id: c.id, is_archived: c.is_archived !== 1 };
}

// ---------- ad groups ----------

export async function createAdGroup(ctx: Ctx, advertiserId: string, input: AdGroupCreate): Promise<AdGroupView> {
  const c = await requireCampaign(ctx, advertiserId, input.campaign_id);
  checkMoney(ctx, '', input);
  if (c.is_archived === 1) throw new Conflict('Campaign is archived');
  if (await repo.groupNameTaken(ctx.db, c.id, input.name)) throw new Conflict(`An ad group named "${input.name}" already exists in this campaign`);
  const { campaign_id: _c, ...groupInput } = input;
  const now = ctx.clock.now();
  const prepared = await prepareGroup(ctx, c, groupInput, '', 0, now);
  // The new group and its ads wait for review on their own; what the campaign already serves keeps serving.
  await withTransaction(ctx, async (tx) => {
    await repo.insertAdGroups(tx.db, [prepared.row]);
    await repo.insertAds(tx.db, prepared.ads);
  });
  servingChanged(ctx);
  return preparedView(prepared);
}

export async function listAdGroups(ctx: Ctx, advertiserId: string, opts: { campaignId?: string; includeArchived?: boolean }) {
  if (opts.campaignId) await requireCampaign(ctx, advertiserId, opts.campaignId);
  const groups = await repo.listAdGroups(ctx.db, advertiserId, {
    campaignIds: opts.campaignId ? [opts.campaignId] : undefined,
    includeArchived: opts.includeArchived ?? false,
  });
  return groupsWithAds(ctx, groups);
}

export async function getAdGroup(ctx: Ctx, advertiserId: string, groupId: string): Promise<AdGroupView> {
  return (await groupsWithAds(ctx, [await requireGroup(ctx, advertiserId, groupId)]))[0];
}

export async function updateAdGroup(ctx: Ctx, advertiserId: string, groupId: string, patch: AdGroupPatch): Promise<AdGroupView> {
  const g = await requireGroup(ctx, advertiserId, groupId);
  checkMoney(ctx, '', patch);
  const c = await requireCampaign(ctx, advertiserId, g.campaign_id);
  const now = ctx.clock.now();
  const set: Partial<GroupRow> = {};
  const change = <K extends keyof GroupRow>(k: K, v: GroupRow[K]) => {
    if (g[k] !== v) set[k] = v;
  };
  if (patch.name !== undefined && patch.name !== g.name) {
    if (await repo.groupNameTaken(ctx.db, g.campaign_id, patch.name, g.id)) {
      throw new Conflict(`An ad group named "${patch.name}" already exists in this campaign`);
    }
    set.name = patch.name;
  }
  if (patch.context !== undefined) change('context', patch.context);
  if (patch.ad_prompt !== undefined) change('ad_prompt', patch.ad_prompt);
  if (patch.negative_context !== undefined) change('negative_context', patch.negative_context);
  if (patch.landing_page !== undefined) change('landing_page', patch.landing_page);
  if (patch.brand_name !== undefined) change('brand_name', patch.brand_name ?? (hostOf(patch.landing_page ?? g.landing_page ?? c.landing_page) || null));
  if (patch.daily_budget !== undefined) change('daily_budget_micros', optMicros(patch.daily_budget));
  if (patch.auto_optimize_budget !== undefined) change('auto_optimize_budget', patch.auto_optimize_budget ? 1 : 0);
  if (patch.min_daily_budget !== undefined) change('min_daily_budget_micros', patch.min_daily_budget === null ? null : dollarsToMicros(patch.min_daily_budget));
  if (patch.max_daily_budget !== undefined) change('max_daily_budget_micros', patch.max_daily_budget === null ? null : dollarsToMicros(patch.max_daily_budget));
  const min = set.min_daily_budget_micros !== undefined ? set.min_daily_budget_micros : g.min_daily_budget_micros;
  const max = set.max_daily_budget_micros !== undefined ? set.max_daily_budget_micros : g.max_daily_budget_micros;
  if (min !== null && max !== null && min > max) throw Validation.field('max_daily_budget', 'must not be below min_daily_budget');
  if (patch.max_cpc !== undefined) change('max_cpc_micros', optMicros(patch.max_cpc));
  if (patch.allowed_countries !== undefined) change('allowed_countries_json', upperList(patch.allowed_countries));
  if (patch.allowed_devices !== undefined) change('allowed_devices_json', deviceList(patch.allowed_devices));
  if (patch.sort_order !== undefined) change('sort_order', patch.sort_order);
  if (patch.group_type !== undefined && patch.group_type !== g.group_type) {
    if (patch.group_type === 'generative' && (await repo.liveManualAdCount(ctx.db, g.id)) > 0) {
      throw Validation.field('group_type', 'cannot convert to generative while the group has live manual ads; archive them first');
    }
    set.group_type = patch.group_type;
  }
  if (patch.status !== undefined) change('status', patch.status);
  // Landing page, brand or targeting edits send the group (only it) back to review; its approved version keeps serving.
  if (touchesReviewed('ad_group', g, set) && g.review_status !== 'not_submitted') {
    set.review_status = 'pending';
    set.submitted_for_review_at = now;
  }
  Object.assign(set, freezeOnEdit('ad_group', g, set));

  const next: GroupRow = { ...g, ...set };
  const archiving = set.status === 'archived';
  const reviving = g.status === 'archived' && set.status !== undefined && set.status !== 'archived';
  const becameGenerative = set.group_type === 'generative';
  // A generative group that comes (back) to life without live ads gets fresh ones.
  let newAds: AdRow[] = [];
  if (!archiving && next.group_type === 'generative' && next.status !== 'archived' && (becameGenerative || reviving)) {
    const { totals } = await repo.liveAdsOfGroups(ctx.db, [g.id], 1);
    if ((totals.get(g.id) ?? 0) === 0) newAds = await generatedAdRows(ctx, next, c.landing_page, now);
  }
  if (Object.keys(set).length > 0 || newAds.length > 0) {
    set.updated_at = now;
    await withTransaction(ctx, async (tx) => {
      await repo.updateAdGroup(tx.db, g.id, set);
      if (archiving) await repo.archiveAdsOfGroup(tx.db, g.id, now);
      if (newAds.length) await repo.insertAds(tx.db, newAds);
    });
    servingChanged(ctx);
  }
  return getAdGroup(ctx, advertiserId, g.id);
}

/** DELETE: archive the group and its ads (idempotent). */
export async function archiveAdGroup(ctx: Ctx, advertiserId: string, groupId: string): Promise<void> {
  const g = await requireGroup(ctx, advertiserId, groupId);
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    await repo.updateAdGroup(tx.db, g.id, { status: 'archived', updated_at: now });
    await repo.archiveAdsOfGroup(tx.db, g.id, now);
  });
  servingChanged(ctx);
}

// ---------- ads ----------

export async function createAd(ctx: Ctx, advertiserId: string, groupId: string, input: AdCreate): Promise<AdView> {
  const g = await requireGroup(ctx, advertiserId, groupId);
  if (g.group_type !== 'manual') {
    throw Validation.field('ad_group_id', 'generative ad groups write their own ads; authored ads need a manual group');
  }
  if (g.status === 'archived') throw new Conflict('Ad group is archived');
  // The new ad waits for review on its own; the group's approved ads keep serving.
  const row = manualAdRow(ctx, g, input, ctx.clock.now());
  await repo.insertAds(ctx.db, [row]);
  servingChanged(ctx);
  return adView(row);
}

const AD_CONTENT = ['headline', 'copy', 'cta', 'description', 'landing_page', 'image_url'] as const;

export async function updateAd(ctx: Ctx, advertiserId: string, adId: string, patch: AdPatch): Promise<AdView> {
  const a = await requireAd(ctx, advertiserId, adId);
  if (a.source !== 'manual') throw Validation.field('ad_id', 'generated ads are read-only');
  // An archived ad is read-only, except for restoring it (status active or paused) while its group is live.
  if (a.status === 'archived') {
    if (patch.status === undefined) throw new Conflict('Ad is archived; restore it first (status active or paused)');
    if ((await requireGroup(ctx, advertiserId, a.ad_group_id)).status === 'archived') throw new Conflict('Ad group is archived; restore the group first');
  }
  const set: Partial<AdRow> = {};
  for (const k of AD_CONTENT) {
    const v = patch[k];
    if (v !== undefined && (v || null) !== a[k]) set[k] = v || null;
  }
  const contentChanged = Object.keys(set).length > 0;
  if (patch.name !== undefined && patch.name !== a.name) set.name = patch.name;
  if (patch.status !== undefined && patch.status !== a.status) set.status = patch.status;
  const next = { ...a, ...set };
  if (!next.headline && !next.copy) throw Validation.field('copy', 'an ad needs a headline or copy');
  if (Object.keys(set).length === 0) return adView(a);
  const now = ctx.clock.now();
  set.updated_at = now;
  // A content edit sends the ad (only it) back to review; its approved version keeps serving until the new one is approved.
  if (contentChanged) {
    Object.assign(set, freezeOnEdit('ad', a, set));
    set.review_status = 'pending';
    set.submitted_for_review_at = now;
  }
  await repo.updateAd(ctx.db, a.id, set);
  servingChanged(ctx);
  return adView({ ...a, ...set });
}

/** DELETE: archive a manual ad (idempotent); generated ads are read-only. */
export async function archiveAd(ctx: Ctx, advertiserId: string, adId: string): Promise<void> {
  const a = await requireAd(ctx, advertiserId, adId);
  if (a.source !== 'manual') throw Validation.field('ad_id', 'generated ads are read-only; archive or pause their ad group instead');
  if (a.status === 'archived') return;
  await repo.updateAd(ctx.db, a.id, { status: 'archived', updated_at: ctx.clock.now() });
  servingChanged(ctx);
}

/** The ads of one group: live (default), archived, or all; newest first, at most 500. */
export async function listGroupAds(ctx: Ctx, advertiserId: string, groupId: string, status: 'live' | 'archived' | 'all' = 'live'): Promise<AdView[]> {
  const g = await requireGroup(ctx, advertiserId, groupId);
  return (await repo.adsOfGroup(ctx.db, g.id, status, 500)).map(adView);
}

// ---------- reads for reporting (issue 5) ----------

export interface ReportGroup {
  id: string;
  campaign_id: string;
  name: string;
  group_type: string;
  status: string;
}

/**
 * The ad groups a report covers, in listing order, without their ads: all of
 * the advertiser's (archived ones only when asked), one campaign's (404 when
 * not in the account), or one group (404 when not found; returned even when
 * archived, since it was asked for by id).
 */
export async function adGroupsForReport(
  ctx: Ctx,
  advertiserId: string,
  opts: { campaignId?: string; adGroupId?: string; includeArchived: boolean },
): Promise<ReportGroup[]> {
  if (opts.campaignId) await requireCampaign(ctx, advertiserId, opts.campaignId);
  const pick = (g: GroupRow): ReportGroup => ({ id: g.id, campaign_id: g.campaign_id, name: g.name, group_type: g.group_type, status: g.status });
  if (opts.adGroupId) {
    const g = await requireGroup(ctx, advertiserId, opts.adGroupId);
    return opts.campaignId && g.campaign_id !== opts.campaignId ? [] : [pick(g)];
  }
  const groups = await repo.listAdGroups(ctx.db, advertiserId, {
    campaignIds: opts.campaignId ? [opts.campaignId] : undefined,
    includeArchived: opts.includeArchived,
  });
  return groups.map(pick);
}
