import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/worker.js';
import type { CommitResult, JournalSink } from './journal-batch.js';
import {
  decodeResult,
  encodeBatch,
  type WireBatch,
  type WriterOptions,
  type WriterReply,
  type WriterRequest,
} from './journal-wire.js';

/** The SQLite writer thread's sink on the event loop's side (the thread itself: `journal-writer.ts`). */

/**
 * Commits on the thread, commits on the event loop while a thread started, threads started, the
 * most bytes the thread held at once, and how often a batch waited here for room.
 */
export interface WriterStats {
  threadCommits: number;
  startingCommits: number;
  starts: number;
  peakBytes: number;
  heldBack: number;
}

/** A batch the writer holds (or that waits for room to be posted): its promise and its bytes (`WireBatch.b`). */
type Waiter = { resolve: (v: CommitResult) => void; reject: (e: Error) => void; bytes: number };

/** Bytes of posted, unanswered batches past which the next waits on this side (`maxInFlightBytes`). */
export const WRITER_IN_FLIGHT_BYTES = 16 * 1024 * 1024;
/** The writer thread's heap (old generation, MB): it holds no data of its own beyond the batches in flight. */
export const WRITER_HEAP_MB = 64;

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
 * before the next batch leaves). Batches are of any size (rows carry text), so
 * a count alone does not bound the thread's heap: once batches of
 * `maxInFlightBytes` are posted and unanswered, the next waits here, in order,
 * until a reply makes room (one batch always goes) — the journal's slots then
 * stay taken, its queue fills and its callers wait (`Journal.mustWait`) instead
 * of the thread dying of its heap limit (docs/decisions/0019). The thread runs only while the journal
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
    /** Bound on the bytes of batches posted to the thread and not yet answered (default `WRITER_IN_FLIGHT_BYTES`). */
    maxInFlightBytes?: number;
    /** The thread's heap limit (default `WRITER_HEAP_MB`). */
    heapMb?: number;
  },
): JournalSink & {
  readonly running: boolean;
  readonly stats: WriterStats;
} {
  const maxBytes = hooks.maxInFlightBytes ?? WRITER_IN_FLIGHT_BYTES;
  /** One running thread and the batches it holds (a retiring thread's answers never mix with its successor's). */
  interface Writer {
    w: Worker;
    pending: Waiters;
    /** The thread said it is ready (its connection open, its statements prepared). */
    ready: boolean;
    /** Bytes of the batches posted to it and not yet answered. */
    bytes: number;
    /** Batches waiting here, in order, until the thread has room for them (in `pending` too). */
    waiting: { seq: number; batch: WireBatch }[];
    /** Why the thread failed ('error' event), for what it held. */
    failure: string;
  }
  const stats: WriterStats = { threadCommits: 0, startingCommits: 0, starts: 0, peakBytes: 0, heldBack: 0 };

  /** Posts a batch, or keeps it here while the thread holds `maxBytes` already (one batch always goes). */
  const post = (writer: Writer, seq: number, batch: WireBatch): void => {
    if (writer.bytes > 0 && writer.bytes + batch.b > maxBytes) {
      if (writer.waiting.push({ seq, batch }) === 1) stats.heldBack++;
      return;
    }
    writer.bytes += batch.b;
    if (writer.bytes > stats.peakBytes) stats.peakBytes = writer.bytes;
    writer.w.postMessage({ seq, batch } satisfies WriterRequest);
  };
  let current: Writer | null = null;
  const exiting = new Set<Promise<void>>();
  let seq = 0;
  let lastActive = 0;

  const start = (): Writer => {
    stats.starts++;
    const w = startModuleWorker(new URL('./journal-writer', import.meta.url), import.meta.url, {
      workerData: opts,
      // The writer holds no data of its own, and at most `maxBytes` of batches: a small heap is plenty.
      resourceLimits: { maxOldGenerationSizeMb: hooks.heapMb ?? WRITER_HEAP_MB },
    });
    const writer: Writer = { w, pending: new Waiters(), ready: false, bytes: 0, waiting: [], failure: '' };
    w.unref(); // only a commit in flight keeps the process alive (see commit)
    const settle = (seq: number, f: (p: Waiter) => void) => {
      const p = writer.pending.take(seq);
      if (!p) return;
      writer.bytes -= p.bytes;
      f(p);
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
      // Room again: what waited goes, in order (a later batch never commits before an earlier one).
      if (writer.waiting.length > 0) {
        const waiting = writer.waiting;
        writer.waiting = [];
        let i = 0;
        while (i < waiting.length && writer.waiting.length === 0) post(writer, waiting[i].seq, waiting[i++].batch);
        for (; i < waiting.length; i++) writer.waiting.push(waiting[i]);
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
    w.on('error', (err) => {
      writer.failure = `: ${err.message}`; // e.g. ERR_WORKER_OUT_OF_MEMORY
      hooks.onError(err);
    });
    const exited = new Promise<void>((r) =>
      w.once('exit', (code) => {
        if (current === writer) current = null;
        settleReplies(); // answered before it exited: settled as answered
        // What it held, posted or waiting, was never acknowledged: it fails (a 503, safe to retry); the next commit starts a thread.
        writer.waiting = [];
        const err = new Error(`journal writer thread exited (${code}) before answering${writer.failure}`);
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
        writer.pending.put(id, { resolve, reject, bytes: wire.b });
        if (writer.waiting.length > 0) writer.waiting.push({ seq: id, batch: wire });
        else post(writer, id, wire);
      });
    },
    async close() {
      clearInterval(idleTimer);
      retire();
      await Promise.all([...exiting]);
    },
  };
}
