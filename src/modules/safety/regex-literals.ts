/**
 * The literal strings a regular expression cannot match without (record 0048 round 2): read off a pattern's source,
 * one or two sets of strings, a text the pattern matches in holding one string of each. situation-index.ts runs a situation pattern only on a text
 * that holds one of its literals — a necessary condition, so the pattern's outcomes are unchanged.
 *
 * A small reader of the regular-expression syntax the safety patterns use (no flags: the text is folded, lowercase):
 * literal characters, escapes, classes, groups and lookarounds, alternation, quantifiers. In a sequence, consecutive
 * literal characters make a string; a group repeated at least once gives its own sets; the sequence keeps its best two
 * (the longest shortest string, then the fewest strings): both must occur. An alternation needs a set from every
 * branch (the union of their best). Whatever it cannot read
 * as literal — a class, `.`, an escape like `\w`, an assertion, a negative lookaround, an optional part — ends a string
 * and adds nothing, which only weakens the condition: never wrong, at worst no set (the pattern then always runs). A
 * positive lookaround adds its own set: the condition is on the text, and its text is in the text, if not in the match.
 */

/** The shortest literal worth indexing: a shorter one (a letter, "my") is in nearly every text. */
export const MIN_LITERAL = 3;

/** Sets of literals a text must hold one of each (a conjunction); each set's strings at least MIN_LITERAL long. */
type Sets = string[][];

/** How much a set narrows the texts a pattern runs on: the longer its shortest string, then the fewer strings. */
const quality = (set: readonly string[]): number =>
  Math.min(...set.map((s) => s.length)) * 1000 - Math.min(set.length, 999);

/** The sets a sequence keeps: its two best (two sets of one sequence must both occur). */
const KEPT = 2;

class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  /** An alternation up to a closing parenthesis or the end: one branch's sets, or the union of each branch's best. */
  alternation(): Sets {
    const branches: Sets[] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0];
    if (branches.some((b) => b.length === 0)) return [];
    return [[...new Set(branches.flatMap((b) => b[0]))]];
  }

  /** A sequence up to `|`, `)` or the end: its best sets, best first. */
  private sequence(): Sets {
    const found: Sets = [];
    let run = '';
    const flush = () => {
      if (run.length >= MIN_LITERAL) found.push([run]);
      run = '';
    };
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === '|' || c === ')') break;
      if (c === '(') {
        flush();
        const group = this.group();
        const min = group.lookaround ? 1 : this.quantifier();
        if (min >= 1) found.push(...group.sets);
        continue;
      }
      const lit = this.atom();
      if (this.peekQuantifier()) {
        // A quantified atom is not a literal of fixed count: it ends the string.
        flush();
        this.quantifier();
        continue;
      }
      if (lit === null) flush();
      else run += lit;
    }
    flush();
    const seen = new Set<string>();
    return found
      .filter((set) => set.every((l) => l.length >= MIN_LITERAL))
      .sort((x, y) => quality(y) - quality(x))
      .filter((set) => {
        const key = [...set].sort().join('\u0000');
        return !seen.has(key) && !!seen.add(key);
      })
      .slice(0, KEPT);
  }

  /**
   * A group from its `(`: its set, and whether it is a lookaround. A positive lookaround's text is in the text the
   * pattern matches in (if not in the match), so its set counts; a negative one's is absent, so it has none.
   */
  private group(): { sets: Sets; lookaround: boolean } {
    const s = this.src;
    this.i++; // (
    let lookaround = false;
    let negative = false;
    if (s[this.i] === '?') {
      if (s.startsWith('?:', this.i)) this.i += 2;
      else if (s.startsWith('?=', this.i) || s.startsWith('?<=', this.i)) [this.i, lookaround] = [s.indexOf('=', this.i) + 1, true];
      else if (s.startsWith('?!', this.i) || s.startsWith('?<!', this.i)) [this.i, negative] = [s.indexOf('!', this.i) + 1, true];
      else if (s.startsWith('?<', this.i)) this.i = s.indexOf('>', this.i) + 1;
      else throw new Error(`regex-literals: unknown group at ${this.i} of ${s}`);
    }
    const sets = this.alternation();
    if (s[this.i] !== ')') throw new Error(`regex-literals: unclosed group in ${s}`);
    this.i++;
    return { sets: negative ? [] : sets, lookaround: lookaround || negative };
  }

  /** One atom that is not a group: its literal character, or null (a class, `.`, an assertion, a class escape). */
  private atom(): string | null {
    const s = this.src;
    const c = s[this.i++];
    if (c === '[') {
      if (s[this.i] === '^') this.i++; // `[^]`: any character (a class ends at its first unescaped `]`)
      while (this.i < s.length && s[this.i] !== ']') this.i += s[this.i] === '\\' ? 2 : 1;
      this.i++;
      return null;
    }
    if (c === '.' || c === '^' || c === '$') return null;
    if (c !== '\\') return c;
    const e = s[this.i++];
    if ('bBsSwWdD'.includes(e)) return null;
    if (e === 'n') return '\n';
    if (e === 't') return '\t';
    if (e === 'x') return ((this.i += 2), null);
    if (e === 'u') return ((this.i += s[this.i] === '{' ? s.indexOf('}', this.i) + 1 - this.i : 4), null);
    if (e === 'p' || e === 'P' || e === 'k') return ((this.i = s.indexOf(e === 'k' ? '>' : '}', this.i) + 1), null);
    if (e === 'c') return ((this.i += 1), null);
    if (/[0-9a-zA-Z]/.test(e)) return null; // a back-reference or another letter escape: not read
    return e; // an escaped punctuation character is itself
  }

  private static readonly BRACE = /^\{(\d+)(,(\d*))?\}/;

  private peekQuantifier(): boolean {
    const c = this.src[this.i];
    return c === '?' || c === '*' || c === '+' || (c === '{' && Reader.BRACE.test(this.src.slice(this.i, this.i + 12)));
  }

  /** A quantifier after an atom or group (consumed, lazy `?` included): its minimum count (1 when there is none). */
  private quantifier(): number {
    const s = this.src;
    const c = s[this.i];
    let min = 1;
    if (c === '?' || c === '*') [min, this.i] = [0, this.i + 1];
    else if (c === '+') this.i++;
    else if (c === '{') {
      const m = Reader.BRACE.exec(s.slice(this.i, this.i + 12));
      if (!m) return 1;
      min = Number(m[1]);
      this.i += m[0].length;
    } else return 1;
    if (s[this.i] === '?') this.i++;
    return min;
  }
}

/**
 * Sets of literal strings a text must hold one of each for `source` to match in it (at most KEPT sets, best first;
 * case as written, the pattern takes no flags), or null when no set of strings of MIN_LITERAL characters is found (the
 * pattern must then always run).
 */
export function necessaryLiterals(source: string): string[][] | null {
  const sets = new Reader(source).alternation();
  return sets.length ? sets : null;
}
