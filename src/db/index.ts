import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import {
  CompiledQuery,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Driver,
  type SchemaMetadata,
  type TableMetadata,
  type Migration,
  type MigrationProvider,
  type SqliteDialectConfig,
} from 'kysely';
import type { Config } from '../config.js';
import type { DB } from './schema.js';
import { MIGRATIONS } from './migrations/index.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import { lazyRequire } from '../lib/lazy.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The raw SQLite handle (embedded backend only), for hot paths that run prepared statements directly. */
  sqlite?: BetterSqlite3.Database;
  /** SQLite: the database file and its synchronous level (the journal's writer thread opens its own connection to it). */
  sqlitePath?: string;
  sqliteSync?: 'FULL' | 'NORMAL';
  /** The raw pool (PostgreSQL only), used by the event journal's group commit. */
  pool?: pg.Pool;
  /** SQLite: the background WAL checkpointer (off the event loop, while the journal writes), when enabled. */
  checkpointer?: Checkpointer;
  /** The PostgreSQL schema this handle works in (config.databaseSchema), when one is set. */
  schema?: string;
  close(): Promise<void>;
}

const loadPg = lazyRequire<typeof pg>('pg');
let pgParsers = false;
/** node-postgres, loaded when a PostgreSQL database is first opened. */
function pgLib(): typeof pg {
  const lib = loadPg();
  if (!pgParsers) {
    // node-postgres returns int8 and numeric as strings; every such value in Orbit
    // (epoch ms, micros, counts) fits a double exactly, so parse them as numbers.
    lib.types.setTypeParser(20, (v) => Number(v));
    lib.types.setTypeParser(1700, (v) => Number(v));
    pgParsers = true;
  }
  return lib;
}

/** Every reader of the counters settles first; the ledger owns how (a thin re-export for callers outside src/modules). */
export { settleRollups } from '../modules/ledger/repo.js';

export function openDatabase(config: Config): Database {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    const pool = new (pgLib().Pool)({
      connectionString: config.databaseUrl,
      max: 10,
      // Waiting for a connection is bounded (the request then fails 503, safe to retry) instead of hanging.
      connectionTimeoutMillis: 10_000,
      // Startup parameters: the schema, and JIT off unless configured on (config.pgJit).
      options:
        [schema ? `-c search_path=${schema}` : '', config.pgJit ? '' : '-c jit=off'].filter(Boolean).join(' ') ||
        undefined,
    });
    pool.on('error', () => {
      /* idle client errors are surfaced by the next query */
    });
    const db = new Kysely<DB>({ dialect: new SchemaScopedPostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      pool,
      ...(schema ? { schema } : {}),
      close: async () => {
        await db.destroy();
      },
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, config.sqliteFile);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${config.sqliteSync}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  const checkpointer =
    config.sqliteCheckpointMs > 0
      ? startCheckpointer(sqlite, file, { intervalMs: config.sqliteCheckpointMs, idleMs: 30_000 })
      : undefined;
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    sqlitePath: file,
    sqliteSync: config.sqliteSync,
    ...(checkpointer ? { checkpointer } : {}),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * Kysely's SQLite transactions, begun IMMEDIATE: the write lock is taken at
 * `BEGIN` (waiting through the busy handler while another connection — the
 * journal's writer thread — commits), never upgraded later from a read. A
 * deferred transaction that read before another connection committed could
 * not write at all (SQLITE_BUSY_SNAPSHOT, which no busy handler retries).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

/**
 * Kysely's PostgreSQL dialect with an introspector that lists only the tables
 * of the connection's own schema (`current_schema()`, the search path Orbit
 * sets). Kysely's own lists every table of every schema and calls
 * `pg_get_serial_sequence` on each, so it fails with `schema "…" does not
 * exist` when another schema is dropped meanwhile — and the migrator
 * introspects at every start. Several Orbit deployments (or test runs) may
 * share one database in their own schemas.
 */
class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db);
  }
}

class SchemaScopedIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await this.db.executeQuery<{ name: string }>(
      CompiledQuery.raw('SELECT nspname AS name FROM pg_catalog.pg_namespace'),
    );
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await this.db.executeQuery<{
      table: string;
      schema: string;
      is_view: boolean;
      column: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
      is_identity: boolean;
    }>(
      CompiledQuery.raw(`SELECT c.relname AS table, n.nspname AS schema, c.relkind = 'v' AS is_view,
        a.attname AS column, t.typname AS type, a.attnotnull AS not_null, a.atthasdef AS has_default, a.attidentity <> '' AS is_identity
        FROM pg_catalog.pg_class c
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
        ORDER BY c.relname, a.attnum`),
    );
    const tables = new Map<
      string,
      { name: string; schema: string; isView: boolean; columns: TableMetadata['columns'][number][] }
    >();
    for (const r of rows) {
      if (
        !options.withInternalKyselyTables &&
        (r.table === DEFAULT_MIGRATION_TABLE || r.table === DEFAULT_MIGRATION_LOCK_TABLE)
      )
        continue;
      let t = tables.get(r.table);
      if (!t) tables.set(r.table, (t = { name: r.table, schema: r.schema, isView: r.is_view, columns: [] }));
      t.columns.push({
        name: r.column,
        dataType: r.type,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.is_identity,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/**
 * Kysely's SQLite driver prepares every statement on every call (compiling the
 * SQL each time: 2–4 ms for a 200-id lookup). This hands it better-sqlite3
 * statements cached by SQL text (least recently used out past 500), except one
 * still busy iterating, which gets a fresh statement. Schema changes are safe:
 * SQLite recompiles a cached statement when the schema it was built on changes.
 */
export function withStatementCache(
  sqlite: BetterSqlite3.Database,
  size = 500,
): { close(): void; prepare(sql: string): BetterSqlite3.Statement } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        cache.delete(sql); // re-insert: most recently used last
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}

/** Create the PostgreSQL schema named in the config when it does not exist yet. */
export async function ensureSchema(config: Config): Promise<void> {
  if (!config.databaseUrl || !config.databaseSchema) return;
  const client = new (pgLib().Client)({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${config.databaseSchema}`);
  } finally {
    await client.end();
  }
}

export async function migrate(database: Database): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) {
        out[name] = { up: (db) => m.up(db, database.dialect) };
      }
      return out;
    },
  };
  // Kysely looks for its migration tables in every schema unless told which: with several schemas in one
  // database (tests, or deployments sharing a server) another schema's tables would be taken for ours.
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
