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
 * overdelivery rare (docs/decisions/0040-issue25-budget-ceiling.md); the gate is
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
    if (
      prev !== null &&
      c.campaign_id === prev.campaign_id &&
      c.ad_group_id === prev.ad_group_id &&
      dayOf(c.at) === dayOf(prev.at)
    )
      continue;
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

/**
 * Where the gate finds limits and what is billed so far: preloaded maps
 * (PostgreSQL, read under the rows' locks: `stateSource`), or the SQLite
 * writer's cache, which reads what is missing on demand.
 */
export interface GateSource {
  campaign(id: string): CampaignLimits | null;
  group(id: string): number | null;
  spent(k: LedgerKey, key: string): number;
}

/** A source over preloaded state (what `gateNeeds` asked for). */
export const stateSource = (state: GateState): GateSource => ({
  campaign: (id) => state.campaigns.get(id) ?? null,
  group: (id) => state.groups.get(id) ?? null,
  spent: (_k, key) => state.spent.get(key) ?? 0,
});

/** One ledger row as the gate works on it: its limit, what is billed so far, and the open transaction's change. */
interface Cell {
  key: LedgerKey;
  limit: number | null;
  spent: number;
  delta: LedgerDelta;
  touched: boolean;
}

/**
 * The gate over one transaction's charges — or, on the SQLite writer thread,
 * over its transactions one after another while nothing else wrote: cells
 * (limits and billed spend per ledger row) and lanes (a campaign, group and
 * day) are kept, and each transaction starts with `begin`. Charging a run of
 * one lane (a batch of impressions) builds no key and allocates nothing.
 */
export class ChargeGate {
  private readonly cells = new Map<string, Cell>();
  private readonly lanes = new Map<string, Cell[]>();
  private touched: Cell[] = [];
  private last: { campaign: string; group: string | null; day: number; cells: Cell[] } | null = null;

  constructor(private readonly source: GateSource) {}

  /** A new transaction: no changes yet (what earlier ones billed stays counted). */
  begin(): void {
    for (const c of this.touched) {
      c.touched = false;
      c.delta.spend = 0;
      c.delta.overdelivery = 0;
    }
    this.touched = [];
  }

  private lane(c: Chargeable, day: number): Cell[] {
    const name = laneOf(c, day);
    let cells = this.lanes.get(name);
    if (cells) return cells;
    cells = keysOf(c, day).map((k) => {
      const key = ledgerKeyString(k);
      let cell = this.cells.get(key);
      if (!cell) {
        const limit =
          k.scope === 'g'
            ? this.source.group(k.id)
            : k.period === LIFETIME
              ? (this.source.campaign(k.id)?.lifetime ?? null)
              : (this.source.campaign(k.id)?.daily ?? null);
        this.cells.set(
          key,
          (cell = {
            key: k,
            limit,
            spent: this.source.spent(k, key),
            delta: { ...k, spend: 0, overdelivery: 0 },
            touched: false,
          }),
        );
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
  charge(c: Chargeable): boolean {
    const amount = c.spend_micros;
    if (!c.campaign_id || amount <= 0) return true;
    const day = dayOf(c.at);
    const last = this.last;
    let cells: Cell[];
    if (last !== null && last.campaign === c.campaign_id && last.group === c.ad_group_id && last.day === day)
      cells = last.cells;
    else this.last = { campaign: c.campaign_id, group: c.ad_group_id, day, cells: (cells = this.lane(c, day)) };
    let fits = true;
    for (const cell of cells) {
      if (!cell.touched) {
        cell.touched = true;
        this.touched.push(cell);
      }
      if (cell.limit !== null && cell.spent + amount > cell.limit) fits = false;
    }
    if (fits) {
      for (const cell of cells) {
        cell.spent += amount;
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

  /** The ledger changes of the transaction, sorted by key. */
  rows(): LedgerDelta[] {
    return this.touched.map((c) => ({ ...c.delta })).sort(byKey);
  }

  /** Rows kept (a bound on what the writer holds between transactions). */
  get size(): number {
    return this.cells.size;
  }
}
