import type { Worker } from 'node:worker_threads';
import type { Database } from '../../db/index.js';
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { HOUR_MS } from '../../lib/clock.js';
import { parseKeyRing, TokenCodec } from '../../lib/token.js';
import { startModuleWorker } from '../../lib/worker.js';
import { BACKSTOP_CHECKPOINT_PAGES, SQLITE_AUTOCHECKPOINT_PAGES } from '../../db/checkpointer.js';
import { byDialect } from '../../db/sql.js';
import { hitRecord, openClaims, type HitContext } from './record.js';
import { ROLLUP_COLS, type RollupRow } from '../ledger/rollup.js';
import {
  EVENT_COLS,
  postgresJournalStore,
  REQUEST_COLS,
  SERVE_COLS,
  sqliteJournalStore,
  type Batch,
  type EventRow,
  type JournalRules,
  type JournalStore,
} from './repo.js';

/**
 * Where the journal's group commits go. On SQLite a **writer thread** with a
 * connection of its own (`journal-writer.ts`) opens the impression pixels'
 * tokens and runs each transaction — inserts, rollup upserts, commit — so none
 * of that holds the event loop; the journal still acknowledges an event only
 * once the writer reports its transaction committed. On PostgreSQL the commit
 * is network I/O already and runs here, on the pool.
 */

/** An impression pixel as the request gave it: the token still sealed, and what the request says about the user. */
export interface PixelHit extends HitContext {
  token: string;
}

/** One group commit. */
export interface JournalBatch {
  requests: AdRequestTable[];
  serves: AdServeTable[];
  events: EventRow[];
  /** Rollup deltas of the ad requests (they always count); events' deltas are derived where they commit. */
  rollups: RollupRow[][];
  /** Impression pixels to open and record (their events and rollups are made where the commit runs). */
  pixels: PixelHit[];
}

/**
 * Charges that became durable: what budgets and pacing count. A commit's
 * charges are summed per campaign, ad group and UTC hour; `at` is the time of
 * the first of them (budgets read only its UTC day and hour).
 */
export interface Charge {
  campaignId: string;
  adGroupId: string;
  spendMicros: number;
  at: number;
}

/** A pixel's outcome: newly recorded, a repeat, or why its token was refused (nothing recorded). */
export type PixelOutcome = boolean | { status: number; message: string };

export interface CommitResult {
  /** Per event of the batch, whether it was newly recorded. */
  inserted: boolean[];
  pixels: PixelOutcome[];
  charges: Charge[];
}

export interface PixelOpener {
  codec: TokenCodec;
  ttlSeconds: number;
}

interface Prepared {
  batch: Batch;
  events: EventRow[];
  ownEvents: number;
  /** Per pixel, the index of its event, or its refusal. */
  pixels: (number | { status: number; message: string })[];
}

/** Open the pixels into events and make the store's view of the batch. */
function prepare(j: JournalBatch, opener: PixelOpener): Prepared {
  const events = j.events.slice();
  const pixels: Prepared['pixels'] = new Array(j.pixels.length);
  for (let k = 0; k < j.pixels.length; k++) {
    const hit = j.pixels[k];
    try {
      const e = hitRecord('imp', openClaims(opener.codec, hit.token, hit.at, opener.ttlSeconds), hit, null);
      pixels[k] = events.length;
      events.push(e);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      pixels[k] = { status: err.statusCode, message: err.message };
    }
  }
  const requestRollups: RollupRow[] = [];
  for (const rows of j.rollups) for (const r of rows) requestRollups.push(r);
  const batch: Batch = { requests: j.requests, serves: j.serves, events, rollups: requestRollups };
  return { batch, events, ownEvents: j.events.length, pixels };
}

function finish(p: Prepared, inserted: boolean[]): CommitResult {
  // Summed per campaign, ad group and UTC hour: all that budgets and pacing
  // look at, and a batch of impressions then crosses back as one charge.
  const byKey = new Map<string, Charge>();
  for (let i = 0; i < p.events.length; i++) {
    const e = p.events[i];
    if (!inserted[i] || e.spend_micros <= 0) continue;
    const key = `${e.campaign_id}\u0001${e.ad_group_id}\u0001${Math.floor(e.at / HOUR_MS)}`;
    const c = byKey.get(key);
    if (c) c.spendMicros += e.spend_micros;
    else byKey.set(key, { campaignId: e.campaign_id, adGroupId: e.ad_group_id, spendMicros: e.spend_micros, at: e.at });
  }
  const charges = [...byKey.values()];
  return {
    inserted: inserted.slice(0, p.ownEvents),
    pixels: p.pixels.map((x) => (typeof x === 'number' ? inserted[x] : x)),
    charges,
  };
}

/** One group commit through a store's transaction: what the writer thread and the in-thread sinks both run. */
export function commitSync(tx: (b: Batch) => boolean[], j: JournalBatch, opener: PixelOpener): CommitResult {
  const p = prepare(j, opener);
  return finish(p, tx(p.batch));
}

/**
 * Several batches committed as one transaction (the writer thread takes all
 * that arrived while it was busy), and the result cut back per batch. The
 * batches' charges all go to the first one's result (listeners add them up).
 */
export function mergeBatches(batches: JournalBatch[]): {
  merged: JournalBatch;
  split(r: CommitResult): CommitResult[];
} {
  if (batches.length === 1) return { merged: batches[0], split: (r) => [r] };
  const merged: JournalBatch = { requests: [], serves: [], events: [], rollups: [], pixels: [] };
  for (const b of batches) {
    for (const r of b.requests) merged.requests.push(r);
    for (const x of b.serves) merged.serves.push(x);
    for (const set of b.rollups) merged.rollups.push(set);
    for (const e of b.events) merged.events.push(e);
    for (const p of b.pixels) merged.pixels.push(p);
  }
  return {
    merged,
    split(r) {
      let e = 0;
      let p = 0;
      return batches.map((b, i) => {
        const part: CommitResult = {
          inserted: r.inserted.slice(e, (e += b.events.length)),
          pixels: r.pixels.slice(p, (p += b.pixels.length)),
          charges: i === 0 ? r.charges : [],
        };
        return part;
      });
    },
  };
}

export interface JournalSink {
  /** How many batches the journal may hand over before the first is answered. */
  readonly maxInFlight: number;
  commit(batch: JournalBatch): Promise<CommitResult>;
  close(): Promise<void>;
}

/** A store on this thread (PostgreSQL; SQLite when the writer thread is off). */
export function inThreadSink(store: JournalStore, opener: PixelOpener): JournalSink {
  return {
    // One transaction at a time: PostgreSQL writers would otherwise queue on each other's rollup row locks.
    maxInFlight: 1,
    async commit(j) {
      const p = prepare(j, opener);
      return finish(p, await store.commit(p.batch));
    },
    close: async () => undefined,
  };
}

// --- The writer thread's wire format: flat arrays of column values (cloning one
// array of primitives costs a fraction of cloning the same rows as objects).

export interface WireBatch {
  r: unknown[];
  s: unknown[];
  e: unknown[];
  /** Per rollup set: row count, then each row's ROLLUP_COLS values. */
  u: unknown[];
  /** Per pixel: token, at, ipHash, country, device, ivt reason ('' when none). */
  p: unknown[];
}

export interface WireResult {
  inserted: boolean[];
  /** Per pixel: 1 new, 0 repeat, or [status, message]. */
  pixels: (0 | 1 | [number, string])[];
  /** Per charge: campaignId, adGroupId, spendMicros, at. */
  charges: unknown[];
}

function flatten<T>(rows: T[], cols: readonly (keyof T)[], out: unknown[]): void {
  for (const row of rows) for (const c of cols) out.push(row[c]);
}

function unflatten<T>(flat: unknown[], cols: readonly string[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < flat.length; i += cols.length) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < cols.length; c++) row[cols[c]] = flat[i + c];
    out.push(row as T);
  }
  return out;
}

export function encodeBatch(j: JournalBatch): WireBatch {
  const w: WireBatch = { r: [], s: [], e: [], u: [], p: [] };
  flatten(j.requests, REQUEST_COLS, w.r);
  flatten(j.serves, SERVE_COLS, w.s);
  flatten(j.events, EVENT_COLS, w.e);
  for (const rows of j.rollups) {
    w.u.push(rows.length);
    flatten(rows, ROLLUP_COLS, w.u);
  }
  for (const h of j.pixels) w.p.push(h.token, h.at, h.ipHash, h.country, h.device, h.ivt ?? '');
  return w;
}

export function decodeBatch(w: WireBatch): JournalBatch {
  const rollups: JournalBatch['rollups'] = [];
  for (let i = 0; i < w.u.length;) {
    const n = w.u[i] as number;
    const start = i + 1;
    const end = start + n * ROLLUP_COLS.length;
    rollups.push(unflatten<RollupRow>(w.u.slice(start, end), ROLLUP_COLS));
    i = end;
  }
  const pixels: PixelHit[] = [];
  for (let i = 0; i < w.p.length; i += 6) {
    pixels.push({
      token: w.p[i] as string,
      at: w.p[i + 1] as number,
      ipHash: w.p[i + 2] as string,
      country: w.p[i + 3] as string,
      device: w.p[i + 4] as PixelHit['device'],
      ivt: (w.p[i + 5] as string) || null,
    });
  }
  return {
    requests: unflatten<AdRequestTable>(w.r, REQUEST_COLS),
    serves: unflatten<AdServeTable>(w.s, SERVE_COLS),
    events: unflatten<EventRow>(w.e, EVENT_COLS),
    rollups,
    pixels,
  };
}

export function encodeResult(r: CommitResult): WireResult {
  const charges: unknown[] = [];
  for (const c of r.charges) charges.push(c.campaignId, c.adGroupId, c.spendMicros, c.at);
  return {
    inserted: r.inserted,
    pixels: r.pixels.map((x) => (x === true ? 1 : x === false ? 0 : [x.status, x.message])),
    charges,
  };
}

export function decodeResult(w: WireResult): CommitResult {
  const charges: Charge[] = [];
  for (let i = 0; i < w.charges.length; i += 4) {
    charges.push({
      campaignId: w.charges[i] as string,
      adGroupId: w.charges[i + 1] as string,
      spendMicros: w.charges[i + 2] as number,
      at: w.charges[i + 3] as number,
    });
  }
  return {
    inserted: w.inserted,
    pixels: w.pixels.map((x) => (x === 1 ? true : x === 0 ? false : { status: x[0], message: x[1] })),
    charges,
  };
}

/** Messages to and from the writer thread (a reply answers every batch its transaction held). */
export type WriterRequest = { seq: number; batch: WireBatch } | { close: true };
export type WriterReply =
  | { ready: true }
  | { results: { seq: number; result: WireResult }[] }
  | { seqs: number[]; error: string; code?: string }
  /** A fold of the rollup log failed (nothing is lost: the log stays, and the next fold or read applies it). */
  | { foldFailed: string };

export interface WriterOptions {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /**
   * The writer connection's `wal_autocheckpoint` (pages). With the background
   * checkpointer it is a backstop (`BACKSTOP_CHECKPOINT_PAGES`) the WAL never
   * reaches while the checkpointer runs, so no commit stops to checkpoint; should
   * the checkpointer be gone, the writer checkpoints itself and the WAL stays bounded.
   */
  autocheckpointPages: number;
  busyTimeoutMs: number;
  /** The token key ring (`id:base64key,…`) and the tokens' lifetime: the writer opens impression pixels. */
  tokenKeys: string;
  tokenTtlSeconds: number;
  /** How the transaction judges clicks (ivt/rules.ts). */
  rules: JournalRules;
}

type Waiter = { resolve: (v: CommitResult) => void; reject: (e: Error) => void };

/**
 * The batches a writer thread holds, by sequence number: a dictionary object,
 * not a Map. Thousands of entries come and go each second, and a Map links
 * every table it outgrows to its successor (for live iterators); once one
 * such table had been promoted to the old generation, each later table, and
 * every request its waiters held, survived minor GCs by that link and was
 * promoted in turn — 20 ms scavenges every ~250 ms until a full GC.
 */
class Waiters {
  private byId: Record<number, Waiter> = Object.create(null) as Record<number, Waiter>;
  size = 0;
  put(id: number, w: Waiter): void {
    this.byId[id] = w;
    this.size++;
  }
  take(id: number): Waiter | undefined {
    const w = this.byId[id];
    if (w) {
      delete this.byId[id];
      this.size--;
    }
    return w;
  }
  takeAll(): Waiter[] {
    const all = Object.values(this.byId);
    this.byId = Object.create(null) as Record<number, Waiter>;
    this.size = 0;
    return all;
  }
}

/**
 * The SQLite writer thread. Up to `maxInFlight` batches are outstanding: the
 * journal sends each event-loop turn's appends at once, and the thread
 * commits all the batches that arrived while it was busy as one transaction
 * (group commit on its side, without waiting for the journal to hear back
 * before the next batch leaves). The thread runs only while the journal
 * writes: it starts at the first commit, retires after `idleMs`
 * without one (an idle server holds no second V8 isolate: ~19 MB of RSS), and
 * is restarted by the next commit, as it is should it die; a batch it was
 * holding is reported failed, never acknowledged. While a thread starts
 * (~50–80 ms) batches commit through `starting` — the same transaction on
 * the event loop's own connection — so the first requests after a start or
 * a quiet spell never wait for the thread.
 */
export function sqliteWriterSink(
  opts: WriterOptions,
  hooks: {
    maxInFlight: number;
    idleMs: number;
    onCommit: () => void;
    onError: (err: unknown) => void;
    starting: JournalSink;
  },
): JournalSink & {
  readonly running: boolean;
  readonly stats: { threadCommits: number; startingCommits: number; starts: number };
} {
  /** One running thread and the batches it holds (a retiring thread's answers never mix with its successor's). */
  interface Writer {
    w: Worker;
    pending: Waiters;
    /** The thread said it is ready (its connection open, its statements prepared). */
    ready: boolean;
  }
  /** Commits on the thread, commits on the event loop while a thread started, and threads started. */
  const stats = { threadCommits: 0, startingCommits: 0, starts: 0 };
  let current: Writer | null = null;
  const exiting = new Set<Promise<void>>();
  let seq = 0;
  let lastActive = 0;

  const start = (): Writer => {
    stats.starts++;
    const w = startModuleWorker(new URL('./journal-writer', import.meta.url), import.meta.url, {
      workerData: opts,
      // The writer holds no data of its own: a small heap is plenty.
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    const writer: Writer = { w, pending: new Waiters(), ready: false };
    w.unref(); // only a commit in flight keeps the process alive (see commit)
    const settle = (seq: number, f: (p: Waiter) => void) => {
      const p = writer.pending.take(seq);
      if (p) f(p);
    };
    /**
     * Commit replies are settled from a `setImmediate`, not inside the
     * `MessagePort` callback that delivers them. Settled inside it, in about
     * a third of `bench/track-imp-trials.ts` trials the main thread's minor
     * GCs began promoting every request after the 256-connection run (20–55 ms
     * scavenges, paced p99 40–60 ms, until the process ended); deferred, none
     * did in 20 trials, 8 of them with a stand-in writer (docs/decisions/0024). Why the callback context
     * matters is not pinned down. A reply waiting here is settled before an
     * exit rejects what the thread still held: what it committed is never
     * reported as lost.
     */
    let replies: Extract<WriterReply, { results: unknown } | { seqs: number[] }>[] = [];
    const settleReplies = () => {
      const now = replies;
      replies = [];
      for (const m of now) {
        if ('error' in m) {
          for (const seq of m.seqs) settle(seq, (p) => p.reject(Object.assign(new Error(m.error), { code: m.code })));
        } else {
          hooks.onCommit();
          for (const r of m.results) settle(r.seq, (p) => p.resolve(decodeResult(r.result)));
        }
      }
      if (writer.pending.size === 0) w.unref();
    };
    w.on('message', (m: WriterReply) => {
      if ('ready' in m) {
        writer.ready = true;
        return;
      }
      if ('foldFailed' in m) {
        hooks.onError(new Error(`rollup log fold failed: ${m.foldFailed}`));
        return;
      }
      if (replies.push(m) === 1) setImmediate(settleReplies);
    });
    w.on('error', (err) => hooks.onError(err));
    const exited = new Promise<void>((r) =>
      w.once('exit', (code) => {
        if (current === writer) current = null;
        settleReplies(); // answered before it exited: settled as answered
        const err = new Error(`journal writer thread exited (${code}) before answering`);
        for (const p of writer.pending.takeAll()) p.reject(err);
        exiting.delete(exited);
        r();
      }),
    );
    exiting.add(exited);
    return writer;
  };

  /** Asks the current thread to finish (it answers what it holds first); the next commit starts another. */
  const retire = (): void => {
    const writer = current;
    if (!writer) return;
    current = null;
    writer.w.ref(); // until it has exited: an unref'd thread's exit would not keep a script's final await alive
    writer.w.postMessage({ close: true } satisfies WriterRequest);
  };

  const idleTimer = setInterval(
    () => {
      if (current && current.pending.size === 0 && Date.now() - lastActive > hooks.idleMs) retire();
    },
    Math.max(50, Math.floor(hooks.idleMs / 3)),
  );
  idleTimer.unref();

  return {
    maxInFlight: hooks.maxInFlight,
    get running() {
      return current !== null;
    },
    get stats() {
      return stats;
    },
    commit(batch) {
      lastActive = Date.now();
      const writer = (current ??= start());
      if (!writer.ready) {
        stats.startingCommits++;
        return hooks.starting.commit(batch);
      }
      stats.threadCommits++;
      const wire = encodeBatch(batch);
      return new Promise<CommitResult>((resolve, reject) => {
        const id = ++seq;
        if (writer.pending.size === 0) writer.w.ref();
        writer.pending.put(id, { resolve, reject });
        writer.w.postMessage({ seq: id, batch: wire } satisfies WriterRequest);
      });
    },
    async close() {
      clearInterval(idleTimer);
      retire();
      await Promise.all([...exiting]);
    },
  };
}

/** What `journalSink` is told: the writer thread's settings, the token keys, the journal's rules. */
interface SinkOptions {
  writerThread: boolean;
  writerIdleMs: number;
  maxInFlight: number;
  tokenKeys: string;
  tokenTtlSeconds: number;
  rules: JournalRules;
  onError: (err: unknown) => void;
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
