import { describe, expect, it } from 'vitest';
import { necessaryLiterals } from './regex-literals.js';
import { LiteralIndex } from './situation-index.js';

// Record 0047 (round 15): what a pattern cannot match without, and finding those literals in a text.
describe('necessaryLiterals', () => {
  it('reads literal runs, and an alternation as the union of its branches', () => {
    expect(necessaryLiterals('\\b(?:i|we)\\s+lost\\b')).toEqual(['lost']);
    expect(necessaryLiterals('(?:passed away|passed on|passed)\\b')).toEqual(['passed away', 'passed on', 'passed']);
    expect(necessaryLiterals('\\d+ year old')).toEqual([' year old']);
    expect(necessaryLiterals('a\\.b\\.c')).toEqual(['a.b.c']);
  });

  it('leaves out what a match may lack: optional parts, a quantified character, lookarounds, classes', () => {
    expect(necessaryLiterals('colou?r')).toEqual(['colo']);
    expect(necessaryLiterals('abc(?:defgh)?ij')).toEqual(['abc']);
    expect(necessaryLiterals('(?:abcd){0,2}xy')).toBe(null);
    expect(necessaryLiterals('(?:abcd){1,2}xy')).toEqual(['abcd']);
    expect(necessaryLiterals('x(?=abcdef)yz')).toBe(null);
    expect(necessaryLiterals('(?<=abcdef)xyz')).toEqual(['xyz']);
    expect(necessaryLiterals('(?<!abcdef)xy')).toBe(null);
    expect(necessaryLiterals('[abcdef]+ghi')).toEqual(['ghi']);
    expect(necessaryLiterals('[^]*foobar')).toEqual(['foobar']);
  });

  it('gives no set when a branch has none or only a short one', () => {
    expect(necessaryLiterals('(?:overdose|od)')).toBe(null);
    expect(necessaryLiterals('(?:overdose|\\w+)')).toBe(null);
    expect(necessaryLiterals('^|abcdef')).toBe(null);
  });

  it('every literal it gives is in every text the pattern matches', () => {
    const cases: [string, string[]][] = [
      ["\\b(?:i'?m|i am)\\s+(?:so\\s+)?done with (?:life|living)", ["i'm done with life", 'i am so done with living']],
      ['(?:my|our)\\s+(?:\\w+\\s+){0,2}(?:dog|cat|parrot)\\s+(?:just\\s+)?died', ['our old grey cat just died']],
      ['\\b(?:since|after)\\s+(?:my|his)\\s+(?:suicide\\s+)?attempt\\b', ['since my attempt', 'after his suicide attempt']],
    ];
    for (const [source, texts] of cases) {
      const lits = necessaryLiterals(source)!;
      expect(lits).not.toBe(null);
      for (const t of texts) {
        expect(new RegExp(source).test(t)).toBe(true);
        expect(lits.some((l) => t.includes(l)), `${source} on ${t}`).toBe(true);
      }
    }
  });
});

describe('LiteralIndex', () => {
  const ids = (index: LiteralIndex, text: string, lits: string[]) => {
    const hits = index.scan(text);
    return lits.map((l) => [...index.idsOf([l])].some((id) => hits[id] === 1));
  };

  it('finds overlapping literals, one inside another, and a literal at the very end', () => {
    const index = new LiteralIndex(['abc', 'cde', 'passed away', 'passed', 'xyz', 'ümlaut']);
    expect(ids(index, 'abcde', ['abc', 'cde', 'xyz'])).toEqual([true, true, false]);
    // "passed away" is read as "passed", which it contains: still found whenever it occurs.
    expect(ids(index, 'he passed away', ['passed away', 'passed'])).toEqual([true, true]);
    expect(ids(index, 'he passed the exam', ['passed away'])).toEqual([true]);
    expect(ids(index, 'the end: xyz', ['xyz'])).toEqual([true]);
    expect(ids(index, 'das ümlaut 😀 xy', ['ümlaut', 'xyz'])).toEqual([true, false]);
    expect(ids(index, '', ['abc'])).toEqual([false]);
  });
});
