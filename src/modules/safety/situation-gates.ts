/**
 * Literal prefilters of the situation patterns (record 0047 round 13). Several patterns open on a loose alternation
 * of common words ("is / are / was …" + an optional word, a clause start, a frame's event list) that the regex engine
 * retries at every position of a turn that holds none of the pattern's event words. A gate names the literal words a
 * pattern cannot match without — every group must occur in the folded turn (one of its words, as a substring) — and
 * the pattern runs only when they do: a necessary condition, so the matches are exactly the pattern's own. Since round
 * 19 a gate's groups are read by the literal automaton with the pattern's own literals (one pass over the turn).
 *
 * Each gate is written beside its pattern (`gated(words, source)` returns the source unchanged); the words are read
 * off the pattern's literal text (a word inside `\s+` is not literal). round13-gates.happy.test.ts checks every gated
 * pattern's matches over the corpora against its gate.
 */

/** Groups of literal words; every group needs one of its words in the text (as a substring). */
export type Needs = readonly (readonly string[])[];

const GATES = new Map<string, Needs>();

/**
 * Registers a pattern source's gate and returns the source as it was. `words`: a group's words joined by `|`, groups
 * by ` & ` ("eat & days": both "eat" and "days"). The words join the literals of the language's automaton
 * (situation-index.ts `categoryEntries`, record 0047 round 19): a gate is one more set of literals the pattern needs.
 */
export function gated(words: string, source: string): string {
  const needs = words.split(' & ').map((group) => group.split('|'));
  if (needs.some((group) => group.some((w) => w.length === 0))) throw new Error(`gated: an empty word in "${words}"`);
  GATES.set(source, needs);
  return source;
}

/** The gate of a pattern source (null: the pattern has none). */
export const gateOf = (source: string): Needs | null => GATES.get(source) ?? null;
