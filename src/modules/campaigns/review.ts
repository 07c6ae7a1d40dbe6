import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';

/**
 * Review by item (issue 27 / issue 25 item 5): campaigns, ad groups and ads
 * are reviewed one by one, and what serves is always an approved version.
 *
 * Each item keeps `approved_json`: its reviewed fields as the operator last
 * approved them (null: never approved, so it does not serve). An edit of a
 * reviewed field — landing page, brand, copy, targeting — changes the item's
 * own row and sends only that item back to review, while serving and clicks
 * keep using the approved values (`live`) until the new version is approved;
 * other fields (budgets, bids, names, status, schedule) apply at once. A
 * changed landing page therefore never receives a click before approval, and
 * nothing already approved stops serving because something else changed.
 * docs/decisions/issue27-review-by-item.md.
 */
export const REVIEWED = {
  campaign: ['landing_page', 'utm_params_json', 'custom_favicon_url', 'allowed_countries_json', 'allowed_devices_json'],
  ad_group: ['landing_page', 'brand_name', 'context', 'allowed_countries_json', 'allowed_devices_json'],
  ad: ['headline', 'copy', 'cta', 'description', 'landing_page', 'image_url'],
} as const satisfies Record<string, readonly string[]>;

export type ItemKind = keyof typeof REVIEWED;
export const ITEM_KINDS = Object.keys(REVIEWED) as ItemKind[];

interface Rows {
  campaign: CampaignTable;
  ad_group: AdGroupTable;
  ad: AdTable;
}

type Reviewed<K extends ItemKind> = Pick<Rows[K], Extract<(typeof REVIEWED)[K][number], keyof Rows[K]>>;

/** The reviewed fields of a row, as stored in `approved_json` when it is approved. */
export function snapshot<K extends ItemKind>(kind: K, row: Reviewed<K>): string {
  const out: Record<string, unknown> = {};
  for (const f of REVIEWED[kind]) out[f] = (row as Record<string, unknown>)[f] ?? null;
  return JSON.stringify(out);
}

/** The approved values of an item, or null when no version was ever approved. */
export function approvedValues<K extends ItemKind>(kind: K, approvedJson: string | null): Reviewed<K> | null {
  if (!approvedJson) return null;
  try {
    const v = JSON.parse(approvedJson) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of REVIEWED[kind]) out[f] = v[f] ?? null;
    return out as Reviewed<K>;
  } catch {
    return null;
  }
}

/**
 * The version of an item that serves: the row with its approved values over
 * the edited ones, or null (never approved). An `approved` row is its own
 * approved version (approval snapshots the row, and any edit of a reviewed
 * field moves it out of `approved`), so it is taken as it is, unparsed: the
 * inventory build reads every servable row.
 */
export function live<K extends ItemKind, T extends Reviewed<K> & { approved_json: string | null; review_status: string }>(kind: K, row: T): T | null {
  if (row.review_status === 'approved' && row.approved_json !== null) return row;
  const a = approvedValues(kind, row.approved_json);
  return a ? { ...row, ...a } : null;
}

/** Reviewed fields whose current value differs from the approved version (all of them when none was approved). */
export function pendingChanges<K extends ItemKind>(kind: K, row: Reviewed<K> & { approved_json: string | null }): string[] {
  const a = approvedValues(kind, row.approved_json) as Record<string, unknown> | null;
  const r = row as unknown as Record<string, unknown>;
  return REVIEWED[kind].filter((f) => !a || (a[f] ?? null) !== (r[f] ?? null)).map(String);
}

/** True when a patch `set` changes a reviewed field of `row`. */
export function touchesReviewed<K extends ItemKind>(kind: K, row: Reviewed<K>, set: Partial<Reviewed<K>>): boolean {
  const r = row as unknown as Record<string, unknown>;
  const s = set as Record<string, unknown>;
  return REVIEWED[kind].some((f) => f in s && s[f] !== undefined && (s[f] ?? null) !== (r[f] ?? null));
}

/** The field names shown to people: `utm_params_json` → `utm_params`. */
export const fieldName = (f: string): string => f.replace(/_json$/, '');
