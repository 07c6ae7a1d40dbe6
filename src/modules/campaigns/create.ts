import type { Ctx } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { dollarsToMicros } from '../../lib/money.js';
import { Conflict, Validation } from '../../lib/errors.js';
import type { CampaignTable } from '../../db/schema.js';
import * as accounts from '../accounts/service.js';
import * as repo from './repo.js';
import { linkAdUnits } from './ad-units.js';
import { prepareGroup, preparedView } from './ad-groups.js';
import { servingChanged } from './destinations.js';
import { checkMoney, checkSchedule, deviceList, json, optMicros, timeField, upperList, utmJson } from './fields.js';
import { submitted } from './review.js';
import { withTransaction } from './tx.js';
import { campaignView, ZERO } from './views.js';
import type { CampaignCreate } from './schemas.js';

type CampaignRow = CampaignTable;

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
function initialStatus(input: { status?: string; is_active?: boolean }): 'draft' | 'active' | 'paused' {
  const status = (input.status ?? (input.is_active ? 'active' : 'draft')) as 'draft' | 'active' | 'paused';
  if (input.is_active !== undefined && input.is_active !== (status === 'active')) {
    throw Validation.field(
      'is_active',
      `contradicts status "${status}" (is_active is true exactly when status is active)`,
    );
  }
  return status;
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
    if (seen.has(k))
      throw Validation.field(`ad_groups.${i}.name`, `duplicate ad group name "${g.name}" in this campaign`);
    seen.add(k);
  });
  const unitIds = [...new Set(input.ad_unit_ids ?? [])];
  if (await repo.campaignNameTaken(ctx.db, advertiserId, input.name))
    throw new Conflict(`A campaign named "${input.name}" already exists`);
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
    await repo.insertAdGroups(
      tx.db,
      prepared.map((p) => p.row),
    );
    await repo.insertAds(
      tx.db,
      prepared.flatMap((p) => p.ads),
    );
    if (unitIds.length) await linkAdUnits(tx, advertiserId, row, unitIds, 'add', 'ad_unit_ids');
  });
  servingChanged(ctx);
  // Everything in the answer was just written: shape it from memory (a new campaign has no stats yet).
  const view = campaignView(row, ZERO, 0, unitIds);
  return { ...view, ad_groups: prepared.map(preparedView) };
}
