import type BetterSqlite3 from 'better-sqlite3';
import type { PgQuery } from '../../db/raw.js';
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
import { ROLLUP_COLS, RollupAccumulator, type RollupRow } from './rollup.js';
import { addOnConflict, rollupValues, sqliteMultiRow, writeRollupsSqlite } from './rollups-repo.js';

/**
 * What a charging commit writes besides the rollups: the budget gate's
 * `spend_ledger` (its counts, loaded and written inside the charging
 * transaction) and, on SQLite, `rollup_log` (the journal's writer thread logs
 * its commits' rollup and ledger deltas; folds apply them). The two meet: a
 * fold writes the ledger, and the gate folds before it reads. Imported by the
 * journal's writer thread: no runtime import of Kysely here.
 */

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

const LEDGER_UPSERT_SUFFIX = addOnConflict(
  'spend_ledger',
  ['scope', 'id', 'period'],
  ['spend_micros', 'overdelivery_micros'],
);

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
