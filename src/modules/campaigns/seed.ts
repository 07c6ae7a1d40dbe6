import type { Ctx } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { dollarsToMicros } from '../../lib/money.js';
import * as repo from './repo.js';
import { invalidateDestinations } from './destinations.js';
import { AS_IS, UNREVIEWED } from './review.js';
import { defaultAdGroupRow } from './group-row.js';

/** A row approved as it is (operator seed paths). */
function approvedRow<T extends { approved_json: string | null }>(row: T): T {
  return { ...row, approved_json: AS_IS };
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
    await repo.insertCampaign(
      trx,
      approvedRow({
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
      }),
    );
    let order = 0;
    for (const g of spec.groups) {
      const groupId = newId();
      await repo.insertAdGroup(
        trx,
        approvedRow(
          defaultAdGroupRow({
            id: groupId,
            campaign_id: campaignId,
            advertiser_id: advertiserId,
            name: g.name,
            context: g.context,
            negative_context: g.negative_context ?? null,
            landing_page: g.landing_page ?? null,
            brand_name: g.brand_name ?? null,
            max_cpc_micros: g.max_cpc ? dollarsToMicros(g.max_cpc) : null,
            sort_order: order++,
            created_at: now,
            review_status: 'approved',
            reviewed_at: now,
          }),
        ),
      );
      await repo.insertAds(
        trx,
        g.ads.map((a) =>
          approvedRow({
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
          }),
        ),
      );
    }
  });
  invalidateDestinations(ctx);
  return campaignId;
}
