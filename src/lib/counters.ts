import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy.js';

/**
 * Shared counters for the serving path: frequency caps, pacing and the
 * budget hard stop. In-process by default; in Redis (ioredis) when
 * `REDIS_URL` is set, so every instance sees the same numbers. Keys carry the
 * configured prefix.
 *
 * Two shapes:
 * - hash counters with a time to live (`hincr`/`hgetall`): per session or per
 *   user, how many ads of each campaign were shown;
 * - sliding-window sums in one-minute buckets (`reserve`): money reserved
 *   against a budget at serve time. `reserve` checks every budget and adds
 *   each check's amount in one atomic step (a Lua script in Redis), so
 *   concurrent serves, on one instance or many, cannot overshoot together.
 */
export interface BudgetCheck {
  /** Counter name (e.g. `c:<campaign id>:<day>`). */
  name: string;
  /** Spend already committed, known to the caller. */
  base: number;
  /** Committed + reserved + amount must stay within this. */
  limit: number;
  /** What this serve adds to the counter. */
  amount: number;
  /**
   * A committed-spend counter shared by every instance (`addSpent`): the
   * check counts max(base, its value), so spend committed on another instance
   * since this one last read the rollups is seen at once.
   */
  shared?: string;
}

export interface Counters {
  readonly kind: 'memory' | 'redis';
  hincr(key: string, field: string, by: number, ttlMs: number): Promise<void>;
  /** Fields of several hash counters (empty objects for absent keys). */
  hgetall(keys: string[]): Promise<Record<string, number>[]>;
  /**
   * Reserve each check's amount over the window ending at `now`: returns -1
   * when reserved, else the index of the first check that refused (nothing
   * is reserved then).
   */
  reserve(checks: BudgetCheck[], now: number, windowMs: number): Promise<number>;
  /** Sum reserved under `name` over the window ending at `now`. */
  reserved(name: string, now: number, windowMs: number): Promise<number>;
  /** Add committed spend to shared counters (pacing and budgets across instances), each kept `ttlMs`. */
  addSpent(entries: { name: string; amount: number; ttlMs: number }[]): Promise<void>;
  /**
   * Count one hit in `key`'s fixed window (the first hit opens a window of
   * `windowMs`): the hits so far in this window, this one included, and the
   * ms until it closes. Rate limits.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** `hit` on several keys at once (one round trip): the count of each, this hit included. */
  hitMany(keys: { key: string; windowMs: number }[]): Promise<number[]>;
  close(): Promise<void>;
}

const BUCKET_MS = 60_000;
const bucketsOf = (now: number, windowMs: number): number[] => {
  const cur = Math.floor(now / BUCKET_MS);
  const n = Math.max(1, Math.ceil(windowMs / BUCKET_MS));
  return Array.from({ length: n }, (_, i) => cur - i);
};

/** Open fixed windows kept in memory at most (rate-limit keys come from requests: their number must not grow without bound). */
export const FIXED_WINDOWS_MAX = 50_000;

export class MemoryCounters implements Counters {
  readonly kind = 'memory' as const;
  private readonly hashes = new Map<string, { until: number; fields: Map<string, number> }>();
  private readonly windows = new Map<string, Map<number, number>>();
  private readonly fixed = new Map<string, { count: number; until: number }>();
  private sweepAt = 0;

  constructor(
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  /**
   * A map key: the prefix and the name as one flat string (`join`), not the two-piece string `+` makes, which V8
   * hashes piece by piece and flattens (a runtime call) each time it compares it with the key it finds (record 0047
   * round 25).
   */
  private key(name: string): string {
    return [this.prefix, name].join('');
  }

  private sweep(): void {
    const t = this.now();
    if (t < this.sweepAt) return;
    this.sweepAt = t + 60_000;
    for (const [k, v] of this.hashes) if (v.until <= t) this.hashes.delete(k);
    for (const [k, v] of this.fixed) if (v.until <= t) this.fixed.delete(k);
    for (const [k, v] of this.spent) if (v.until <= t) this.spent.delete(k);
    const oldest = Math.floor(t / BUCKET_MS) - 24 * 60;
    for (const [k, w] of this.windows) {
      for (const b of w.keys()) if (b < oldest) w.delete(b);
      if (w.size === 0) this.windows.delete(k);
    }
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    this.sweep();
    const t = this.now();
    let w = this.fixed.get(key);
    if (!w || w.until <= t) {
      // Bounded however many keys callers make up: closed windows go first, then the oldest.
      if (this.fixed.size >= FIXED_WINDOWS_MAX) {
        for (const [k, v] of this.fixed) if (v.until <= t) this.fixed.delete(k);
        for (const k of this.fixed.keys()) {
          if (this.fixed.size < FIXED_WINDOWS_MAX * 0.9) break;
          this.fixed.delete(k);
        }
      }
      this.fixed.delete(key); // re-inserted last: the map stays in order of window start
      this.fixed.set(key, (w = { count: 0, until: t + windowMs }));
    }
    w.count++;
    return { count: w.count, resetMs: w.until - t };
  }

  async hitMany(keys: { key: string; windowMs: number }[]): Promise<number[]> {
    const out: number[] = [];
    for (const k of keys) out.push((await this.hit(k.key, k.windowMs)).count);
    return out;
  }

  async hincr(key: string, field: string, by: number, ttlMs: number): Promise<void> {
    this.sweep();
    const k = this.key(key);
    const t = this.now();
    let h = this.hashes.get(k);
    if (!h || h.until <= t) this.hashes.set(k, (h = { until: 0, fields: new Map() }));
    h.until = t + ttlMs;
    h.fields.set(field, (h.fields.get(field) ?? 0) + by);
  }

  async hgetall(keys: string[]): Promise<Record<string, number>[]> {
    const t = this.now();
    return keys.map((key) => {
      const h = this.hashes.get(this.key(key));
      return h && h.until > t ? Object.fromEntries(h.fields) : {};
    });
  }

  /** Sum over the window's buckets (the current one first, as `bucketsOf` lists them), without building the list. */
  private sum(w: Map<number, number> | undefined, now: number, windowMs: number): number {
    if (!w) return 0;
    const cur = Math.floor(now / BUCKET_MS);
    const n = Math.max(1, Math.ceil(windowMs / BUCKET_MS));
    let s = 0;
    for (let b = cur; b > cur - n; b--) s += w.get(b) ?? 0;
    return s;
  }

  private readonly spent = new Map<string, { value: number; until: number }>();

  async addSpent(entries: { name: string; amount: number; ttlMs: number }[]): Promise<void> {
    const t = this.now();
    for (const e of entries) {
      const k = this.key(e.name);
      const have = this.spent.get(k);
      if (have && have.until > t) have.value += e.amount;
      else this.spent.set(k, { value: e.amount, until: t + e.ttlMs });
    }
  }

  private spentOf(name: string | undefined): number {
    // Without shared spend added (`addSpent`), no key to build.
    if (!name || this.spent.size === 0) return 0;
    const have = this.spent.get(this.key(name));
    return have && have.until > this.now() ? have.value : 0;
  }

  async reserve(checks: BudgetCheck[], now: number, windowMs: number): Promise<number> {
    this.sweep();
    // Each check's window, and its key when it has none yet (a key is built and hashed once per check).
    const windows: (Map<number, number> | string)[] = [];
    for (let i = 0; i < checks.length; i++) {
      const k = this.key(checks[i].name);
      const w = this.windows.get(k);
      windows.push(w ?? k);
      const base = Math.max(checks[i].base, this.spentOf(checks[i].shared));
      if (base + this.sum(w, now, windowMs) + checks[i].amount > checks[i].limit) return i;
    }
    const cur = Math.floor(now / BUCKET_MS);
    for (let i = 0; i < checks.length; i++) {
      let w = windows[i];
      // Two checks of one request may share a key: the window the first made is the second's.
      if (typeof w === 'string') {
        const k = w;
        w = this.windows.get(k) ?? new Map<number, number>();
        this.windows.set(k, w);
      }
      w.set(cur, (w.get(cur) ?? 0) + checks[i].amount);
    }
    return -1;
  }

  async reserved(name: string, now: number, windowMs: number): Promise<number> {
    return this.sum(this.windows.get(this.key(name)), now, windowMs);
  }

  async close(): Promise<void> {
    this.hashes.clear();
    this.windows.clear();
  }
}

/**
 * KEYS: per check, nb bucket keys (current first), then the check's shared
 * committed-spend key. ARGV: nb, ttlMs, then base, limit and amount per check.
 * A check counts max(base, shared spend) + reserved + amount against its limit.
 */
const RESERVE_LUA = `
local nb = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local per = nb + 1
local nchecks = #KEYS / per
for c = 0, nchecks - 1 do
  local sum = tonumber(ARGV[3 + 3 * c])
  local shared = redis.call('GET', KEYS[c * per + per])
  if shared and tonumber(shared) > sum then sum = tonumber(shared) end
  local limit = tonumber(ARGV[4 + 3 * c])
  local amount = tonumber(ARGV[5 + 3 * c])
  for b = 1, nb do
    local v = redis.call('GET', KEYS[c * per + b])
    if v then sum = sum + tonumber(v) end
  end
  if sum + amount > limit then return c end
end
for c = 0, nchecks - 1 do
  redis.call('INCRBY', KEYS[c * per + 1], tonumber(ARGV[5 + 3 * c]))
  redis.call('PEXPIRE', KEYS[c * per + 1], ttl)
end
return -1
`;

/** INCR, the window's expiry set by its first hit, and the time left: one atomic step. */
const HIT_LUA = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}
`;

const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');
/** A Redis client (ioredis, loaded with the first one: a server without Redis never imports it). */
export const newRedis = (url: string, opts: import('ioredis').RedisOptions): Redis => new (ioredis().Redis)(url, opts);

type RedisWithReserve = Redis & {
  orbitReserve(numKeys: number, ...args: (string | number)[]): Promise<number>;
  orbitHit(numKeys: number, ...args: (string | number)[]): Promise<[number, number]>;
};

export class RedisCounters implements Counters {
  readonly kind = 'redis' as const;
  private readonly redis: RedisWithReserve;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    // A command that gets no answer fails after 5 s (503 for the request): a hung Redis must not hang requests.
    const r = newRedis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: 5_000 });
    r.defineCommand('orbitReserve', { lua: RESERVE_LUA });
    r.defineCommand('orbitHit', { lua: HIT_LUA });
    this.redis = r as RedisWithReserve;
  }

  async hincr(key: string, field: string, by: number, ttlMs: number): Promise<void> {
    const k = this.prefix + key;
    await this.redis.multi().hincrby(k, field, by).pexpire(k, ttlMs).exec();
  }

  async hgetall(keys: string[]): Promise<Record<string, number>[]> {
    if (keys.length === 0) return [];
    const p = this.redis.pipeline();
    for (const k of keys) p.hgetall(this.prefix + k);
    const res = (await p.exec()) ?? [];
    return res.map(([err, v]) => {
      if (err) throw err;
      const out: Record<string, number> = {};
      for (const [f, n] of Object.entries((v ?? {}) as Record<string, string>)) out[f] = Number(n);
      return out;
    });
  }

  async reserve(checks: BudgetCheck[], now: number, windowMs: number): Promise<number> {
    if (checks.length === 0) return -1;
    const buckets = bucketsOf(now, windowMs);
    // A check without a shared counter names one that is never written (reads nil).
    const keys = checks.flatMap((c) => [
      ...buckets.map((b) => `${this.prefix}w:${c.name}:${b}`),
      `${this.prefix}s:${c.shared ?? `none:${c.name}`}`,
    ]);
    const args = [
      buckets.length,
      windowMs + 2 * BUCKET_MS,
      ...checks.flatMap((c) => [Math.round(c.base), Math.round(c.limit), Math.round(c.amount)]),
    ];
    return Number(await this.redis.orbitReserve(keys.length, ...keys, ...args));
  }

  async addSpent(entries: { name: string; amount: number; ttlMs: number }[]): Promise<void> {
    if (entries.length === 0) return;
    const p = this.redis.pipeline();
    for (const e of entries)
      p.incrby(`${this.prefix}s:${e.name}`, Math.round(e.amount)).pexpire(`${this.prefix}s:${e.name}`, e.ttlMs);
    const res = (await p.exec()) ?? [];
    for (const [err] of res) if (err) throw err;
  }

  async reserved(name: string, now: number, windowMs: number): Promise<number> {
    const vals = await this.redis.mget(bucketsOf(now, windowMs).map((b) => `${this.prefix}w:${name}:${b}`));
    return vals.reduce((a, v) => a + (v ? Number(v) : 0), 0);
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const [count, resetMs] = await this.redis.orbitHit(1, `${this.prefix}h:${key}`, windowMs);
    return { count: Number(count), resetMs: Number(resetMs) };
  }

  async hitMany(keys: { key: string; windowMs: number }[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const p = this.redis.pipeline() as unknown as {
      orbitHit(n: number, key: string, ms: number): void;
      exec(): Promise<[Error | null, unknown][] | null>;
    };
    for (const k of keys) p.orbitHit(1, `${this.prefix}h:${k.key}`, k.windowMs);
    const res = (await p.exec()) ?? [];
    return res.map(([err, v]) => {
      if (err) throw err;
      return Number((v as [number, number])[0]);
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createCounters(opts: { redisUrl?: string; prefix: string; now: () => number }): Counters {
  return opts.redisUrl
    ? new RedisCounters(opts.redisUrl, `${opts.prefix}ctr:`)
    : new MemoryCounters(opts.prefix, opts.now);
}
