import type { Database } from '../../db/index.js';
import { parseKeyRing, TokenCodec } from '../../lib/token.js';
import { BACKSTOP_CHECKPOINT_PAGES, SQLITE_AUTOCHECKPOINT_PAGES } from '../../db/checkpointer.js';
import { byDialect } from '../../db/sql.js';
import { postgresJournalStore, sqliteJournalStore, type JournalRules } from './repo.js';
import { inThreadSink, type JournalSink, type PixelOpener } from './journal-batch.js';
import { sqliteWriterSink } from './journal-thread.js';

/**
 * Where the journal's group commits go. On SQLite a **writer thread** with a
 * connection of its own (`journal-writer.ts`) opens the impression pixels'
 * tokens and runs each transaction — inserts, rollup upserts, commit — so none
 * of that holds the event loop; the journal still acknowledges an event only
 * once the writer reports its transaction committed. On PostgreSQL the commit
 * is network I/O already and runs here, on the pool.
 *
 * The parts: `journal-batch.ts` (a group commit, the in-thread sink), `journal-wire.ts` (the
 * thread's wire format and messages), `journal-thread.ts` (the writer thread's sink); their names are
 * re-exported here.
 */

export {
  commitSync,
  inThreadSink,
  mergeBatches,
  type Charge,
  type CommitResult,
  type JournalBatch,
  type JournalSink,
  type PixelHit,
  type PixelOpener,
  type PixelOutcome,
} from './journal-batch.js';
export {
  decodeBatch,
  decodeResult,
  encodeBatch,
  encodeResult,
  type WireBatch,
  type WireResult,
  type WriterOptions,
  type WriterReply,
  type WriterRequest,
} from './journal-wire.js';
export { sqliteWriterSink } from './journal-thread.js';

/** What `journalSink` is told: the writer thread's settings, the token keys, the journal's rules. */
interface SinkOptions {
  writerThread: boolean;
  writerIdleMs: number;
  maxInFlight: number;
  tokenKeys: string;
  tokenTtlSeconds: number;
  rules: JournalRules;
  onError: (err: unknown) => void;
  /** The writer thread's bound on the bytes it holds and its heap limit (defaults: `journal-thread.ts`). */
  writerInFlightBytes?: number;
  writerHeapMb?: number;
}

/** The journal's sink for this database: the writer thread on SQLite (unless turned off), the pool on PostgreSQL. */
export function journalSink(database: Database, opts: SinkOptions): JournalSink {
  const opener = { codec: new TokenCodec(parseKeyRing(opts.tokenKeys)), ttlSeconds: opts.tokenTtlSeconds };
  return byDialect(database, {
    sqlite: () => sqliteJournalSink(database, opener, opts),
    postgres: () => postgresJournalSink(database, opener, opts),
  });
}

/** SQLite: the writer thread (commits through the event loop's connection while it starts), or that connection alone. */
function sqliteJournalSink(database: Database, opener: PixelOpener, opts: SinkOptions): JournalSink {
  if (!database.sqlite) throw new Error('no database handle for the journal');
  if (database.sqlitePath && opts.writerThread) {
    const sqlite = database.sqlite;
    // Prepared on first use (its statements cost memory an idle server need not hold).
    let inThread: JournalSink | null = null;
    const onEventLoop: JournalSink = {
      maxInFlight: 1,
      commit: (batch) =>
        (inThread ??= inThreadSink(
          sqliteJournalStore(sqlite, () => database.checkpointer?.active(), opts.rules),
          opener,
        )).commit(batch),
      close: async () => undefined,
    };
    return sqliteWriterSink(
      {
        file: database.sqlitePath,
        synchronous: database.sqliteSync ?? 'NORMAL',
        autocheckpointPages: database.checkpointer ? BACKSTOP_CHECKPOINT_PAGES : SQLITE_AUTOCHECKPOINT_PAGES,
        busyTimeoutMs: 30_000,
        tokenKeys: opts.tokenKeys,
        tokenTtlSeconds: opts.tokenTtlSeconds,
        rules: opts.rules,
      },
      {
        maxInFlight: opts.maxInFlight,
        idleMs: opts.writerIdleMs,
        onCommit: () => database.checkpointer?.active(),
        onError: opts.onError,
        starting: onEventLoop,
        maxInFlightBytes: opts.writerInFlightBytes,
        heapMb: opts.writerHeapMb,
      },
    );
  }
  return inThreadSink(
    sqliteJournalStore(database.sqlite, () => database.checkpointer?.active(), opts.rules),
    opener,
  );
}

/** PostgreSQL: commits on the pool from the event loop. */
function postgresJournalSink(database: Database, opener: PixelOpener, opts: SinkOptions): JournalSink {
  if (!database.pool) throw new Error('no database handle for the journal');
  return inThreadSink(postgresJournalStore(database.pool, opts.rules), opener);
}
