import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/index.js';
import { placeholders, type PgExec, type PgQuery } from '../../db/raw.js';
import type { DB } from '../../db/schema.js';
import {
  ChargeGate,
  gateNeeds,
  ledgerKeyString,
  stateSource,
  type Chargeable,
  type GateNeeds,
  type GateSource,
  type GateState,
  type LedgerDelta,
} from './charge-gate.js';
import {
  ROLLUP_COLS,
  ROLLUP_COUNTER_COLUMNS,
  ROLLUP_KEY_COLUMNS,
  RollupAccumulator,
  rollupWrite,
  type RollupRow,
  type ScopeRow,
} from './rollup.js';

/**
 * The ledger's SQL: every counter table. `rollups` (per quarter hour and
 * dimension), its mirrors `rollup_scope_qh` / `rollup_scope_day` (per scope)
 * and `rollup_scope_all` (a campaign's all-time totals), all written by one
 * writer in the caller's transaction; `rollup_log` (SQLite: the journal's
 * writer thread logs its commits' deltas, folds apply them); `spend_ledger`
 * (the budget gate's counts). Readers settle first (`settleRollups`).
 * Imported by the journal's writer thread: no runtime import of Kysely here.
 */

const ROLLUP_UPDATE = ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = rollups.${c} + excluded.${c}`).join(', ');
const ROLLUP_CONFLICT = `ON CONFLICT (${ROLLUP_KEY_COLUMNS.join(', ')}) DO UPDATE SET ${ROLLUP_UPDATE}`;

// --- Rollups and their mirrors: the one writer of `rollups` (journal commits and conversion commits call it).

const SCOPE_TABLES = [
  ['rollup_scope_qh', 'bucket'],
  ['rollup_scope_day', 'day'],
] as const;
const scopeCols = (timeCol: string) => ['scope', 'parent_id', timeCol, 'scope_id', ...ROLLUP_COUNTER_COLUMNS];
const scopeConflict = (table: string, timeCol: string) =>
  `ON CONFLICT (scope, parent_id, ${timeCol}, scope_id) DO UPDATE SET ${ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
/** The all-time table: scope rows without a time (scope 'cmp': a campaign's lifetime totals). */
const ALL_COLS = ['scope', 'parent_id', 'scope_id', ...ROLLUP_COUNTER_COLUMNS];
const ALL_CONFLICT = `ON CONFLICT (scope, parent_id, scope_id) DO UPDATE SET ${ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = rollup_scope_all.${c} + excluded.${c}`).join(', ')}`;

const scopeValues = (r: ScopeRow): unknown[] => [
  r.scope,
  r.parent_id,
  r.time,
  r.scope_id,
  ...ROLLUP_COUNTER_COLUMNS.map((c) => r[c]),
];
const rollupValues = (r: RollupRow): unknown[] => ROLLUP_COLS.map((c) => r[c]);
const allValues = (r: ScopeRow): unknown[] => [
  r.scope,
  r.parent_id,
  r.scope_id,
  ...ROLLUP_COUNTER_COLUMNS.map((c) => r[c]),
];

/**
 * An upsert (or insert) of many rows on SQLite, `CHUNKS[0]` rows per call,
 * then smaller statements for the rest: each call from JavaScript costs
 * about as much as a small upsert itself, so rows go in as multi-row VALUES.
 */
const CHUNKS = [64, 16, 4, 1];
function sqliteMultiRow(
  sqlite: BetterSqlite3.Database,
  head: string,
  width: number,
  suffix: string,
  sizes = CHUNKS,
): (rows: unknown[][]) => void {
  const stmts = sizes.map((n) =>
    sqlite.prepare(`${head} VALUES ${Array.from({ length: n }, () => placeholders(width)).join(', ')} ${suffix}`),
  );
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
 * per day, all-time totals per campaign — derived per batch by `rollupWrite`
 * (ledger/rollup.ts), on a SQLite connection, inside the transaction the
 * caller holds open. Statements are prepared once per writer.
 */
export function sqliteRollupWriter(sqlite: BetterSqlite3.Database): (rows: RollupRow[]) => void {
  const upRollups = sqliteMultiRow(
    sqlite,
    `INSERT INTO rollups (${ROLLUP_COLS.join(', ')})`,
    ROLLUP_COLS.length,
    ROLLUP_CONFLICT,
  );
  const [upQh, upDay] = SCOPE_TABLES.map(([table, timeCol]) =>
    sqliteMultiRow(
      sqlite,
      `INSERT INTO ${table} (${scopeCols(timeCol).join(', ')})`,
      scopeCols(timeCol).length,
      scopeConflict(table, timeCol),
    ),
  );
  const upAll = sqliteMultiRow(
    sqlite,
    `INSERT INTO rollup_scope_all (${ALL_COLS.join(', ')})`,
    ALL_COLS.length,
    ALL_CONFLICT,
  );
  return (rows) => {
    if (rows.length === 0) return;
    const w = rollupWrite(rows);
    upRollups(w.rollups.map(rollupValues));
    upQh(w.qh.map(scopeValues));
    upDay(w.day.map(scopeValues));
    upAll(w.all.map(allValues));
  };
}

const sqliteWriters = new WeakMap<BetterSqlite3.Database, (rows: RollupRow[]) => void>();
/** `sqliteRollupWriter` for a connection, prepared once: for writers that commit other records with their rollups (conversions). */
export function writeRollupsSqlite(sqlite: BetterSqlite3.Database, rows: RollupRow[]): void {
  let write = sqliteWriters.get(sqlite);
  if (!write) sqliteWriters.set(sqlite, (write = sqliteRollupWriter(sqlite)));
  write(rows);
}

/**
 * One upsert (or insert) per table on PostgreSQL, whatever the number of rows:
 * the rows go as one array per column and `unnest` turns them back into rows,
 * in the order given (sorted: row locks are taken in key order). The
 * statement text never changes, so it is parsed once per connection.
 */
async function pgUnnest(
  exec: PgExec,
  table: string,
  cols: readonly string[],
  rows: unknown[][],
  suffix: string,
): Promise<void> {
  if (rows.length === 0) return;
  const literals = cols.map((c, k) => (TEXT_COLUMNS.has(c) ? textArray(rows, k) : numberArray(rows, k)));
  const types = cols.map((c) => (TEXT_COLUMNS.has(c) ? 'text' : 'bigint'));
  await exec(
    `INSERT INTO ${table} (${cols.join(', ')}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) ${suffix}`,
    literals,
  );
}
// Array literals written here (node-postgres would escape element by element): numbers as they are, text quoted.
const numberArray = (rows: unknown[][], k: number): string => `{${rows.map((r) => r[k] as number).join(',')}}`;
const quoted = (v: string): string => `"${/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v}"`;
const textArray = (rows: unknown[][], k: number): string => `{${rows.map((r) => quoted(r[k] as string)).join(',')}}`;
const TEXT_COLUMNS = new Set<string>([
  ...ROLLUP_KEY_COLUMNS.filter((c) => c !== 'bucket'),
  'scope',
  'parent_id',
  'scope_id',
  'campaign_id',
  'advertiser_id',
]);

/**
 * The PostgreSQL twin of `sqliteRollupWriter`'s statements, through the
 * caller's transaction. Every writer upserts rollups, then quarter-hour
 * scopes, then day scopes, then all-time rows, each sorted by key, so two
 * concurrent writers lock rows in one order and never deadlock.
 */
export async function writeRollupsPostgres(exec: PgExec, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const w = rollupWrite(rows);
  await pgUnnest(exec, 'rollups', ROLLUP_COLS, w.rollups.map(rollupValues), ROLLUP_CONFLICT);
  await pgUnnest(
    exec,
    'rollup_scope_qh',
    scopeCols('bucket'),
    w.qh.map(scopeValues),
    scopeConflict('rollup_scope_qh', 'bucket'),
  );
  await pgUnnest(
    exec,
    'rollup_scope_day',
    scopeCols('day'),
    w.day.map(scopeValues),
    scopeConflict('rollup_scope_day', 'day'),
  );
  await pgUnnest(exec, 'rollup_scope_all', ALL_COLS, w.all.map(allValues), ALL_CONFLICT);
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

/** A writer of the rollup log on the journal's writer-thread connection: one row per commit, its rollup deltas and, when it charged, its ledger deltas. */
export function rollupLogWriter(
  sqlite: BetterSqlite3.Database,
): (rows: RollupRow[], ledgerRows: LedgerDelta[]) => void {
  const ins = sqlite.prepare('INSERT INTO rollup_log (rows) VALUES (?)');
  return (rows, ledgerRows) => {
    if (ledgerRows.length > 0) ins.run(JSON.stringify({ r: rows.map(rollupValues), l: ledgerRows.map(ledgerValues) }));
    else if (rows.length > 0) ins.run(JSON.stringify(rows.map(rollupValues)));
  };
}

// --- The budget gate's ledger (ledger/charge-gate.ts): loaded and written inside the charging transaction.

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
  const campaign = sqlite.prepare(
    'SELECT daily_budget_micros AS daily, lifetime_budget_micros AS lifetime FROM campaigns WHERE id = ?',
  );
  const group = sqlite.prepare(
    'SELECT daily_budget_micros AS daily, auto_optimize_budget AS auto FROM ad_groups WHERE id = ?',
  );
  const spent = sqlite
    .prepare('SELECT spend_micros FROM spend_ledger WHERE scope = ? AND id = ? AND period = ?')
    .pluck();
  const upsert = sqliteMultiRow(
    sqlite,
    'INSERT INTO spend_ledger (scope, id, period, spend_micros, overdelivery_micros)',
    5,
    LEDGER_UPSERT_SUFFIX,
    [3, 1],
  );
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
  for (const r of (await exec(
    'SELECT id, daily_budget_micros, lifetime_budget_micros FROM campaigns WHERE id = ANY($1::text[])',
    [needs.campaignIds],
  )) as {
    id: string;
    daily_budget_micros: number | null;
    lifetime_budget_micros: number | null;
  }[]) {
    state.campaigns.set(r.id, {
      daily: r.daily_budget_micros === null ? null : Number(r.daily_budget_micros),
      lifetime: r.lifetime_budget_micros === null ? null : Number(r.lifetime_budget_micros),
    });
  }
  if (needs.groupIds.length) {
    for (const r of (await exec(
      'SELECT id, daily_budget_micros, auto_optimize_budget FROM ad_groups WHERE id = ANY($1::text[])',
      [needs.groupIds],
    )) as {
      id: string;
      daily_budget_micros: number | null;
      auto_optimize_budget: number;
    }[]) {
      state.groups.set(
        r.id,
        r.auto_optimize_budget ? null : r.daily_budget_micros === null ? null : Number(r.daily_budget_micros),
      );
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
    [
      rows.map((r) => r.scope),
      rows.map((r) => r.id),
      rows.map((r) => r.period),
      rows.map((r) => r.spend),
      rows.map((r) => r.overdelivery),
    ],
  );
}

/**
 * The budget gate over charges newly written in a SQLite transaction the
 * caller holds: each is billed or moved to overdelivery in order; `refused`
 * is called for each one moved (to update its stored row).
 */
export function gateChargesSqlite(
  sqlite: BetterSqlite3.Database,
  charges: Chargeable[],
  refused: (i: number) => void,
  opts: { logged?: boolean } = {},
): LedgerDelta[] {
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
const ledgerFromValues = (v: unknown[]): LedgerDelta => ({
  scope: v[0] as 'c' | 'g',
  id: v[1] as string,
  period: v[2] as number,
  spend: v[3] as number,
  overdelivery: v[4] as number,
});
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

// --- Settling: what brings a database's counters up to date before a read.

interface Settlers {
  /** Commits records still held back (the journal's `settle`), so what follows sees them; null when none are. */
  records?: () => Promise<void> | null;
  /** Folds logged rollup deltas into the rollups (SQLite's writer thread logs them). */
  rollups?: () => void;
}
const settlers = new WeakMap<Kysely<DB>, Settlers>();

/**
 * Registers what settles a database's counters before a read: the journal's
 * held-back records and, on SQLite, the fold of the rollup log.
 */
export function setSettlers(database: Database, records: () => Promise<void> | null): void {
  const sqlite = database.sqlite;
  settlers.set(database.db, { records, ...(sqlite ? { rollups: () => void foldRollupLog(sqlite) } : {}) });
}

/**
 * Called first by every reader of `rollups`, its mirrors and the ad request
 * log, so a read includes every record made so far: the journal's held-back
 * ad request records are committed, then (on SQLite, whose writer thread logs
 * its commits' rollup deltas and folds them a few times a second) whatever is
 * still logged is folded.
 */
export function settleRollups(db: Kysely<DB>): Promise<void> | void {
  const s = settlers.get(db);
  if (!s) return;
  const held = s.records?.();
  if (held) return held.then(() => s.rollups?.());
  s.rollups?.();
}

// --- Reads.

/** A campaign's all-time counters (`rollup_scope_all`, scope 'cmp'). */
export interface LifetimeTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  spend_micros: number;
  conversion_value_micros: number;
}

const LIFETIME_COLS = ['impressions', 'clicks', 'conversions', 'spend_micros', 'conversion_value_micros'] as const;
const ID_CHUNK = 1000;

/**
 * All-time totals per campaign of an advertiser (some campaigns, or all):
 * one primary-key range of `rollup_scope_all`, written in the transaction of
 * every rollup change, so exact as of the read (after settling).
 */
export async function lifetimeTotals(
  db: Kysely<DB>,
  advertiserId: string,
  campaignIds?: string[],
): Promise<Map<string, LifetimeTotals>> {
  await settleRollups(db);
  const out = new Map<string, LifetimeTotals>();
  const parts: (string[] | null)[] = [];
  if (!campaignIds) parts.push(null);
  else for (let i = 0; i < campaignIds.length; i += ID_CHUNK) parts.push(campaignIds.slice(i, i + ID_CHUNK));
  for (const part of parts) {
    let q = db
      .selectFrom('rollup_scope_all')
      .select(['scope_id', ...LIFETIME_COLS])
      .where('scope', '=', 'cmp')
      .where('parent_id', '=', advertiserId);
    if (part) q = q.where('scope_id', 'in', part);
    for (const r of await q.execute()) {
      out.set(r.scope_id, {
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

/** Spend per campaign since the start of a bucket, from the rollups. */
export async function spendSince(db: Kysely<DB>, fromBucket: number): Promise<Map<string, number>> {
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

export async function groupActivitySince(db: Kysely<DB>, fromBucket: number): Promise<Map<string, GroupActivity>> {
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
export async function publisherClickThroughSince(
  db: Kysely<DB>,
  fromBucket: number,
): Promise<Map<string, { impressions: number; clicks: number }>> {
  await settleRollups(db);
  const rows = await db
    .selectFrom('rollup_scope_qh')
    .select((eb) => [
      'scope_id',
      eb.fn.sum<number>('impressions').as('impressions'),
      eb.fn.sum<number>('clicks').as('clicks'),
    ])
    .where('scope', '=', 'pub')
    .where('bucket', '>=', fromBucket)
    .groupBy('scope_id')
    .execute();
  return new Map(rows.map((r) => [r.scope_id, { impressions: Number(r.impressions), clicks: Number(r.clicks) }]));
}
