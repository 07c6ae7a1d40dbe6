import type { Ctx } from '../../context.js';
import { Conflict, Validation } from '../../lib/errors.js';
import * as repo from './repo.js';
import { servingChanged } from './destinations.js';
import { requireAd, requireCampaign, requireGroup } from './lookups.js';
import { withTransaction } from './tx.js';

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

/** DELETE: archive a manual ad (idempotent); generated ads are read-only. */
export async function archiveAd(ctx: Ctx, advertiserId: string, adId: string): Promise<void> {
  const a = await requireAd(ctx, advertiserId, adId);
  if (a.source !== 'manual')
    throw Validation.field('ad_id', 'generated ads are read-only; archive or pause their ad group instead');
  if (a.status === 'archived') return;
  await repo.updateAd(ctx.db, a.id, { status: 'archived', updated_at: ctx.clock.now() });
  servingChanged(ctx);
}
