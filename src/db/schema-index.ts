/**
 * The index, spec 3 (conventions: `schema.ts`): the service catalog, products and their
 * statistics, searches, tracked links, clicks, conversions, session summaries.
 */

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
