import type { Generated } from 'kysely';

/**
 * What serving and tracking record and the ledger counts (conventions: `schema.ts`): ad requests,
 * serves, impressions and clicks, rollups and their scope mirrors, the budget gate's spend ledger,
 * ad feedback.
 */

/** Where an ad was served: the columns an ad serve and its impression and click events share. */
export interface ServedAd {
  publisher_id: string;
  placement_id: string;
  placement_type: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  advertiser_id: string;
}

/** The counters a rollup row sums (per quarter-hour cell, and per scope in the mirrors). */
export interface RollupCounters {
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
export interface AdServeTable extends ServedAd {
  click_id: string;
  request_id: string;
  pricing: string;
  price_micros: number;
  at: number;
  is_test: number;
}

/** Impressions and clicks (append-only). One human impression and one human click per click id. */
export interface TrackingEventTable extends ServedAd {
  id: Generated<number>;
  kind: string; // imp | click
  click_id: string;
  at: number;
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
export interface RollupTable extends RollupCounters {
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
}

/** Rollup counters summed per scope ('pub' publisher, 'cmp' campaign, 'grp' ad group); written with the rollups by the ledger's one writer (ledger/rollups-repo.ts; triggers until 0007). */
export interface RollupScopeCounters extends RollupCounters {
  scope: string;
  /** The publisher itself for 'pub'; the advertiser for 'cmp' and 'grp'. */
  parent_id: string;
  scope_id: string;
}

export interface RollupScopeQhTable extends RollupScopeCounters {
  bucket: number; // UTC quarter hour
}

export interface RollupScopeDayTable extends RollupScopeCounters {
  day: number; // UTC day (epoch ms / 86400000)
}

/** All-time counters per scope (scope 'cmp' only: a campaign's lifetime), written with the rollups by the ledger's writer (0015). */
export type RollupScopeAllTable = RollupScopeCounters;

/** What the budget gate counts (0012): billed spend and refused overdelivery per campaign day, group day, campaign lifetime (period -1). */
export interface SpendLedgerTable {
  scope: string; // c | g
  id: string;
  period: number; // UTC day (epoch ms / 86400000), or -1 for the lifetime
  spend_micros: number;
  overdelivery_micros: number;
}

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
