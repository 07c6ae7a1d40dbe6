import type { Ctx } from '../../context.js';
import { dollarsToMicros } from '../../lib/money.js';
import { Conflict, Validation } from '../../lib/errors.js';
import type { CampaignTable } from '../../db/schema.js';
import * as accounts from '../accounts/service.js';
import * as repo from './repo.js';
import { linkedUnitIds } from './ad-units.js';
import { servingChanged } from './destinations.js';
import { checkMoney, checkSchedule, deviceList, optMicros, timeField, upperList, utmJson } from './fields.js';
import { requireCampaign } from './lookups.js';
import { getCampaign } from './reads.js';
import { freezeOnEdit, needsSubmission, submitted, touchesReviewed } from './review.js';
import { withTransaction } from './tx.js';
import type { CampaignPatch, CampaignView } from './schemas.js';

type CampaignRow = CampaignTable;

export async function updateCampaign(
  ctx: Ctx,
  advertiserId: string,
  campaignId: string,
  patch: CampaignPatch,
): Promise<CampaignView> {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  checkMoney(ctx, '', patch);
  const now = ctx.clock.now();
  const set: Partial<CampaignRow> = {};

  if (patch.name !== undefined && patch.name !== c.name) {
    if (await repo.campaignNameTaken(ctx.db, advertiserId, patch.name, c.id))
      throw new Conflict(`A campaign named "${patch.name}" already exists`);
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
      if (
        (await repo.liveContentCount(ctx.db, c.id)) === 0 &&
        (await linkedUnitIds(ctx, [c.id])).get(c.id) === undefined
      ) {
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
