import type { Ctx } from '../../context.js';
import type { AdGroupTable } from '../../db/schema.js';
import * as repo from './repo.js';
import { requireCampaign, requireGroup } from './lookups.js';
import { adView, decorate, groupsWithAds } from './views.js';
import type { AdGroupView, AdView, CampaignView } from './schemas.js';

type GroupRow = AdGroupTable;

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

// ---------- the advertiser's campaigns, ad groups and ads ----------

export async function listCampaigns(
  ctx: Ctx,
  advertiserId: string,
  opts: { status?: string } = {},
): Promise<CampaignView[]> {
  const rows = await repo.listCampaigns(ctx.db, advertiserId, opts.status);
  return decorate(ctx, advertiserId, rows, true);
}

export async function getCampaign(ctx: Ctx, advertiserId: string, campaignId: string): Promise<CampaignView> {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  return (await decorate(ctx, advertiserId, [c]))[0];
}
export async function listAdGroups(
  ctx: Ctx,
  advertiserId: string,
  opts: { campaignId?: string; includeArchived?: boolean },
) {
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
/** The ads of one group: live (default), archived, or all; newest first, at most 500. */
export async function listGroupAds(
  ctx: Ctx,
  advertiserId: string,
  groupId: string,
  status: 'live' | 'archived' | 'all' = 'live',
): Promise<AdView[]> {
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
  const pick = (g: GroupRow): ReportGroup => ({
    id: g.id,
    campaign_id: g.campaign_id,
    name: g.name,
    group_type: g.group_type,
    status: g.status,
  });
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
