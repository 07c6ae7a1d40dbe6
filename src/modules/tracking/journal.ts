import { BadRequest, Gone, Unavailable } from '../../lib/errors.js';
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import type { EventRow } from './repo.js';
import type { RollupRow } from './rollup.js';
import type { Charge, JournalBatch, JournalSink, PixelHit } from './journal-store.js';

/**
 * The event journal: every ad request, ad served, impression and click is an
 * append-only record, acknowledged only once durable. Writes arriving together
 * share one transaction (group commit): appends made during one turn of the
 * event loop are committed at its end, and while a commit is in flight new
 * appends gather for the next one.
 */
export type JournalItem =
  | { type: 'request'; request: AdRequestTable; serves: AdServeTable[]; rollups: RollupRow[] }
  | { type: 'event'; event: EventRow; rollups: RollupRow[] }
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

export class Journal {
  private queue: Pending[] = [];
  private scheduled = false;
  /** Batches handed to the store and not yet answered (at most the store's `maxInFlight`). */
  private readonly inFlight: Promise<void>[] = []; // at most maxInFlight; an array, not a Set (see journal-store.ts Waiters)
  private readonly listeners: CommitListener[] = [];
  private closed = false;
  commits = 0;
  committedItems = 0;
  /** Told of every group commit: its records and how long the store took (the ops module exports them). */
  observe: ((records: number, seconds: number) => void) | null = null;

  constructor(
    private readonly store: JournalSink,
    private readonly opts: { maxWaitMs: number; maxBatch: number; onError?: (err: unknown) => void },
  ) {}

  /** Resolves true when the record is durable and new, false when it was a duplicate; rejects when the commit failed. */
  append(item: JournalItem): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('journal is closed'));
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  /** Wait until everything appended so far is committed (graceful shutdown). */
  async drain(): Promise<void> {
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
    const batch: JournalBatch = { requests: [], serves: [], events: [], rollups: [], pixels: [] };
    const at: number[] = new Array(take.length); // take index -> event or pixel index
    for (let i = 0; i < take.length; i++) {
      const item = take[i].item;
      if (item.type === 'pixel') {
        at[i] = batch.pixels.length;
        batch.pixels.push(item.hit);
      } else if (item.type === 'request') {
        batch.requests.push(item.request);
        for (const s of item.serves) batch.serves.push(s);
        if (item.rollups.length) batch.rollups.push({ event: -1, rows: item.rollups });
      } else {
        at[i] = batch.events.length;
        if (item.rollups.length) batch.rollups.push({ event: batch.events.length, rows: item.rollups });
        batch.events.push(item.event);
      }
    }
    let result;
    const started = performance.now();
    try {
      result = await this.store.commit(batch);
    } catch (err) {
      this.opts.onError?.(err);
      const unavailable = new Unavailable('The event could not be recorded; nothing was stored, safe to retry');
      for (const p of take) p.reject(unavailable);
      return;
    }
    this.commits++;
    this.committedItems += take.length;
    this.observe?.(take.length, (performance.now() - started) / 1000);
    if (result.charges.length) {
      for (const l of this.listeners) {
        try {
          l(result.charges);
        } catch (err) {
          this.opts.onError?.(err);
        }
      }
    }
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
