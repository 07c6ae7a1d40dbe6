import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { CompiledQuery, Kysely } from 'kysely';
import { setRollupSettler, settleRollups, type Database } from '../../db/index.js';
import type { AdRequestTable, AdServeTable, DB, TrackingEventTable } from '../../db/schema.js';
import { clickVersusImpression } from '../ivt/rules.js';
import { eventRollup, invalidate } from './record.js';
import { ChargeGate, gateNeeds, ledgerKeyString, stateSource, type Chargeable, type GateNeeds, type GateSource, type GateState, type LedgerDelta } from './charge-gate.js';
import {
  LIFETIME_COUNTER_COLUMNS,
  ROLLUP_COUNTER_COLUMNS,
  ROLLUP_KEY_COLUMNS,
  RollupAccumulator,
  rollupWrite,
  type LifetimeDelta,
  type RollupRow,
  type ScopeRow,
} from './rollup.js';

/**
 * The journal's storage: one transaction per group commit, holding the
 * append-only records and the rollup deltas they cause. The hot path uses
 * prepared statements (SQLite) and multi-row statements (PostgreSQL) directly.
 */
export type EventRow = Omit<TrackingEventTable, 'id'>;

export interface Batch {
  requests: AdRequestTable[];
  serves: AdServeTable[];
  /** Judged and charged inside the transaction (clicks against their impressions, charges at the budget gate): changed in place. */
  events: EventRow[];
  /** Rollup deltas that always count (the ad requests'); the events' are derived from their final rows. */
  rollups: RollupRow[];
}

/** What the journal's transactions judge by (configuration, given to every store). */
export interface JournalRules {
  /** A click sooner than this after its impression is invalid traffic (`too_fast`). */
  minClickDelayMs: number;
}
export const DEFAULT_JOURNAL_RULES: JournalRules = { minClickDelayMs: 0 };

export interface JournalStore {
  /** Commit the batch durably; returns, per event, whether it was newly recorded (not a duplicate). */
  commit(batch: Batch): Promise<boolean[]>;
}

export const EVENT_COLS = [
  'kind',
  'click_id',
  'at',
  'publisher_id',
  'placement_id',
  'placement_type',
  'campaign_id',
  'ad_group_id',
  'ad_id',
  'advertiser_id',
  'device',
  'country',
  'ip_hash',
  'is_bot',
  'is_test',
  'spend_micros',
  'revenue_micros',
  'take_micros',
  'graid',
  'ivt_reason',
  'overdelivery_micros',
] as const;
export const REQUEST_COLS = ['id', 'publisher_id', 'at', 'session_hash', 'slots', 'filled', 'device', 'country', 'is_test'] as const;
export const SERVE_COLS = [
  'click_id',
  'request_id',
  'publisher_id',
  'placement_id',
  'placement_type',
  'campaign_id',
  'ad_group_id',
  'ad_id',
  'advertiser_id',
  'pricing',
  'price_micros',
  'at',
  'is_test',
] as const;
export const ROLLUP_COLS = [...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNTER_COLUMNS];
const ROLLUP_UPDATE = ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = rollups.${c} + excluded.${c}`).join(', ');
const ROLLUP_CONFLICT = `ON CONFLICT (${ROLLUP_KEY_COLUMNS.join(', ')}) DO UPDATE SET ${ROLLUP_UPDATE}`;

// Hot statements take their values as arguments (`run(...values)`), not as one
// array: better-sqlite3 reads an array's elements through V8's generic
// property lookup, about a third of its binding work (BENCHMARKS.md).
const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;

// --- Rollups and their mirrors: the one writer of `rollups` (journal commits and conversion commits call it).

const SCOPE_TABLES = [
  ['rollup_scope_qh', 'bucket'],
  ['rollup_scope_day', 'day'],
] as const;
const scopeCols = (timeCol: string) => ['scope', 'parent_id', timeCol, 'scope_id', ...ROLLUP_COUNTER_COLUMNS];
const scopeConflict = (table: string, timeCol: string) =>
  `ON CONFLICT (scope, parent_id, ${timeCol}, scope_id) DO UPDATE SET ${ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
const LIFETIME_DELTA_COLS = ['campaign_id', 'advertiser_id', ...LIFETIME_COUNTER_COLUMNS] as const;

const scopeValues = (r: ScopeRow): unknown[] => [r.scope, r.parent_id, r.time, r.scope_id, ...ROLLUP_COUNTER_COLUMNS.map((c) => r[c])];
const rollupValues = (r: RollupRow): unknown[] => ROLLUP_COLS.map((c) => r[c]);
const lifetimeValues = (l: LifetimeDelta): unknown[] => LIFETIME_DELTA_COLS.map((c) => l[c]);

/**
 * An upsert (or insert) of many rows on SQLite, `CHUNKS[0]` rows per call,
 * then smaller statements for the rest: each call from JavaScript costs
 * about as much as a small upsert itself, so rows go in as multi-row VALUES.
 */
const CHUNKS = [64, 16, 4, 1];
function sqliteMultiRow(sqlite: BetterSqlite3.Database, head: string, width: number, suffix: string, sizes = CHUNKS): (rows: unknown[][]) => void {
  const stmts = sizes.map((n) => sqlite.prepare(`${head} VALUES ${Array.from({ length: n }, () => placeholders(width)).join(', ')} ${suffix}`));
  const params = sizes.map((n) => new Array<unknown>(n * width));
  return (rows) => {
    let i = 0;
    for (let c = 0; c < sizes.length; c++) {
      const n = sizes[c];
      const p = params[c];
      for (; i + n <= rows.length; i += n) {
        for (let j = 0; j < n; j++) {
          const values = rows[i + j];
          for (let k = 0; k < width; k++) p[j * width + k] = values[k];
        }
        stmts[c].run(...p);
      }
    }
  };
}

/**
 * Writes rollup deltas with their mirrors — scope totals per quarter hour and
 * per day, lifetime deltas per campaign — derived per batch by `rollupWrite`
 * (tracking/rollup.ts), on a SQLite connection, inside the transaction the
 * caller holds open. Statements are prepared once per writer.
 */
export function sqliteRollupWriter(sqlite: BetterSqlite3.Database): (rows: RollupRow[]) => void {
  const upRollups = sqliteMultiRow(sqlite, `INSERT INTO rollups (${ROLLUP_COLS.join(', ')})`, ROLLUP_COLS.length, ROLLUP_CONFLICT);
  const [upQh, upDay] = SCOPE_TABLES.map(([table, timeCol]) =>
    sqliteMultiRow(sqlite, `INSERT INTO ${table} (${scopeCols(timeCol).join(', ')})`, scopeCols(timeCol).length, scopeConflict(table, timeCol)),
  );
  const insLifetime = sqliteMultiRow(sqlite, `INSERT INTO campaign_stat_deltas (${LIFETIME_DELTA_COLS.join(', ')})`, LIFETIME_DELTA_COLS.length, '');
  return (rows) => {
    if (rows.length === 0) return;
    const w = rollupWrite(rows);
    upRollups(w.rollups.map(rollupValues));
    upQh(w.qh.map(scopeValues));
    upDay(w.day.map(scopeValues));
    insLifetime(w.lifetime.map(lifetimeValues));
  };
}

const sqliteWriters = new WeakMap<BetterSqlite3.Database, (rows: RollupRow[]) => void>();
/** `sqliteRollupWriter` for a connection, prepared once: for writers that commit other records with their rollups (conversions). */
export function writeRollupsSqlite(sqlite: BetterSqlite3.Database, rows: RollupRow[]): void {
  let write = sqliteWriters.get(sqlite);
  if (!write) sqliteWriters.set(sqlite, (write = sqliteRollupWriter(sqlite)));
  write(rows);
}

/** A statement runner inside a PostgreSQL transaction: a pg client's, or a Kysely transaction's (`kyselyExec`). */
export type PgExec = (text: string, params: unknown[]) => Promise<unknown>;
export const kyselyExec =
  (trx: Kysely<DB>): PgExec =>
  async (text, params) =>
    trx.executeQuery(await rawQuery(text, params));
/** `kyselyExec` returning the statement's rows. */
export const kyselyQuery =
  (trx: Kysely<DB>): PgQuery =>
  async (text, params) =>
    (await trx.executeQuery(await rawQuery(text, params))).rows as unknown[];

/**
 * Kysely's `CompiledQuery.raw`, with Kysely loaded on first use: the SQLite
 * writer thread imports this module but never runs a Kysely query, and
 * importing Kysely took ~90 of its ~150 ms start (the main thread has it
 * loaded already, so this costs it one microtask).
 */
async function rawQuery(text: string, params: unknown[]): Promise<CompiledQuery> {
  return (await import('kysely')).CompiledQuery.raw(text, params);
}

/**
 * One upsert (or insert) per table on PostgreSQL, whatever the number of rows:
 * the rows go as one array per column and `unnest` turns them back into rows,
 * in the order given (sorted: row locks are taken in key order). The
 * statement text never changes, so it is parsed once per connection.
 */
async function pgUnnest(exec: PgExec, table: string, cols: readonly string[], rows: unknown[][], suffix: string): Promise<void> {
  if (rows.length === 0) return;
  const literals = cols.map((c, k) => (TEXT_COLUMNS.has(c) ? textArray(rows, k) : numberArray(rows, k)));
  const types = cols.map((c) => (TEXT_COLUMNS.has(c) ? 'text' : 'bigint'));
  await exec(`INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) ${suffix}`, literals);
}
// Array literals written here (node-postgres would escape element by element): numbers as they are, text quoted.
const numberArray = (rows: unknown[][], k: number): string => `{${rows.map((r) => r[k] as number).join(',')}}`;
const quoted = (v: string): string => `"${/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
const textArray = (rows: unknown[][], k: number): string => `{${rows.map((r) => quoted(r[k] as string)).join(',')}}`;
const TEXT_COLUMNS = new Set<string>([...ROLLUP_KEY_COLUMNS.filter((c) => c !== 'bucket'), 'scope', 'parent_id', 'scope_id', 'campaign_id', 'advertiser_id']);

/**
 * The PostgreSQL twin of `sqliteRollupWriter`'s statements, through the
 * caller's transaction. Every writer upserts rollups, then quarter-hour
 * scopes, then day scopes, each sorted by key, so two concurrent writers lock
 * rows in one order and never deadlock; lifetime deltas are appended.
 */
export async function writeRollupsPostgres(exec: PgExec, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const w = rollupWrite(rows);
  await pgUnnest(exec, 'rollups', ROLLUP_COLS, w.rollups.map(rollupValues), ROLLUP_CONFLICT);
  await pgUnnest(exec, 'rollup_scope_qh', scopeCols('bucket'), w.qh.map(scopeValues), scopeConflict('rollup_scope_qh', 'bucket'));
  await pgUnnest(exec, 'rollup_scope_day', scopeCols('day'), w.day.map(scopeValues), scopeConflict('rollup_scope_day', 'day'));
  await pgUnnest(exec, 'campaign_stat_deltas', LIFETIME_DELTA_COLS, w.lifetime.map(lifetimeValues), '');
}

// --- The rollup log (SQLite, migration 0009): the writer thread's commits append their rollup deltas; folds apply them.

interface LogStatements {
  pending: BetterSqlite3.Statement;
  read: BetterSqlite3.Statement;
  remove: BetterSqlite3.Statement;
  fold: BetterSqlite3.Transaction<() => number>;
}
const logStatements = new WeakMap<BetterSqlite3.Database, LogStatements>();
/** Log rows folded per statement round (a fold takes them all, in rounds). */
const FOLD_ROUND = 2000;

const rollupFromValues = (v: unknown[]): RollupRow => {
  const row: Record<string, unknown> = {};
  // Rows logged before a migration added counters have fewer values: the missing counters are 0.
  for (let c = 0; c < ROLLUP_COLS.length; c++) row[ROLLUP_COLS[c]] = v[c] ?? 0;
  return row as unknown as RollupRow;
};

/**
 * Folds the rollup log into `rollups` and its mirrors: every logged commit's
 * deltas, merged per key, written by the one rollup writer and removed from
 * the log in one IMMEDIATE transaction (so two folders never apply a row
 * twice). Returns the log rows folded; 0 at the cost of one indexed look when
 * the log is empty.
 */
export function foldRollupLog(sqlite: BetterSqlite3.Database): number {
  let st = logStatements.get(sqlite);
  if (!st) {
    const pending = sqlite.prepare('SELECT EXISTS (SELECT 1 FROM rollup_log)').pluck();
    const read = sqlite.prepare('SELECT id, rows FROM rollup_log ORDER BY id LIMIT ?').raw();
    const remove = sqlite.prepare('DELETE FROM rollup_log WHERE id <= ?');
    const fold = sqlite.transaction((): number => {
      let folded = 0;
      for (;;) {
        const logged = read.all(FOLD_ROUND) as [number, string][];
        if (logged.length === 0) return folded;
        const acc = new RollupAccumulator();
        const ledger = new Map<string, LedgerDelta>();
        for (const [, text] of logged) {
          // A commit that charged logs `{r: rollups, l: ledger deltas}`; one that did not, its rollups alone.
          const entry = JSON.parse(text) as unknown[][] | { r: unknown[][]; l: unknown[][] };
          for (const values of Array.isArray(entry) ? entry : entry.r) acc.addRow(rollupFromValues(values));
          if (!Array.isArray(entry)) for (const v of entry.l) addLedgerDelta(ledger, ledgerFromValues(v));
        }
        writeRollupsSqlite(sqlite, acc.drain());
        if (ledger.size) sqliteLedger(sqlite).write([...ledger.values()]);
        remove.run(logged[logged.length - 1][0]);
        folded += logged.length;
        if (logged.length < FOLD_ROUND) return folded;
      }
    });
    logStatements.set(sqlite, (st = { pending, read, remove, fold }));
  }
  if (!st.pending.get()) return 0;
  return st.fold.immediate();
}

/** Reads of the rollups through `database.db` first fold its rollup log (db/index.ts `settleRollups`); SQLite only. */
export function settleBeforeReads(database: Database): void {
  const sqlite = database.sqlite;
  if (sqlite) setRollupSettler(database.db, () => void foldRollupLog(sqlite));
}

// --- The budget gate's ledger (tracking/charge-gate.ts): loaded and written inside the charging transaction.

const LEDGER_UPSERT_SUFFIX =
  'ON CONFLICT (scope, id, period) DO UPDATE SET spend_micros = spend_ledger.spend_micros + excluded.spend_micros, ' +
  'overdelivery_micros = spend_ledger.overdelivery_micros + excluded.overdelivery_micros';

/**
 * The gate's ledger on a SQLite connection, inside the caller's transaction
 * (statements prepared once per connection). The journal's writer thread keeps
 * what it read between its transactions while no other connection committed
 * (`PRAGMA data_version`; only other connections change budgets or the
 * ledger — its own folds of the rollup log only move logged changes into the
 * ledger, which the cache already counts): it then reads the ledger and the
 * limits once, not in every group commit. A transaction that loaded and did
 * not reach `settled` (it failed) leaves the cache to be dropped.
 */
export interface SqliteLedger {
  /** The gate for this transaction; `cached`: the writer thread's, kept between its transactions. */
  gate(cached: boolean): ChargeGate;
  write(rows: LedgerDelta[]): void;
  /** After the transaction committed: the kept gate (updated in place) is what the database holds. */
  settled(): void;
}
const sqliteLedgers = new WeakMap<BetterSqlite3.Database, SqliteLedger>();
export function sqliteLedger(sqlite: BetterSqlite3.Database): SqliteLedger {
  let l = sqliteLedgers.get(sqlite);
  if (l) return l;
  const campaign = sqlite.prepare('SELECT daily_budget_micros AS daily, lifetime_budget_micros AS lifetime FROM campaigns WHERE id = ?');
  const group = sqlite.prepare('SELECT daily_budget_micros AS daily, auto_optimize_budget AS auto FROM ad_groups WHERE id = ?');
  const spent = sqlite.prepare('SELECT spend_micros FROM spend_ledger WHERE scope = ? AND id = ? AND period = ?').pluck();
  const upsert = sqliteMultiRow(sqlite, 'INSERT INTO spend_ledger (scope, id, period, spend_micros, overdelivery_micros)', 5, LEDGER_UPSERT_SUFFIX, [3, 1]);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Reads on demand, inside the caller's transaction.
  const source: GateSource = {
    campaign(id) {
      const r = campaign.get(id) as { daily: number | null; lifetime: number | null } | undefined;
      return r ? { daily: r.daily, lifetime: r.lifetime } : null;
    },
    group(id) {
      const r = group.get(id) as { daily: number | null; auto: number } | undefined;
      return r && !r.auto ? r.daily : null;
    },
    spent: (k) => Number(spent.get(k.scope, k.id, k.period) ?? 0),
  };
  let kept: ChargeGate | null = null;
  let version = -1;
  /** A transaction took the kept gate and has not reached `settled` (if the next finds it set, that one failed). */
  let open = false;
  l = {
    gate(cached) {
      const v = cached ? (dataVersion.get() as number) : -1;
      if (!cached || !kept || open || v !== version || kept.size > 10_000) {
        // Read fresh, after folding what the writer thread logged (its ledger changes wait in the rollup log; a
        // savepoint inside this transaction).
        foldRollupLog(sqlite);
        kept = new ChargeGate(source);
      }
      version = v;
      open = true;
      kept.begin();
      return kept;
    },
    write(rows) {
      upsert(rows.map((r) => [r.scope, r.id, r.period, r.spend, r.overdelivery]));
    },
    settled() {
      open = false;
    },
  };
  sqliteLedgers.set(sqlite, l);
  return l;
}

/**
 * The gate's ledger through a PostgreSQL transaction: the rows the charges
 * touch are created if missing and locked in key order (so concurrent
 * charging transactions, on any instance, queue on them and never deadlock),
 * then read with the campaigns' and groups' limits.
 */
export async function loadLedgerPostgres(exec: PgQuery, needs: GateNeeds): Promise<GateState> {
  const state: GateState = { campaigns: new Map(), groups: new Map(), spent: new Map() };
  if (needs.keys.length === 0) return state;
  // (PostgreSQL reads under the rows' locks every time: other instances charge the same rows.)
  const scopes = needs.keys.map((k) => k.scope);
  const ids = needs.keys.map((k) => k.id);
  const periods = needs.keys.map((k) => k.period);
  await exec(
    'INSERT INTO spend_ledger (scope, id, period) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT (scope, id, period) DO NOTHING',
    [scopes, ids, periods],
  );
  const rows = await exec(
    'SELECT l.scope, l.id, l.period, l.spend_micros FROM spend_ledger l JOIN unnest($1::text[], $2::text[], $3::bigint[]) AS k(scope, id, period) ' +
      'ON l.scope = k.scope AND l.id = k.id AND l.period = k.period ORDER BY l.scope, l.id, l.period FOR UPDATE OF l',
    [scopes, ids, periods],
  );
  for (const r of rows as { scope: 'c' | 'g'; id: string; period: number; spend_micros: number }[]) {
    state.spent.set(ledgerKeyString({ scope: r.scope, id: r.id, period: Number(r.period) }), Number(r.spend_micros));
  }
  for (const r of (await exec('SELECT id, daily_budget_micros, lifetime_budget_micros FROM campaigns WHERE id = ANY($1::text[])', [needs.campaignIds])) as {
    id: string;
    daily_budget_micros: number | null;
    lifetime_budget_micros: number | null;
  }[]) {
    state.campaigns.set(r.id, { daily: r.daily_budget_micros === null ? null : Number(r.daily_budget_micros), lifetime: r.lifetime_budget_micros === null ? null : Number(r.lifetime_budget_micros) });
  }
  if (needs.groupIds.length) {
    for (const r of (await exec('SELECT id, daily_budget_micros, auto_optimize_budget FROM ad_groups WHERE id = ANY($1::text[])', [needs.groupIds])) as {
      id: string;
      daily_budget_micros: number | null;
      auto_optimize_budget: number;
    }[]) {
      state.groups.set(r.id, r.auto_optimize_budget ? null : r.daily_budget_micros === null ? null : Number(r.daily_budget_micros));
    }
  }
  return state;
}

export async function writeLedgerPostgres(exec: PgQuery, rows: LedgerDelta[]): Promise<void> {
  if (rows.length === 0) return;
  await exec(
    'UPDATE spend_ledger l SET spend_micros = l.spend_micros + d.s, overdelivery_micros = l.overdelivery_micros + d.o ' +
      'FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[]) AS d(scope, id, period, s, o) ' +
      'WHERE l.scope = d.scope AND l.id = d.id AND l.period = d.period',
    [rows.map((r) => r.scope), rows.map((r) => r.id), rows.map((r) => r.period), rows.map((r) => r.spend), rows.map((r) => r.overdelivery)],
  );
}

/** A query inside a PostgreSQL transaction, returning its rows. */
export type PgQuery = (text: string, params: unknown[]) => Promise<unknown[]>;

/**
 * The budget gate over charges newly written in a SQLite transaction the
 * caller holds: each is billed or moved to overdelivery in order; `refused`
 * is called for each one moved (to update its stored row).
 */
export function gateChargesSqlite(sqlite: BetterSqlite3.Database, charges: Chargeable[], refused: (i: number) => void, opts: { logged?: boolean } = {}): LedgerDelta[] {
  if (charges.length === 0) return [];
  const ledger = sqliteLedger(sqlite);
  // Only the writer thread (which logs) keeps its reads between transactions: its connection writes nothing else.
  const gate = ledger.gate(opts.logged === true);
  for (let i = 0; i < charges.length; i++) if (!gate.charge(charges[i])) refused(i);
  const rows = gate.rows();
  // The writer thread logs the changes with the commit's rollup deltas (one page, not the ledger's b-tree; folded later).
  if (!opts.logged) ledger.write(rows);
  return rows;
}

const LEDGER_VALUES = ['scope', 'id', 'period', 'spend', 'overdelivery'] as const;
const ledgerValues = (d: LedgerDelta): unknown[] => LEDGER_VALUES.map((c) => d[c]);
const ledgerFromValues = (v: unknown[]): LedgerDelta => ({ scope: v[0] as 'c' | 'g', id: v[1] as string, period: v[2] as number, spend: v[3] as number, overdelivery: v[4] as number });
function addLedgerDelta(into: Map<string, LedgerDelta>, d: LedgerDelta): void {
  const k = ledgerKeyString(d);
  const have = into.get(k);
  if (!have) into.set(k, { ...d });
  else {
    have.spend += d.spend;
    have.overdelivery += d.overdelivery;
  }
}

/** `gateChargesSqlite` through a PostgreSQL transaction; returns the indexes of the charges moved to overdelivery. */
export async function gateChargesPostgres(exec: PgQuery, charges: Chargeable[]): Promise<number[]> {
  if (charges.length === 0) return [];
  const gate = new ChargeGate(stateSource(await loadLedgerPostgres(exec, gateNeeds(charges))));
  const refused: number[] = [];
  for (let i = 0; i < charges.length; i++) if (!gate.charge(charges[i])) refused.push(i);
  await writeLedgerPostgres(exec, gate.rows());
  return refused;
}

/** Human impressions of a batch by click id (a click may commit with its impression). */
function batchImpressions(events: EventRow[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of events) if (e.kind === 'imp' && e.is_bot === 0) m.set(e.click_id, e.at);
  return m;
}

const needsImpression = (e: EventRow): boolean => e.kind === 'click' && e.is_bot === 0 && e.is_test === 0;

/** A repeat of a recorded human click: recorded again as invalid traffic (`duplicate_click`). */
function duplicateOf(e: EventRow): EventRow {
  const d = { ...e };
  invalidate(d, 'duplicate_click');
  return d;
}

/** The rollup deltas of a commit: the requests', and each newly written event's, from its final row. */
function commitRollups(batch: Batch, written: EventRow[]): RollupRow[] {
  const acc = new RollupAccumulator();
  for (const r of batch.rollups) acc.addRow(r);
  for (const e of written) {
    const r = eventRollup(e);
    if (r) acc.addRow(r);
  }
  return acc.drain();
}

/**
 * The journal's SQLite transaction, synchronous, on a connection of the
 * caller's (the writer thread's own, or a shared one). In order: the ad
 * requests and serves; each event — a human click judged against its
 * impression first (ivt/rules.ts), then inserted (a repeat of a recorded
 * human click is recorded again as a `duplicate_click`); the new events'
 * charges through the budget gate (a refused one is updated to overdelivery);
 * the rollup deltas of the final rows. With `logRollups` the deltas go to the
 * rollup log as one row (the writer thread, which folds the log a few times a
 * second); otherwise into the rollups.
 */
export function sqliteJournalTx(sqlite: BetterSqlite3.Database, opts: { logRollups?: boolean; rules?: JournalRules } = {}): (batch: Batch) => boolean[] {
  const rules = opts.rules ?? DEFAULT_JOURNAL_RULES;
  const insReq = sqlite.prepare(`INSERT INTO ad_requests (${REQUEST_COLS.join(', ')}) VALUES ${placeholders(REQUEST_COLS.length)}`);
  const insServe = sqlite.prepare(`INSERT INTO ad_serves (${SERVE_COLS.join(', ')}) VALUES ${placeholders(SERVE_COLS.length)}`);
  const insEvent = sqlite.prepare(
    `INSERT OR IGNORE INTO tracking_events (${EVENT_COLS.join(', ')}) VALUES ${placeholders(EVENT_COLS.length)}`,
  );
  const impressionAt = sqlite.prepare("SELECT at FROM tracking_events WHERE click_id = ? AND kind = 'imp' AND is_bot = 0").pluck();
  const unbill = sqlite.prepare('UPDATE tracking_events SET spend_micros = 0, revenue_micros = 0, take_micros = 0, overdelivery_micros = ? WHERE id = ?');
  const writeRollups = sqliteRollupWriter(sqlite);
  const insLog = opts.logRollups ? sqlite.prepare('INSERT INTO rollup_log (rows) VALUES (?)') : null;
  const insert = (e: EventRow) => insEvent.run(...EVENT_COLS.map((c) => e[c]));
  const ledger = sqliteLedger(sqlite);
  const tx = sqlite.transaction((batch: Batch): boolean[] => {
    for (const r of batch.requests) insReq.run(...REQUEST_COLS.map((c) => r[c]));
    for (const s of batch.serves) insServe.run(...SERVE_COLS.map((c) => s[c]));
    const events = batch.events;
    const inserted = new Array<boolean>(events.length);
    const written: EventRow[] = [];
    const charged: EventRow[] = [];
    const chargedIds: (number | bigint)[] = [];
    let here: Map<string, number> | null = null;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (needsImpression(e)) {
        here ??= batchImpressions(events);
        const reason = clickVersusImpression(e.at, here.get(e.click_id) ?? (impressionAt.get(e.click_id) as number | undefined), rules.minClickDelayMs);
        if (reason) invalidate(e, reason);
      }
      const r = insert(e);
      inserted[i] = r.changes === 1;
      if (inserted[i]) {
        written.push(e);
        if (e.spend_micros > 0) {
          charged.push(e);
          chargedIds.push(r.lastInsertRowid);
        }
      } else if (e.kind === 'click' && e.is_bot === 0) {
        const d = duplicateOf(e);
        insert(d);
        written.push(d);
      }
    }
    const ledgerRows = gateChargesSqlite(sqlite, charged, (i) => unbill.run(charged[i].overdelivery_micros, chargedIds[i]), { logged: insLog !== null });
    const rows = commitRollups(batch, written);
    if (!insLog) writeRollups(rows);
    else if (ledgerRows.length > 0) insLog.run(JSON.stringify({ r: rows.map(rollupValues), l: ledgerRows.map(ledgerValues) }));
    else if (rows.length > 0) insLog.run(JSON.stringify(rows.map(rollupValues)));
    return inserted;
  });
  return (batch) => {
    const inserted = tx.immediate(batch);
    ledger.settled();
    return inserted;
  };
}

/** The journal store on a connection shared with Kysely (benchmarks, tools; the server commits on the writer thread). */
export function sqliteJournalStore(sqlite: BetterSqlite3.Database, onCommit: () => void = () => {}, rules: JournalRules = DEFAULT_JOURNAL_RULES): JournalStore {
  const tx = sqliteJournalTx(sqlite, { rules });
  return {
    async commit(batch) {
      // The handle is shared with Kysely: never commit inside someone else's open
      // transaction (its rollback would undo records already acknowledged).
      while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
      const inserted = tx(batch);
      onCommit();
      return inserted;
    },
  };
}

async function multiInsert(
  client: pg.PoolClient,
  table: string,
  cols: readonly string[],
  rows: Record<string, unknown>[],
  suffix = '',
): Promise<pg.QueryResult> {
  const params: unknown[] = [];
  const tuples = rows.map((r) => `(${cols.map((c) => (params.push(r[c]), `$${params.length}`)).join(', ')})`);
  return client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`, params);
}

const CHUNK = 1000;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The journal's transaction on PostgreSQL: the same steps as `sqliteJournalTx`, as multi-row statements. */
export function postgresJournalStore(pool: pg.Pool, rules: JournalRules = DEFAULT_JOURNAL_RULES): JournalStore {
  return {
    async commit(batch) {
      const client = await pool.connect();
      const query: PgQuery = async (text, params) => (await client.query(text, params)).rows;
      try {
        await client.query('BEGIN');
        for (const part of chunks(batch.requests)) await multiInsert(client, 'ad_requests', REQUEST_COLS, part as never);
        for (const part of chunks(batch.serves)) await multiInsert(client, 'ad_serves', SERVE_COLS, part as never);
        const events = batch.events;
        // Human clicks are judged against their impressions first (recorded before, or in this batch).
        const clicks = events.filter(needsImpression);
        if (clicks.length) {
          const here = batchImpressions(events);
          const missing = [...new Set(clicks.filter((e) => !here.has(e.click_id)).map((e) => e.click_id))];
          if (missing.length) {
            const rows = await query("SELECT click_id, at FROM tracking_events WHERE kind = 'imp' AND is_bot = 0 AND click_id = ANY($1::text[])", [missing]);
            for (const r of rows as { click_id: string; at: number }[]) here.set(r.click_id, Number(r.at));
          }
          for (const e of clicks) {
            const reason = clickVersusImpression(e.at, here.get(e.click_id), rules.minClickDelayMs);
            if (reason) invalidate(e, reason);
          }
        }
        // Insert events one chunk at a time; RETURNING tells which were new. Human
        // duplicates inside the batch are settled here first (the first one wins).
        const inserted = new Array<boolean>(events.length).fill(false);
        const rowIds = new Array<number>(events.length).fill(0);
        const firstOf = new Map<string, number>();
        const candidates: number[] = [];
        events.forEach((e, i) => {
          if (e.is_bot) return void candidates.push(i);
          const k = `${e.click_id}\u0001${e.kind}`;
          if (!firstOf.has(k)) {
            firstOf.set(k, i);
            candidates.push(i);
          }
        });
        for (const part of chunks(candidates)) {
          const res = await multiInsert(
            client,
            'tracking_events',
            EVENT_COLS,
            part.map((i) => events[i]) as never,
            'ON CONFLICT (click_id, kind) WHERE is_bot = 0 DO NOTHING RETURNING id, click_id, kind, is_bot',
          );
          for (const i of part) if (events[i].is_bot) inserted[i] = true; // bot hits never conflict (and are never charged)
          for (const r of res.rows as { id: number; click_id: string; kind: string; is_bot: number }[]) {
            if (r.is_bot) continue;
            const i = firstOf.get(`${r.click_id}\u0001${r.kind}`)!;
            inserted[i] = true;
            rowIds[i] = Number(r.id);
          }
        }
        const written: EventRow[] = [];
        const duplicates: EventRow[] = [];
        const charged: number[] = [];
        events.forEach((e, i) => {
          if (inserted[i]) {
            written.push(e);
            if (e.spend_micros > 0) charged.push(i);
          } else if (e.kind === 'click' && e.is_bot === 0) duplicates.push(duplicateOf(e));
        });
        for (const part of chunks(duplicates)) await multiInsert(client, 'tracking_events', EVENT_COLS, part as never);
        for (const d of duplicates) written.push(d);
        const refused = await gateChargesPostgres(
          query,
          charged.map((i) => events[i]),
        );
        if (refused.length) {
          const ids = refused.map((k) => rowIds[charged[k]]);
          const over = refused.map((k) => events[charged[k]].overdelivery_micros);
          await query(
            'UPDATE tracking_events t SET spend_micros = 0, revenue_micros = 0, take_micros = 0, overdelivery_micros = d.o FROM unnest($1::bigint[], $2::bigint[]) AS d(id, o) WHERE t.id = d.id',
            [ids, over],
          );
        }
        await writeRollupsPostgres((text, params) => client.query(text, params), commitRollups(batch, written));
        await client.query('COMMIT');
        return inserted;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

export function journalStore(database: Database, rules: JournalRules = DEFAULT_JOURNAL_RULES): JournalStore {
  if (database.sqlite) return sqliteJournalStore(database.sqlite, () => database.checkpointer?.active(), rules);
  if (database.pool) return postgresJournalStore(database.pool, rules);
  throw new Error('no database handle for the journal');
}

/** Spend per campaign since the start of a bucket, from the rollups. */
export async function spendSince(db: Database['db'], fromBucket: number): Promise<Map<string, number>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollups')
    .select((eb) => ['campaign_id', eb.fn.sum<number>('spend_micros').as('spend')])
    .where('bucket', '>=', fromBucket)
    .where('campaign_id', '!=', '')
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((r) => [r.campaign_id, Number(r.spend)]));
}

/** Lifetime counters of a campaign (from `campaign_stats` + `campaign_stat_deltas`, which mirror the rollups). */
export interface LifetimeTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  conversion_value_micros: number;
}

const LIFETIME_COLS = ['impressions', 'clicks', 'conversions', 'spend_micros', 'conversion_value_micros'] as const;

/**
 * Lifetime totals per campaign: the folded totals plus the deltas not yet
 * folded, read in one statement so a concurrent compaction is never seen half
 * done. Exact: every rollup change reaches the deltas in its own transaction.
 */
export async function lifetimeTotals(
  db: Database['db'],
  scope: { advertiserId: string; campaignIds?: string[] },
): Promise<Map<string, LifetimeTotals>> {
  await settleRollups(db);
  const out = new Map<string, LifetimeTotals>();
  const parts = scope.campaignIds ? chunks(scope.campaignIds) : [null];
  for (const part of parts) {
    if (part && part.length === 0) continue;
    const rows = await db
      .selectFrom((eb) => {
        const stats = eb.selectFrom('campaign_stats').select(['campaign_id', ...LIFETIME_COLS]).where('advertiser_id', '=', scope.advertiserId);
        const deltas = eb
          .selectFrom('campaign_stat_deltas')
          .select(['campaign_id', ...LIFETIME_COLS])
          .where('advertiser_id', '=', scope.advertiserId);
        return (part ? stats.where('campaign_id', 'in', part) : stats)
          .unionAll(part ? deltas.where('campaign_id', 'in', part) : deltas)
          .as('t');
      })
      .select((eb) => ['t.campaign_id', ...LIFETIME_COLS.map((c) => eb.fn.sum<number>(`t.${c}`).as(c))])
      .groupBy('t.campaign_id')
      .execute();
    for (const r of rows) {
      out.set(r.campaign_id, {
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        conversions: Number(r.conversions),
        spend_micros: Number(r.spend_micros),
        conversion_value_micros: Number(r.conversion_value_micros),
      });
    }
  }
  return out;
}

/** Fold pending lifetime deltas into `campaign_stats` (at most `limit` per call); returns how many were folded. */
export async function foldLifetimeDeltas(database: Database, limit = 50_000): Promise<number> {
  const cols = ['advertiser_id', ...LIFETIME_COLS].join(', ');
  const sums = ['MAX(advertiser_id)', ...LIFETIME_COLS.map((c) => `SUM(${c})`)].join(', ');
  const upd = LIFETIME_COLS.map((c) => `${c} = campaign_stats.${c} + excluded.${c}`).join(', ');
  if (database.sqlite) {
    // Synchronous on the one connection: nothing can interleave with it.
    const sqlite = database.sqlite;
    const maxRow = sqlite.prepare('SELECT id FROM campaign_stat_deltas ORDER BY id LIMIT 1 OFFSET ?').get(limit - 1) as { id: number } | undefined;
    const upto = maxRow?.id ?? Number.MAX_SAFE_INTEGER;
    return sqlite.transaction(() => {
      sqlite
        .prepare(
          `INSERT INTO campaign_stats (campaign_id, ${cols}) SELECT campaign_id, ${sums} FROM campaign_stat_deltas WHERE id <= ? GROUP BY campaign_id ORDER BY campaign_id ON CONFLICT (campaign_id) DO UPDATE SET ${upd}`,
        )
        .run(upto);
      return sqlite.prepare('DELETE FROM campaign_stat_deltas WHERE id <= ?').run(upto).changes;
    }).immediate();
  }
  const pool = database.pool!;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // One folder at a time per database (others skip); rows are folded in campaign order.
    const lock = await client.query(`SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '.campaign_stats')) AS ok`);
    if (!lock.rows[0]?.ok) {
      await client.query('ROLLBACK');
      return 0;
    }
    const res = await client.query(
      `WITH moved AS (
         DELETE FROM campaign_stat_deltas WHERE id IN (SELECT id FROM campaign_stat_deltas ORDER BY id LIMIT $1)
         RETURNING campaign_id, ${cols}
       ), folded AS (
         INSERT INTO campaign_stats (campaign_id, ${cols})
         SELECT campaign_id, ${sums} FROM moved GROUP BY campaign_id ORDER BY campaign_id
         ON CONFLICT (campaign_id) DO UPDATE SET ${upd}
         RETURNING 1
       )
       SELECT (SELECT COUNT(*) FROM moved) AS n, (SELECT COUNT(*) FROM folded) AS f`,
      [limit],
    );
    await client.query('COMMIT');
    return Number(res.rows[0]?.n ?? 0);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// --- Conversion attribution support (issue #4): additive; used through tracking/service.ts.

/** A human click as attribution needs it: where it was served and what it was priced at. */
export interface ClickRow {
  click_id: string;
  graid: string | null;
  at: number;
  publisher_id: string;
  placement_id: string;
  placement_type: string;
  campaign_id: string;
  ad_group_id: string;
  ad_id: string;
  advertiser_id: string;
  device: string;
  country: string;
  is_test: number;
  pricing: string | null;
}

const CLICK_SELECT =
  'SELECT e.click_id, e.graid, e.at, e.publisher_id, e.placement_id, e.placement_type, e.campaign_id, e.ad_group_id, e.ad_id, e.advertiser_id, ' +
  "e.device, e.country, e.is_test, s.pricing FROM tracking_events e LEFT JOIN ad_serves s ON s.click_id = e.click_id WHERE e.kind = 'click' AND e.is_bot = 0";
/** By click id (the unique index on (click_id, kind) of human events) or by graid (the partial graid index, hence the NOT NULL). */
const CLICKS_BY = { click_id: '', graid: 'e.graid IS NOT NULL AND ' } as const;
const clickStatements = new WeakMap<BetterSqlite3.Database, Record<keyof typeof CLICKS_BY, BetterSqlite3.Statement>>();

/**
 * Human clicks by click id or by graid, one statement each whatever the
 * number of ids (they go as one JSON array on SQLite, one array on
 * PostgreSQL); on SQLite a statement prepared once per connection.
 */
export async function findClicks(database: Database, q: { clickIds: string[]; graids: string[] }): Promise<ClickRow[]> {
  const out: ClickRow[] = [];
  for (const [col, ids] of [
    ['click_id', q.clickIds],
    ['graid', q.graids],
  ] as const) {
    if (ids.length === 0) continue;
    const uniq = [...new Set(ids)];
    if (database.sqlite) {
      const sqlite = database.sqlite;
      let stmts = clickStatements.get(sqlite);
      if (!stmts) {
        const by = (c: keyof typeof CLICKS_BY) => sqlite.prepare(`${CLICK_SELECT} AND ${CLICKS_BY[c]}e.${c} IN (SELECT value FROM json_each(?))`);
        clickStatements.set(sqlite, (stmts = { click_id: by('click_id'), graid: by('graid') }));
      }
      for (const r of stmts[col].all(JSON.stringify(uniq)) as ClickRow[]) out.push(r);
    } else {
      const res = await database.db.executeQuery<ClickRow>(await rawQuery(`${CLICK_SELECT} AND e.${col} = ANY($1::text[])`, [uniq]));
      for (const r of res.rows) out.push(r);
    }
  }
  return out;
}

// --- Ad decisioning (issue #6): additive.

/** What an ad group did since a bucket, from the rollups (serving's predicted rates and group budgets). */
export interface GroupActivity {
  campaign_id: string;
  impressions: number;
  clicks: number;
  conversions: number;
  conversion_value_micros: number;
  spend_micros: number;
}

export async function groupActivitySince(db: Database['db'], fromBucket: number): Promise<Map<string, GroupActivity>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollups')
    .select((eb) => [
      'ad_group_id',
      eb.fn.max('campaign_id').as('campaign_id'),
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
      eb.fn.sum<number>('conversions').as('conversions'),
      eb.fn.sum<number>('conversion_value_micros').as('conversion_value_micros'),
      eb.fn.sum<number>('spend_micros').as('spend_micros'),
    ])
    .where('bucket', '>=', fromBucket)
    .where('ad_group_id', '!=', '')
    .groupBy('ad_group_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.ad_group_id,
      {
        campaign_id: String(r.campaign_id),
        impressions: Number(r.impressions),
        clicks: Number(r.clicks),
        conversions: Number(r.conversions),
        conversion_value_micros: Number(r.conversion_value_micros),
        spend_micros: Number(r.spend_micros),
      },
    ]),
  );
}

// --- Invalid traffic (issue 25).

/** Impressions and clicks per publisher since a bucket, from the publisher scope mirror (the click-through check). */
export async function publisherClickThroughSince(db: Database['db'], fromBucket: number): Promise<Map<string, { impressions: number; clicks: number }>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollup_scope_qh')
    .select((eb) => ['scope_id', eb.fn.sum<number>('impressions').as('impressions'), eb.fn.sum<number>('clicks').as('clicks')])
    .where('scope', '=', 'pub')
    .where('bucket', '>=', fromBucket)
    .groupBy('scope_id')
    .execute();
  return new Map(rows.map((r) => [r.scope_id, { impressions: Number(r.impressions), clicks: Number(r.clicks) }]));
}

/** Invalid impressions and clicks by reason in [from, to) for one publisher or advertiser (the partial indexes of migration 0012). */
export async function invalidTrafficByReason(
  db: Database['db'],
  scope: { publisherId?: string; advertiserId?: string; campaignId?: string },
  from: number,
  to: number,
): Promise<{ reason: string; kind: string; n: number }[]> {
  let q = db
    .selectFrom('tracking_events')
    .select((eb) => ['ivt_reason', 'kind', eb.fn.countAll<number>().as('n')])
    .where('ivt_reason', 'is not', null)
    .where('at', '>=', from)
    .where('at', '<', to)
    .where('is_test', '=', 0);
  if (scope.publisherId) q = q.where('publisher_id', '=', scope.publisherId);
  if (scope.advertiserId) q = q.where('advertiser_id', '=', scope.advertiserId);
  if (scope.campaignId) q = q.where('campaign_id', '=', scope.campaignId);
  const rows = await q.groupBy(['ivt_reason', 'kind']).execute();
  return rows.map((r) => ({ reason: r.ivt_reason!, kind: r.kind, n: Number(r.n) }));
}
