import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS, fold } from '../../lib/lang.js';
import { combinePatterns } from './patterns-round10.js';
import { firstPatternHit } from './situation-index.js';
import { situationPatterns } from './situations.js';

// Records 0047 (round 14) and 0048 (round 2): the situation patterns are read behind the literals they cannot match without, a
// category's patterns without one as one alternation. Which category hits first must not change: the reference runs
// every pattern of every category in turn, no literal, gate or alternation.
const reference = (lang: (typeof LANGS)[number], text: string): string | null => {
  for (const [cat, patterns] of Object.entries(situationPatterns(lang)))
    if (patterns.some((p) => p.test(text))) return cat;
  return null;
};
const noBase = {} as Parameters<typeof combinePatterns>[0];

/**
 * Checks every text in every language through the index against the reference; how many hit. The texts that differ
 * are collected and asserted once (an `expect` per text cost more than the scans): the failure lists each of them.
 */
function sameAsReference(texts: readonly string[]): number {
  let hits = 0;
  const differ: string[] = [];
  for (const lang of LANGS) {
    const scan = combinePatterns(noBase, lang);
    for (const t of texts) {
      const want = reference(lang, t);
      if (want) hits++;
      const got = firstPatternHit(scan, t);
      if (got !== want) differ.push(`${lang}: ${t.slice(-80)} — index ${got}, reference ${want}`);
    }
  }
  expect(differ).toEqual([]);
  return hits;
}

describe('situation patterns read event words first', () => {
  const files = ['src/modules/safety/corpus.txt', 'src/modules/safety/pivot.txt'].concat(
    readdirSync('bench/safety')
      .filter((f) => f.endsWith('.txt'))
      .map((f) => `bench/safety/${f}`),
  );
  // Each distinct text once (a line without '|' is its own only field; corpora share lines).
  const lines = [
    ...new Set(
      files
        .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
        .flatMap((l) => [l, ...l.split('|')])
        .map((l) => fold(l).replace(/[’`]/g, "'")),
    ),
  ];

  it('finds the category every pattern run in turn finds, on every line and field of the corpora', () => {
    expect(sameAsReference(lines)).toBeGreaterThan(1000);
  });

  it('runs every pattern that has literals only behind them, and finds each on a sentence where it matches', () => {
    for (const lang of LANGS) {
      const scan = combinePatterns(noBase, lang);
      const anchored = scan.entries.filter((e) => e.anchors !== null);
      // Nearly every pattern has literals: the turn's cost follows its event words.
      expect(anchored.length).toBeGreaterThan(scan.entries.length * 0.9);
      for (const e of anchored) {
        const line = lines.find((l) => e.pattern.test(l));
        if (!line) continue;
        const hits = scan.literals.scan(line);
        for (const group of e.anchors!)
          expect(
            [...group].some((id) => hits[id] === 1),
            `${lang} ${e.pattern.source.slice(0, 80)}`,
          ).toBe(true);
        expect(firstPatternHit({ entries: [e], literals: scan.literals }, line)).toBe(e.category);
      }
    }
  });

  it('gives the same answer far into a long turn, at its start and end, and with the event far from its frame', () => {
    const everyday = 'we went to the store and bought bread, then looked at shoes for the weekend. '.repeat(26);
    const texts = [
      `my father passed away last week. ${everyday}`,
      `${everyday}my father passed away last week`,
      `${everyday}my father, who lives by the sea and loves long walks on the beach with his two old dogs and a kite, passed away`,
      `${everyday}i was arrested last night. ${everyday}`,
      `mi padre fallecio ayer. ${everyday}`,
      `${everyday}meine mutter ist gestern gestorben`,
      `${everyday}mon pere est decede hier`,
      everyday,
    ].map((t) => fold(t));
    expect(sameAsReference(texts)).toBeGreaterThan(LANGS.length * 2);
    // The frame 90 characters before the event is out of reach, through the index as before.
    expect(reference('en', texts[2])).toBe(null);
  });
});
