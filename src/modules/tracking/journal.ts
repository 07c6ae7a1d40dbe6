import { Unavailable } from '../../lib/errors.js';
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import type { Batch, EventRow, JournalStore } from './repo.js';
import { RollupAccumulator, type RollupRow } from './rollup.js';

/**
 * The event journal: every ad request, ad served, impression and click is an
 * append-only record, acknowledged only once durable. Writes arriving together
 * share one transaction (group commit): appends made during one turn of the
 * event loop are committed at its end, and while a commit is in flight new
 * appends gather for the next one.
 */
export type JournalItem =
  | { type: 'request'; request: AdRequestTable; serves: AdServeTable[]; rollups: RollupRow[] }
  | { type: 'event'; event: EventRow; rollups: RollupRow[] };

interface Pending {
  item: JournalItem;
  resolve: (newlyRecorded: boolean) => void;
  reject: (err: unknown) => void;
}

export interface CommitListener {
  (committed: { item: JournalItem; newlyRecorded: boolean }[]): void;
}

export class Journal {
  private queue: Pending[] = [];
  private scheduled = false;
  private inFlight: Promise<void> | null = null;
  private readonly listeners: CommitListener[] = [];
  private closed = false;
  commits = 0;
  committedItems = 0;

  constructor(
    private readonly store: JournalStore,
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
    while (this.queue.length > 0 || this.inFlight || this.scheduled) {
      if (this.inFlight) await this.inFlight;
      else await new Promise((r) => setImmediate(r));
    }
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.inFlight = this.flush().finally(() => {
        this.inFlight = null;
        if (this.queue.length > 0) this.schedule();
      });
    };
    if (this.opts.maxWaitMs > 0) setTimeout(run, this.opts.maxWaitMs);
    else setImmediate(run);
  }

  private async flush(): Promise<void> {
    const take = this.queue.splice(0, this.opts.maxBatch);
    if (take.length === 0) return;
    const batch: Batch = { requests: [], serves: [], events: [], rollups: () => [] };
    const eventIndex: number[] = []; // take index -> event index
    take.forEach((p, i) => {
      if (p.item.type === 'request') {
        batch.requests.push(p.item.request);
        batch.serves.push(...p.item.serves);
      } else {
        eventIndex[i] = batch.events.length;
        batch.events.push(p.item.event);
      }
    });
    batch.rollups = (inserted) => {
      const acc = new RollupAccumulator();
      take.forEach((p, i) => {
        const counts = p.item.type === 'request' || inserted[eventIndex[i]];
        if (!counts) return;
        for (const r of p.item.rollups) acc.addRow(r);
      });
      return acc.drain();
    };
    let inserted: boolean[];
    try {
      inserted = await this.store.commit(batch);
    } catch (err) {
      this.opts.onError?.(err);
      const unavailable = new Unavailable('The event could not be recorded; nothing was stored, safe to retry');
      for (const p of take) p.reject(unavailable);
      return;
    }
    this.commits++;
    this.committedItems += take.length;
    const results = take.map((p, i) => ({
      item: p.item,
      newlyRecorded: p.item.type === 'request' ? true : inserted[eventIndex[i]],
    }));
    for (const l of this.listeners) {
      try {
        l(results);
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
    results.forEach((r, i) => take[i].resolve(r.newlyRecorded));
  }
}
