import type { SafetyCategory } from './categories.js';
import { necessaryLiterals } from './regex-literals.js';
import { mayMatch, type Needs } from './situation-gates.js';

/**
 * Event words first (record 0048 round 2). Each pattern names, through its source, the literal strings it cannot
 * match without (regex-literals.ts: its event words, "passed away", "diagnosed with", "evicted" …, and often a second
 * set that must occur too, such as a relation word). One pass
 * over a turn finds which of a language's literals occur (`LiteralIndex.scan`, a trie over character codes: plain
 * JavaScript, whatever state V8's regular-expression compiler is in), and `firstPatternHit` runs only the patterns
 * one of whose literals occurred. A literal is a necessary condition, so a skipped pattern could not have matched and
 * the verdict is the one every pattern run in turn gives. The cost of a turn scales with its event words, not with
 * patterns × length: an everyday turn of 2,000 characters runs none of them.
 *
 * Patterns join the index by being situation patterns (situations.ts `CLASSES`, which lists each round's file): their
 * literals are read from their source when a language's patterns are first compiled. A pattern with no literal of
 * MIN_LITERAL characters always runs (with the category's other such patterns, as one alternation).
 */

/** A pattern as `firstPatternHit` reads it: run when its gate (situation-gates.ts) and one of its literals hit. */
export interface PatternEntry {
  category: SafetyCategory;
  pattern: RegExp;
  needs: Needs | null;
  /** Ids of its literals in the language's `LiteralIndex`, a group per set, each needing a hit (null: always run). */
  anchors: Int32Array[] | null;
}

/**
 * A set of literal strings, found in a text in one pass: a walk from every position through a trie of the literals
 * finds each one that occurs (one inside another too: the walk goes on past a literal's end). The trie is in typed
 * arrays: characters map to a small alphabet (`cls`, 0 for a character in no literal), each state
 * has a row of next states (`next`, 0 for none: the root is no one's next) and the id of the literal ending there
 * (`end`, -1 for none). About 0.4 MB a language read (English with another: ~700 literals, ~6,000 states).
 */
export class LiteralIndex {
  private readonly ids = new Map<string, number>();
  private readonly cls = new Uint8Array(65536);
  private readonly width: number;
  private readonly next: Uint16Array | Uint32Array;
  private readonly end: Int32Array;

  constructor(literals: Iterable<string>) {
    const kept = [...new Set(literals)];
    kept.forEach((lit, id) => this.ids.set(lit, id));
    let letters = 0;
    for (const r of kept) for (let k = 0; k < r.length; k++) this.cls[r.charCodeAt(k)] ||= ++letters;
    if (letters > 255) throw new Error('LiteralIndex: more than 255 distinct characters in the literals');
    this.width = letters + 1;
    let states = 1;
    for (const r of kept) states += r.length;
    this.next = states < 65536 ? new Uint16Array(states * this.width) : new Uint32Array(states * this.width);
    this.end = new Int32Array(states).fill(-1);
    let made = 1;
    kept.forEach((r, id) => {
      let s = 0;
      for (let k = 0; k < r.length; k++) {
        const cell = s * this.width + this.cls[r.charCodeAt(k)];
        if (this.next[cell] === 0) this.next[cell] = made++;
        s = this.next[cell];
      }
      this.end[s] = id;
    });
  }

  /** How many literals (the length of `scan`'s answer). */
  get size(): number {
    return this.ids.size;
  }

  /** The ids of a set of literals (each one the index was built with). */
  idsOf(literals: readonly string[]): Int32Array {
    return Int32Array.from(new Set(literals.map((l) => this.ids.get(l)!)));
  }

  /** Which literals occur in a text: a flag per id. */
  scan(text: string): Uint8Array {
    const hits = new Uint8Array(this.ids.size);
    const { cls, next, end, width } = this;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = i; j < n; j++) {
        const c = cls[text.charCodeAt(j)];
        if (c === 0) break;
        s = next[s * width + c];
        if (s === 0) break;
        if (end[s] >= 0) hits[end[s]] = 1;
      }
    }
    return hits;
  }
}

/** Whether a literal of every set of a pattern entry occurred (no literals: it always runs). */
const anchored = (hits: Uint8Array, anchors: Int32Array[] | null): boolean => {
  if (anchors === null) return true;
  for (const group of anchors) {
    let any = false;
    for (let k = 0; k < group.length && !any; k++) any = hits[group[k]] === 1;
    if (!any) return false;
  }
  return true;
};

/** A language's pattern entries in reading order, with the index of their literals. */
export interface LanguageScan {
  entries: readonly PatternEntry[];
  literals: LiteralIndex;
}

/**
 * A category's patterns (lexicon.ts's or the situation detector's) as entries: those with literals one by one behind
 * them, those without as one alternation (it matches exactly when one of them does; record 0047 round 14), gated ones behind their gate too.
 */
export function categoryEntries(
  category: SafetyCategory,
  patterns: readonly RegExp[],
  gateOf: (p: RegExp) => Needs | null,
  literals: Map<RegExp, string[][] | null>,
): Omit<PatternEntry, 'anchors'>[] {
  for (const p of patterns) if (!literals.has(p)) literals.set(p, necessaryLiterals(p.source));
  const open = patterns.filter((p) => gateOf(p) === null && literals.get(p) === null);
  const one = open.length > 1 ? new RegExp(open.map((p) => `(?:${p.source})`).join('|')) : open[0];
  if (one) literals.set(one, null);
  return [
    ...(one ? [{ category, pattern: one, needs: null }] : []),
    ...patterns
      .filter((p) => !open.includes(p))
      .map((p) => ({ category, pattern: p, needs: gateOf(p) })),
  ];
}

/** Builds a language's scan: entries in order, each with the ids of its literals (`literals`, null for none). */
export function languageScan(
  entries: readonly Omit<PatternEntry, 'anchors'>[],
  literals: ReadonlyMap<RegExp, string[][] | null>,
): LanguageScan {
  const index = new LiteralIndex(entries.flatMap((e) => (literals.get(e.pattern) ?? []).flat()));
  return {
    literals: index,
    entries: entries.map((e) => {
      const lits = literals.get(e.pattern) ?? null;
      return { ...e, anchors: lits ? lits.map((set) => index.idsOf(set)) : null };
    }),
  };
}

/** The category of the first entry whose pattern matches the text, running only entries whose literals occur. */
export function firstPatternHit(scan: LanguageScan, text: string): SafetyCategory | null {
  let hits: Uint8Array | null = null;
  for (const e of scan.entries) {
    if (e.anchors !== null && !anchored((hits ??= scan.literals.scan(text)), e.anchors)) continue;
    if (e.needs !== null && !mayMatch(text, e.needs)) continue;
    if (e.pattern.test(text)) return e.category;
  }
  return null;
}
