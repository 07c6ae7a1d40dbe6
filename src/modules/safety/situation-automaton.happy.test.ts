import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS, fold } from '../../lib/lang.js';
import { necessaryLiterals } from './regex-literals.js';
import { firstPatternHit, LiteralIndex, type LanguageScan } from './situation-index.js';
import { situationPatterns } from './situations.js';

// Record 0047 round 18: the literal index reads a text in one step per character (an Aho–Corasick automaton), and
// only the entries whose literals were found are looked at. Both must find what the plain definitions find.
describe('the literal automaton', () => {
  // Each distinct text once (a line without '|' is its own only field; corpora share lines).
  const lines = [
    ...new Set(
      ['src/modules/safety/corpus.txt', 'bench/safety/validation.txt', 'bench/relevance/dataset.txt']
        .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
        .flatMap((l) => [l, ...l.split('|')])
        .map((l) => fold(l).replace(/[’`]/g, "'")),
    ),
  ];

  it("finds exactly the literals a text includes, every language's situation literals, on every corpus line", () => {
    let found = 0;
    const differ: string[] = []; // asserted once at the end (an `expect` per line cost more than the reading)
    for (const lang of LANGS) {
      const literals = [
        ...new Set(
          Object.values(situationPatterns(lang))
            .flat()
            .flatMap((p) => (necessaryLiterals(p.source) ?? []).flat()),
        ),
      ];
      const index = new LiteralIndex(literals);
      for (const line of lines) {
        const want = literals.filter((l) => line.includes(l)).sort();
        const got = [...index.found(line)].map((id) => literals[id]).sort();
        if (JSON.stringify(got) !== JSON.stringify(want))
          differ.push(`${lang}: ${line.slice(0, 80)} — ${got} ≠ ${want}`);
        found += got.length;
      }
    }
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(1000);
  });

  it('finds a literal that ends inside another, a suffix of another and one repeated, each once', () => {
    const literals = ['he', 'she', 'his', 'hers', 'ushers', 'her'];
    const index = new LiteralIndex(literals);
    const read = (t: string) => [...index.found(t)].map((id) => literals[id]);
    expect(read('ushers').sort()).toEqual(['he', 'her', 'hers', 'she', 'ushers']);
    expect(read('hishe hishe')).toEqual(['his', 'she', 'he']);
    expect(read('h e r s')).toEqual([]);
  });

  it('runs an entry only when a literal of each of its sets occurred, and an entry without literals always', () => {
    const literals = new LiteralIndex(['abc', 'xyz', 'lost']);
    const [abc, xyz, lost] = [literals.idsOf(['abc']), literals.idsOf(['xyz']), literals.idsOf(['lost'])];
    // Patterns that match any text: only the literals decide which runs.
    const scan: LanguageScan = {
      literals,
      entries: [
        { category: 'death-grief', pattern: /./, anchors: [abc, xyz] },
        { category: 'addiction', pattern: /./, anchors: [lost] },
        { category: 'hate', pattern: /./, anchors: null },
      ],
    };
    expect(firstPatternHit(scan, 'abc and xyz')).toBe('death-grief');
    expect(firstPatternHit(scan, 'abc then lost')).toBe('addiction');
    expect(firstPatternHit(scan, 'xyz only')).toBe('hate');
    // The same scan read again: nothing of the previous text stays marked.
    expect(firstPatternHit(scan, 'abc and xyz')).toBe('death-grief');
    expect(firstPatternHit(scan, 'abc')).toBe('hate');
  });
});
