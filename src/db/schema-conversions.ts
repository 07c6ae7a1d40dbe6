/**
 * Conversions and the integrations that send them (conventions: `schema.ts`): conversion rows,
 * 48 h dedup keys, suppressions, gateway activity, webhook receipts, pixel events, integration
 * secrets, Shopify connections.
 */

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
