/**
 * Which conversions may charge, and how many a click may have (issue 25).
 *
 * - Charging sources: the gateway with the advertiser's key (`capi`) and the
 *   signed webhooks (`stripe`, `shopify`, `cal` when its signature verifies).
 *   The browser pixel (`pixel`) never charges on its own: anyone holding a
 *   landing URL holds its `grsig`. A pixel conversion is counted (at most one
 *   per click and type) and becomes charged only when a charging source
 *   reports the same conversion (same type and order id): the gateway's match.
 * - At most one charged conversion per click and type (the CPA is the price of
 *   that conversion, whatever else the user does after the same click).
 * - At most `perClick` counted conversions per click, of all types.
 * Applied inside the conversion commit's transaction, to what is already
 * stored for the click (conversions/repo.ts), in batch order.
 */
/** Where a conversion came from (stored as `source`). */
export type ConversionSource = 'capi' | 'pixel' | 'stripe' | 'cal' | 'shopify';

export const CHARGING_SOURCES: ReadonlySet<ConversionSource> = new Set(['capi', 'stripe', 'shopify', 'cal']);

/** Why a counted conversion was not charged, or not counted (stored as `charge_note`). */
export type ChargeNote = 'browser_source' | 'already_charged' | 'per_click_cap' | 'over_budget';

/** What a click already has, as the commit sees it (loaded in its transaction, updated as the batch goes). */
export interface ClickConversions {
  counted: number;
  /** Event types with a charged conversion. */
  charged: Set<string>;
  /** Event types with a counted browser (pixel) conversion. */
  browser: Set<string>;
}

export const emptyClick = (): ClickConversions => ({ counted: 0, charged: new Set(), browser: new Set() });

/** The fields of a conversion row the caps read and set. */
export interface CappedRow {
  source: string;
  event_type: string;
  counted: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  charge_note: string | null;
}

const uncharge = (r: CappedRow, note: ChargeNote): void => {
  r.spend_micros = 0;
  r.revenue_micros = 0;
  r.take_micros = 0;
  r.charge_note = note;
};

/** Apply the per-click caps to a new conversion of a click (in place), and count it in the click's state. */
export function capConversion(r: CappedRow, click: ClickConversions, perClick: number): void {
  if (r.counted !== 1) return;
  const browser = r.source === 'pixel';
  if (click.counted >= perClick || (browser && click.browser.has(r.event_type))) {
    r.counted = 0;
    uncharge(r, 'per_click_cap');
    return;
  }
  if (r.spend_micros > 0 && click.charged.has(r.event_type)) uncharge(r, 'already_charged');
  click.counted++;
  if (browser) click.browser.add(r.event_type);
  if (r.spend_micros > 0) click.charged.add(r.event_type);
}

/**
 * A charging source reporting a conversion a browser pixel already counted
 * (same type and order id): the stored conversion is charged now, once. True
 * when the stored one is such a pixel conversion of the same click, not yet
 * charged, and the click has no charged conversion of the type.
 */
export function confirmsBrowserConversion(
  stored: { source: string; click_id: string | null; counted: number; spend_micros: number; event_type: string },
  incoming: { click_id: string | null; spend_micros: number },
  click: ClickConversions,
): boolean {
  return (
    stored.source === 'pixel' &&
    stored.counted === 1 &&
    stored.spend_micros === 0 &&
    incoming.spend_micros > 0 &&
    stored.click_id !== null &&
    stored.click_id === incoming.click_id &&
    !click.charged.has(stored.event_type)
  );
}
