import { BadRequest, Gone, Unavailable } from '../../lib/errors.js';
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import type { EventRow } from './repo.js';
import type { Charge, JournalBatch, JournalSink, PixelHit } from './journal-store.js';

/**
 * The event journal: every ad request, ad served, impression and click is an
 * append-only record. Writes arriving together share one transaction (group
 * commit): appends made during one turn of the event loop are committed at its
 * end, and while a commit is in flight new appends gather for the next one.
 *
 * Two lanes. `append` is acknowledged only once durable (tracking events:
 * their answer waits for it). `record` is for what nobody acknowledges — an ad
 * request and the ads it served, whose answer is the ads themselves: such
 * records wait up to `recordWaitMs` for companions and then commit in one
 * transaction, or go earlier with the next `append` (queued ahead of it, so a
 * click is never durable before the serve it follows), and `settle` pushes
 * them out for a reader that must see them (reports).
 */
export type JournalItem =
  /**
   * An ad request and its serves; `placements` the placements it asked for as [type, id] pairs, from which (with
   * the serves) its rollup deltas are made where the commit runs (journal-batch.ts `requestRollups`).
   */
  | { type: 'request'; request: AdRequestTable; serves: AdServeTable[]; placements: string[] }
  /** A tracking event; its rollup delta is derived where it commits, from its final row (`record.eventRollup`). */
  | { type: 'event'; event: EventRow }
  /** An impression pixel whose token is opened where the commit runs (the SQLite writer thread): a refused token rejects with its 4xx. */
  | { type: 'pixel'; hit: PixelHit };

interface Pending {
  item: JournalItem;
  resolve: (newlyRecorded: boolean) => void;
  reject: (err: unknown) => void;
}

/** Called after each commit with the charges it made durable (new billable records only). */
export interface CommitListener {
  (charges: Charge[]): void;
}

const noop = (): void => undefined;

export class Journal {
  private queue: Pending[] = [];
  private scheduled = false;
  /** Batches handed to the store and not yet answered (at most the store's `maxInFlight`). */
  private readonly inFlight: Promise<void>[] = []; // at most maxInFlight; an array, not a Set (see journal-thread.ts Waiters)
  private readonly listeners: CommitListener[] = [];
  private closed = false;
  commits = 0;
  committedItems = 0;
  /** Told of every group commit: its records and how long the store took (the ops module exports them). */
  observe: ((records: number, seconds: number) => void) | null = null;

  /** Records (`record`) gathering for their commit. */
  private held: JournalItem[] = [];
  private holdTimer: NodeJS.Timeout | null = null;
  /** Per release of held records not yet committed: settles when all of them are committed (or failed). */
  private readonly releases: Promise<void>[] = [];
  /** Records that could not be committed (logged; nobody was told they were stored). */
  lostRecords = 0;
  /** Whether the last commit failed (until one succeeds): record-lane writers then wait for their commits instead (`mustWait`). */
  failing = false;

  constructor(
    private readonly store: JournalSink,
    private readonly opts: {
      maxWaitMs: number;
      maxBatch: number;
      recordWaitMs?: number;
      /** Records waiting (held or queued) at which record-lane writers wait again (`mustWait`); default 10 batches. */
      maxBacklog?: number;
      onError?: (err: unknown) => void;
    },
  ) {}

  /**
   * Whether a record-lane writer should wait for its own commit instead
   * (`append`): the last commit failed, so its caller can answer 503; or
   * records are backing up faster than the store commits them, so waiting
   * slows the callers down instead of letting memory grow.
   */
  get mustWait(): boolean {
    return this.failing || this.queue.length + this.held.length >= (this.opts.maxBacklog ?? 10 * this.opts.maxBatch);
  }

  /** Resolves true when the record is durable and new, false when it was a duplicate; rejects when the commit failed. */
  append(item: JournalItem): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('journal is closed'));
    if (this.held.length > 0) this.release();
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Appends a record nobody waits for (an ad request with its serves): it is
   * committed within `recordWaitMs`, with the records around it, or sooner with
   * the next `append`. A failed commit is logged and counted (`lostRecords`).
   */
  record(item: JournalItem): void {
    if (this.closed) {
      this.lostRecords++;
      this.opts.onError?.(new Error('journal is closed: an ad request record was not stored'));
      return;
    }
    this.held.push(item);
    if (this.held.length >= this.opts.maxBatch || !(this.opts.recordWaitMs! > 0)) this.release();
    else this.holdTimer ??= setTimeout(this.releaseHeld, this.opts.recordWaitMs);
  }

  /**
   * Commits the held records now; the promise settles once every record
   * released so far is committed (a reader that must see them), null when
   * none is outstanding.
   */
  settle(): Promise<void> | null {
    if (this.held.length > 0) this.release();
    return this.releases.length > 0 ? Promise.all(this.releases.slice()).then(noop) : null;
  }

  private readonly releaseHeld = (): void => {
    this.holdTimer = null;
    if (this.held.length > 0) this.release();
  };

  /** Moves the held records into the commit queue, ahead of anything appended after them. */
  private release(): void {
    if (this.holdTimer) {
      clearTimeout(this.holdTimer);
      this.holdTimer = null;
    }
    const items = this.held;
    this.held = [];
    let left = items.length;
    let failed = 0;
    let done!: () => void;
    const released = new Promise<void>((r) => (done = r));
    this.releases.push(released);
    const settled = () => {
      if (--left > 0) return;
      const at = this.releases.indexOf(released);
      if (at >= 0) this.releases.splice(at, 1);
      if (failed > 0) {
        this.lostRecords += failed;
        this.opts.onError?.(new Error(`${failed} ad request record(s) could not be stored`));
      }
      done();
    };
    const resolve = () => settled();
    const reject = () => {
      failed++;
      settled();
    };
    for (const item of items) this.queue.push({ item, resolve, reject });
    this.schedule();
  }

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners of charges committed by another writer (conversions), as a commit of the journal would. */
  notify(charges: Charge[]): void {
    if (charges.length === 0) return;
    for (const l of this.listeners) {
      try {
        l(charges);
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
  }

  /** Wait until everything appended so far is committed (graceful shutdown). */
  async drain(): Promise<void> {
    if (this.held.length > 0) this.release();
    while (this.queue.length > 0 || this.inFlight.length > 0 || this.scheduled) {
      if (this.inFlight.length > 0) await Promise.all(this.inFlight);
      else await new Promise((r) => setImmediate(r));
    }
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
    await this.store.close();
  }

  /**
   * Appends of one event-loop turn go out together at its end. With the
   * store's `maxInFlight` batches outstanding, the next gathers until one is
   * answered (the SQLite writer thread takes several, and commits whatever
   * has arrived while it was busy as one transaction).
   */
  private schedule(): void {
    if (this.scheduled || this.inFlight.length >= this.store.maxInFlight) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      const flight: Promise<void> = this.flush().finally(() => {
        const at = this.inFlight.indexOf(flight);
        if (at >= 0) this.inFlight.splice(at, 1);
        if (this.queue.length > 0) this.schedule();
      });
      this.inFlight.push(flight);
      if (this.queue.length > 0) this.schedule();
    };
    if (this.opts.maxWaitMs > 0) setTimeout(run, this.opts.maxWaitMs);
    else setImmediate(run);
  }

  private async flush(): Promise<void> {
    const take = this.queue.splice(0, this.opts.maxBatch);
    if (take.length === 0) return;
    const batch: JournalBatch = { requests: [], serves: [], events: [], placements: [], pixels: [] };
    const at: number[] = new Array(take.length); // take index -> event or pixel index
    for (let i = 0; i < take.length; i++) {
      const item = take[i].item;
      if (item.type === 'pixel') {
        at[i] = batch.pixels.length;
        batch.pixels.push(item.hit);
      } else if (item.type === 'request') {
        batch.requests.push(item.request);
        for (const s of item.serves) batch.serves.push(s);
        batch.placements.push(item.placements);
      } else {
        at[i] = batch.events.length;
        batch.events.push(item.event);
      }
    }
    let result;
    const started = performance.now();
    try {
      result = await this.store.commit(batch);
    } catch (err) {
      this.failing = true;
      this.opts.onError?.(err);
      const unavailable = new Unavailable('The event could not be recorded; nothing was stored, safe to retry');
      for (const p of take) p.reject(unavailable);
      return;
    }
    this.failing = false;
    this.commits++;
    this.committedItems += take.length;
    this.observe?.(take.length, (performance.now() - started) / 1000);
    this.notify(result.charges);
    for (let i = 0; i < take.length; i++) {
      const p = take[i];
      const type = p.item.type;
      if (type === 'request') p.resolve(true);
      else if (type === 'event') p.resolve(result.inserted[at[i]]);
      else {
        const o = result.pixels[at[i]];
        if (typeof o === 'boolean') p.resolve(o);
        else p.reject(o.status === 410 ? new Gone(o.message) : new BadRequest(o.message)); // openClaims refuses with only these two
      }
    }
  }
}
