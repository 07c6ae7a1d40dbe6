import type { AdGroupTable } from '../../db/schema.js';
import { UNREVIEWED } from './review.js';

/** What every ad-group row must be given: its identity, owner, name and creation time. */
export type AdGroupRowFields = Pick<AdGroupTable, 'id' | 'campaign_id' | 'advertiser_id' | 'name' | 'created_at'> &
  Partial<AdGroupTable>;

/**
 * A whole `ad_groups` row with every other column at its stored default: a manual, active group with
 * no targeting, budget, bid cap or copy (budget auto-optimised, first in order), updated when created,
 * not submitted for review. `fields` set the rest. The one such row: the legacy ad units served as
 * one-ad groups (servable.ts), the seed helper, and the tests and benches that insert groups directly.
 */
export function defaultAdGroupRow(fields: AdGroupRowFields): AdGroupTable {
  return {
    group_type: 'manual',
    status: 'active',
    context: null,
    ad_prompt: null,
    negative_context: null,
    landing_page: null,
    brand_name: null,
    daily_budget_micros: null,
    auto_optimize_budget: 1,
    min_daily_budget_micros: null,
    max_daily_budget_micros: null,
    max_cpc_micros: null,
    allowed_countries_json: null,
    allowed_devices_json: null,
    sort_order: 0,
    updated_at: fields.created_at,
    review_status: 'not_submitted',
    ...UNREVIEWED,
    ...fields,
  };
}
