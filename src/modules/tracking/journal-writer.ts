/**
 * The journal's SQLite writer thread (started by `journal-store.ts`): its own
 * connection to the database file; it opens the batch's impression pixels
 * (AES-GCM) into events, runs one IMMEDIATE transaction per batch, and replies
 * only after the commit returned. Main-thread writers (Kysely, the
 * conversions commit) take the write lock in turn through SQLite's busy
 * handler; every main-thread transaction begins IMMEDIATE, so none can fail
 * on a snapshot this thread moved on.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { parseKeyRing, TokenCodec } from '../../lib/token.js';
import { sqliteJournalTx } from './repo.js';
import { commitSync, decodeBatch, encodeResult, type WriterOptions, type WriterReply, type WriterRequest } from './journal-store.js';

const opts = workerData as WriterOptions;
const port = parentPort!;
const db = new BetterSqlite3(opts.file);
db.pragma(`busy_timeout = ${opts.busyTimeoutMs}`);
db.pragma(`synchronous = ${opts.synchronous}`);
// With the background checkpointer running, a commit here never stops to copy the WAL into the database.
if (opts.checkpointer) db.pragma('wal_autocheckpoint = 0');
const tx = sqliteJournalTx(db);
const opener = { codec: new TokenCodec(parseKeyRing(opts.tokenKeys)), ttlSeconds: opts.tokenTtlSeconds };

const reply = (m: WriterReply) => port.postMessage(m);

port.on('message', (m: WriterRequest) => {
  if ('close' in m) {
    db.close();
    port.close();
    return;
  }
  try {
    reply({ seq: m.seq, result: encodeResult(commitSync(tx, decodeBatch(m.batch), opener)) });
  } catch (err) {
    const e = err as { message?: string; code?: string };
    reply({ seq: m.seq, error: String(e?.message ?? err), ...(e?.code ? { code: e.code } : {}) });
  }
});
reply({ ready: true });
