import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  commitSync,
  decodeBatch,
  decodeResult,
  encodeBatch,
  encodeResult,
  mergeBatches,
  type CommitResult,
  type JournalBatch,
} from './journal-store.js';
import type { TokenCodec } from '../../lib/token.js';
import { EVENT_COLS, REQUEST_COLS, SERVE_COLS } from './repo.js';
import {
  BACKEND,
  BROWSER_UA,
  RUNNING_CAMPAIGN,
  seedWorld,
  startTestServer,
  waitFor,
  type TestServer,
} from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import {
  hit,
  journalOutstanding,
  serveOne,
  tokenOf,
  trackingFootprint,
  type ServedAd,
} from '../../../test/fixtures/hot-paths.js';

/** Each ad's impression is stored exactly once in tracking_events. */
async function expectOneImpEach(server: TestServer, ads: ServedAd[]) {
  for (const a of ads) {
    const clickId = server.ctx.codec.open(tokenOf(a.impUrl)).clickId;
    expect(
      await server.ctx.db
        .selectFrom('tracking_events')
        .select('id')
        .where('click_id', '=', clickId)
        .where('kind', '=', 'imp')
        .execute(),
    ).toHaveLength(1);
  }
}

/**
 * On SQLite the journal commits on a writer thread with its own connection
 * (src/modules/tracking/journal-store.ts): batches cross to it as flat arrays,
 * it opens impression pixels itself, and main-thread transactions begin
 * IMMEDIATE so they never fail on a snapshot the writer moved on.
 */
const text = fc.string({ maxLength: 40 });
const int = fc.integer({ min: 0, max: 2 ** 40 });
const row = (cols: readonly string[]) =>
  fc.record(Object.fromEntries(cols.map((c, i) => [c, i % 2 ? text : int]))) as fc.Arbitrary<never>;

describe('journal wire format', () => {
  it('a batch and a result cross to the writer thread and back unchanged', () => {
    const batch = fc.record({
      requests: fc.array(row(REQUEST_COLS), { maxLength: 4 }),
      serves: fc.array(row(SERVE_COLS), { maxLength: 4 }),
      events: fc.array(
        fc.record({
          ...Object.fromEntries(EVENT_COLS.map((c) => [c, int])),
          graid: fc.option(text),
          ivt_reason: fc.option(text),
        }) as fc.Arbitrary<never>,
        { maxLength: 4 },
      ),
      placements: fc.array(fc.array(text, { maxLength: 6 }), { maxLength: 4 }),
      pixels: fc.array(
        fc.record({
          token: text,
          at: int,
          ipHash: text,
          country: text,
          device: fc.constantFrom('desktop', 'mobile', 'tablet'),
          ivt: fc.option(fc.constantFrom('bot', 'prefetch', 'datacenter')),
        }),
        { maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(batch, (b) => {
        expect(decodeBatch(structuredClone(encodeBatch(b as JournalBatch)))).toEqual(b);
      }),
    );
    const result = fc.record({
      inserted: fc.array(fc.boolean()),
      pixels: fc.array(fc.oneof(fc.boolean(), fc.record({ status: fc.constantFrom(400, 410), message: text }))),
      charges: fc.array(fc.record({ campaignId: text, adGroupId: text, spendMicros: int, at: int })),
    });
    fc.assert(
      fc.property(result, (r) => {
        expect(decodeResult(structuredClone(encodeResult(r as CommitResult)))).toEqual(r);
      }),
    );
  });
});

describe("a commit's charges", () => {
  it('are summed per campaign, ad group and UTC hour, and add up to what each day and hour spent', () => {
    const HOUR = 3_600_000;
    const event = fc.record({
      campaign_id: fc.constantFrom('c1', 'c2'),
      ad_group_id: fc.constantFrom('g1', 'g2'),
      // Around midnight UTC: charges on both sides of an hour and a day boundary.
      at: fc.integer({ min: Date.UTC(2026, 10, 23, 22), max: Date.UTC(2026, 10, 24, 2) }),
      spend_micros: fc.constantFrom(0, 1, 2_000, 1_500_000),
    });
    const opener = { codec: null as unknown as TokenCodec, ttlSeconds: 60 };
    fc.assert(
      fc.property(fc.array(fc.tuple(event, fc.boolean()), { maxLength: 40 }), (rows) => {
        const batch: JournalBatch = {
          requests: [],
          serves: [],
          events: rows.map(([e]) => e as never),
          placements: [],
          pixels: [],
        };
        const { charges } = commitSync(() => rows.map(([, ins]) => ins), batch, opener);
        const keyOf = (campaign: string, group: string, at: number) => `${campaign}/${group}/${Math.floor(at / HOUR)}`;
        const expected = new Map<string, number>();
        for (const [e, ins] of rows) {
          if (ins && e.spend_micros > 0)
            expected.set(
              keyOf(e.campaign_id, e.ad_group_id, e.at),
              (expected.get(keyOf(e.campaign_id, e.ad_group_id, e.at)) ?? 0) + e.spend_micros,
            );
        }
        const got = new Map(charges.map((c) => [keyOf(c.campaignId, c.adGroupId, c.at), c.spendMicros]));
        expect(charges).toHaveLength(got.size); // one charge per key
        expect(got).toEqual(expected);
      }),
    );
  });
});

describe('batches committed together by the writer thread', () => {
  it("merge into one batch keeping every batch's events and requests' placements in order, and the result splits back per batch", () => {
    const ev = (tag: string) => ({ click_id: tag }) as never;
    const batches = fc.array(
      fc.record({
        events: fc.array(fc.uuid().map(ev), { maxLength: 4 }),
        pixels: fc.array(
          fc.uuid().map((token) => ({ token }) as never),
          { maxLength: 4 },
        ),
        requests: fc.array(
          fc.uuid().map((id) => ({ id }) as never),
          { maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(batches, fc.infiniteStream(fc.boolean()), (raw, bits) => {
        const list: JournalBatch[] = raw.map((b) => ({
          ...b,
          serves: [],
          // each request brings its placements (its rollup deltas are made where the batch commits)
          placements: b.requests.map(() => []),
        }));
        const { merged, split } = mergeBatches(list);
        expect(merged.placements).toHaveLength(list.reduce((n, b) => n + b.placements.length, 0));
        expect(merged.events).toEqual(list.flatMap((b) => b.events));
        let offset = 0;
        for (const b of list) offset += b.events.length;
        expect(merged.events).toHaveLength(offset);
        const it = bits[Symbol.iterator]();
        const result: CommitResult = {
          inserted: merged.events.map(() => it.next().value as boolean),
          pixels: merged.pixels.map(() => it.next().value as boolean),
          charges: [{ campaignId: 'c', adGroupId: 'g', spendMicros: 1, at: 0 }],
        };
        const parts = split(result);
        expect(parts.flatMap((p) => p.inserted)).toEqual(result.inserted);
        expect(parts.flatMap((p) => p.pixels)).toEqual(result.pixels);
        parts.forEach((p, i) => {
          expect(p.inserted).toHaveLength(list[i].events.length);
          expect(p.pixels).toHaveLength(list[i].pixels.length);
        });
        expect(parts.flatMap((p) => p.charges)).toEqual(result.charges);
      }),
    );
  });
});

describe.skipIf(BACKEND !== 'sqlite')('journal writer thread (SQLite)', () => {
  const env = useSeededServer();

  it('a main-thread transaction that read before the writer committed can still write (BEGIN IMMEDIATE)', async () => {
    const ads = await Promise.all(Array.from({ length: 5 }, () => serveOne(env.s, env.w)));
    await env.s.ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('publishers').select('name').where('id', '=', env.w.publisherId).executeTakeFirstOrThrow();
        // The writer thread commits impressions while this transaction is open (it waits for our lock, then commits).
        let answered = 0;
        const imps = ads.map((a) => hit(a.impUrl).finally(() => answered++));
        await waitFor(() => journalOutstanding(env.s.ctx) > 0 || answered > 0, 'the impressions to reach the journal');
        await trx
          .updateTable('publishers')
          .set({ name: 'renamed while the writer waited' })
          .where('id', '=', env.w.publisherId)
          .execute();
        return imps;
      })
      .then(async (imps) => {
        for (const r of await Promise.all(imps)) expect(r.status).toBe(200);
      });
    const pub = await env.s.ctx.db
      .selectFrom('publishers')
      .select('name')
      .where('id', '=', env.w.publisherId)
      .executeTakeFirstOrThrow();
    expect(pub.name).toBe('renamed while the writer waited');
    for (const a of ads) {
      const clickId = env.s.ctx.codec.open(tokenOf(a.impUrl)).clickId;
      expect(
        await env.s.ctx.db.selectFrom('tracking_events').select('id').where('click_id', '=', clickId).execute(),
      ).toHaveLength(1);
    }
  });

  it('records the impressions of many concurrent pixels once each, with their charges in the spend tracker', async () => {
    const cpm = await seedWorld(env.s.ctx, {
      ...RUNNING_CAMPAIGN,
      name: 'Runners CPM',
      max_cpc: undefined,
      max_cpm: 40,
    });
    const ads = await Promise.all(Array.from({ length: 20 }, () => serveOne(env.s, cpm)));
    const before = await trackingFootprint(env.s.ctx);
    const spent = () => env.s.ctx.spend.today(cpm.campaignId) + env.s.ctx.spend.today(env.w.campaignId);
    const spendBefore = spent();
    const metric = async (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await (await fetch(`${env.s.url}/metrics`)).text())?.[1] ?? 0);
    const recordsBefore = await metric('orbit_journal_batch_records_sum');
    // Every pixel twice, all at once: they share group commits.
    const res = await Promise.all([...ads, ...ads].map((a) => hit(a.impUrl, { 'user-agent': BROWSER_UA })));
    for (const r of res) expect(r.status).toBe(200);
    const after = await trackingFootprint(env.s.ctx);
    expect(after.events - before.events).toBe(20);
    expect(after.impressions - before.impressions).toBe(20);
    // The charges the writer reported reached the spend tracker, exactly as the rollups have them.
    expect(after.spend - before.spend).toBeGreaterThan(0);
    expect(spent() - spendBefore).toBe(after.spend - before.spend);
    // Each pixel is a record of some group commit, counted in /metrics with the commit's duration.
    expect((await metric('orbit_journal_batch_records_sum')) - recordsBefore).toBe(40);
    expect(await metric('orbit_journal_commit_seconds_count')).toBeGreaterThan(0);
  });

  it('folds the rollup log while commits keep coming, so the log stays short between reads', async () => {
    const sqlite = env.s.ctx.database.sqlite!;
    const logRows = () => sqlite.prepare('SELECT COUNT(*) FROM rollup_log').pluck().get() as number;
    const sink = (env.s.ctx.journal as unknown as { store: { stats: { threadCommits: number } } }).store;
    // Until the thread is up, commits run on the event loop and write the rollups directly.
    await waitFor(async () => {
      expect((await hit((await serveOne(env.s, env.w)).impUrl)).status).toBe(200);
      return sink.stats.threadCommits > 0;
    }, 'a commit on the writer thread');
    const ads = await Promise.all(Array.from({ length: 120 }, () => serveOne(env.s, env.w)));
    const before = await trackingFootprint(env.s.ctx);
    // One pixel at a time: each is a commit of its own on the writer thread, logging one row. Read
    // without settling (trackingFootprint would fold): the thread folds after every 32 commits,
    // before it takes the next, so the log never holds more than 32 rows however fast they come.
    let most = 0;
    for (const a of ads) {
      expect((await hit(a.impUrl)).status).toBe(200);
      most = Math.max(most, logRows());
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(32);
    const after = await trackingFootprint(env.s.ctx);
    expect(after.impressions - before.impressions).toBe(120);
    expect(logRows()).toBe(0);
  });

  it('starts a new writer thread when the last one is gone', async () => {
    const ad = await serveOne(env.s, env.w);
    await env.s.ctx.journal.drain();
    await (env.s.ctx.journal as unknown as { store: { close(): Promise<void> } }).store.close(); // the thread exits
    expect((await hit(ad.impUrl)).status).toBe(200);
    const clickId = env.s.ctx.codec.open(tokenOf(ad.impUrl)).clickId;
    expect(
      await env.s.ctx.db.selectFrom('tracking_events').select('id').where('click_id', '=', clickId).execute(),
    ).toHaveLength(1);
  });

  it('retires the writer thread after a quiet spell and starts it again for the next commit, losing nothing', async () => {
    const quiet = await startTestServer({ sqliteWriterIdleMs: 150 });
    try {
      const qw = await seedWorld(quiet.ctx);
      const sink = (quiet.ctx.journal as unknown as { store: { running: boolean; stats: { starts: number } } }).store;
      const ads = await Promise.all(Array.from({ length: 4 }, () => serveOne(quiet, qw)));
      await quiet.ctx.journal.settle(); // the requests' records commit after their answers
      // Their commit started a thread. (Whether it is still running now depends on how busy the
      // machine is — 150 ms of idleness retires it — so the test counts starts, not a race.)
      expect(sink.stats.starts).toBeGreaterThan(0);
      expect((await hit(ads[0].impUrl)).status).toBe(200);
      await waitFor(() => !sink.running, 'the idle writer thread to retire');
      const starts = sink.stats.starts;
      // The next pixels start a new thread; all of them, the first included, are recorded once.
      const res = await Promise.all(ads.map((a) => hit(a.impUrl)));
      for (const r of res) expect(r.status).toBe(200);
      expect(sink.stats.starts).toBeGreaterThan(starts);
      await expectOneImpEach(quiet, ads);
    } finally {
      await quiet.stop();
    }
  });

  it('commits on the event loop while the thread starts, then on the thread: every record once', async () => {
    const fresh = await startTestServer({ sqliteWriterIdleMs: 60_000 });
    try {
      const fw = await seedWorld(fresh.ctx);
      const sink = (
        fresh.ctx.journal as unknown as {
          store: { running: boolean; stats: { threadCommits: number; startingCommits: number; starts: number } };
        }
      ).store;
      expect(sink.running).toBe(false); // nothing written yet: no thread
      // The first ad request starts the thread; it and the pixels fired meanwhile do not wait for it.
      const first = await serveOne(fresh, fw);
      await fresh.ctx.journal.settle(); // its record commits after the answer
      expect(sink.stats.starts).toBe(1);
      expect(sink.stats.startingCommits).toBeGreaterThan(0);
      const more = await Promise.all(Array.from({ length: 6 }, () => serveOne(fresh, fw)));
      const ads = [first, ...more];
      for (const r of await Promise.all(ads.map((a) => hit(a.impUrl)))) expect(r.status).toBe(200);
      // Once the thread is up (seconds on a busy machine), commits go to it.
      let i = 0;
      await waitFor(async () => {
        expect((await hit(ads[i++ % ads.length].impUrl)).status).toBe(200);
        return sink.stats.threadCommits > 0;
      }, 'a commit on the writer thread');
      expect(sink.stats.starts).toBe(1); // the same thread throughout
      await expectOneImpEach(fresh, ads);
      await fresh.ctx.journal.settle();
      expect(await fresh.ctx.db.selectFrom('ad_requests').select('id').execute()).toHaveLength(ads.length);
    } finally {
      await fresh.stop();
    }
  });
});
