import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * WAL checkpoints off the event loop.
 *
 * SQLite's automatic checkpoint runs inside whichever commit crosses the
 * threshold (1,000 pages): it copies the WAL into the database file and
 * fsyncs, for several milliseconds, on the thread that committed — here the
 * event loop, so every ~second of heavy tracking one group commit stalls all
 * requests. Instead the serving connection's auto-checkpoint is turned off and
 * a worker thread with its own connection runs a PASSIVE checkpoint (never
 * blocks readers or the writer) every `intervalMs`. Should the worker die,
 * the connection's auto-checkpoint is switched back on so the WAL never grows
 * without bound.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const run = () => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, busy: r.busy });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface CheckpointStats {
  runs: number;
  /** Frames in the WAL and frames copied into the database at the last run. */
  lastLog: number;
  lastCheckpointed: number;
  errors: number;
}

export interface Checkpointer {
  stats: CheckpointStats;
  stop(): Promise<void>;
}

const DEFAULT_AUTOCHECKPOINT = 1000;

export function startCheckpointer(sqlite: BetterSqlite3.Database, file: string, intervalMs: number): Checkpointer {
  const stats: CheckpointStats = { runs: 0, lastLog: 0, lastCheckpointed: 0, errors: 0 };
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver, file, intervalMs },
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const fallBack = () => {
    if (stopping || !sqlite.open) return;
    sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  worker.on('message', (m: { log?: number; checkpointed?: number; error?: string }) => {
    if (m.error) stats.errors++;
    else {
      stats.runs++;
      stats.lastLog = m.log ?? 0;
      stats.lastCheckpointed = m.checkpointed ?? 0;
    }
  });
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    stats,
    async stop() {
      if (stopping) return;
      stopping = true;
      worker.ref(); // an unref'd worker's exit would not keep a script's final await alive
      const exited = new Promise<void>((r) => worker.once('exit', () => r()));
      worker.postMessage('stop');
      await exited;
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}
