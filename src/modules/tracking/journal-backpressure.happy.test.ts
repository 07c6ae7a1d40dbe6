import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { BACKEND, testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { Journal, type JournalItem } from './journal.js';
import { journalSink } from './journal-store.js';
import type { sqliteWriterSink } from './journal-thread.js';

/**
 * A producer that outruns the SQLite writer thread (an in-process loop of ad
 * requests: records, and their own commits awaited while `mustWait`) must
 * meet back-pressure before the thread's heap runs out: the bytes of batches
 * posted to the thread and not yet answered stay under the sink's bound, the
 * thread never dies, and every record is committed.
 */
describe.skipIf(BACKEND === 'postgres')('journal writer thread under a flood', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
  });
  afterAll(async () => stop());

  /** A journal on the writer thread with these bounds, the sink, and the errors both report. */
  const open = (maxBatch: number, bounds: { writerInFlightBytes?: number; writerHeapMb?: number }) => {
    const errors: unknown[] = [];
    const sink = journalSink(ctx.database, {
      writerThread: true,
      writerIdleMs: 60_000,
      maxInFlight: 8,
      tokenKeys: ctx.secrets.tokenKeys,
      tokenTtlSeconds: ctx.config.tokenTtlSeconds,
      rules: { minClickDelayMs: 0 },
      onError: (err) => errors.push(err),
      ...bounds,
    }) as ReturnType<typeof sqliteWriterSink>;
    const journal = new Journal(sink, { maxWaitMs: 0, maxBatch, recordWaitMs: 10, onError: (e) => errors.push(e) });
    return { sink, journal, errors };
  };
  const ROW_CHARS = 128 * 1024;
  // One string on this side (shared by every row); each row is its own copy once it reaches the thread.
  const big = 'x'.repeat(ROW_CHARS);
  const item = (id: string, i: number): JournalItem => ({
    type: 'request',
    request: {
      id: `${id}-${i}`,
      publisher_id: id,
      at: 1_700_000_000_000 + i,
      session_hash: big,
      slots: 1,
      filled: 0,
      device: 'desktop',
      country: 'US',
      is_test: 0,
    },
    serves: [],
    placements: [],
  });
  const stored = (id: string) =>
    (ctx.database.sqlite as BetterSqlite3.Database)
      .prepare('SELECT count(*) AS n, sum(length(session_hash)) AS chars FROM ad_requests WHERE publisher_id = ?')
      .get(id) as { n: number; chars: number | null };

  it('holds at most its byte bound, commits every row and never loses its thread', async () => {
    const BOUND = 24 * 1024 * 1024;
    const MAX_BATCH = 128; // a batch is ~17 MB on the thread: several at once overrun its heap
    const ROWS = MAX_BATCH * 12;
    const { sink, journal, errors } = open(MAX_BATCH, { writerInFlightBytes: BOUND, writerHeapMb: 64 });
    const flood = (i: number) => item('pub-flood', i);
    // The first commits go through the event loop's connection while the thread starts: until one reached the thread.
    let n = 0;
    let acknowledged = 0;
    while (sink.stats.threadCommits === 0) {
      await journal.append(flood(n++));
      acknowledged++;
    }
    const handed = sink.stats.threadCommits;
    // The writer thread stalls behind a write lock held here (a loaded machine, without timing luck): the producer runs
    // ahead until the journal has handed the sink `maxInFlight` batches; then the thread gets to work on all of them.
    const sqlite = ctx.database.sqlite as BetterSqlite3.Database;
    sqlite.exec('BEGIN IMMEDIATE');
    let refused = 0;
    const produce = async () => {
      for (; n < ROWS; n++) {
        // As requestAds does (serving/service.ts): a record, or while records back up, its own commit awaited.
        if (journal.mustWait) {
          try {
            await journal.append(flood(n));
            acknowledged++;
          } catch {
            refused++;
          }
        } else journal.record(flood(n));
      }
    };
    const producing = produce();
    try {
      // Six batches (~100 MB once received) or more: the old bound (8 batches) let them all reach the thread.
      await expect.poll(() => sink.stats.threadCommits - handed, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
    } finally {
      sqlite.exec('COMMIT');
    }
    await producing;
    await journal.settle();
    await journal.drain();

    expect(errors.map(String)).toEqual([]);
    expect(refused).toBe(0);
    expect(journal.lostRecords).toBe(0);
    expect(sink.stats.starts).toBe(1);
    expect(sink.stats.heldBack).toBeGreaterThan(0); // the flood did outrun the thread
    expect(sink.stats.peakBytes).toBeGreaterThan(0);
    expect(sink.stats.peakBytes).toBeLessThanOrEqual(BOUND);
    expect(acknowledged).toBeGreaterThan(1);
    expect(stored('pub-flood')).toEqual({ n: ROWS, chars: ROWS * ROW_CHARS });
    await journal.close();
  }, 120_000);

  it('a writer that dies answers what it held 503 with the cause, and the next commit starts another', async () => {
    // One batch larger than the thread's whole heap (no bound on bytes can split it): the thread dies receiving it.
    const { sink, journal, errors } = open(1024, {});
    // The first commits go through the event loop's connection while the thread starts: until one reached the thread.
    for (let w = 0; sink.stats.threadCommits === 0; w++) await journal.append(item('pub-warm', w));
    const huge = Array.from({ length: 1024 }, (_, i) =>
      journal.append(item('pub-huge', i)).then(
        () => 'stored',
        (e: unknown) => e,
      ),
    );
    const answers = await Promise.all(huge);
    for (const a of answers) expect(a).toMatchObject({ statusCode: 503 });
    expect(journal.failing).toBe(true);
    // The journal is told why: the thread's exit, with its cause.
    expect(errors.map(String).join('\n')).toMatch(/writer thread exited \(\d+\) before answering: .*memory limit/);
    // Not an unhandled rejection, not a dead journal: the next append starts another thread and is stored.
    await expect(journal.append(item('pub-after', 0))).resolves.toBe(true);
    expect(sink.stats.starts).toBe(2);
    expect(journal.failing).toBe(false);
    expect(journal.lostRecords).toBe(0);
    expect(stored('pub-after').n).toBeGreaterThanOrEqual(1);
    expect(stored('pub-huge').n).toBe(0);
    await journal.close();
  }, 120_000);
});
