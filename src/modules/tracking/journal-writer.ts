/**
 * The journal's SQLite writer thread (started by `journal-thread.ts`): its own
 * connection to the database file; it opens the batch's impression pixels
 * (AES-GCM) into events, runs one IMMEDIATE transaction per batch, and replies
 * only after the commit returned. Its commits log their rollup deltas
 * (`rollup_log`), which it folds into the rollups after every `FOLD_EVERY`
 * commits, within `FOLD_MS` of a quieter spell, and before it exits (readers
 * fold what is left first: ledger/service.ts `settleRollups`). Main-thread writers (Kysely, the
 * conversions commit) take the write lock in turn through SQLite's busy
 * handler; every main-thread transaction begins IMMEDIATE, so none can fail
 * on a snapshot this thread moved on.
 */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { parseKeyRing, TokenCodec } from '../../lib/token.js';
import { foldRollupLog } from '../ledger/service.js';
import { sqliteJournalTx } from './repo.js';
import { commitSync, mergeBatches } from './journal-batch.js';
import { decodeBatch, encodeResult, type WriterOptions, type WriterReply, type WriterRequest } from './journal-wire.js';

const opts = workerData as WriterOptions;
const port = parentPort!;
const db = new BetterSqlite3(opts.file);
db.pragma(`busy_timeout = ${opts.busyTimeoutMs}`);
db.pragma(`synchronous = ${opts.synchronous}`);
// With the background checkpointer, a backstop the WAL does not reach while it runs: a commit here
// never stops to copy the WAL into the database, unless the checkpointer is gone.
db.pragma(`wal_autocheckpoint = ${opts.autocheckpointPages}`);
const tx = sqliteJournalTx(db, { logRollups: true, rules: opts.rules });
const opener = { codec: new TokenCodec(parseKeyRing(opts.tokenKeys)), ttlSeconds: opts.tokenTtlSeconds };

const reply = (m: WriterReply) => port.postMessage(m);

/**
 * Commits between folds of the rollup log. A fold holds the next commit back
 * for as long as it runs, so folds stay small: one of 32 logged commits takes
 * ~0.2 ms, where folding every 100 ms under load (~300 commits) took 1–3 ms
 * and showed in the p99 of `/track/imp`; the saving against writing rollups in
 * every commit is nearly the same (bench/journal-writer-cost.ts, FOLD=25 vs 400).
 */
const FOLD_EVERY = 32;
/** At lower rates, what is logged is folded within this long. */
const FOLD_MS = 100;
let unfolded = 0;
const fold = () => {
  if (unfolded === 0) return;
  try {
    foldRollupLog(db);
    unfolded = 0;
  } catch (err) {
    unfolded = 1; // the log stays; the timer tries again
    reply({ foldFailed: String((err as Error)?.message ?? err) });
  }
};
const folding = setInterval(fold, FOLD_MS);

let closing = false;
const close = () => {
  clearInterval(folding);
  fold();
  db.close();
  port.close();
};

port.on('message', (first: WriterRequest) => {
  if (closing) return;
  if ('close' in first) return close();
  // Everything that arrived while the last transaction ran goes into this one.
  const batch = [first];
  for (
    let m = receiveMessageOnPort(port as unknown as MessagePort);
    m;
    m = receiveMessageOnPort(port as unknown as MessagePort)
  ) {
    const next = m.message as WriterRequest;
    if ('close' in next) {
      closing = true; // after this transaction: the journal drained before asking
      break;
    }
    batch.push(next);
  }
  try {
    const { merged, split } = mergeBatches(batch.map((b) => decodeBatch(b.batch)));
    const parts = split(commitSync(tx, merged, opener));
    unfolded++;
    reply({ results: batch.map((b, i) => ({ seq: b.seq, result: encodeResult(parts[i]) })) });
  } catch (err) {
    const e = err as { message?: string; code?: string };
    reply({ seqs: batch.map((b) => b.seq), error: String(e?.message ?? err), ...(e?.code ? { code: e.code } : {}) });
  }
  if (closing) close();
  // After the reply: the batches just committed are acknowledged before the fold runs.
  else if (unfolded >= FOLD_EVERY) fold();
});
reply({ ready: true });
