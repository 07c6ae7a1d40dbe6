import type {
  PublisherTable,
  AdvertiserTable,
  ApiKeyTable,
  CreditTable,
  BillingCheckoutTable,
  BillingEventTable,
  PlacementTable,
  PublisherBlockTable,
  OrbitMetaTable,
} from './schema-accounts.js';
import type {
  CampaignTable,
  AdGroupTable,
  AdTable,
  AdUnitTable,
  CampaignAdUnitTable,
  PixelTable,
} from './schema-campaigns.js';
import type {
  AdRequestTable,
  AdServeTable,
  TrackingEventTable,
  RollupTable,
  RollupScopeQhTable,
  RollupScopeDayTable,
  RollupScopeAllTable,
  SpendLedgerTable,
  AdFeedbackTable,
} from './schema-events.js';
import type {
  ConversionTable,
  ConversionDedupTable,
  ConversionSuppressionTable,
  GatewayActivityTable,
  WebhookReceiptTable,
  PixelEventTable,
  IntegrationSecretTable,
  ShopConnectionTable,
  ShopOauthStateTable,
} from './schema-conversions.js';
import type {
  IndexServiceTable,
  IndexProductTable,
  IndexProductStatsTable,
  IndexSearchTable,
  IndexLinkTable,
  IndexClickTable,
  IndexConversionTable,
  IndexSessionSummaryTable,
} from './schema-index.js';

/**
 * Table types for Kysely: `DB` names every table; the tables are declared by area in `schema-*.ts`
 * (accounts, campaigns, events, conversions, index) and re-exported here, so `schema.ts` is the one
 * import. Conventions (one rule for both backends): ids are text (UUID v7), times are integer epoch
 * milliseconds (`*_at`), money is integer micros (`*_micros`), booleans are integers 0/1, and
 * structured values are JSON text (`*_json`).
 */
export type * from './schema-accounts.js';
export type * from './schema-campaigns.js';
export type * from './schema-events.js';
export type * from './schema-conversions.js';
export type * from './schema-index.js';

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
