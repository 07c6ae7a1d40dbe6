import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './index.js';
import type { DB } from './schema.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * State that refuses to start wrong (issue 25): the checks a server runs
 * before it serves, and `orbit doctor` runs on demand. A database that is
 * empty where it should not be, damaged, migrated by an unknown version, or
 * encrypted with another data key is refused with a message that says what
 * to do; nothing is served from it. Also: database files are made private
 * (0600, the data directory 0700), and `/health` reports storage problems
 * seen at run time (`StorageHealth`).
 */
export class StartupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefused';
  }
}

export const sqliteFileOf = (config: Config): string => path.join(config.dataDir, config.sqliteFile);

/**
 * Before SQLite opens the file: an existing file of zero bytes is a database
 * that was truncated or never written — refused, not silently started empty.
 * A missing file is a first start. The data directory is made private.
 */
export function checkSqliteFileBeforeOpen(config: Config): void {
  if (config.databaseUrl) return;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = sqliteFileOf(config);
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    return; // first start
  }
  if (size === 0) {
    throw new StartupRefused(
      `The database file ${file} is empty (0 bytes): it was truncated or lost, and starting would begin with no data. ` +
        `Restore it from a backup, or move it away to start a new empty database on purpose.`,
    );
  }
}

/** The SQLite database file and its WAL and shared-memory files are readable by their owner only. */
export function makeDatabaseFilesPrivate(config: Config): void {
  if (config.databaseUrl) return;
  const file = sqliteFileOf(config);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      fs.chmodSync(f, 0o600);
    } catch {
      /* not there (yet) */
    }
  }
  try {
    fs.chmodSync(config.dataDir, 0o700);
  } catch {
    /* not ours to change */
  }
}

/** `PRAGMA quick_check` (SQLite): 'ok', or what is damaged. PostgreSQL checks its own pages. */
export function quickCheck(database: Database): string[] {
  if (!database.sqlite) return [];
  const rows = database.sqlite.pragma('quick_check') as { quick_check: string }[];
  return rows.map((r) => r.quick_check).filter((r) => r !== 'ok');
}

/** The migrations this database has applied (Kysely's table), [] before the first. */
export async function appliedMigrations(db: Kysely<DB>): Promise<string[]> {
  try {
    const r = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    return r.rows.map((x) => x.name);
  } catch {
    return [];
  }
}

/** Migration state: applied ones this version does not know (a newer Orbit wrote the database), and known ones not applied yet. */
export async function migrationState(
  db: Kysely<DB>,
): Promise<{ unknown: string[]; pending: string[]; applied: string[] }> {
  const applied = await appliedMigrations(db);
  const known = Object.keys(MIGRATIONS);
  return {
    applied,
    unknown: applied.filter((m) => !known.includes(m)),
    pending: known.filter((m) => !applied.includes(m)),
  };
}

/** The checks run on an open database before migrating: damage, and migrations from another version. */
export async function checkOpenDatabase(database: Database, config: Config): Promise<void> {
  if (database.sqlite && config.startupIntegrityCheck) {
    let problems: string[];
    try {
      problems = quickCheck(database);
    } catch (err) {
      problems = [(err as Error).message];
    }
    if (problems.length) {
      throw new StartupRefused(
        `The database ${sqliteFileOf(config)} is damaged (PRAGMA quick_check: ${problems.slice(0, 3).join('; ')}). ` +
          `Refusing to serve from it: restore it from a backup (run \`orbit doctor\` for details).`,
      );
    }
  }
  const m = await migrationState(database.db);
  if (m.unknown.length) {
    throw new StartupRefused(
      `The database was migrated by a newer Orbit (unknown migrations: ${m.unknown.join(', ')}). Run that version, or restore a matching backup.`,
    );
  }
}

/** After migrating: every known migration is applied. */
export async function checkMigrated(database: Database): Promise<void> {
  const m = await migrationState(database.db);
  if (m.pending.length) throw new StartupRefused(`Migrations did not apply: ${m.pending.join(', ')}`);
}

// --- Facts about the database itself (orbit_meta): the data key's fingerprint.

export const DATA_KEY_FINGERPRINT = 'data_key_fingerprint';

export async function readMeta(db: Kysely<DB>, key: string): Promise<string | null> {
  const r = await db.selectFrom('orbit_meta').select('value').where('key', '=', key).executeTakeFirst();
  return r?.value ?? null;
}

export async function writeMeta(db: Kysely<DB>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('orbit_meta')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * The columns sealed with the data key (lib/secrets.ts `encryptField`): what a
 * key rotation re-encrypts and what forgetting a lost key clears. A module
 * that adds an encrypted column adds it here.
 */
export const ENCRYPTED_COLUMNS: { table: keyof DB; key: string[]; column: string; onForget: 'null' | 'delete' }[] = [
  { table: 'advertisers', key: ['id'], column: 'email_enc', onForget: 'null' },
  { table: 'integration_secrets', key: ['advertiser_id', 'provider'], column: 'secret_enc', onForget: 'delete' },
  { table: 'shop_connections', key: ['id'], column: 'access_token_enc', onForget: 'delete' },
];

/** One sealed value of the database, to test a key against when no fingerprint was recorded yet (databases from before 0012). */
export async function oneSealedValue(db: Kysely<DB>): Promise<string | null> {
  for (const c of ENCRYPTED_COLUMNS) {
    const r = await sql<{
      v: string;
    }>`SELECT ${sql.ref(c.column)} AS v FROM ${sql.table(c.table)} WHERE ${sql.ref(c.column)} IS NOT NULL LIMIT 1`.execute(
      db,
    );
    if (r.rows[0]?.v) return r.rows[0].v;
  }
  return null;
}

/** Every sealed value, with its row key, for a rotation. */
export async function sealedValues(
  db: Kysely<DB>,
  c: (typeof ENCRYPTED_COLUMNS)[number],
): Promise<{ key: unknown[]; value: string }[]> {
  const cols = [...c.key, c.column];
  const r = await sql<
    Record<string, unknown>
  >`SELECT ${sql.join(cols.map((k) => sql.ref(k)))} FROM ${sql.table(c.table)} WHERE ${sql.ref(c.column)} IS NOT NULL`.execute(
    db,
  );
  return r.rows.map((row) => ({ key: c.key.map((k) => row[k]), value: String(row[c.column]) }));
}

export async function resealValue(
  db: Kysely<DB>,
  c: (typeof ENCRYPTED_COLUMNS)[number],
  key: unknown[],
  value: string,
): Promise<void> {
  const where = sql.join(
    c.key.map((k, i) => sql`${sql.ref(k)} = ${key[i]}`),
    sql` AND `,
  );
  await sql`UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = ${value} WHERE ${where}`.execute(db);
}

/** Clear what cannot be decrypted any more (the key is lost): emails forgotten, secrets and shop tokens deleted (reconnect them). */
export async function forgetSealedValues(db: Kysely<DB>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of ENCRYPTED_COLUMNS) {
    const r =
      c.onForget === 'null'
        ? await sql`UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = NULL WHERE ${sql.ref(c.column)} IS NOT NULL`.execute(
            db,
          )
        : await sql`DELETE FROM ${sql.table(c.table)}`.execute(db);
    out[`${c.table}.${c.column}`] = Number(r.numAffectedRows ?? 0);
  }
  return out;
}

/**
 * Storage problems seen while serving, for `/health`: the last storage
 * failure answered 503 (a full disk, an I/O error, a server out of reach) is
 * reported for `windowMs` after it happened.
 */
export class StorageHealth {
  private lastFailure: { at: number; code: string; message: string } | null = null;
  failures = 0;

  constructor(
    private readonly now: () => number,
    private readonly windowMs = 30_000,
  ) {}

  storageFailed(err: unknown): void {
    const e = err as { code?: unknown; message?: unknown };
    this.failures++;
    this.lastFailure = {
      at: this.now(),
      code: typeof e?.code === 'string' ? e.code : 'STORAGE',
      message: String(e?.message ?? err).slice(0, 200),
    };
  }

  /** The recent failure, if any (code and when), without internals beyond the error code. */
  recent(): { code: string; at: string } | null {
    const f = this.lastFailure;
    if (!f || this.now() - f.at > this.windowMs) return null;
    return { code: f.code, at: new Date(f.at).toISOString() };
  }
}
