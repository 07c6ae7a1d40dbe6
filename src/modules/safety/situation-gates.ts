/**
 * Literal prefilters of the situation patterns (record 0047 round 13). Several patterns open on a loose alternation
 * of common words ("is / are / was …" + an optional word, a clause start, a frame's event list) that the regex engine
 * retries at every position of a turn that holds none of the pattern's event words. A gate names the literal words a
 * pattern cannot match without — every group must occur in the folded turn (one of its words, as a substring) — and
 * the pattern runs only when they do: a necessary condition, so the matches are exactly the pattern's own.
 *
 * Each gate is written beside its pattern (`gated(words, source)` returns the source unchanged); the words are read
 * off the pattern's literal text (a word inside `\s+` is not literal). round13-gates.happy.test.ts checks every gated
 * pattern's matches over the corpora against its gate.
 */

/** Groups of literal words, each compiled as one alternation; every group needs one of its words in the text. */
export type Needs = readonly RegExp[];

const escaped = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GATES = new Map<string, Needs>();
let union: RegExp | null = null;

/**
 * Registers a pattern source's gate and returns the source as it was. `words`: a group's words joined by `|`, groups
 * by ` & ` ("eat & days": both "eat" and "days").
 */
export function gated(words: string, source: string): string {
  GATES.set(
    source,
    words.split(' & ').map((group) => new RegExp(group.split('|').map(escaped).join('|'))),
  );
  union = null;
  return source;
}

/** The gate of a pattern source (null: the pattern always runs). */
export const gateOf = (source: string): Needs | null => GATES.get(source) ?? null;

/** Whether a text holds a word of every group of a gate (no gate: always). */
export function mayMatch(text: string, needs: Needs | null): boolean {
  if (needs === null) return true;
  for (const group of needs) if (!group.test(text)) return false;
  return true;
}

/**
 * Whether a text holds a word of any gate (each gate's last group, its rarest words): one pass per turn; when it
 * fails (most turns), no gated pattern can match and none runs, gate or pattern. A test per pattern, gate then
 * pattern, costs as much as the pattern alone on a turn of a hundred characters (the calls, not the scan).
 */
export function anyGateHits(text: string): boolean {
  union ??= new RegExp([...GATES.values()].map((needs) => needs[needs.length - 1].source).join('|'));
  return union.test(text);
}
