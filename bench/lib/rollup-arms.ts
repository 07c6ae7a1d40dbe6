/**
 * The write path of rollups and their mirrors, three ways, for the
 * write-cost benchmarks (`reporting-rollup-write.ts`, `campaigns-stats-cost.ts`):
 *
 * - `batch` (Orbit as it is): the journal store; the scope totals and the
 *   lifetime deltas are derived per batch and written in its transaction
 *   (migration 0007 and tracking's rollup writer);
 * - `triggers` (Orbit before 0007): a database migrated up to 0006, where row
 *   triggers on `rollups` write them (0002 lifetime, 0004 scopes), fed by a
 *   bare store that inserts the events and upserts the rollups;
 * - `bare` (the baseline): the same bare store on the current schema —
 *   events and rollups only, no mirrors at all.
 *
 * `dropTriggers` removes some of the old triggers (e.g. keep only the
 * lifetime one, to price it alone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { ensureSchema, openDatabase, type Database } from '../../src/db/index.js';
import { MIGRATIONS } from '../../src/db/migrations/index.js';
import { journalStore, type Batch, type JournalStore } from '../../src/modules/tracking/repo.js';
import {
  ROLLUP_COUNTER_COLUMNS,
  ROLLUP_KEY_COLUMNS,
  RollupAccumulator,
  type RollupRow,
} from '../../src/modules/ledger/rollup.js';
import { eventRollup } from '../../src/modules/tracking/record.js';

export type Arm = 'batch' | 'triggers' | 'bare';

export interface Opened {
  database: Database;
  store: JournalStore;
  close(): Promise<void>;
}

const ROLLUP_COLS = [...ROLLUP_KEY_COLUMNS, ...ROLLUP_COUNTER_COLUMNS];
const ROLLUP_CONFLICT = `ON CONFLICT (${ROLLUP_KEY_COLUMNS.join(', ')}) DO UPDATE SET ${ROLLUP_COUNTER_COLUMNS.map((c) => `${c} = rollups.${c} + excluded.${c}`).join(', ')}`;

/** Events (insert, duplicates ignored) and rollup upserts, nothing else: what the journal store wrote before 0007. */
/** What the journal's transactions write for a batch: the requests' deltas and each new event's (record.eventRollup). */
function derivedRollups(batch: Batch, inserted: boolean[]): RollupRow[] {
  const acc = new RollupAccumulator();
  for (const r of batch.rollups) acc.addRow(r);
  batch.events.forEach((e, i) => {
    const r = inserted[i] ? eventRollup(e) : null;
    if (r) acc.addRow(r);
  });
  return acc.drain();
}

function bareStore(database: Database): JournalStore {
  if (database.sqlite) {
    const sqlite = database.sqlite;
    let insEvent: ReturnType<typeof sqlite.prepare> | null = null;
    let cols: string[] = [];
    const upRollup = sqlite.prepare(
      `INSERT INTO rollups (${ROLLUP_COLS.join(', ')}) VALUES (${ROLLUP_COLS.map(() => '?').join(', ')}) ${ROLLUP_CONFLICT}`,
    );
    const tx = sqlite.transaction((batch: Batch) => {
      if (!insEvent && batch.events.length) {
        cols = Object.keys(batch.events[0]);
        insEvent = sqlite.prepare(
          `INSERT OR IGNORE INTO tracking_events (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
        );
      }
      const inserted = batch.events.map(
        (e) => insEvent!.run(cols.map((c) => (e as Record<string, unknown>)[c])).changes === 1,
      );
      for (const r of derivedRollups(batch, inserted)) upRollup.run(ROLLUP_COLS.map((c) => r[c]));
      return inserted;
    });
    return { commit: async (batch) => tx.immediate(batch) };
  }
  const pool = database.pool!;
  const multi = (table: string, cols: string[], rows: Record<string, unknown>[], suffix: string) => {
    const params: unknown[] = [];
    const tuples = rows.map((r) => `(${cols.map((c) => (params.push(r[c]), `$${params.length}`)).join(', ')})`);
    return { text: `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`, params };
  };
  return {
    async commit(batch) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const cols = Object.keys(batch.events[0]);
        const inserted = new Array<boolean>(batch.events.length).fill(false);
        for (let i = 0; i < batch.events.length; i += 1000) {
          const part = batch.events.slice(i, i + 1000) as unknown as Record<string, unknown>[];
          const q = multi(
            'tracking_events',
            cols,
            part,
            'ON CONFLICT (click_id, kind) WHERE is_bot = 0 DO NOTHING RETURNING click_id',
          );
          const got = new Set((await client.query(q.text, q.params)).rows.map((r: { click_id: string }) => r.click_id));
          part.forEach((e, j) => (inserted[i + j] = got.has(e.click_id as string)));
        }
        const rows = derivedRollups(batch, inserted) as unknown as Record<string, unknown>[];
        for (let i = 0; i < rows.length; i += 1000) {
          const q = multi('rollups', ROLLUP_COLS, rows.slice(i, i + 1000), ROLLUP_CONFLICT);
          await client.query(q.text, q.params);
        }
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

/** A fresh database (SQLite file, or a PostgreSQL schema when `pgUrl`) with the arm's schema and store. */
export async function openArm(arm: Arm, opts: { pgUrl?: string; dropTriggers?: string[] } = {}): Promise<Opened> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-rollups-'));
  const schema = `bench_rw_${Math.random().toString(36).slice(2, 8)}`;
  const config = loadConfig(
    {
      dataDir,
      logLevel: 'silent',
      sqliteSync: 'NORMAL',
      sqliteCheckpointMs: 0,
      ...(opts.pgUrl ? { databaseUrl: opts.pgUrl, databaseSchema: schema } : {}),
    },
    {},
  );
  await ensureSchema(config);
  const database = openDatabase(config);
  const names = Object.keys(MIGRATIONS);
  const upTo = arm === 'triggers' ? '0006_tracking_hot_path' : names[names.length - 1];
  const migrator = new Migrator({
    db: database.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, m]): [string, Migration] => [
            name,
            { up: (db) => m.up(db, database.dialect) },
          ]),
        ),
    },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateTo(upTo);
  if (error) throw error;
  for (const t of opts.dropTriggers ?? []) {
    await sql
      .raw(database.dialect === 'sqlite' ? `DROP TRIGGER ${t}` : `DROP TRIGGER ${t} ON rollups`)
      .execute(database.db);
  }
  const store = arm === 'batch' ? journalStore(database) : bareStore(database);
  return {
    database,
    store,
    close: async () => {
      await database.close();
      if (opts.pgUrl) {
        const c = new pg.Client({ connectionString: opts.pgUrl });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ArmSpec {
  label: string;
  arm: Arm;
  dropTriggers?: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Commits the same batches into every arm (each its own fresh database), batch
 * by batch in rotating order so all see the same machine load; returns per arm
 * the median commit's CPU (this process) and wall time, in ms. The first
 * `warmup` batches are not counted.
 */
export async function compareArms(
  specs: ArmSpec[],
  makeBatch: (k: number) => Batch,
  opts: { batches: number; warmup?: number; pgUrl?: string },
): Promise<{ cpu: number; wall: number }[]> {
  const warmup = opts.warmup ?? 3;
  const opened = await Promise.all(
    specs.map((s) => openArm(s.arm, { pgUrl: opts.pgUrl, dropTriggers: s.dropTriggers })),
  );
  const per = specs.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  try {
    for (let k = 0; k < opts.batches + warmup; k++) {
      const b = makeBatch(k);
      for (let j = 0; j < specs.length; j++) {
        const a = (j + k) % specs.length;
        // Each store gets its own copy of the records (a store may keep or change what it is given).
        const copy: Batch = { ...b, events: b.events.map((e) => ({ ...e })) };
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        await opened[a].store.commit(copy);
        const c = process.cpuUsage(c0);
        if (k < warmup) continue;
        per[a].wall.push(performance.now() - w0);
        per[a].cpu.push((c.user + c.system) / 1000);
      }
    }
  } finally {
    for (const o of opened) await o.close();
  }
  return per.map((p) => ({ cpu: median(p.cpu), wall: median(p.wall) }));
}
