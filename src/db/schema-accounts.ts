/**
 * Accounts, money and placements (conventions: `schema.ts`): publishers, advertisers, API keys,
 * credits, Stripe billing, placements, publisher blocks and facts about the database itself.
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

/** Advertisers and ad categories a publisher blocks from its app (0014_dashboard). */
export interface PublisherBlockTable {
  publisher_id: string;
  kind: string; // advertiser | category
  value: string;
  created_at: number;
}

/** Facts about the database itself (0012): the data key's fingerprint. */
export interface OrbitMetaTable {
  key: string;
  value: string;
  updated_at: number;
}
