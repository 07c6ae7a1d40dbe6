/**
 * The literal strings a regular expression cannot match without (record 0047 round 15): read off a pattern's source,
 * a set of strings one of which every match contains. situation-index.ts runs a situation pattern only on a text
 * that holds one of its literals — a necessary condition, so the pattern's outcomes are unchanged.
 *
 * A small reader of the regular-expression syntax the safety patterns use (no flags: the text is folded, lowercase):
 * literal characters, escapes, classes, groups and lookarounds, alternation, quantifiers. In a sequence, consecutive
 * literal characters make a string; a group repeated at least once gives its own set; the sequence keeps its best set
 * (the longest shortest string). An alternation needs a set from every branch (their union). Whatever it cannot read
 * as literal — a class, `.`, an escape like `\w`, an assertion, a lookaround, an optional part — ends a string and adds
 * nothing, which only weakens the condition: never wrong, at worst no set (the pattern then always runs).
 */

/** The shortest literal worth indexing: a shorter one (a letter, "my") is in nearly every text. */
export const MIN_LITERAL = 3;

type Set_ = string[] | null;

/** The better of two literal sets: the longer shortest string, then fewer strings. */
function better(a: Set_, b: Set_): Set_ {
  if (!a) return b;
  if (!b) return a;
  const la = Math.min(...a.map((s) => s.length));
  const lb = Math.min(...b.map((s) => s.length));
  if (la !== lb) return la > lb ? a : b;
  return b.length < a.length ? b : a;
}

class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  /** An alternation up to a closing parenthesis or the end: the union of its branches' sets, or null. */
  alternation(): Set_ {
    const branches: Set_[] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    if (branches.some((b) => b === null)) return null;
    return [...new Set(branches.flatMap((b) => b!))];
  }

  /** A sequence up to `|`, `)` or the end: its best set. */
  private sequence(): Set_ {
    let best: Set_ = null;
    let run = '';
    const flush = () => {
      if (run) best = better(best, [run]);
      run = '';
    };
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined || c === '|' || c === ')') break;
      if (c === '(') {
        flush();
        const look = this.group();
        const min = this.quantifier();
        if (look.set && min >= 1) best = better(best, look.set);
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
    return best;
  }

  /** A group from its `(`: its set (null for a lookaround, whose text is not part of the match). */
  private group(): { set: Set_ } {
    const s = this.src;
    this.i++; // (
    let lookaround = false;
    if (s[this.i] === '?') {
      if (s.startsWith('?:', this.i)) this.i += 2;
      else if (s.startsWith('?=', this.i) || s.startsWith('?!', this.i)) [this.i, lookaround] = [this.i + 2, true];
      else if (s.startsWith('?<=', this.i) || s.startsWith('?<!', this.i)) [this.i, lookaround] = [this.i + 3, true];
      else if (s.startsWith('?<', this.i)) this.i = s.indexOf('>', this.i) + 1;
      else throw new Error(`regex-literals: unknown group at ${this.i} of ${s}`);
    }
    const set = this.alternation();
    if (s[this.i] !== ')') throw new Error(`regex-literals: unclosed group in ${s}`);
    this.i++;
    return { set: lookaround ? null : set };
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
 * Literal strings one of which every match of `source` contains (case as written; the pattern takes no flags), or
 * null when none of at least MIN_LITERAL characters is found (the pattern must then always run).
 */
export function necessaryLiterals(source: string): string[] | null {
  const set = new Reader(source).alternation();
  if (!set || set.some((s) => s.length < MIN_LITERAL)) return null;
  return set;
}
