import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { loadConfig, type ConfigInput } from './config.js';
import {
  CACHES,
  CacheRegistry,
  invalidate,
  mapCache,
  TtlMap,
  TtlValue,
  UNANNOUNCED_MAX_MS,
  valueCache,
  type CacheName,
} from './caches.js';
import { randomBase62 } from './lib/ids.js';

const config = (over: ConfigInput = {}) =>
  loadConfig({ dataDir: '/tmp/orbit-caches-unit', logLevel: 'silent', inventoryRefreshMs: 60_000, ...over }, {});
const registry = (over: ConfigInput = {}) =>
  new CacheRegistry(config(over), undefined, (url) => new Redis(url, { maxRetriesPerRequest: 2 }));
const owner = (over: ConfigInput = {}) => ({ caches: registry(over) });

describe('TtlMap', () => {
  it('serves an entry until its TTL, then reads as missing', () => {
    const m = new TtlMap<string>(() => 100, 10);
    m.set('a', 'x', 1_000);
    expect(m.get('a', 1_099)).toBe('x');
    expect(m.get('a', 1_100)).toBeUndefined();
    expect(m.get('b', 1_000)).toBeUndefined();
  });

  it('keeps a cached null (a refused key is cached too) apart from a miss', () => {
    const m = new TtlMap<null>(() => 100, 10);
    m.set('k', null, 0);
    expect(m.get('k', 1)).toBeNull();
  });

  it('empties itself past its bound instead of growing', () => {
    const m = new TtlMap<number>(() => 1_000, 3);
    for (let i = 0; i < 3; i++) m.set(`k${i}`, i, 0);
    expect(m.size).toBe(3);
    m.set('k3', 3, 0);
    expect(m.size).toBe(1);
    expect(m.get('k3', 1)).toBe(3);
  });
});

describe('TtlValue', () => {
  it('shares one load between concurrent readers and serves it within its TTL', async () => {
    const v = new TtlValue<number>(() => 100);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([v.get(0, load), v.get(0, load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await v.get(99, load)).toBe(1);
    expect(await v.get(100, load)).toBe(2);
  });

  it('treats a clock moved back as expired, and does not keep a failed load', async () => {
    const v = new TtlValue<number>(() => 100);
    await v.get(1_000, async () => 1);
    expect(v.peek(999)).toBeUndefined();
    await expect(v.get(2_000, async () => Promise.reject(new Error('storage down')))).rejects.toThrow('storage down');
    expect(v.last).toBe(1); // the last good value stays readable (ivt reads it while refreshing)
    expect(await v.get(2_000, async () => 3)).toBe(3);
  });

  it('does not keep a load that began before it was cleared', async () => {
    const v = new TtlValue<string>(() => 1_000);
    let release!: (s: string) => void;
    const slow = v.get(0, () => new Promise<string>((r) => (release = r)));
    v.clear();
    release('stale');
    expect(await slow).toBe('stale'); // its own caller gets it…
    expect(v.peek(1)).toBeUndefined(); // …but the cache does not keep it
    expect(await v.get(1, async () => 'fresh')).toBe('fresh');
  });
});

describe('CacheRegistry', () => {
  it('declares every cache with a TTL and what invalidates it', () => {
    for (const [name, spec] of Object.entries(CACHES)) {
      expect(spec.invalidatedBy.length, name).toBeGreaterThan(5);
      expect(spec.ttlMs(config()), name).toBeGreaterThan(0);
    }
  });

  it('gives API keys and destinations at most a second without an invalidation channel, on both backends', () => {
    for (const over of [{}, { databaseUrl: 'postgres://x@127.0.0.1/x' }]) {
      const r = registry(over);
      expect(r.listening).toBe(false);
      for (const name of ['apiKeys', 'destinations'] as const)
        expect(r.ttlOf(name)).toBeLessThanOrEqual(UNANNOUNCED_MAX_MS);
    }
    // Caches nobody edits keep their own clock.
    expect(registry().ttlOf('ivtAnomalies')).toBe(60_000);
  });

  it('hands out one cache per name and context (a Map get), and separate ones to separate contexts', () => {
    const a = owner();
    const b = owner();
    expect(mapCache(a, 'destinations')).toBe(mapCache(a, 'destinations'));
    expect(mapCache(a, 'destinations')).not.toBe(mapCache(b, 'destinations'));
    expect(valueCache(a, 'origins')).toBe(valueCache(a, 'origins'));
  });

  it('invalidates one key, a whole cache, or several caches; state is never cleared; hooks hear who asked', () => {
    const o = owner();
    const keys = mapCache<number>(o, 'apiKeys');
    keys.set('h1', 1, 0);
    keys.set('h2', 2, 0);
    invalidate(o, 'apiKeys', 'h1');
    expect([keys.get('h1', 1), keys.get('h2', 1)]).toEqual([undefined, 2]);
    const dest = mapCache<string>(o, 'destinations');
    dest.set('ad', 'https://old.example.com', 0);
    const cpa = valueCache<Set<string>>(o, 'cpaCampaigns');
    cpa.set(new Set(['c']), 0);
    const heard: boolean[] = [];
    o.caches.onInvalidate('inventory', (remote) => heard.push(remote));
    const state = o.caches.state('servingState', () => ({ n: 1 }));
    invalidate(o, ['inventory', 'destinations', 'cpaCampaigns', 'servingState']);
    expect(dest.get('ad', 1)).toBeUndefined();
    expect(cpa.peek(1)).toBeUndefined();
    expect(heard).toEqual([false]);
    expect(o.caches.state('servingState', () => ({ n: 2 }))).toBe(state);
  });

  it('applies messages from other instances, ignoring its own, malformed ones and caches that are not shared', () => {
    const o = owner();
    const dest = mapCache<string>(o, 'destinations');
    const known = mapCache<true>(o, 'knownAdvertisers');
    const heard: boolean[] = [];
    o.caches.onInvalidate('inventory', (remote) => heard.push(remote));
    dest.set('ad', 'u', 0);
    known.set('adv', true, 0);
    expect(o.caches.receive(JSON.stringify({ from: o.caches.instanceId, names: ['destinations'] }))).toBe(false);
    expect(o.caches.receive('not json')).toBe(false);
    expect(o.caches.receive(JSON.stringify({ from: 'other', names: 'destinations' }))).toBe(false);
    expect(dest.get('ad', 1)).toBe('u');
    expect(
      o.caches.receive(
        JSON.stringify({ from: 'other', names: ['destinations', 'knownAdvertisers', 'nope', 'inventory'], key: 'ad' }),
      ),
    ).toBe(true);
    expect(dest.get('ad', 1)).toBeUndefined();
    expect(known.get('adv', 1)).toBe(true);
    expect(heard).toEqual([true]);
    expect(o.caches.received).toBe(1);
  });

  it('is the only home of per-context caches in src/ (no WeakMap<Ctx> or module-level cache maps), and every declared cache is used', () => {
    const root = path.dirname(new URL(import.meta.url).pathname);
    const files: string[] = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && p !== path.join(root, 'caches.ts')) files.push(p);
      }
    };
    walk(root);
    const text = files.map((f) => [f, fs.readFileSync(f, 'utf8')] as const);
    expect(text.filter(([, t]) => /WeakMap<Ctx\b/.test(t)).map(([f]) => f)).toEqual([]);
    const all = text.map(([, t]) => t).join('\n');
    const unused = (Object.keys(CACHES) as CacheName[]).filter((n) => !all.includes(`'${n}'`));
    expect(unused).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('CacheRegistry over Redis', () => {
  const open: CacheRegistry[] = [];
  afterAll(async () => {
    await Promise.all(open.map((r) => r.close()));
  });

  it('publishes invalidations of shared caches to the other instances, which apply them; the sender ignores its own', async () => {
    const over = { redisUrl: process.env.TEST_REDIS_URL, redisPrefix: `orbit-test:${randomBase62(8).toLowerCase()}:` };
    const a = { caches: registry(over) };
    const b = { caches: registry(over) };
    open.push(a.caches, b.caches);
    await a.caches.listen();
    await b.caches.listen();
    expect(a.caches.listening && b.caches.listening).toBe(true);
    // With a live channel, entries live their full TTL: invalidations arrive instead.
    expect(b.caches.ttlOf('apiKeys')).toBe(30_000);
    const bKeys = mapCache<string>(b, 'apiKeys');
    bKeys.set('hash', 'principal', 0);
    bKeys.set('other', 'principal', 0);
    invalidate(a, 'apiKeys', 'hash');
    invalidate(a, 'knownAdvertisers'); // not shared: never published
    const deadline = Date.now() + 10_000;
    while (bKeys.get('hash', 1) !== undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(bKeys.get('hash', 1)).toBeUndefined();
    expect(bKeys.get('other', 1)).toBe('principal');
    expect(b.caches.received).toBe(1);
    expect(a.caches.received).toBe(0);
  });

  it('forgets every shared cache when its subscription drops (messages may be lost), short TTLs until it is back', async () => {
    const over = { redisUrl: process.env.TEST_REDIS_URL, redisPrefix: `orbit-test:${randomBase62(8).toLowerCase()}:` };
    const r = registry(over);
    open.push(r);
    await r.listen();
    const o = { caches: r };
    const keys = mapCache<string>(o, 'apiKeys');
    const known = mapCache<true>(o, 'knownAdvertisers');
    keys.set('hash', 'principal', 0);
    known.set('adv', true, 0);
    (r as unknown as { subscriber: Redis }).subscriber.disconnect(true); // drop the connection; ioredis reconnects
    const deadline = Date.now() + 10_000;
    while (r.listening && Date.now() < deadline) await new Promise((res) => setTimeout(res, 5));
    expect(keys.get('hash', 1)).toBeUndefined();
    expect(known.get('adv', 1)).toBe(true); // not shared: nothing could have been missed
    while (!r.listening && Date.now() < deadline) {
      expect(r.ttlOf('apiKeys')).toBeLessThanOrEqual(UNANNOUNCED_MAX_MS);
      await new Promise((res) => setTimeout(res, 5));
    }
    expect(r.listening).toBe(true);
    expect(r.ttlOf('apiKeys')).toBe(30_000);
  });
});
