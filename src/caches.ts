import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Logger } from 'pino';
import { TtlMap, TtlValue } from './lib/ttl-cache.js';

export { TtlMap, TtlValue } from './lib/ttl-cache.js';

/**
 * Every per-process cache of Orbit, declared here with how long it serves and
 * what invalidates it, and created through this registry, one per context
 * (`ctx.caches`). Modules never keep cached data in module-level maps or
 * `WeakMap<Ctx, …>`.
 *
 * Invalidation: `invalidate(ctx, name, key?)` forgets an entry (or the whole
 * cache) in this process and, for a `shared` cache when `REDIS_URL` is set,
 * publishes it on the Redis channel `<prefix>caches` (a separate subscriber
 * connection, started by the server: `listen`), so every instance forgets it
 * within a round trip. A message carries the publishing instance's id; an
 * instance ignores its own. While no channel is live — no Redis, or its
 * subscriber is (re)connecting — shared caches keep entries only their short
 * `unannouncedTtlMs` (another process, a second instance or an `orbit` CLI
 * command, may change the data without telling this one); a reconnect
 * forgets every shared cache, since messages sent meanwhile were lost.
 *
 * Not caches, so not declared here: memo tables of pure functions, whose
 * entries can never be wrong — lib/request-facts.ts (device, bot), lib/tz.ts
 * (formatters, day intervals), lib/lang.ts (stemmers), shop/google-taxonomy.ts,
 * shop/fx.ts (rates of a config), serving/vocabulary.ts, safety/lexicon.ts and
 * concepts.ts, safety/model.ts (per-word feature look-ups of the loaded model,
 * bounded per language), conversions/routes.ts (the pixel script of an endpoint);
 * prepared-statement tables keyed by a SQLite handle (tracking, reporting,
 * conversions, campaigns repos; db/index.ts `withStatementCache`); the
 * journal's settlers in db/index.ts (wiring, not data); request-scoped
 * `WeakMap<FastifyRequest, …>` in routes. Nor is process machinery: models
 * and data files loaded once (safety/model.ts, serving/word-vectors.ts),
 * lazily imported libraries (lib/mcp.ts, lib/lazy.ts), the id generator's
 * random pool (lib/ids.ts), the checkpointer's and journal writer thread's
 * own state (db/checkpointer.ts, tracking/journal-writer.ts).
 */

/** What a cache holds: a keyed map, one value (a snapshot), per-process state (never stale), or an object that owns its own refresh. */
export type CacheKind = 'map' | 'value' | 'state' | 'hook';

export interface CacheSpec {
  kind: CacheKind;
  /** How long an entry serves before storage is read again (ms) while invalidations reach this process. */
  ttlMs: (c: Config) => number;
  /** The same while they may not (no live Redis channel); the cached data can change in another process. */
  unannouncedTtlMs?: (c: Config) => number;
  /** Map caches: entries kept; past it the map is emptied (cheaper than an LRU on the hot path). */
  max?: number;
  /** Invalidations of this cache reach the other instances. */
  shared: boolean;
  /** What invalidates it (documentation, checked by nothing but review). */
  invalidatedBy: string;
}

const SEC = 1000;
/** The longest an instance may serve a revoked key or an old landing page without an invalidation channel. */
export const UNANNOUNCED_MAX_MS = SEC;
const short = (c: Config) => Math.min(UNANNOUNCED_MAX_MS, c.inventoryRefreshMs);
const forever = () => Infinity;

export const CACHES = {
  // --- shared: data another instance may change
  apiKeys: {
    kind: 'map',
    ttlMs: () => 30 * SEC,
    unannouncedTtlMs: short,
    max: 10_000,
    shared: true,
    invalidatedBy: 'accounts.revokeApiKey (the key hash), accounts.revokeLabelledKeys (all)',
  },
  destinations: {
    kind: 'map',
    ttlMs: (c) => c.inventoryRefreshMs,
    unannouncedTtlMs: short,
    max: 50_000,
    shared: true,
    invalidatedBy: 'every campaign, ad group, ad, review or ad unit change (campaigns/destinations.ts servingChanged)',
  },
  inventory: {
    kind: 'hook',
    ttlMs: (c) => c.inventoryRefreshMs,
    shared: true,
    invalidatedBy:
      'campaign, ad, review, ad unit, placement, block and publisher changes; rebuilt by its timer (serving/inventory.ts Inventory)',
  },
  cpaCampaigns: {
    kind: 'value',
    ttlMs: () => 30 * SEC,
    shared: true,
    invalidatedBy: 'campaign changes, with destinations (index/search.ts activeCpaCampaigns)',
  },
  origins: {
    kind: 'value',
    ttlMs: (c) => c.inventoryRefreshMs,
    shared: true,
    invalidatedBy: "origins.setAllowedOrigins (a publisher's allowed origins, CORS)",
  },
  catalogCurrencies: {
    kind: 'value',
    ttlMs: () => 60 * SEC,
    shared: true,
    invalidatedBy: 'a catalog import (shop/catalog.ts)',
  },
  indexServices: {
    kind: 'value',
    ttlMs: () => 30 * SEC,
    shared: true,
    invalidatedBy: 'a service catalog import (index/catalog.ts)',
  },
  // --- time-based: aggregates of traffic, refreshed on their own clock; nothing edits them
  knownAdvertisers: {
    kind: 'map',
    ttlMs: () => 300 * SEC,
    max: 10_000,
    shared: false,
    invalidatedBy: 'time only: advertisers are never deleted (conversions pixel events)',
  },
  ivtAnomalies: {
    kind: 'value',
    ttlMs: () => 60 * SEC,
    shared: false,
    invalidatedBy: 'time only: refreshed in the background (ivt/service.ts)',
  },
  feedbackScores: {
    kind: 'value',
    ttlMs: () => 60 * SEC,
    shared: false,
    invalidatedBy: 'time only: votes move slowly (serving/feedback-seam.ts); tests forget it',
  },
  groupHistory: {
    kind: 'value',
    ttlMs: () => 60 * SEC,
    shared: false,
    invalidatedBy: 'time only (serving/inventory.ts history); tests and the day simulation forget it',
  },
  catalogStatsChecked: {
    kind: 'value',
    ttlMs: forever,
    shared: false,
    invalidatedBy: 'never: checked once per process, imports keep the stats exact (shop/catalog.ts ensureCatalogStats)',
  },
  ipFacts: {
    kind: 'map',
    ttlMs: forever,
    max: 20_000,
    shared: false,
    invalidatedBy:
      "never: the keyed hash, country and data-centre flag of an address depend only on this context's keys and config",
  },
  // --- per-process state, created once per context (no staleness)
  servingState: {
    kind: 'state',
    ttlMs: forever,
    shared: false,
    invalidatedBy: 'never (budget book, decision log, copy writer, embeddings)',
  },
  safetyLlm: {
    kind: 'state',
    ttlMs: forever,
    shared: false,
    invalidatedBy: 'never (the model client and its verdict memo)',
  },
  datacenterMatcher: { kind: 'state', ttlMs: forever, shared: false, invalidatedBy: 'never (built from the config)' },
  stripeClient: { kind: 'state', ttlMs: forever, shared: false, invalidatedBy: 'never (the Stripe SDK client)' },
  webSearch: { kind: 'state', ttlMs: forever, shared: false, invalidatedBy: 'shop.useWebSearch replaces it' },
  dedupPurge: {
    kind: 'state',
    ttlMs: forever,
    shared: false,
    invalidatedBy: 'never (when this process last purged expired conversion dedup keys)',
  },
} as const satisfies Record<string, CacheSpec>;

export type CacheName = keyof typeof CACHES;
type NamesOf<K extends CacheKind> = { [N in CacheName]: (typeof CACHES)[N]['kind'] extends K ? N : never }[CacheName];
export type MapCacheName = NamesOf<'map'>;
export type ValueCacheName = NamesOf<'value'>;
export type StateName = NamesOf<'state'>;
export type HookName = NamesOf<'hook'>;

interface Clearable {
  clear(): void;
  delete?(key: string): void;
}

/** A cross-instance invalidation as published on the channel. */
export interface InvalidationMessage {
  from: string;
  names: CacheName[];
  key?: string;
}

/**
 * The caches of one context. Created by `createContext`; modules reach a
 * cache by name (`mapCache`, `valueCache`, `state`), which is a Map get.
 */
export class CacheRegistry {
  /** This process's id on the invalidation channel. */
  readonly instanceId = randomUUID();
  private readonly instances = new Map<CacheName, Clearable | object>();
  private readonly hooks = new Map<HookName, (remote: boolean) => void>();
  /** Invalidations reach this process (a live subscription). */
  private announced = false;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Invalidations received from other instances (tests and /metrics-like checks). */
  received = 0;

  constructor(
    private readonly config: Config,
    private readonly log?: Logger,
    private readonly newRedis?: (url: string) => Redis,
  ) {}

  get channel(): string {
    return `${this.config.redisPrefix}caches`;
  }

  /** Whether invalidations from other instances currently reach this one. */
  get listening(): boolean {
    return this.announced;
  }

  /** The TTL a shared cache gives an entry now. */
  ttlOf(name: CacheName): number {
    const spec: CacheSpec = CACHES[name];
    if (spec.shared && !this.announced && spec.unannouncedTtlMs) return spec.unannouncedTtlMs(this.config);
    return spec.ttlMs(this.config);
  }

  map<V>(name: MapCacheName): TtlMap<V> {
    let c = this.instances.get(name) as TtlMap<V> | undefined;
    if (!c) {
      const spec: CacheSpec = CACHES[name];
      this.instances.set(name, (c = new TtlMap<V>(() => this.ttlOf(name), spec.max ?? 10_000)));
    }
    return c;
  }

  value<V>(name: ValueCacheName): TtlValue<V> {
    let c = this.instances.get(name) as TtlValue<V> | undefined;
    if (!c) this.instances.set(name, (c = new TtlValue<V>(() => this.ttlOf(name))));
    return c;
  }

  /** Per-process state of a context, created on first use. */
  state<V extends object>(name: StateName, create: () => V): V {
    let s = this.instances.get(name) as V | undefined;
    if (!s) this.instances.set(name, (s = create()));
    return s;
  }

  /** A state object when one was created or set. */
  getState<V extends object>(name: StateName): V | undefined {
    return this.instances.get(name) as V | undefined;
  }

  /** Replace (or with null remove) a state object. */
  setState(name: StateName, v: object | null): void {
    if (v) this.instances.set(name, v);
    else this.instances.delete(name);
  }

  /** What invalidating a `hook` cache does; `remote` when another instance asked. */
  onInvalidate(name: HookName, fn: (remote: boolean) => void): void {
    this.hooks.set(name, fn);
  }

  /** Forget in this process only (what a received message does). */
  forget(names: readonly CacheName[], key?: string, remote = false): void {
    for (const name of names) {
      const spec: CacheSpec = CACHES[name];
      if (spec.kind === 'hook') {
        this.hooks.get(name as HookName)?.(remote);
        continue;
      }
      if (spec.kind === 'state') continue;
      const c = this.instances.get(name) as Clearable | undefined;
      if (!c) continue;
      if (key !== undefined && c.delete) c.delete(key);
      else c.clear();
    }
  }

  /** Forget here and, for shared caches, on every other instance (when Redis is configured). */
  invalidate(names: readonly CacheName[], key?: string): void {
    this.forget(names, key);
    const shared = names.filter((n) => CACHES[n].shared);
    if (!shared.length || !this.config.redisUrl || !this.newRedis) return;
    const msg: InvalidationMessage = { from: this.instanceId, names: shared, ...(key !== undefined ? { key } : {}) };
    this.publisher ??= this.newRedis(this.config.redisUrl);
    const p = this.publisher
      .publish(this.channel, JSON.stringify(msg))
      .catch((err: unknown) => this.log?.warn({ err }, 'cache invalidation publish failed'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Apply a message from the channel; false when it is this instance's own or malformed. */
  receive(raw: string): boolean {
    let m: InvalidationMessage;
    try {
      m = JSON.parse(raw) as InvalidationMessage;
    } catch {
      return false;
    }
    if (!m || m.from === this.instanceId || !Array.isArray(m.names)) return false;
    const names = m.names.filter((n): n is CacheName => Object.hasOwn(CACHES, n) && CACHES[n as CacheName].shared);
    this.forget(names, typeof m.key === 'string' ? m.key : undefined, true);
    this.received++;
    return true;
  }

  /** Every shared cache forgotten (its invalidations may have been missed). */
  private forgetShared(): void {
    this.forget((Object.keys(CACHES) as CacheName[]).filter((n) => CACHES[n].shared && CACHES[n].kind !== 'hook'));
  }

  /**
   * Subscribe to the invalidation channel (servers, when REDIS_URL is set).
   * Resolves once subscribed, or (Redis unreachable) after `waitMs`, with
   * short TTLs meanwhile.
   */
  async listen(waitMs = 5_000): Promise<void> {
    if (!this.config.redisUrl || !this.newRedis || this.subscriber) return;
    const sub = this.newRedis(this.config.redisUrl);
    this.subscriber = sub;
    sub.on('message', (channel: string, raw: string) => {
      if (channel === this.channel) this.receive(raw);
    });
    const lost = () => {
      if (!this.announced) return;
      this.announced = false;
      this.forgetShared(); // entries kept past the short TTL could miss what is sent until we are back
    };
    sub.on('close', lost);
    sub.on('error', (err: unknown) => this.log?.debug({ err }, 'cache invalidation channel error'));
    // After a reconnect: subscribed again (ioredis does it too; a second SUBSCRIBE is harmless), then
    // everything shared is forgotten, since what was published meanwhile never arrived.
    sub.on('ready', () => {
      if (this.announced) return;
      sub.subscribe(this.channel).then(
        () => {
          if (this.subscriber !== sub || this.announced) return;
          this.forgetShared();
          this.announced = true;
        },
        (err: unknown) => this.log?.debug({ err }, 'cache invalidation channel: subscribe failed'),
      );
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      sub.subscribe(this.channel).then(() => {
        this.announced = true;
      }),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        timer.unref();
      }),
    ]).catch((err: unknown) => this.log?.warn({ err }, 'cache invalidation channel unavailable; short cache TTLs'));
    clearTimeout(timer);
  }

  /** Waits for invalidations being published, then closes the Redis connections. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
    this.announced = false;
    this.subscriber?.disconnect();
    this.subscriber = null;
    if (this.publisher) {
      await this.publisher.quit().catch(() => this.publisher?.disconnect());
      this.publisher = null;
    }
  }
}

/** The registry part of a context (kept structural so this file imports no module). */
interface HasCaches {
  caches: CacheRegistry;
}

/** A keyed cache of a context. */
export const mapCache = <V>(ctx: HasCaches, name: MapCacheName): TtlMap<V> => ctx.caches.map<V>(name);
/** A one-value cache of a context. */
export const valueCache = <V>(ctx: HasCaches, name: ValueCacheName): TtlValue<V> => ctx.caches.value<V>(name);
/** Per-process state of a context, created on first use. */
export const stateOf = <V extends object>(ctx: HasCaches, name: StateName, create: () => V): V =>
  ctx.caches.state(name, create);

/**
 * Forget a cache (or one key of a map cache) in this process and, for shared
 * caches with Redis configured, in every other instance.
 */
export function invalidate(ctx: HasCaches, name: CacheName | readonly CacheName[], key?: string): void {
  ctx.caches.invalidate(typeof name === 'string' ? [name] : name, key);
}
