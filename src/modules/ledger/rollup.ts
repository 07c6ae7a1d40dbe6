import { quarterBucket } from '../../lib/clock.js';
import type { RollupTable } from '../../db/schema.js';

/**
 * A rollup row's columns in storage order (keys, then counters), declared here once: the statements,
 * the rollup log's wire order, the types below and the compiled counter functions are built from these
 * lists. (The migrations that created the columns are frozen and keep their own copies.)
 */
export const ROLLUP_KEY_COLUMNS = [
  'bucket',
  ...(['publisher_id', 'placement_id', 'placement_type'] as const),
  ...(['advertiser_id', 'campaign_id', 'ad_group_id', 'ad_id'] as const),
  ...(['device', 'country'] as const),
] as const;
/** Event counts, then money (micros), then what invalid traffic and the budget ceiling set aside. */
export const ROLLUP_COUNTER_COLUMNS = [
  ...(['requests', 'wins', 'impressions', 'clicks', 'conversions'] as const),
  ...(['spend_micros', 'revenue_micros', 'take_micros', 'conversion_value_micros'] as const),
  ...(['invalid_impressions', 'invalid_clicks', 'overdelivery_micros'] as const),
] as const;

/** The dimensions of a rollup row; '' where a dimension does not apply. */
export type RollupKey = Pick<RollupTable, (typeof ROLLUP_KEY_COLUMNS)[number]>;
export type RollupCounters = Pick<RollupTable, (typeof ROLLUP_COUNTER_COLUMNS)[number]>;
export type RollupRow = RollupKey & RollupCounters;

/** The statements' and the rollup log's column order. */
export const ROLLUP_COLS = [...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNTER_COLUMNS];

/** Sums deltas per rollup key so one batch writes each row once, in a stable order. */
export class RollupAccumulator {
  private readonly rows = new Map<string, RollupRow>();

  add(at: number, key: Omit<RollupKey, 'bucket'>, delta: Partial<RollupCounters>): void {
    this.addBucket(quarterBucket(at), key, delta);
  }

  private addBucket(bucket: number, key: Omit<RollupKey, 'bucket'>, delta: Partial<RollupCounters>): void {
    const row = rollupRowAt(bucket, key, {});
    const k = keyOf(row);
    const have = this.rows.get(k) ?? row;
    if (have === row) this.rows.set(k, row);
    for (const [c, v] of Object.entries(delta) as [keyof RollupCounters, number][]) have[c] += v;
  }

  addRow(row: RollupRow): void {
    const k = keyOf(row);
    const have = this.rows.get(k);
    if (!have) {
      // A copy (the caller's row is not ours to add to), written field by field rather than spread.
      this.rows.set(k, rollupRowAt(row.bucket, row, row));
      return;
    }
    addCounters(have, row);
  }

  /** Rows sorted by key, so concurrent writers lock rows in the same order. */
  drain(): RollupRow[] {
    const out = [...this.rows.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map((e) => e[1]);
    this.rows.clear();
    return out;
  }

  get size(): number {
    return this.rows.size;
  }
}

/** One rollup row for a single record at time `at`. */
export function rollupRow(at: number, key: Omit<RollupKey, 'bucket'>, delta: Partial<RollupCounters>): RollupRow {
  return rollupRowAt(quarterBucket(at), key, delta);
}

/**
 * Functions over every counter, compiled once from the column lists above
 * (their one home) into code that names each field: serving builds rollup rows
 * per request, and the writer copies and sums them per key per commit. A loop
 * of keyed accesses over the counters measured ~40 times slower (~200 ns
 * against ~5 ns a row), and object spreads take V8's slow copy path. The
 * source is built from the constant column names only.
 */
const compiled = <F>(
  params: string[],
  body: (counter: (each: (c: string) => string, sep: string) => string) => string,
) =>
  new Function(
    ...params,
    body((each, sep) => ROLLUP_COUNTER_COLUMNS.map(each).join(sep)),
  ) as F;

/** A rollup row in a given bucket: the key, then each counter from `delta`, 0 where it has none. */
const rollupRowAt = compiled<
  (bucket: number, key: Omit<RollupKey, 'bucket'>, delta: Partial<RollupCounters>) => RollupRow
>(
  ['bucket', 'key', 'delta'],
  (counters) =>
    `return { bucket, ${ROLLUP_KEY_COLUMNS.filter((c) => c !== 'bucket')
      .map((c) => `${c}: key.${c}`)
      .join(', ')}, ${counters((c) => `${c}: delta.${c} ?? 0`, ', ')} };`,
);

/** Adds every counter of `delta` to `into`. */
const addCounters = compiled<(into: RollupCounters, delta: RollupCounters) => void>(['into', 'delta'], (counters) =>
  counters((c) => `into.${c} += delta.${c};`, '\n'),
);

/**
 * The identity of a rollup row, as one string: its keys joined by U+0001 (compiled like the above), each as a template
 * literal writes it (null as "null"). Made by `join`, which returns one flat string, not by a template literal, whose
 * string of ~20 concatenated pieces V8 hashes piece by piece and flattens (a runtime call) to compare with the key it
 * finds in the accumulator's map (record 0047 round 25).
 */
const keyOf = new Function(
  'r',
  `return [${ROLLUP_KEY_COLUMNS.map((c) => `r.${c} ?? String(r.${c})`).join(', ')}].join('\\u0001');`,
) as (r: RollupKey) => string;

/** Every counter at 0, as a fresh object. */
export const zeroCounters = compiled<() => RollupCounters>(
  [],
  (counters) => `return { ${counters((c) => `${c}: 0`, ', ')} };`,
);

// --- The mirrors of the rollups, derived per batch (they were triggers; migration 0007).

/**
 * The scopes the reports read (`rollup_scope_qh` by UTC quarter hour,
 * `rollup_scope_day` by UTC day), keyed (scope, parent_id, time, scope_id):
 *   'pub'  scope_id = publisher_id, parent = publisher_id
 *   'cmp'  scope_id = campaign_id,  parent = advertiser_id
 *   'grp'  scope_id = ad_group_id,  parent = advertiser_id
 * A rollup row with '' in the id column does not belong to that scope.
 */
export type ScopeName = 'pub' | 'cmp' | 'grp';

/** One scope row's delta; `time` is the quarter-hour bucket (qh) or the UTC day, bucket / 96 (day). */
export type ScopeRow = { scope: ScopeName; parent_id: string; time: number; scope_id: string } & RollupCounters;

export interface RollupWrite {
  /** The rollup rows, one per key, sorted by key. */
  rollups: RollupRow[];
  /** Scope deltas per quarter hour and per day, one per key, sorted by key. */
  qh: ScopeRow[];
  day: ScopeRow[];
  /** All-time deltas of scope 'cmp' (`rollup_scope_all`; `time` is 0, not written), one per key, sorted by key. */
  all: ScopeRow[];
}

export const QUARTER_HOURS_PER_DAY = 96;

/** Rows with distinct keys in key order: as given when they already are (RollupAccumulator.drain), else summed and sorted. */
function normalised(rows: RollupRow[]): RollupRow[] {
  let prev = '';
  for (let i = 0; i < rows.length; i++) {
    const k = keyOf(rows[i]);
    if (i > 0 && k <= prev) {
      const acc = new RollupAccumulator();
      for (const r of rows) acc.addRow(r);
      return acc.drain();
    }
    prev = k;
  }
  return rows;
}

/** A scope row: its key, and the counters of `r`. */
const scopeRow = compiled<
  (scope: ScopeName, parent_id: string, time: number, scope_id: string, r: RollupCounters) => ScopeRow
>(
  ['scope', 'parent_id', 'time', 'scope_id', 'r'],
  (counters) => `return { scope, parent_id, time, scope_id, ${counters((c) => `${c}: r.${c}`, ', ')} };`,
);

/**
 * Scope rows of one table by scope id, then (scope, parent, time) among the
 * few rows of that id: the ids are the rows' own strings, whose hashes V8
 * keeps, so no key string is built per lookup. Counters are added and copied
 * by compiled functions (no keyed access): this runs for every rollup row of
 * every commit.
 */
class ScopeSums {
  private readonly byId = new Map<string, ScopeRow[]>();
  readonly rows: ScopeRow[] = [];

  add(scope: ScopeName, parent: string, time: number, id: string, r: RollupCounters): void {
    let list = this.byId.get(id);
    if (list === undefined) this.byId.set(id, (list = []));
    for (const have of list) {
      if (have.time === time && have.scope === scope && have.parent_id === parent) {
        addCounters(have, r);
        return;
      }
    }
    const row = scopeRow(scope, parent, time, id, r);
    list.push(row);
    this.rows.push(row);
  }
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Primary-key order: every writer sorts the same way, so concurrent PostgreSQL writers lock rows in one order. */
const byScopeKey = (a: ScopeRow, b: ScopeRow): number =>
  cmp(a.scope, b.scope) || cmp(a.parent_id, b.parent_id) || a.time - b.time || cmp(a.scope_id, b.scope_id);

/**
 * Everything one batch of rollup deltas writes: the rollup rows themselves,
 * their scope totals and the campaigns' all-time totals — what the triggers of
 * migrations 0002 and 0004 derived row by row, summed per batch:
 * - every rollup row adds its counters to scope 'pub', 'cmp' and 'grp' (see
 *   ScopeName) in its quarter hour and its day (bucket / 96, SQL's integer
 *   division), for each scope whose id is not '' (a zero delta still creates
 *   the scope row, as the triggers did);
 * - every row with a campaign also adds them to that campaign's all-time row
 *   (scope 'cmp', keyed by advertiser and campaign: `rollup_scope_all`, the
 *   one lifetime figure; docs/decisions/0045-issue26-ledger.md).
 */
export function rollupWrite(input: RollupRow[]): RollupWrite {
  const rollups = normalised(input);
  const qh = new ScopeSums();
  const day = new ScopeSums();
  const all = new ScopeSums();
  for (const r of rollups) {
    const d = Math.trunc(r.bucket / QUARTER_HOURS_PER_DAY);
    if (r.publisher_id !== '') {
      qh.add('pub', r.publisher_id, r.bucket, r.publisher_id, r);
      day.add('pub', r.publisher_id, d, r.publisher_id, r);
    }
    if (r.campaign_id !== '') {
      qh.add('cmp', r.advertiser_id, r.bucket, r.campaign_id, r);
      day.add('cmp', r.advertiser_id, d, r.campaign_id, r);
      all.add('cmp', r.advertiser_id, 0, r.campaign_id, r);
    }
    if (r.ad_group_id !== '') {
      qh.add('grp', r.advertiser_id, r.bucket, r.ad_group_id, r);
      day.add('grp', r.advertiser_id, d, r.ad_group_id, r);
    }
  }
  return { rollups, qh: qh.rows.sort(byScopeKey), day: day.rows.sort(byScopeKey), all: all.rows.sort(byScopeKey) };
}
