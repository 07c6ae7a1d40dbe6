import type BetterSqlite3 from 'better-sqlite3';
import { placeholders, type PgExec } from '../../db/raw.js';
import {
  ROLLUP_COLS,
  ROLLUP_COUNTER_COLUMNS,
  ROLLUP_KEY_COLUMNS,
  rollupWrite,
  type RollupRow,
  type RollupWrite,
  type ScopeRow,
} from './rollup.js';

/**
 * The one writer of `rollups` and its mirrors `rollup_scope_qh` /
 * `rollup_scope_day` (per scope) and `rollup_scope_all` (a campaign's
 * all-time totals), in the caller's transaction: the journal's commits, the
 * conversions commit and the folds of the rollup log call it. Imported by the
 * journal's writer thread: no runtime import of Kysely here.
 */

/** An upsert of counter deltas: `ON CONFLICT (key) DO UPDATE SET` each counter to itself plus the delta. */
export const addOnConflict = (table: string, key: readonly string[], counters: readonly string[]): string =>
  `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;

/** One table a batch of rollup deltas writes: its columns, its upsert, and its rows' values from `rollupWrite`. */
interface Target {
  table: string;
  cols: readonly string[];
  conflict: string;
  values(w: RollupWrite): unknown[][];
}

const counterValues = (r: ScopeRow): unknown[] => ROLLUP_COUNTER_COLUMNS.map((c) => r[c]);

/** A scope mirror: scope rows keyed (scope, parent_id, time, scope_id), `time` stored as `timeCol`; all-time rows have no time. */
function scopeTarget(table: string, timeCol: string | null, rows: (w: RollupWrite) => ScopeRow[]): Target {
  const key = timeCol ? ['scope', 'parent_id', timeCol, 'scope_id'] : ['scope', 'parent_id', 'scope_id'];
  const row = timeCol
    ? (r: ScopeRow) => [r.scope, r.parent_id, r.time, r.scope_id, ...counterValues(r)]
    : (r: ScopeRow) => [r.scope, r.parent_id, r.scope_id, ...counterValues(r)];
  return {
    table,
    cols: [...key, ...ROLLUP_COUNTER_COLUMNS],
    conflict: addOnConflict(table, key, ROLLUP_COUNTER_COLUMNS),
    values: (w) => rows(w).map(row),
  };
}

export const rollupValues = (r: RollupRow): unknown[] => ROLLUP_COLS.map((c) => r[c]);

/**
 * What one batch writes, in this order on every writer (each table's rows
 * sorted by key), so two concurrent PostgreSQL writers lock rows in one order
 * and never deadlock.
 */
const TARGETS: Target[] = [
  {
    table: 'rollups',
    cols: ROLLUP_COLS,
    conflict: addOnConflict('rollups', ROLLUP_KEY_COLUMNS, ROLLUP_COUNTER_COLUMNS),
    values: (w) => w.rollups.map(rollupValues),
  },
  scopeTarget('rollup_scope_qh', 'bucket', (w) => w.qh),
  scopeTarget('rollup_scope_day', 'day', (w) => w.day),
  scopeTarget('rollup_scope_all', null, (w) => w.all),
];

/**
 * An upsert (or insert) of many rows on SQLite, `CHUNKS[0]` rows per call,
 * then smaller statements for the rest: each call from JavaScript costs
 * about as much as a small upsert itself, so rows go in as multi-row VALUES.
 */
const CHUNKS = [64, 16, 4, 1];
export function sqliteMultiRow(
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
  const upserts = TARGETS.map((t) => ({
    values: t.values,
    run: sqliteMultiRow(sqlite, `INSERT INTO ${t.table} (${t.cols.join(', ')})`, t.cols.length, t.conflict),
  }));
  return (rows) => {
    if (rows.length === 0) return;
    const w = rollupWrite(rows);
    for (const u of upserts) u.run(u.values(w));
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
async function pgUnnest(exec: PgExec, t: Target, rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const literals = t.cols.map((c, k) => (TEXT_COLUMNS.has(c) ? textArray(rows, k) : numberArray(rows, k)));
  const types = t.cols.map((c) => (TEXT_COLUMNS.has(c) ? 'text' : 'bigint'));
  await exec(
    `INSERT INTO ${t.table} (${t.cols.join(', ')}) SELECT * FROM unnest(${types.map((ty, i) => `$${i + 1}::${ty}[]`).join(', ')}) ${t.conflict}`,
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
]);

/** The PostgreSQL twin of `sqliteRollupWriter`, through the caller's transaction: the same tables in the same order. */
export async function writeRollupsPostgres(exec: PgExec, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const w = rollupWrite(rows);
  for (const t of TARGETS) await pgUnnest(exec, t, t.values(w));
}
