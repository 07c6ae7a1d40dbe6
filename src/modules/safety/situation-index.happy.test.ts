import { describe, expect, it } from 'vitest';
import { necessaryLiterals } from './regex-literals.js';
import { LiteralIndex } from './situation-index.js';

// Record 0048 (round 2): what a pattern cannot match without, and finding those literals in a text.
describe('necessaryLiterals', () => {
  it('reads literal runs, and an alternation as the union of its branches', () => {
    expect(necessaryLiterals('\\b(?:i|we)\\s+lost\\b')).toEqual([['lost']]);
    expect(necessaryLiterals('(?:passed away|passed on|passed)\\b')).toEqual([['passed away', 'passed on', 'passed']]);
    expect(necessaryLiterals('\\d+ year old')).toEqual([[' year old']]);
    expect(necessaryLiterals('a\\.b\\.c')).toEqual([['a.b.c']]);
  });

  it('keeps the two best sets of a sequence (both must occur), the longest shortest string first', () => {
    expect(necessaryLiterals('\\b(?:my|our)\\s+(?:mother|father)\\s+(?:died|passed)\\b')).toEqual([
      ['mother', 'father'],
      ['died', 'passed'],
    ]);
    expect(necessaryLiterals('abc\\s+defgh\\s+ijklmn')).toEqual([['ijklmn'], ['defgh']]);
    // A group of one branch keeps its two sets; each branch of several gives only its best to their union.
    expect(necessaryLiterals('x(?:abcd\\s+efghi)y')).toEqual([['efghi'], ['abcd']]);
    expect(necessaryLiterals('(?:abcd\\s+efghi|jklm)')).toEqual([['efghi', 'jklm']]);
  });

  it('leaves out what a match may lack: optional parts, a quantified character, negative lookarounds, classes', () => {
    expect(necessaryLiterals('colou?r')).toEqual([['colo']]);
    expect(necessaryLiterals('abc(?:defgh)?ij')).toEqual([['abc']]);
    expect(necessaryLiterals('(?:abcd){0,2}xy')).toBe(null);
    expect(necessaryLiterals('(?:abcd){1,2}xy')).toEqual([['abcd']]);
    expect(necessaryLiterals('(?<!abcdef)xy')).toBe(null);
    expect(necessaryLiterals('(?!abcdef)xyz')).toEqual([['xyz']]);
    expect(necessaryLiterals('[abcdef]+ghi')).toEqual([['ghi']]);
    expect(necessaryLiterals('[^]*foobar')).toEqual([['foobar']]);
  });

  it("counts a positive lookaround's literals: they are in the text matched in, if not in the match", () => {
    expect(necessaryLiterals('x(?=abcdef)yz')).toEqual([['abcdef']]);
    expect(necessaryLiterals('(?<=abcdef)xyz')).toEqual([['abcdef'], ['xyz']]);
    expect(necessaryLiterals('^(?=[^]*\\bvermin)[^]*\\bcountry')).toEqual([['country'], ['vermin']]);
  });

  it('gives no set when a branch has none or only a short one', () => {
    expect(necessaryLiterals('(?:overdose|od)')).toBe(null);
    expect(necessaryLiterals('(?:overdose|\\w+)')).toBe(null);
    expect(necessaryLiterals('^|abcdef')).toBe(null);
  });

  it('every set it gives has a string in every text the pattern matches', () => {
    const cases: [string, string[]][] = [
      ["\\b(?:i'?m|i am)\\s+(?:so\\s+)?done with (?:life|living)", ["i'm done with life", 'i am so done with living']],
      ['(?:my|our)\\s+(?:\\w+\\s+){0,2}(?:dog|cat|parrot)\\s+(?:just\\s+)?died', ['our old grey cat just died']],
      ['\\b(?:since|after)\\s+(?:my|his)\\s+(?:suicide\\s+)?attempt\\b', ['since my attempt', 'after his suicide attempt']],
    ];
    for (const [source, texts] of cases) {
      const sets = necessaryLiterals(source)!;
      expect(sets).not.toBe(null);
      for (const t of texts) {
        expect(new RegExp(source).test(t)).toBe(true);
        for (const set of sets) expect(set.some((l) => t.includes(l)), `${source} on ${t}`).toBe(true);
      }
    }
  });
});

describe('LiteralIndex', () => {
  const found = (index: LiteralIndex, text: string, lits: string[]) => {
    const hits = index.scan(text);
    return lits.map((l) => [...index.idsOf([l])].some((id) => hits[id] === 1));
  };

  it('finds overlapping literals, one inside another, and a literal at the very end', () => {
    const index = new LiteralIndex(['abc', 'cde', 'passed away', 'passed', 'xyz', 'ümlaut']);
    expect(found(index, 'abcde', ['abc', 'cde', 'xyz'])).toEqual([true, true, false]);
    expect(found(index, 'he passed away', ['passed away', 'passed'])).toEqual([true, true]);
    expect(found(index, 'he passed the exam', ['passed away', 'passed'])).toEqual([false, true]);
    expect(found(index, 'xabcdex', ['abc', 'cde'])).toEqual([true, true]);
    expect(found(index, 'the end: xyz', ['xyz'])).toEqual([true]);
    expect(found(index, 'das ümlaut 😀 xy', ['ümlaut', 'xyz'])).toEqual([true, false]);
    expect(found(index, '', ['abc'])).toEqual([false]);
  });
});
