import { describe, expect, it, vi } from 'vitest';
import { Journal, type JournalItem } from './journal.js';
import type { CommitResult, JournalBatch, JournalSink } from './journal-store.js';
import { waitFor } from '../../../test/wait.js';

/**
 * The journal's record lane (`Journal.record`): an ad request's record is not
 * awaited by its answer; records gather for up to `recordWaitMs` and commit
 * together, or go ahead of the next acknowledged append, and `settle` pushes
 * them out for a reader. A sink that stores batches in memory stands in for
 * the database (the lane is the journal's, whatever the store).
 */
class MemorySink implements JournalSink {
  readonly maxInFlight = 1;
  readonly batches: JournalBatch[] = [];
  failNext = 0;
  async commit(batch: JournalBatch): Promise<CommitResult> {
    await new Promise((r) => setImmediate(r));
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('disk full');
    }
    this.batches.push(batch);
    return { inserted: batch.events.map(() => true), pixels: [], charges: [] };
  }
  async close(): Promise<void> {}
  /** Request ids and event click ids, in commit order. */
  order(): string[] {
    return this.batches.flatMap((b) => [...b.requests.map((r) => r.id), ...b.events.map((e) => e.click_id)]);
  }
}

const request = (id: string): JournalItem => ({
  type: 'request',
  request: {
    id,
    publisher_id: 'p',
    at: 0,
    session_hash: 'h',
    slots: 1,
    filled: 1,
    device: 'desktop',
    country: 'US',
    is_test: 0,
  },
  serves: [],
  placements: [],
});
const event = (clickId: string): JournalItem => ({ type: 'event', event: { click_id: clickId } as never });

describe('journal record lane', () => {
  it('gathers records for up to recordWaitMs and commits them in one batch', async () => {
    const sink = new MemorySink();
    const errors: unknown[] = [];
    // The hold timer runs on a fake clock: "not yet at 29 ms, at 30 ms" holds however busy the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const j = new Journal(sink, { maxWaitMs: 0, maxBatch: 100, recordWaitMs: 30, onError: (e) => errors.push(e) });
      for (let i = 0; i < 5; i++) j.record(request(`r${i}`));
      await vi.advanceTimersByTimeAsync(29);
      await new Promise((r) => setImmediate(r));
      expect(sink.batches).toHaveLength(0); // still gathering
      await vi.advanceTimersByTimeAsync(1);
      vi.useRealTimers();
      await waitFor(() => sink.batches.length > 0, 'the held records to commit');
      expect(sink.batches).toHaveLength(1);
      expect(sink.order()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
      expect(errors).toEqual([]);
      await j.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('commits a full batch at once, and held records ahead of the next acknowledged append', async () => {
    const sink = new MemorySink();
    const j = new Journal(sink, { maxWaitMs: 0, maxBatch: 3, recordWaitMs: 60_000 });
    j.record(request('a'));
    j.record(request('b'));
    j.record(request('c')); // the batch is full: released now
    j.record(request('d'));
    await expect(j.append(event('click-1'))).resolves.toBe(true);
    // The click is durable only with (or after) every record made before it.
    expect(sink.order()).toEqual(['a', 'b', 'c', 'd', 'click-1']);
    await j.close();
  });

  it('settle commits what is held and waits for it; null when nothing is outstanding', async () => {
    const sink = new MemorySink();
    const j = new Journal(sink, { maxWaitMs: 0, maxBatch: 100, recordWaitMs: 60_000 });
    expect(j.settle()).toBeNull();
    j.record(request('x'));
    j.record(request('y'));
    const settled = j.settle();
    expect(settled).not.toBeNull();
    await settled;
    expect(sink.order()).toEqual(['x', 'y']);
    expect(j.settle()).toBeNull();
    await j.close();
  });

  it('a failed commit is logged and counted, marks the journal failing until a commit succeeds', async () => {
    const sink = new MemorySink();
    const errors: string[] = [];
    const j = new Journal(sink, {
      maxWaitMs: 0,
      maxBatch: 100,
      recordWaitMs: 60_000,
      onError: (e) => errors.push(String((e as Error).message)),
    });
    sink.failNext = 1;
    j.record(request('lost-1'));
    j.record(request('lost-2'));
    await j.settle();
    expect(j.failing).toBe(true);
    expect(j.lostRecords).toBe(2);
    expect(errors).toEqual(['disk full', '2 ad request record(s) could not be stored']);
    await expect(j.append(event('click-2'))).resolves.toBe(true);
    expect(j.failing).toBe(false);
    expect(sink.order()).toEqual(['click-2']);
    await j.close();
  });

  it('asks record-lane writers to wait while records back up, and lets them go again once committed', async () => {
    const sink = new MemorySink();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const commit = sink.commit.bind(sink);
    sink.commit = async (b) => {
      await gate; // a store that has stalled
      return commit(b);
    };
    const j = new Journal(sink, { maxWaitMs: 0, maxBatch: 2, recordWaitMs: 60_000, maxBacklog: 6 });
    for (let i = 0; i < 6; i++) {
      expect(j.mustWait).toBe(false);
      j.record(request(`b${i}`));
    }
    expect(j.mustWait).toBe(true); // six records waiting
    // The first batch goes to the stalled store (not counted: in flight); four stay queued behind it.
    await waitFor(() => !j.mustWait, 'the first batch to leave for the store');
    j.record(request('b6'));
    j.record(request('b7'));
    expect(j.mustWait).toBe(true);
    const settled = j.settle();
    open();
    await settled;
    expect(j.mustWait).toBe(false);
    expect(sink.order()).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7']);
    await j.close();
  });

  it('close commits what is held; a record after close is counted as lost, never silently dropped', async () => {
    const sink = new MemorySink();
    const errors: unknown[] = [];
    const j = new Journal(sink, { maxWaitMs: 0, maxBatch: 100, recordWaitMs: 60_000, onError: (e) => errors.push(e) });
    j.record(request('last'));
    await j.close();
    expect(sink.order()).toEqual(['last']);
    j.record(request('too-late'));
    expect(j.lostRecords).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
