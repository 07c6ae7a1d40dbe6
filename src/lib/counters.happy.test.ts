import { afterAll, describe, expect, it } from 'vitest';
import { createCounters, FIXED_WINDOWS_MAX, MemoryCounters, type Counters } from './counters.js';
import { randomBase62 } from './ids.js';
import { waitFor } from '../../test/wait.js';

const backends: [string, () => Counters][] = [['memory', () => new MemoryCounters(`t${randomBase62(6)}:`, () => now)]];
if (process.env.TEST_REDIS_URL) {
  backends.push([
    'redis',
    () =>
      createCounters({
        redisUrl: process.env.TEST_REDIS_URL,
        prefix: `orbit-test:${randomBase62(8)}:`,
        now: () => now,
      }),
  ]);
}
const now = Date.UTC(2026, 5, 10, 12, 0, 0);

describe.each(backends)('shared counters (%s)', (_name, make) => {
  const c = make();
  afterAll(() => c.close());

  it('reserves atomically: concurrent reservations never exceed the limit', async () => {
    const check = { name: `b:${randomBase62(6)}`, base: 100, limit: 1000, amount: 90 };
    const results = await Promise.all(Array.from({ length: 50 }, () => c.reserve([check], now, 600_000)));
    expect(results.filter((r) => r === -1)).toHaveLength(10); // 100 + 10 × 90 = 1000
    expect(await c.reserved(check.name, now, 600_000)).toBe(900);
  });

  it('refuses as a whole and names the check that refused', async () => {
    const a = { name: `a:${randomBase62(6)}`, base: 0, limit: 1000, amount: 10 };
    const b = { name: `b:${randomBase62(6)}`, base: 0, limit: 5, amount: 10 };
    expect(await c.reserve([a, b], now, 600_000)).toBe(1);
    expect(await c.reserved(a.name, now, 600_000)).toBe(0);
  });

  it('adds every check of a reservation to its window, two checks of one name both', async () => {
    const a = { name: `n:${randomBase62(6)}`, base: 0, limit: 1000, amount: 30 };
    const b = { name: `m:${randomBase62(6)}`, base: 0, limit: 1000, amount: 20 };
    expect(await c.reserve([a, b, { ...a, amount: 5 }], now, 600_000)).toBe(-1);
    expect(await c.reserved(a.name, now, 600_000)).toBe(35);
    expect(await c.reserved(b.name, now, 600_000)).toBe(20);
    expect(await c.reserve([a, b], now, 600_000)).toBe(-1);
    expect(await c.reserved(a.name, now, 600_000)).toBe(65);
  });

  it("reads the committed spend added under a check's shared name as its base", async () => {
    const shared = `cd:${randomBase62(6)}`;
    const check = { name: `hd:${randomBase62(6)}`, base: 0, limit: 100, amount: 30, shared };
    expect(await c.reserve([check], now, 600_000)).toBe(-1); // 0 + 30 ≤ 100
    await c.addSpent([{ name: shared, amount: 60, ttlMs: 3_600_000 }]);
    expect(await c.reserve([check], now, 600_000)).toBe(0); // 60 + 30 reserved + 30 > 100
  });

  it('lets reservations lapse after the window', async () => {
    const check = { name: `w:${randomBase62(6)}`, base: 0, limit: 100, amount: 100 };
    expect(await c.reserve([check], now, 120_000)).toBe(-1);
    expect(await c.reserve([check], now, 120_000)).toBe(0);
    expect(await c.reserve([check], now + 180_000, 120_000)).toBe(-1);
  });

  it('counts hits in a fixed window atomically, per key', async () => {
    const k = `rl:${randomBase62(6)}`;
    const hits = await Promise.all(Array.from({ length: 30 }, () => c.hit(k, 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const h of hits) {
      expect(h.resetMs).toBeGreaterThan(0);
      expect(h.resetMs).toBeLessThanOrEqual(60_000);
    }
    expect((await c.hit(`rl:${randomBase62(6)}`, 60_000)).count).toBe(1);
  });

  it('counts per key and field with a time to live', async () => {
    const k = `fc:${randomBase62(6)}`;
    await c.hincr(k, 'camp-1', 1, 60_000);
    await c.hincr(k, 'camp-1', 1, 60_000);
    await c.hincr(k, 'camp-2', 1, 60_000);
    const [got, none] = await c.hgetall([k, `${k}-absent`]);
    expect(got).toEqual({ 'camp-1': 2, 'camp-2': 1 });
    expect(none).toEqual({});
  });
});

describe('fixed-window hits close with their window', () => {
  it('in memory, by the clock', async () => {
    let t = now;
    const c = new MemoryCounters('w:', () => t);
    expect((await c.hit('k', 1000)).count).toBe(1);
    t += 600;
    expect(await c.hit('k', 1000)).toEqual({ count: 2, resetMs: 400 });
    t += 400;
    expect(await c.hit('k', 1000)).toEqual({ count: 1, resetMs: 1000 });
  });

  it('in memory, keeping at most FIXED_WINDOWS_MAX windows however many keys arrive', async () => {
    let t = now;
    const c = new MemoryCounters('w:', () => t);
    for (let i = 0; i < FIXED_WINDOWS_MAX + 5_000; i++) await c.hit(`k${i}`, 60_000);
    const size = (c as unknown as { fixed: Map<string, unknown> }).fixed.size;
    expect(size).toBeLessThanOrEqual(FIXED_WINDOWS_MAX);
    // The newest windows are kept and still counting.
    expect((await c.hit(`k${FIXED_WINDOWS_MAX + 4_999}`, 60_000)).count).toBe(2);
    t += 60_000;
    expect((await c.hit(`k${FIXED_WINDOWS_MAX + 4_999}`, 60_000)).count).toBe(1);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('in Redis, by its expiry', async () => {
    const c = createCounters({
      redisUrl: process.env.TEST_REDIS_URL,
      prefix: `orbit-test:${randomBase62(8)}:`,
      now: () => Date.now(),
    });
    try {
      // Within the window the count grows (a minute: no busy machine parts two awaits by that much)…
      expect((await c.hit('k', 60_000)).count).toBe(1);
      expect((await c.hit('k', 60_000)).count).toBe(2);
      // …and a window's key expires in Redis: once it has, the next hit counts from 1 again. A key that
      // never expired (or whose hits pushed its expiry on) would count 2, 3, … and the wait would time out.
      expect((await c.hit('e', 150)).count).toBe(1);
      await waitFor(async () => (await c.hit('e', 150)).count === 1, 'the 150 ms window to expire in Redis', {
        everyMs: 100,
      });
    } finally {
      await c.close();
    }
  });
});
