/**
 * The two shapes of cached data behind `src/caches.ts` (which declares every cache and creates them per
 * context): a keyed map with one expiry per entry, and one value with its load time.
 */

/**
 * A keyed cache with one expiry per entry. `get` is a Map get and a number
 * compare (it is on the click and ad-request paths).
 */
export class TtlMap<V> {
  private readonly map = new Map<string, { v: V; until: number }>();

  constructor(
    private readonly ttl: () => number,
    private readonly max: number,
  ) {}

  /** The value cached for a key, or undefined when none is, or it expired. */
  get(key: string, now: number): V | undefined {
    const e = this.map.get(key);
    return e !== undefined && e.until > now ? e.v : undefined;
  }

  set(key: string, v: V, now: number): void {
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, { v, until: now + this.ttl() });
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/**
 * One cached value (a snapshot) with its load time; concurrent readers of an
 * expired value share one load. A failed load is not kept.
 */
export class TtlValue<V> {
  private value: V | undefined;
  private at = -Infinity;
  private loading: Promise<V> | null = null;
  /** Bumped by `clear`, so a load that began before an invalidation is not kept. */
  private epoch = 0;

  constructor(private readonly ttl: () => number) {}

  /** The value when loaded and within its TTL at `now` (a clock moved back counts as expired). */
  peek(now: number): V | undefined {
    return this.value !== undefined && now - this.at < this.ttl() && now >= this.at ? this.value : undefined;
  }

  /** The value, loaded first when missing or expired. */
  async get(now: number, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(now);
    if (hit !== undefined) return hit;
    return this.refresh(now, load);
  }

  /** Loads the value (joining a load in flight). */
  refresh(now: number, load: () => Promise<V>): Promise<V> {
    if (this.loading) return this.loading;
    const epoch = this.epoch;
    const p = load().then(
      (v) => {
        if (epoch === this.epoch) {
          this.value = v;
          this.at = now;
        }
        if (this.loading === p) this.loading = null;
        return v;
      },
      (err: unknown) => {
        if (this.loading === p) this.loading = null;
        throw err;
      },
    );
    this.loading = p;
    return p;
  }

  /** A load in flight, if any. */
  get pending(): Promise<V> | null {
    return this.loading;
  }

  /** The last value loaded, however old (undefined before the first load or after `clear`). */
  get last(): V | undefined {
    return this.value;
  }

  set(v: V, now: number): void {
    this.value = v;
    this.at = now;
  }

  clear(): void {
    this.value = undefined;
    this.at = -Infinity;
    this.loading = null;
    this.epoch++;
  }
}
