import type { Ctx } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { dollarsToMicros } from '../../lib/money.js';
import { Conflict, Validation } from '../../lib/errors.js';
import type { AdGroupTable, AdTable } from '../../db/schema.js';
import { writeAds } from '../creative/service.js';
import * as repo from './repo.js';
import { servingChanged } from './destinations.js';
import { checkMoney, deviceList, optMicros, upperList } from './fields.js';
import { requireCampaign, requireGroup } from './lookups.js';
import { getAdGroup } from './reads.js';
import { freezeOnEdit, touchesReviewed, UNREVIEWED } from './review.js';
import { withTransaction } from './tx.js';
import { EMBEDDED_ADS, groupView } from './views.js';
import {
  hostOf,
  type AdCreate,
  type AdGroupCreate,
  type AdGroupPatch,
  type AdGroupView,
  type NestedAdGroupCreate,
} from './schemas.js';

type GroupRow = AdGroupTable;
type AdRow = AdTable;

const GENERATED_ADS_PER_GROUP = 3;

// ---------- ad groups: preparation shared by campaign create and group create ----------

interface PreparedGroup {
  row: GroupRow;
  ads: AdRow[];
}

export function manualAdRow(
  ctx: Ctx,
  group: { id: string; campaign_id: string; advertiser_id: string },
  a: AdCreate,
  now: number,
): AdRow {
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
export function preparedView(p: PreparedGroup): AdGroupView {
  const live = p.ads.filter((a) => a.status !== 'archived');
  return groupView(p.row, live.slice(0, EMBEDDED_ADS), live.length);
}

export async function prepareGroup(
  ctx: Ctx,
  campaign: { id: string; advertiser_id: string; landing_page: string },
  input: NestedAdGroupCreate,
  field: string,
  sortOrder: number,
  now: number,
): Promise<PreparedGroup> {
  const type = input.group_type ?? 'generative';
  if (type === 'generative' && input.ads?.length) {
    throw Validation.field(
      `${field}ads`,
      'authored ads are not accepted by a generative ad group (use group_type "manual")',
    );
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

// ---------- ad groups ----------

export async function createAdGroup(ctx: Ctx, advertiserId: string, input: AdGroupCreate): Promise<AdGroupView> {
  const c = await requireCampaign(ctx, advertiserId, input.campaign_id);
  checkMoney(ctx, '', input);
  if (c.is_archived === 1) throw new Conflict('Campaign is archived');
  if (await repo.groupNameTaken(ctx.db, c.id, input.name))
    throw new Conflict(`An ad group named "${input.name}" already exists in this campaign`);
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

export async function updateAdGroup(
  ctx: Ctx,
  advertiserId: string,
  groupId: string,
  patch: AdGroupPatch,
): Promise<AdGroupView> {
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
  if (patch.brand_name !== undefined)
    change('brand_name', patch.brand_name ?? (hostOf(patch.landing_page ?? g.landing_page ?? c.landing_page) || null));
  if (patch.daily_budget !== undefined) change('daily_budget_micros', optMicros(patch.daily_budget));
  if (patch.auto_optimize_budget !== undefined) change('auto_optimize_budget', patch.auto_optimize_budget ? 1 : 0);
  if (patch.min_daily_budget !== undefined)
    change('min_daily_budget_micros', patch.min_daily_budget === null ? null : dollarsToMicros(patch.min_daily_budget));
  if (patch.max_daily_budget !== undefined)
    change('max_daily_budget_micros', patch.max_daily_budget === null ? null : dollarsToMicros(patch.max_daily_budget));
  const min = set.min_daily_budget_micros !== undefined ? set.min_daily_budget_micros : g.min_daily_budget_micros;
  const max = set.max_daily_budget_micros !== undefined ? set.max_daily_budget_micros : g.max_daily_budget_micros;
  if (min !== null && max !== null && min > max)
    throw Validation.field('max_daily_budget', 'must not be below min_daily_budget');
  if (patch.max_cpc !== undefined) change('max_cpc_micros', optMicros(patch.max_cpc));
  if (patch.allowed_countries !== undefined) change('allowed_countries_json', upperList(patch.allowed_countries));
  if (patch.allowed_devices !== undefined) change('allowed_devices_json', deviceList(patch.allowed_devices));
  if (patch.sort_order !== undefined) change('sort_order', patch.sort_order);
  if (patch.group_type !== undefined && patch.group_type !== g.group_type) {
    if (patch.group_type === 'generative' && (await repo.liveManualAdCount(ctx.db, g.id)) > 0) {
      throw Validation.field(
        'group_type',
        'cannot convert to generative while the group has live manual ads; archive them first',
      );
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
