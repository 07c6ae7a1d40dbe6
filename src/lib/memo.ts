/**
 * A bounded memo keyed by strings: two generations, each holding up to `max`
 * units (entries, or the `size` of each value); when the young generation
 * fills it becomes the old one, whose hits are promoted back. Frequent keys
 * stay memoised while a long tail of rare ones (numbers, typos, one-off
 * turns) cannot grow it without bound or flush it all at once. Plain Map
 * operations only: cheap enough for per-word and per-turn lookups on the hot path.
 */
export class Memo<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  private youngSize = 0;

  constructor(
    private readonly max: number,
    private readonly size?: (v: V) => number,
  ) {}

  /** The value for a key: memoised, or `compute(k)` memoised. */
  get(k: string, compute: (k: string) => V): V {
    const hit = this.young.get(k);
    if (hit !== undefined) return hit;
    const v = this.old.get(k) ?? compute(k);
    this.set(k, v);
    return v;
  }

  /** The memoised value for a key (promoted to the young generation), or undefined. */
  peek(k: string): V | undefined {
    const hit = this.young.get(k);
    if (hit !== undefined) return hit;
    const v = this.old.get(k);
    if (v !== undefined) this.set(k, v);
    return v;
  }

  /** Memoises a value for a key. */
  set(k: string, v: V): void {
    if (this.youngSize >= this.max) {
      this.old = this.young;
      this.young = new Map();
      this.youngSize = 0;
    }
    // A new key grows the map: one probe of the table instead of a `has` before the `set` (most sets follow a miss).
    const before = this.young.size;
    this.young.set(k, v);
    if (this.young.size !== before) this.youngSize += this.size ? Math.max(1, this.size(v)) : 1;
  }

  /** Memoises a value made without a look-up (its key new: `ReadTurn.lookUp`) and returns it. */
  add(k: string, v: V): V {
    this.set(k, v);
    return v;
  }

  /** Keys held (both generations). */
  get held(): number {
    return this.young.size + this.old.size;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngSize = 0;
  }
}
