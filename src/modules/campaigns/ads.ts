import type { Ctx } from '../../context.js';
import { Conflict, Validation } from '../../lib/errors.js';
import type { AdTable } from '../../db/schema.js';
import * as repo from './repo.js';
import { manualAdRow } from './ad-groups.js';
import { servingChanged } from './destinations.js';
import { requireAd, requireGroup } from './lookups.js';
import { freezeOnEdit } from './review.js';
import { adView } from './views.js';
import type { AdCreate, AdPatch, AdView } from './schemas.js';

type AdRow = AdTable;

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
    if ((await requireGroup(ctx, advertiserId, a.ad_group_id)).status === 'archived')
      throw new Conflict('Ad group is archived; restore the group first');
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
