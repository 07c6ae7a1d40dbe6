import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Conventions (one rule for both backends):
 * ids are text (UUID v7), times are integer epoch milliseconds (`*_at`),
 * money is integer micros (`*_micros`), booleans are integers 0/1, and
 * structured values are JSON text (`*_json`).
 */
export interface PublisherTable {
  id: string;
  name: string;
  url: string;
  payout_model: string;
  revenue_share_bps: number;
  status: string; // active | suspended
  index_approved: number;
  floor_cpm_micros: number;
  created_at: number;
  /** Browser origins allowed to call the ad API (JSON array), null for none (origins/service.ts). */
  allowed_origins_json: string | null;
}

export interface AdvertiserTable {
  id: string;
  name: string;
  /** Contact email, AES-GCM encrypted with the data key (never plaintext). */
  email_enc: string | null;
  email_hash: string | null;
  has_payment_method: number;
  status: string;
  created_at: number;
  /** ISO 4217 code of the account's money (amounts are micros of it). */
  currency: string;
  stripe_customer_id: string | null;
}

export interface ApiKeyTable {
  id: string;
  kind: string; // pub | adv
  account_id: string;
  /** SHA-256 of the whole key; keys are 190-bit random so a fast hash is right. */
  key_hash: string;
  /** First characters, for display ("orb_pub_Ab12…"). */
  display_prefix: string;
  label: string | null;
  created_at: number;
  revoked_at: number | null;
}

export interface CreditTable {
  id: string;
  advertiser_id: string;
  amount_micros: number;
  note: string | null;
  created_at: number;
  /** operator | stripe */
  source: string;
  /** The Stripe Checkout session a top-up came from (unique: never credited twice). */
  external_id: string | null;
  currency: string;
}

/** A Stripe Checkout session an advertiser opened (credits: payment mode; a payment method: setup mode). */
export interface BillingCheckoutTable {
  id: string;
  advertiser_id: string;
  mode: string; // payment | setup
  amount_micros: number | null;
  currency: string;
  status: string; // open | complete
  created_at: number;
  completed_at: number | null;
}

/** Stripe billing webhook events already handled (by event id). */
export interface BillingEventTable {
  id: string;
  type: string;
  received_at: number;
}

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

export interface PlacementTable {
  id: string;
  publisher_id: string;
  name: string;
  slug: string;
  placement_type: string;
  device: string;
  framework: string;
  page_url: string | null;
  description: string | null;
  screenshot_url: string | null;
  screenshot_region_json: string | null;
  status: string;
  display_config_json: string | null;
  created_at: number;
  updated_at: number;
}

/** One row per ad request (append-only). */
export interface AdRequestTable {
  id: string;
  publisher_id: string;
  at: number;
  session_hash: string;
  slots: number;
  filled: number;
  device: string;
  country: string;
  is_test: number;
}

/** One row per ad served (append-only); `click_id` is the ad's tracking id. */
export interface AdServeTable {
  click_id: string;
  request_id: string;
  publisher_id: string;
  placement_id: string;
  placement_type: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  advertiser_id: string;
  pricing: string;
  price_micros: number;
  at: number;
  is_test: number;
}

/** Impressions and clicks (append-only). One human impression and one human click per click id. */
export interface TrackingEventTable {
  id: Generated<number>;
  kind: string; // imp | click
  click_id: string;
  at: number;
  publisher_id: string;
  placement_id: string;
  placement_type: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  advertiser_id: string;
  device: string;
  country: string;
  /** Keyed hash of the end user's IP (for fraud checks), never the IP itself. */
  ip_hash: string;
  is_bot: number;
  is_test: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  graid: string | null;
  /** Why the event is invalid traffic (recorded, never charged or counted as human), null when valid. */
  ivt_reason: string | null;
  /** A charge the budget gate refused: recorded as unbilled overdelivery instead of spend. */
  overdelivery_micros: number;
}

/**
 * Rollups by UTC quarter hour, written in the same transaction as the events.
 * Empty dimension values are ''.
 */
export interface RollupTable {
  bucket: number; // epoch ms / 900000
  publisher_id: string;
  placement_id: string;
  placement_type: string;
  advertiser_id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  device: string;
  country: string;
  requests: number;
  wins: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  conversion_value_micros: number;
  invalid_impressions: number;
  invalid_clicks: number;
  overdelivery_micros: number;
}

export interface DB {
  publishers: PublisherTable;
  advertisers: AdvertiserTable;
  api_keys: ApiKeyTable;
  credits: CreditTable;
  billing_checkouts: BillingCheckoutTable;
  billing_events: BillingEventTable;
  campaigns: CampaignTable;
  ad_groups: AdGroupTable;
  ads: AdTable;
  placements: PlacementTable;
  ad_requests: AdRequestTable;
  ad_serves: AdServeTable;
  tracking_events: TrackingEventTable;
  rollups: RollupTable;
  index_services: IndexServiceTable;
  index_products: IndexProductTable;
  index_product_stats: IndexProductStatsTable;
  index_searches: IndexSearchTable;
  index_links: IndexLinkTable;
  index_clicks: IndexClickTable;
  index_conversions: IndexConversionTable;
  index_session_summaries: IndexSessionSummaryTable;
  ad_units: AdUnitTable;
  campaign_ad_units: CampaignAdUnitTable;
  pixels: PixelTable;
  conversions: ConversionTable;
  conversion_dedup: ConversionDedupTable;
  conversion_suppressions: ConversionSuppressionTable;
  gateway_activity: GatewayActivityTable;
  webhook_receipts: WebhookReceiptTable;
  pixel_events: PixelEventTable;
  integration_secrets: IntegrationSecretTable;
  shop_connections: ShopConnectionTable;
  shop_oauth_states: ShopOauthStateTable;
  rollup_scope_qh: RollupScopeQhTable;
  rollup_scope_day: RollupScopeDayTable;
  rollup_scope_all: RollupScopeAllTable;
  ad_feedback: AdFeedbackTable;
  publisher_blocks: PublisherBlockTable;
  spend_ledger: SpendLedgerTable;
  orbit_meta: OrbitMetaTable;
}

/** Advertisers and ad categories a publisher blocks from its app (0014_dashboard). */
export interface PublisherBlockTable {
  publisher_id: string;
  kind: string; // advertiser | category
  value: string;
  created_at: number;
}

/** What the budget gate counts (0012): billed spend and refused overdelivery per campaign day, group day, campaign lifetime (period -1). */
export interface SpendLedgerTable {
  scope: string; // c | g
  id: string;
  period: number; // UTC day (epoch ms / 86400000), or -1 for the lifetime
  spend_micros: number;
  overdelivery_micros: number;
}

/** Facts about the database itself (0012): the data key's fingerprint. */
export interface OrbitMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Conversion records (0003_conversions). Identity values are SHA-256 hashes only. */
export interface ConversionTable {
  id: string;
  advertiser_id: string;
  source: string; // capi | pixel | stripe | cal | shopify
  event_type: string;
  event_name: string;
  event_id: string | null;
  event_at: number;
  received_at: number;
  action_source: string;
  page_url: string | null;
  value_micros: number;
  currency: string;
  order_id: string | null;
  custom_json: string | null;
  identity_json: string | null;
  visitor_id: string | null;
  session_id: string | null;
  device: string;
  client_context_json: string | null;
  attributed: number;
  attribution_note: string | null;
  click_id: string | null;
  campaign_id: string | null;
  ad_group_id: string | null;
  ad_id: string | null;
  publisher_id: string | null;
  placement_id: string | null;
  verified: number;
  counted: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  /** Why a counted conversion was not charged (browser source, per-click cap, budget…), null when charged or not chargeable. */
  charge_note: string | null;
  overdelivery_micros: number;
}

export interface ConversionDedupTable {
  advertiser_id: string;
  event_type: string;
  event_id: string;
  seen_at: number;
  conversion_id: string;
}

export interface ConversionSuppressionTable {
  advertiser_id: string;
  identity_hash: string;
  created_at: number;
}

export interface GatewayActivityTable {
  advertiser_id: string;
  first_received_at: number;
  last_received_at: number;
  events_total: number;
}

export interface WebhookReceiptTable {
  provider: string;
  advertiser_id: string;
  external_id: string;
  outcome: string;
  received_at: number;
}

export interface PixelEventTable {
  id: string;
  advertiser_id: string;
  event_type: string;
  domain: string;
  path: string;
  visitor_id: string | null;
  session_id: string | null;
  click_id: string | null;
  at: number;
}

export interface IntegrationSecretTable {
  advertiser_id: string;
  provider: string;
  secret_enc: string;
  updated_at: number;
}

export interface ShopConnectionTable {
  id: string;
  advertiser_id: string;
  shop_domain: string;
  access_token_enc: string;
  scopes: string;
  is_active: number;
  connected_at: number;
  verification_status: string;
  verified_at: number | null;
}

export interface ShopOauthStateTable {
  state_hash: string;
  advertiser_id: string;
  shop_domain: string;
  expires_at: number;
}

/** Rollup counters summed per scope ('pub' publisher, 'cmp' campaign, 'grp' ad group); written with the rollups by the ledger's one writer (ledger/repo.ts; triggers until 0007). */
export interface RollupScopeCounters {
  scope: string;
  /** The publisher itself for 'pub'; the advertiser for 'cmp' and 'grp'. */
  parent_id: string;
  scope_id: string;
  requests: number;
  wins: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  conversion_value_micros: number;
  invalid_impressions: number;
  invalid_clicks: number;
  overdelivery_micros: number;
}
export interface RollupScopeQhTable extends RollupScopeCounters {
  bucket: number; // UTC quarter hour
}
export interface RollupScopeDayTable extends RollupScopeCounters {
  day: number; // UTC day (epoch ms / 86400000)
}
/** All-time counters per scope (scope 'cmp' only: a campaign's lifetime), written with the rollups by the ledger's writer (0015). */
export type RollupScopeAllTable = RollupScopeCounters;

/** End-user feedback on a served ad (spec 1 POST /ad-feedback). */
export interface AdFeedbackTable {
  id: string;
  publisher_id: string;
  at: number;
  session_hash: string;
  sentiment: string; // thumbs_up | thumbs_down
  reasons_json: string;
  comment: string | null;
  click_id: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  advertiser_id: string;
  placement: string | null;
  placement_id: string | null;
  /** SHA-256 of the publisher's end-user id, never the id itself. */
  user_hash: string | null;
  device: string;
  country: string;
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

/* ---- The index (spec 3): catalogs, searches, tracked links, clicks, conversions ---- */
export interface IndexServiceTable {
  slug: string;
  name: string;
  category: string;
  description: string;
  website_url: string;
  docs_url: string | null;
  tags_json: string;
  install_json: string | null;
  env_vars_json: string | null;
  credential_setup_url: string | null;
  cpa_campaign_id: string | null;
  /** Editorial prominence 0–100 (a small prior in /search). */
  prominence: number;
  updated_at: number;
}

export interface IndexProductTable {
  product_id: string;
  name: string;
  brand: string | null;
  brand_lc: string;
  merchant: string;
  merchant_lc: string;
  category_path: string | null;
  /** One of the 15 shop categories, mapped from the merchant taxonomy. */
  category: string;
  /** The node of Google's product taxonomy the merchant category maps onto (null when none does). */
  google_category_id: number | null;
  description: string;
  /** Highlights / bullet points, one per line. */
  bullets: string;
  currency: string;
  /** Null when the merchant publishes no price: searchable, never matched by a price filter. */
  price_micros: number | null;
  regular_price_micros: number | null;
  image_url: string;
  product_url: string;
  /** Canonical colour named in the title ('' when none). */
  color: string;
  /** `|s|m|` style list of the sizes the listing names ('' when none). */
  sizes: string;
  gender: string;
  /** in_stock | preorder | backorder (out-of-stock listings are not kept). */
  availability: string;
  rating: number | null;
  rating_count: number;
  checkout_json: string | null;
  commission_bps: number;
  /** The searchable fields as stem sequences, one line each (title, brand, category, bullets, description start): ranking reads these. */
  stems: string;
  /** The import that last saw this listing (a full-feed import removes the merchant's listings it did not see). */
  import_run: string | null;
  updated_at: number;
}

/** Catalog statistics for ranking: document frequency per stem, plus `#docs` and other `#`-keys. */
export interface IndexProductStatsTable {
  term: string;
  n: number;
}

export interface IndexSearchTable {
  id: string;
  vertical: string;
  publisher_id: string;
  parent_id: string | null;
  query: string;
  context_json: string | null;
  metadata_json: string | null;
  session_hash: string | null;
  user_hash: string | null;
  email_hash: string | null;
  result_json: string | null;
  boosted: number;
  created_at: number;
}

export interface IndexLinkTable {
  id: string;
  grclid: string;
  search_id: string;
  publisher_id: string;
  kind: string;
  target_id: string;
  destination: string;
  title: string;
  image_url: string | null;
  price_label: string | null;
  commission_bps: number;
  /** Lower-cased merchant of a product link (only that merchant's account may report its orders). */
  merchant_lc?: string | null;
  created_at: number;
}

export interface IndexClickTable {
  id: string;
  link_id: string;
  grclid: string;
  search_id: string;
  publisher_id: string;
  is_bot: number;
  at: number;
}

export interface IndexConversionTable {
  id: string;
  grclid: string;
  search_id: string;
  publisher_id: string;
  kind: string;
  dedup_key: string;
  source: string;
  value_micros: number;
  currency: string | null;
  commission_micros: number;
  revenue_micros: number;
  take_micros: number;
  detail_json: string | null;
  at: number;
}

export interface IndexSessionSummaryTable {
  publisher_id: string;
  session_hash: string;
  summary: string;
  updated_at: number;
}
