import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';

/**
 * Review by item (issue 27 / issue 25 item 5): campaigns, ad groups and ads
 * are reviewed one by one, and what serves is always an approved version.
 *
 * Each item's `approved_json` says which version of its reviewed fields was
 * last approved: null — none (the item does not serve); `=` (AS_IS) — the
 * row as it is; otherwise a JSON object of the approved values, kept while an
 * edit of the row waits for review (or was rejected). An edit of a reviewed
 * field — landing page, brand, copy, targeting, the ad category publishers
 * may block — of a row approved as it is
 * first freezes the approved values (`freezeOnEdit`), then changes the row
 * and sends only that item back to review; serving and clicks keep using the
 * approved values (`live`) until the new version is approved. Other fields
 * (budgets, bids, names, status, schedule) apply at once. A changed landing
 * page therefore never receives a click before approval, and nothing approved
 * stops serving because something else changed. Approved rows stay their own
 * size (a one-byte marker): the inventory reads every servable row.
 * docs/decisions/0033-issue27-review-by-item.md.
 */
export const REVIEWED = {
  campaign: [
    'landing_page',
    'utm_params_json',
    'custom_favicon_url',
    'allowed_countries_json',
    'allowed_devices_json',
    'category',
  ],
  ad_group: ['landing_page', 'brand_name', 'context', 'allowed_countries_json', 'allowed_devices_json'],
  ad: ['headline', 'copy', 'cta', 'description', 'landing_page', 'image_url'],
} as const satisfies Record<string, readonly string[]>;

/** `approved_json` of a row that is its own approved version. */
export const AS_IS = '=';

export type ItemKind = keyof typeof REVIEWED;
export const ITEM_KINDS = Object.keys(REVIEWED) as ItemKind[];

interface Rows {
  campaign: CampaignTable;
  ad_group: AdGroupTable;
  ad: AdTable;
}

type Reviewed<K extends ItemKind> = Pick<Rows[K], Extract<(typeof REVIEWED)[K][number], keyof Rows[K]>>;
type WithApproval<K extends ItemKind> = Reviewed<K> & { approved_json: string | null };

const pick = <K extends ItemKind>(kind: K, from: Record<string, unknown>): Reviewed<K> => {
  const out: Record<string, unknown> = {};
  for (const f of REVIEWED[kind]) out[f] = from[f] ?? null;
  return out as Reviewed<K>;
};

/** The reviewed fields of a row as JSON (the frozen approved version, and the digest of a proposed one). */
export function snapshot<K extends ItemKind>(kind: K, row: Reviewed<K>): string {
  return JSON.stringify(pick(kind, row as Record<string, unknown>));
}

/** The approved values of an item, or null when no version was ever approved. */
export function approvedOf<K extends ItemKind>(kind: K, row: WithApproval<K>): Reviewed<K> | null {
  const a = row.approved_json;
  if (a === null) return null;
  if (a === AS_IS) return pick(kind, row as Record<string, unknown>);
  try {
    return pick(kind, JSON.parse(a) as Record<string, unknown>);
  } catch {
    return null;
  }
}

/** The version of an item that serves: the row with its approved values over an edit in review, or null (never approved). */
export function live<K extends ItemKind, T extends WithApproval<K>>(kind: K, row: T): T | null {
  if (row.approved_json === AS_IS) return row;
  const a = approvedOf(kind, row);
  return a ? { ...row, ...a } : null;
}

/** Reviewed fields whose current value differs from the approved version (all of them when none was approved). */
export function pendingChanges<K extends ItemKind>(kind: K, row: WithApproval<K>): string[] {
  const a = approvedOf(kind, row) as Record<string, unknown> | null;
  const r = row as unknown as Record<string, unknown>;
  return REVIEWED[kind].filter((f) => !a || (a[f] ?? null) !== (r[f] ?? null)).map(String);
}

/** True when a patch `set` changes a reviewed field of `row`. */
export function touchesReviewed<K extends ItemKind>(kind: K, row: Reviewed<K>, set: Partial<Reviewed<K>>): boolean {
  const r = row as unknown as Record<string, unknown>;
  const s = set as Record<string, unknown>;
  return REVIEWED[kind].some((f) => f in s && s[f] !== undefined && (s[f] ?? null) !== (r[f] ?? null));
}

/**
 * What an edit `set` of `row` must also write so the approved version keeps
 * serving: when it changes a reviewed field of a row approved as it is, the
 * row's current reviewed values become its frozen approved version.
 */
export function freezeOnEdit<K extends ItemKind>(
  kind: K,
  row: WithApproval<K>,
  set: Partial<Reviewed<K>>,
): { approved_json?: string } {
  return row.approved_json === AS_IS && touchesReviewed(kind, row, set) ? { approved_json: snapshot(kind, row) } : {};
}

/** The field names shown to people: `utm_params_json` → `utm_params`. */
export const fieldName = (f: string): string => f.replace(/_json$/, '');

/** Review columns of a new ad group or ad: waiting for review, nothing approved yet. */
export const UNREVIEWED = {
  approved_json: null,
  submitted_for_review_at: null,
  reviewed_at: null,
  review_notes: null,
} as const;

/** A campaign sent to review; `serving` when an approved version of it keeps serving meanwhile. */
export const submitted = (now: number, serving: boolean): Partial<CampaignTable> => ({
  review_status: 'pending_review',
  deployment_status: serving ? 'deployed' : 'pending_review',
  submitted_for_review_at: now,
});

/** Activation needs a review unless the campaign is approved or already waiting for one. */
export const needsSubmission = (reviewStatus: string) =>
  reviewStatus !== 'approved' && reviewStatus !== 'pending_review';
