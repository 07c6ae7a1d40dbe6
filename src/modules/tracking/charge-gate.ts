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
  /** Limits per campaign (an unknown campaign, absent or null, has none). */
  campaigns: Map<string, CampaignLimits | null>;
  /** The fixed daily budget per ad group (null: none). */
  groups: Map<string, number | null>;
  /** Billed so far per ledger key (`ledgerKeyString`). */
  spent: Map<string, number>;
}

function keysOf(c: Chargeable, day: number): LedgerKey[] {
  const keys: LedgerKey[] = [
    { scope: 'c', id: c.campaign_id!, period: day },
    { scope: 'c', id: c.campaign_id!, period: LIFETIME },
  ];
  if (c.ad_group_id) keys.push({ scope: 'g', id: c.ad_group_id, period: day });
  return keys;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byKey = (a: LedgerKey, b: LedgerKey): number => cmp(a.scope, b.scope) || cmp(a.id, b.id) || a.period - b.period;
/** Charges of one campaign, group and day share their ledger rows: a batch of impressions is a handful of lanes. */
const laneOf = (c: Chargeable, day: number): string => `${c.campaign_id}\u0001${c.ad_group_id ?? ''}\u0001${day}`;

/** The campaigns, groups and ledger rows the charges touch (charges without a campaign or amount are not the gate's). */
export function gateNeeds(charges: readonly Chargeable[]): GateNeeds {
  const campaigns = new Set<string>();
  const groups = new Set<string>();
  const lanes = new Set<string>();
  const keys = new Map<string, LedgerKey>();
  let prev: Chargeable | null = null;
  for (const c of charges) {
    if (!c.campaign_id || c.spend_micros <= 0) continue;
    // Runs of one campaign and group (a batch of impressions) are one lane: skip them without building a key.
    if (prev !== null && c.campaign_id === prev.campaign_id && c.ad_group_id === prev.ad_group_id && dayOf(c.at) === dayOf(prev.at)) continue;
    prev = c;
    const day = dayOf(c.at);
    const lane = laneOf(c, day);
    if (lanes.has(lane)) continue;
    lanes.add(lane);
    campaigns.add(c.campaign_id);
    if (c.ad_group_id) groups.add(c.ad_group_id);
    for (const k of keysOf(c, day)) keys.set(ledgerKeyString(k), k);
  }
  return { campaignIds: [...campaigns].sort(), groupIds: [...groups].sort(), keys: [...keys.values()].sort(byKey) };
}

/** One ledger row as the gate works on it: its limit, what is billed so far, and this batch's change. */
interface Cell {
  key: string;
  limit: number | null;
  delta: LedgerDelta;
}

export class ChargeGate {
  private readonly cells = new Map<string, Cell>();
  private readonly lanes = new Map<string, Cell[]>();

  constructor(private readonly state: GateState) {}

  private lane(c: Chargeable, day: number): Cell[] {
    const name = laneOf(c, day);
    let cells = this.lanes.get(name);
    if (cells) return cells;
    const limits = this.state.campaigns.get(c.campaign_id!);
    cells = keysOf(c, day).map((k) => {
      const key = ledgerKeyString(k);
      let cell = this.cells.get(key);
      if (!cell) {
        const limit = k.scope === 'g' ? (this.state.groups.get(k.id) ?? null) : k.period === LIFETIME ? (limits?.lifetime ?? null) : (limits?.daily ?? null);
        this.cells.set(key, (cell = { key, limit, delta: { ...k, spend: 0, overdelivery: 0 } }));
      }
      return cell;
    });
    this.lanes.set(name, cells);
    return cells;
  }

  /**
   * Bills the charge if it fits every limit, else moves it to overdelivery (in
   * place). Call it only for records that were newly written, in order.
   * Returns whether it was billed.
   */
  private last: { campaign: string; group: string | null; day: number; cells: Cell[] } | null = null;

  charge(c: Chargeable): boolean {
    const amount = c.spend_micros;
    if (!c.campaign_id || amount <= 0) return true;
    const day = dayOf(c.at);
    const last = this.last;
    let cells: Cell[];
    if (last !== null && last.campaign === c.campaign_id && last.group === c.ad_group_id && last.day === day) cells = last.cells;
    else this.last = { campaign: c.campaign_id, group: c.ad_group_id, day, cells: (cells = this.lane(c, day)) };
    const spent = this.state.spent;
    let fits = true;
    for (const cell of cells) {
      if (cell.limit !== null && (spent.get(cell.key) ?? 0) + amount > cell.limit) fits = false;
    }
    if (fits) {
      for (const cell of cells) {
        spent.set(cell.key, (spent.get(cell.key) ?? 0) + amount);
        cell.delta.spend += amount;
      }
    } else {
      c.overdelivery_micros += amount;
      c.spend_micros = 0;
      c.revenue_micros = 0;
      c.take_micros = 0;
      for (const cell of cells) cell.delta.overdelivery += amount;
    }
    return fits;
  }

  /** The ledger changes to write, sorted by key. */
  rows(): LedgerDelta[] {
    return [...this.cells.values()].map((c) => c.delta).sort(byKey);
  }
}
