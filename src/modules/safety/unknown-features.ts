/**
 * Features a model does not know, kept as 32-bit ids so that serving can count them in a text's L2 norm as training
 * does (record 0036 round 24): training scales a line by 1/sqrt(number of its features), all of them in the
 * vocabulary; serving reads a text whose unknown features move no head but still dilute the known ones.
 *
 * The id of a word feature mixes its stem's hash (`stemHash`, made once per word with its memoised facts) with the
 * feature's kind; a pair's mixes both stems' hashes; a concept feature's is the hash of its name. No string is built
 * per word. Two features sharing an id (a 32-bit collision) count once: a negligible undercount.
 */

/** FNV-1a over a string's UTF-16 units, never 0 (0 marks "no stem" in the callers). */
export function stemHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 1;
}

/** Kinds of feature an id is made for (mixed into it). */
export const WORD = 1;
export const NEGATED = 2;
export const PAIR = 3;
export const CONCEPT = 4;

/** A 32-bit mix of two values (murmur3's finaliser over a combination). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * A scratch set of ids with a weight each (the largest added), cleared by a stamp: `add` then `sumSquares` (the sum
 * of the weights' squares of the distinct ids added since `clear`). Grows when half full.
 */
export class IdWeights {
  private keys = new Int32Array(1024);
  private weights = new Float64Array(1024);
  private marks = new Int32Array(1024);
  private stamp = 1;
  private used: number[] = [];

  clear(): void {
    this.used.length = 0;
    if (++this.stamp === 0x7fffffff) {
      this.marks.fill(0);
      this.stamp = 1;
    }
  }

  /** Adds an id with a weight; true when the id is new since `clear`. */
  add(id: number, weight: number): boolean {
    if (this.used.length * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let i = mix(id, 0) & mask;
    while (this.marks[i] === this.stamp) {
      if (this.keys[i] === id) {
        if (this.weights[i] < weight) this.weights[i] = weight;
        return false;
      }
      i = (i + 1) & mask;
    }
    this.marks[i] = this.stamp;
    this.keys[i] = id;
    this.weights[i] = weight;
    this.used.push(i);
    return true;
  }

  sumSquares(): number {
    let s = 0;
    for (const i of this.used) s += this.weights[i] * this.weights[i];
    return s;
  }

  private grow(): void {
    const old = this.used.map((i) => [this.keys[i], this.weights[i]] as const);
    const n = this.keys.length * 2;
    this.keys = new Int32Array(n);
    this.weights = new Float64Array(n);
    this.marks = new Int32Array(n);
    this.stamp = 1;
    this.used.length = 0;
    for (const [k, w] of old) this.add(k, w);
  }
}
