import type { Ctx } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';
import * as repo from './repo.js';

type CampaignRow = CampaignTable;
type GroupRow = AdGroupTable;
type AdRow = AdTable;

// ---------- lookups (ownership: another account's id is a 404) ----------

export async function requireCampaign(ctx: Ctx, advertiserId: string, campaignId: string): Promise<CampaignRow> {
  const c = await repo.findCampaign(ctx.db, advertiserId, campaignId);
  if (!c) throw new NotFound('campaign');
  return c;
}

export async function requireGroup(ctx: Ctx, advertiserId: string, groupId: string): Promise<GroupRow> {
  const g = await repo.findAdGroup(ctx.db, advertiserId, groupId);
  if (!g) throw new NotFound('ad group');
  return g;
}

export async function requireAd(ctx: Ctx, advertiserId: string, adId: string): Promise<AdRow> {
  const a = await repo.findAd(ctx.db, advertiserId, adId);
  if (!a) throw new NotFound('ad');
  return a;
}
