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
 * blocks readers or the writer) every `intervalMs`, while the journal writes.
 * Should the worker die, the connection's auto-checkpoint is switched back on
 * so the WAL never grows without bound.
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
  /** Times the worker was started (it stops after `idleMs` without journal commits). */
  starts: number;
}

export interface Checkpointer {
  stats: CheckpointStats;
  /** True while the worker runs (the connection's own auto-checkpoint is then off). */
  readonly running: boolean;
  /** Called on every journal commit: starts the worker if it is not running. */
  active(): void;
  stop(): Promise<void>;
}

const DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * The worker runs only while the journal writes: it starts on the first commit
 * and stops after `idleMs` without one, handing checkpoints back to SQLite
 * (an idle server keeps no extra thread; writes outside the journal — the
 * dashboard, imports — are rare and checkpointed by SQLite itself).
 */
export function startCheckpointer(sqlite: BetterSqlite3.Database, file: string, opts: { intervalMs: number; idleMs: number }): Checkpointer {
  const stats: CheckpointStats = { runs: 0, lastLog: 0, lastCheckpointed: 0, errors: 0, starts: 0 };
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | null = null;
  let stopping: Promise<void> | null = null;
  let closed = false;
  let lastActive = 0;

  const restoreAuto = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  const start = () => {
    const w = new Worker(WORKER, {
      eval: true,
      workerData: { driver, file, intervalMs: opts.intervalMs },
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    w.unref();
    w.on('message', (m: { log?: number; checkpointed?: number; error?: string }) => {
      if (m.error) stats.errors++;
      else {
        stats.runs++;
        stats.lastLog = m.log ?? 0;
        stats.lastCheckpointed = m.checkpointed ?? 0;
      }
    });
    // Should the worker die, SQLite's own auto-checkpoint comes back so the WAL never grows without bound.
    const died = () => {
      if (worker === w) {
        worker = null;
        restoreAuto();
      }
    };
    w.on('error', died);
    w.on('exit', died);
    worker = w;
    stats.starts++;
    sqlite.pragma('wal_autocheckpoint = 0');
  };
  const halt = (): Promise<void> => {
    const w = worker;
    if (!w) return Promise.resolve();
    worker = null;
    restoreAuto();
    w.ref(); // an unref'd worker's exit would not keep a script's final await alive
    const exited = new Promise<void>((r) => w.once('exit', () => r()));
    w.postMessage('stop');
    return exited;
  };
  const idleTimer = setInterval(() => {
    if (worker && !stopping && Date.now() - lastActive > opts.idleMs) {
      stopping = halt().finally(() => (stopping = null));
    }
  }, Math.max(50, Math.floor(opts.idleMs / 3)));
  idleTimer.unref();

  return {
    stats,
    get running() {
      return worker !== null;
    },
    active() {
      lastActive = Date.now();
      if (!worker && !closed && sqlite.open) start();
    },
    async stop() {
      closed = true;
      clearInterval(idleTimer);
      await stopping;
      await halt();
    },
  };
}
