import type { SafetyCategory } from './categories.js';
import { necessaryLiterals } from './regex-literals.js';
import type { Needs } from './situation-gates.js';

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

/** A pattern as `firstPatternHit` reads it: run when a literal of each of its sets occurred. */
export interface PatternEntry {
  category: SafetyCategory;
  pattern: RegExp;
  /**
   * Ids of its literals in the language's `LiteralIndex`, a group per set, each needing a hit (null: always run): the
   * sets read off its source and its gate's groups (situation-gates.ts; record 0047 round 19).
   */
  anchors: Int32Array[] | null;
}

/**
 * A set of literal strings, found in a text in one pass: an Aho–Corasick automaton over a trie of the literals (record
 * 0047 round 18). Characters map to a small alphabet (`cls`, 0 for a character in no literal); each state has a full
 * row of next states (`next`: the trie's edges, the rest filled from the state's longest proper suffix that is also a
 * trie state, so the walk never backs up: one step per character), the id of the literal ending there (`end`, -1 for
 * none) and the nearest state on its suffix chain where another literal ends (`more`, -1 for none: a literal inside
 * another, or ending with it, is found too). The literals found are each literal that occurs in the text, as a walk
 * through the plain trie from every position finds them. About 0.4 MB a language read (English with another: ~900
 * literals, ~6,000 states).
 */
export class LiteralIndex {
  private readonly ids = new Map<string, number>();
  private readonly cls = new Uint8Array(65536);
  private readonly width: number;
  private readonly next: Uint16Array | Uint32Array;
  private readonly end: Int32Array;
  private readonly more: Int32Array;
  /** Scratch of `found`: the ids found in the text last read, and a mark per id (the read's `stamp` when found). */
  private readonly foundIds: Int32Array;
  private readonly mark: Int32Array;
  private stamp = 0;

  constructor(literals: Iterable<string>) {
    const kept = [...new Set(literals)];
    kept.forEach((lit, id) => this.ids.set(lit, id));
    let letters = 0;
    for (const r of kept) for (let k = 0; k < r.length; k++) this.cls[r.charCodeAt(k)] ||= ++letters;
    if (letters > 255) throw new Error('LiteralIndex: more than 255 distinct characters in the literals');
    const width = letters + 1;
    this.width = width;
    let states = 1;
    for (const r of kept) states += r.length;
    const next = states < 65536 ? new Uint16Array(states * width) : new Uint32Array(states * width);
    this.next = next;
    this.end = new Int32Array(states).fill(-1);
    let made = 1;
    kept.forEach((r, id) => {
      let s = 0;
      for (let k = 0; k < r.length; k++) {
        const cell = s * width + this.cls[r.charCodeAt(k)];
        if (next[cell] === 0) next[cell] = made++;
        s = next[cell];
      }
      this.end[s] = id;
    });
    // Breadth first, each state's missing edges are its suffix's (complete already: a suffix is shallower); a trie
    // edge's target takes as its suffix the state the suffix's row leads to. Column 0 (no literal's character) stays 0.
    const suffix = new Int32Array(made);
    this.more = new Int32Array(made).fill(-1);
    const queue = new Int32Array(made);
    let head = 0;
    let tail = 0;
    for (let c = 1; c < width; c++) if (next[c] !== 0) queue[tail++] = next[c];
    while (head < tail) {
      const s = queue[head++];
      const f = suffix[s];
      this.more[s] = f > 0 && this.end[f] >= 0 ? f : this.more[f];
      for (let c = 1; c < width; c++) {
        const cell = s * width + c;
        if (next[cell] !== 0) {
          suffix[next[cell]] = next[f * width + c];
          queue[tail++] = next[cell];
        } else next[cell] = next[f * width + c];
      }
    }
    this.foundIds = new Int32Array(kept.length);
    this.mark = new Int32Array(kept.length);
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
    const ids = this.found(text);
    for (let k = 0; k < ids.length; k++) hits[ids[k]] = 1;
    return hits;
  }

  /**
   * The ids of the literals that occur in a text, each once, in the order their first occurrence ends: a view of this
   * index's scratch, valid until its next read (read synchronously).
   */
  found(text: string): Int32Array {
    const { cls, next, end, more, width, mark, foundIds } = this;
    if (++this.stamp === 0x7fffffff) {
      mark.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    let n = 0;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      s = next[s * width + cls[text.charCodeAt(i)]];
      for (let o = end[s] >= 0 ? s : more[s]; o > 0; o = more[o]) {
        const id = end[o];
        if (mark[id] !== stamp) {
          mark[id] = stamp;
          foundIds[n++] = id;
        }
      }
    }
    return foundIds.subarray(0, n);
  }
}

/**
 * Which entries' literals occurred in a text: per literal id, the anchor sets (groups) it belongs to, and per group
 * its entry. A read marks the groups of the literals found and counts them per entry: an entry runs when every one of
 * its groups was marked (as many as it has). The work follows the literals found, not the ~1,500 literal ids of a
 * language's entries. Built once per scan (`fanOutOf`).
 */
class FanOut {
  private readonly groupsOf: Int32Array[];
  private readonly entryOf: Int32Array;
  /**
   * Per entry: how many groups it has (-1: no literals, always runs), and how many were marked in the last read (valid
   * when its `counted` is the read's `stamp`). Per group: `marked`, the stamp of the last read that marked it. Stamps,
   * not a reset of every entry and group per read, so a read's work follows the literals found.
   */
  private readonly need: Int32Array;
  private readonly count: Int32Array;
  private readonly counted: Int32Array;
  private readonly marked: Int32Array;
  private stamp = 0;

  /** The entries without literals (or with no set of them), in order: they always run. */
  readonly open: Int32Array;
  /** The first entry with a set of literals (the number of entries when none has). */
  readonly firstAnchored: number;
  /** The entries the last read found a literal of each set of (`ranCount` of them, in order). */
  private readonly ran: Int32Array;
  ranCount = 0;

  constructor(scan: LanguageScan) {
    const { entries } = scan;
    const lists: number[][] = Array.from({ length: scan.literals.size }, () => []);
    const entryOf: number[] = [];
    this.need = new Int32Array(entries.length);
    const open: number[] = [];
    entries.forEach((e, k) => {
      this.need[k] = e.anchors === null ? -1 : e.anchors.length;
      if (this.need[k] <= 0) open.push(k);
      for (const group of e.anchors ?? []) {
        for (const id of group) lists[id].push(entryOf.length);
        entryOf.push(k);
      }
    });
    this.groupsOf = lists.map((l) => Int32Array.from(l));
    this.entryOf = Int32Array.from(entryOf);
    this.count = new Int32Array(entries.length);
    this.counted = new Int32Array(entries.length);
    this.marked = new Int32Array(entryOf.length);
    this.open = Int32Array.from(open);
    const first = entries.findIndex((_, k) => this.need[k] > 0);
    this.firstAnchored = first < 0 ? entries.length : first;
    this.ran = new Int32Array(entries.length);
  }

  /**
   * Reads a text: the entries with a literal of each of their sets in it, in order (the first `ranCount` of the
   * answer, a scratch).
   */
  read(literals: LiteralIndex, text: string): Int32Array {
    const { groupsOf, entryOf, count, counted, marked, need, ran } = this;
    let n = 0;
    if (++this.stamp === 0x7fffffff) {
      counted.fill(0);
      marked.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const ids = literals.found(text);
    for (let k = 0; k < ids.length; k++) {
      const groups = groupsOf[ids[k]];
      for (let j = 0; j < groups.length; j++) {
        const g = groups[j];
        if (marked[g] !== stamp) {
          marked[g] = stamp;
          const e = entryOf[g];
          if (counted[e] !== stamp) {
            counted[e] = stamp;
            count[e] = 0;
          }
          if (++count[e] === need[e]) {
            // In order: an insertion into the few found so far.
            let at = n++;
            for (; at > 0 && ran[at - 1] > e; at--) ran[at] = ran[at - 1];
            ran[at] = e;
          }
        }
      }
    }
    this.ranCount = n;
    return ran;
  }
}

const fanOuts = new WeakMap<LanguageScan, FanOut>();
const fanOutOf = (scan: LanguageScan): FanOut => {
  let f = fanOuts.get(scan);
  if (!f) fanOuts.set(scan, (f = new FanOut(scan)));
  return f;
};

/** A language's pattern entries in reading order, with the index of their literals. */
export interface LanguageScan {
  entries: readonly PatternEntry[];
  literals: LiteralIndex;
}

/**
 * A category's patterns (lexicon.ts's or the situation detector's) as entries: those with literals one by one behind
 * them, those without as one alternation (it matches exactly when one of them does; record 0047 round 14). A gated
 * pattern's gate (situation-gates.ts) is read as more sets of literals it needs, found in the same pass as the
 * others (round 19; before, a regular expression per group after the pass).
 */
export function categoryEntries(
  category: SafetyCategory,
  patterns: readonly RegExp[],
  gateOf: (p: RegExp) => Needs | null,
  literals: Map<RegExp, string[][] | null>,
): Omit<PatternEntry, 'anchors'>[] {
  for (const p of patterns)
    if (!literals.has(p)) {
      const own = necessaryLiterals(p.source);
      const gate = gateOf(p);
      literals.set(p, gate ? [...(own ?? []), ...gate.map((group) => [...group])] : own);
    }
  const open = patterns.filter((p) => literals.get(p) === null);
  const one = open.length > 1 ? new RegExp(open.map((p) => `(?:${p.source})`).join('|')) : open[0];
  if (one) literals.set(one, null);
  return [
    ...(one ? [{ category, pattern: one }] : []),
    ...patterns.filter((p) => !open.includes(p)).map((p) => ({ category, pattern: p })),
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
      return new Entry(e.category, e.pattern, lits ? lits.map((set) => index.idsOf(set)) : null);
    }),
  };
}

/**
 * An entry of a language's scan: one class, so the entries `firstPatternHit` reads share one shape (the entries of
 * the category lists, copied with their anchors by a spread, had several: its loads of them went megamorphic).
 */
class Entry implements PatternEntry {
  constructor(
    readonly category: SafetyCategory,
    readonly pattern: RegExp,
    readonly anchors: Int32Array[] | null,
  ) {}
}

/** The category of the first entry whose pattern matches the text, running only entries whose literals occur. */
export function firstPatternHit(scan: LanguageScan, text: string): SafetyCategory | null {
  const { entries } = scan;
  // The entries that run, in order: those without literals (`open`), and those the read found a literal of each set
  // of (`ran`, in order); no other entry is looked at. The open ones before the first with literals run before the
  // read, so a hit among them needs none.
  const fan = fanOutOf(scan);
  const { open } = fan;
  let o = 0;
  for (; o < open.length && open[o] < fan.firstAnchored; o++)
    if (entries[open[o]].pattern.test(text)) return entries[open[o]].category;
  if (fan.firstAnchored === entries.length) return null;
  const ran = fan.read(scan.literals, text);
  const n = fan.ranCount;
  for (let r = 0; o < open.length || r < n;) {
    const k = r === n || (o < open.length && open[o] < ran[r]) ? open[o++] : ran[r++];
    if (entries[k].pattern.test(text)) return entries[k].category;
  }
  return null;
}
