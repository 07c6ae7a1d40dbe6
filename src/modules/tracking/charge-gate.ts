/**
 * The budget gate: the one check every charge passes — an impression (CPM), a
 * click (CPC) or a conversion (CPA) — inside the transaction that records it.
 *
 * Budgets are a hard ceiling on what is billed: a charge that would take the
 * campaign's daily budget, its lifetime budget or its ad group's fixed daily
 * budget past the limit is not billed; it is recorded as unbilled
 * overdelivery (the event or conversion stays, with its spend moved to
 * `overdelivery_micros`). What has been billed is counted in `spend_ledger`
 * (campaign day, group day, campaign lifetime), written in the same
 * transaction as the charge, so every instance sharing the database sees one
 * figure (PostgreSQL: the ledger rows are locked, in key order, for the
 * transaction; SQLite: one writer at a time). Serving's reservations keep
 * overdelivery rare (docs/decisions/issue25-budget-ceiling.md); the gate is
 * what makes it impossible to bill past the budget, whatever arrives late.
 *
 * Pure: the stores (tracking/repo.ts) load the state and write the deltas.
 * Imported by the journal's writer thread: keep its imports light.
 */
export const DAY_MS = 86_400_000;
/** The ledger's lifetime period. */
export const LIFETIME = -1;

export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/** Something that may be charged: an event or a conversion row (the gate moves a refused charge to overdelivery in place). */
export interface Chargeable {
  campaign_id: string | null;
  ad_group_id: string | null;
  at: number;
  spend_micros: number;
  revenue_micros: number;
  take_micros: number;
  overdelivery_micros: number;
}

export interface CampaignLimits {
  daily: number | null;
  lifetime: number | null;
}

/** One ledger row: scope `c` (campaign) or `g` (ad group), its id, and the period (UTC day, or LIFETIME). */
export interface LedgerKey {
  scope: 'c' | 'g';
  id: string;
  period: number;
}
export interface LedgerDelta extends LedgerKey {
  spend: number;
  overdelivery: number;
}

export const ledgerKeyString = (k: LedgerKey): string => `${k.scope}\u0001${k.id}\u0001${k.period}`;

/** What a batch of charges needs loaded before the gate can judge it. */
export interface GateNeeds {
  campaignIds: string[];
  groupIds: string[];
  /** Sorted by key (PostgreSQL locks them in this order). */
  keys: LedgerKey[];
}

export interface GateState {
  /** Limits per campaign (an unknown campaign has none). */
  campaigns: Map<string, CampaignLimits>;
  /** The fixed daily budget per ad group (null: none). */
  groups: Map<string, number | null>;
  /** Billed so far per ledger key (`ledgerKeyString`). */
  spent: Map<string, number>;
}

function keysOf(c: Chargeable): LedgerKey[] {
  const day = dayOf(c.at);
  const keys: LedgerKey[] = [
    { scope: 'c', id: c.campaign_id!, period: day },
    { scope: 'c', id: c.campaign_id!, period: LIFETIME },
  ];
  if (c.ad_group_id) keys.push({ scope: 'g', id: c.ad_group_id, period: day });
  return keys;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: LedgerKey, b: LedgerKey): number => cmp(a.scope, b.scope) || cmp(a.id, b.id) || a.period - b.period;

/** The campaigns, groups and ledger rows the charges touch (charges without a campaign or amount are not the gate's). */
export function gateNeeds(charges: readonly Chargeable[]): GateNeeds {
  const campaigns = new Set<string>();
  const groups = new Set<string>();
  const keys = new Map<string, LedgerKey>();
  for (const c of charges) {
    if (!c.campaign_id || c.spend_micros <= 0) continue;
    campaigns.add(c.campaign_id);
    if (c.ad_group_id) groups.add(c.ad_group_id);
    for (const k of keysOf(c)) keys.set(ledgerKeyString(k), k);
  }
  return { campaignIds: [...campaigns].sort(), groupIds: [...groups].sort(), keys: [...keys.values()].sort(byKey) };
}

export class ChargeGate {
  private readonly deltas = new Map<string, LedgerDelta>();

  constructor(private readonly state: GateState) {}

  /**
   * Bills the charge if it fits every limit, else moves it to overdelivery (in
   * place). Call it only for records that were newly written, in order.
   * Returns whether it was billed.
   */
  charge(c: Chargeable): boolean {
    const amount = c.spend_micros;
    if (!c.campaign_id || amount <= 0) return true;
    const keys = keysOf(c);
    const limits = this.state.campaigns.get(c.campaign_id);
    const limitOf = (k: LedgerKey): number | null =>
      k.scope === 'g' ? (this.state.groups.get(k.id) ?? null) : k.period === LIFETIME ? (limits?.lifetime ?? null) : (limits?.daily ?? null);
    let fits = true;
    for (const k of keys) {
      const limit = limitOf(k);
      if (limit !== null && (this.state.spent.get(ledgerKeyString(k)) ?? 0) + amount > limit) fits = false;
    }
    if (!fits) {
      c.overdelivery_micros += amount;
      c.spend_micros = 0;
      c.revenue_micros = 0;
      c.take_micros = 0;
    }
    for (const k of keys) {
      const s = ledgerKeyString(k);
      if (fits) this.state.spent.set(s, (this.state.spent.get(s) ?? 0) + amount);
      let d = this.deltas.get(s);
      if (!d) this.deltas.set(s, (d = { ...k, spend: 0, overdelivery: 0 }));
      if (fits) d.spend += amount;
      else d.overdelivery += amount;
    }
    return fits;
  }

  /** The ledger changes to write, sorted by key. */
  rows(): LedgerDelta[] {
    return [...this.deltas.values()].sort(byKey);
  }
}
