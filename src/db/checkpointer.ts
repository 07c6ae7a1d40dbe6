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
 * requests. Instead a worker thread with its own connection runs a PASSIVE
 * checkpoint (never blocks readers or the writer) while the journal writes,
 * and the committing connections' auto-checkpoint threshold is
 * raised to a backstop the WAL does not reach meanwhile
 * (`BACKSTOP_CHECKPOINT_PAGES`). Should the worker die, the serving
 * connection's threshold goes back to SQLite's default, the journal writer's
 * connection still checkpoints at the backstop (the WAL stays bounded either
 * way), and the worker is started again no sooner than `RESTART_BACKOFF_MS`
 * later.
 *
 * How often: about every `CHECKPOINT_TARGET_FRAMES` frames written (at the
 * rate the last run saw), no more often than `intervalMs` and no less often
 * than `CHECKPOINT_MAX_INTERVAL_MS`. Small checkpoints keep the tracking tail
 * short: once a checkpoint has copied the whole WAL, the journal writer's next
 * commit restarts the WAL and SQLite fsyncs its header there, on the writer
 * thread, waiting behind whatever the checkpoint left to write back. Every
 * 250 ms at 15k impressions/s that stalled the writer 8–15 ms about once a
 * second (perf sched and sched_switch stacks, docs/decisions/0014); at
 * ~180 frames a run it does not show.
 */
/**
 * The wait before the next checkpoint: when about `targetFrames` more frames
 * will have been written at the rate the last run saw (`fresh` frames in
 * `elapsedMs`), within [minMs, maxMs]; maxMs when nothing was written. (Runs
 * in the worker: self-contained.)
 */
export function checkpointDelay(
  fresh: number,
  elapsedMs: number,
  minMs: number,
  maxMs: number,
  targetFrames: number,
): number {
  if (!(fresh > 0)) return maxMs;
  const perMs = fresh / Math.max(1, elapsedMs);
  return Math.min(maxMs, Math.max(minMs, targetFrames / perMs));
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const { minMs, maxMs, targetFrames } = workerData;
let timer = null;
let prevLog = 0;
let prevAt = performance.now();
const run = () => {
  let delay = maxMs;
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    const now = performance.now();
    // Frames written since the last run (the WAL restarts from 0 once it was copied whole).
    const fresh = r.log >= prevLog ? r.log - prevLog : r.log;
    delay = (${checkpointDelay.toString()})(fresh, now - prevAt, minMs, maxMs, targetFrames);
    prevLog = r.log;
    prevAt = now;
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, busy: r.busy });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
  timer = setTimeout(run, delay);
};
timer = setTimeout(run, minMs);
parentPort.on('message', (m) => {
  if (m === 'stop') {
    clearTimeout(timer);
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
  /** Times the worker died (an error or an exit it was not asked for); each delays the next start by `RESTART_BACKOFF_MS`. */
  deaths: number;
}

export interface Checkpointer {
  stats: CheckpointStats;
  /** True while the worker runs (the connection's own auto-checkpoint then waits for the backstop). */
  readonly running: boolean;
  /** Called on every journal commit: starts the worker if it is not running. */
  active(): void;
  stop(): Promise<void>;
}

/** SQLite's own `wal_autocheckpoint` default (pages), restored when the worker is not running. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/**
 * While the worker runs, connections that commit keep this `wal_autocheckpoint`
 * (pages, ~64 MB) instead of 0: a backstop the WAL never reaches while the worker
 * checkpoints (at most `CHECKPOINT_MAX_INTERVAL_MS` apart; tracking at its peak
 * writes ~6,000 frames in that long), and which bounds the WAL should the worker be gone
 * without the connection hearing of it (the journal writer thread's own
 * connection is not told).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 16_384;
/** Frames (pages) written between two checkpoints while the journal writes fast: ~0.7 MB at 4 KB pages. */
export const CHECKPOINT_TARGET_FRAMES = 180;
/** The longest wait between two checkpoints, however slowly the WAL grows. */
export const CHECKPOINT_MAX_INTERVAL_MS = 250;
/** After the worker died, the next start waits this long (a worker that cannot start is not restarted on every commit). */
export const RESTART_BACKOFF_MS = 1000;

/**
 * The worker runs only while the journal writes: it starts on the first commit
 * and stops after `idleMs` without one, handing checkpoints back to SQLite
 * (an idle server keeps no extra thread; writes outside the journal — the
 * dashboard, imports — are rare and checkpointed by SQLite itself).
 */
export function startCheckpointer(
  sqlite: BetterSqlite3.Database,
  file: string,
  opts: { intervalMs: number; idleMs: number },
): Checkpointer {
  const stats: CheckpointStats = { runs: 0, lastLog: 0, lastCheckpointed: 0, errors: 0, starts: 0, deaths: 0 };
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | null = null;
  let stopping: Promise<void> | null = null;
  let closed = false;
  let lastActive = 0;
  let restartAt = 0;

  const restoreAuto = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  const start = () => {
    const w = new Worker(WORKER, {
      eval: true,
      workerData: {
        driver,
        file,
        minMs: opts.intervalMs,
        maxMs: Math.max(opts.intervalMs, CHECKPOINT_MAX_INTERVAL_MS),
        targetFrames: CHECKPOINT_TARGET_FRAMES,
      },
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
        stats.deaths++;
        restartAt = Date.now() + RESTART_BACKOFF_MS;
        restoreAuto();
      }
    };
    w.on('error', died);
    w.on('exit', died);
    worker = w;
    stats.starts++;
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
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
  const idleTimer = setInterval(
    () => {
      if (worker && !stopping && Date.now() - lastActive > opts.idleMs) {
        stopping = halt().finally(() => (stopping = null));
      }
    },
    Math.max(50, Math.floor(opts.idleMs / 3)),
  );
  idleTimer.unref();

  return {
    stats,
    get running() {
      return worker !== null;
    },
    active() {
      lastActive = Date.now();
      if (!worker && !closed && sqlite.open && lastActive >= restartAt) start();
    },
    async stop() {
      closed = true;
      clearInterval(idleTimer);
      await stopping;
      await halt();
    },
  };
}
