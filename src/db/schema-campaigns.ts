/**
 * What advertisers run (conventions: `schema.ts`): campaigns, ad groups, ads, legacy ad units and
 * conversion pixels.
 */

export interface CampaignTable {
  id: string;
  advertiser_id: string;
  name: string;
  status: string; // draft | active | paused
  is_active: number;
  is_archived: number;
  daily_budget_micros: number;
  landing_page: string;
  campaign_objective: string | null;
  billing_model: string | null;
  bid_strategy: string | null;
  start_time: number | null;
  end_time: number | null;
  click_goal: number | null;
  impression_goal: number | null;
  max_cpc_micros: number | null;
  max_cpm_micros: number | null;
  conversion_type: string | null;
  max_cpa_micros: number | null;
  /** Optional ceiling on the campaign's spend over its life (0012). */
  lifetime_budget_micros: number | null;
  demographics_json: string | null;
  utm_params_json: string | null;
  allowed_countries_json: string | null;
  allowed_devices_json: string | null;
  custom_favicon_url: string | null;
  deployment_status: string;
  review_status: string;
  submitted_for_review_at: number | null;
  reviewed_at: number | null;
  review_notes: string | null;
  created_at: number;
  updated_at: number;
  /** Advertiser-stated ad category (lib/ad-categories), null when uncategorised (0014_dashboard). */
  category: string | null;
  /** The reviewed fields as last approved (campaigns/review.ts); null: never approved. */
  approved_json: string | null;
}

export interface AdGroupTable {
  id: string;
  campaign_id: string;
  advertiser_id: string;
  name: string;
  group_type: string; // generative | manual
  status: string; // active | paused | archived
  context: string | null;
  ad_prompt: string | null;
  negative_context: string | null;
  landing_page: string | null;
  brand_name: string | null;
  daily_budget_micros: number | null;
  auto_optimize_budget: number;
  min_daily_budget_micros: number | null;
  max_daily_budget_micros: number | null;
  max_cpc_micros: number | null;
  allowed_countries_json: string | null;
  allowed_devices_json: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
  review_status: string; // not_submitted | pending | approved | rejected
  approved_json: string | null;
  submitted_for_review_at: number | null;
  reviewed_at: number | null;
  review_notes: string | null;
}

export interface AdTable {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  advertiser_id: string;
  name: string | null;
  headline: string | null;
  copy: string | null;
  cta: string | null;
  description: string | null;
  landing_page: string | null;
  image_url: string | null;
  source: string; // manual | generated
  status: string; // active | paused | archived
  review_status: string; // pending | approved | rejected
  created_at: number;
  updated_at: number;
  approved_json: string | null;
  submitted_for_review_at: number | null;
  reviewed_at: number | null;
  review_notes: string | null;
}

/** Legacy ad units (spec 2 "Legacy ad units"); served through their campaign links. */
export interface AdUnitTable {
  id: string;
  advertiser_id: string;
  name: string;
  headline: string | null;
  ad_text: string | null;
  cta: string | null;
  landing_page: string | null;
  context: string | null;
  favicon_url: string | null;
  image_url: string | null;
  brand_name: string | null;
  utm_params_json: string | null;
  source: string; // manual | generated
  status: string; // draft | active | archived
  review_status: string; // not_submitted | pending | approved | rejected
  review_reason: string | null;
  is_archived: number;
  created_at: number;
  updated_at: number;
}

export interface CampaignAdUnitTable {
  campaign_id: string;
  ad_unit_id: string;
  advertiser_id: string;
  position: number;
  created_at: number;
}

/** Conversion pixels; `is_functional` null until verified (0/1 after). */
export interface PixelTable {
  id: string;
  advertiser_id: string;
  name: string;
  url: string;
  domain: string;
  is_functional: number | null;
  verification_error: string | null;
  last_checked_at: number | null;
  last_seen_at: number | null;
  created_at: number;
}
