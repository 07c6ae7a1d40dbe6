import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS, fold } from '../../lib/lang.js';
import { gated, gateOf, type Needs } from './situation-gates.js';
import { categoryEntries, firstPatternHit, languageScan } from './situation-index.js';
import { situationGate, situationPatterns } from './situations.js';
import { situationOf } from '../../../test/fixtures/situations.js';
import { ROUND16_SENTENCES } from '../../../test/fixtures/situations-round16.js';

// Record 0047 (round 13): the situation patterns' literal prefilters. Sentences written for this test.
const gatedPatterns = (): [string, RegExp][] =>
  LANGS.flatMap((lang) =>
    Object.values(situationPatterns(lang))
      .flat()
      .filter((p) => situationGate(p) !== null)
      .map((p): [string, RegExp] => [lang, p]),
  );
/** Whether a text holds a word of every group of a gate (no gate: always): the gate's definition. */
const mayMatch = (text: string, needs: Needs | null): boolean =>
  needs === null || needs.every((group) => group.some((w) => text.includes(w)));
/** What lexicon.ts runs: the pattern only behind its gate. */
const runs = (text: string, p: RegExp): boolean => mayMatch(text, situationGate(p));

describe('situation gates (prefilters) never drop a match', () => {
  it('the costly English patterns have gates', () => {
    expect(new Set(gatedPatterns().map(([, p]) => p)).size).toBeGreaterThanOrEqual(12);
  });

  it('every gated pattern that matches a line of the corpora passes its gate', () => {
    const files = ['src/modules/safety/corpus.txt', 'src/modules/safety/pivot.txt'].concat(
      readdirSync('bench/safety')
        .filter((f) => f.endsWith('.txt'))
        .map((f) => `bench/safety/${f}`),
    );
    const lines = files.flatMap((f) => readFileSync(f, 'utf8').split('\n')).map((l) => fold(l).replace(/[’`]/g, "'"));
    let matched = 0;
    for (const [, p] of gatedPatterns())
      for (const line of lines)
        if (p.test(line)) {
          matched++;
          expect(runs(line, p), `${p.source.slice(0, 60)} on ${line}`).toBe(true);
        }
    expect(matched).toBeGreaterThan(0);
  });

  it('the gated situations are still found, and each gated pattern matches and runs on a sentence of its own', () => {
    const sentences = [
      ["My grandmother's funeral is on Friday, which black dress?", 'death-grief'],
      ['My dad is in the ICU since Sunday. Any good tablet for him?', 'medical-crisis'],
      ["The doctor said it's cancer. Which thermos for the hospital?", 'medical-crisis'],
      ['My brother was arrested last night, what backpack for school?', 'legal-trouble'],
      ['My cousin might be deported next month, recommend a suitcase', 'legal-trouble'],
      ['We are sleeping in our car this week, cheap blankets?', 'financial-distress'],
      ['My husband relapsed again, which headphones should I get?', 'addiction'],
      ['We lost the pregnancy last month, any skincare tips?', 'pregnancy-loss'],
      ["I haven't eaten in three days, which protein bar?", 'eating-disorder'],
    ] as const;
    for (const [text, category] of sentences) expect(situationOf(text), text).toBe(category);
    const texts = [...sentences.map(([t]) => t), 'been cutting myself again', 'overstayed my visa, what now']
      .concat('a neighborhood with no immigrants')
      .concat(ROUND16_SENTENCES.map(([t]) => t))
      .map((t) => fold(t).replace(/[’`]/g, "'"));
    for (const [lang, p] of gatedPatterns())
      expect(
        texts.some((t) => p.test(t) && runs(t, p)),
        `${lang} ${p.source.slice(0, 60)}`,
      ).toBe(true);
  });
});

describe('a gated pattern whose words are absent does not run', () => {
  it('a shopping turn opens no gate', () => {
    const text = 'which running shoes are good for a first marathon on a budget?';
    for (const [, p] of gatedPatterns()) expect(mayMatch(text, situationGate(p))).toBe(false);
  });

  it('every group of a gate needs one of its words; no gate always runs', () => {
    const source = gated('eat|food & days|weeks', '\\btest-only-gate\\b');
    const needs = gateOf(source);
    expect(mayMatch('no food for two days', needs)).toBe(true);
    expect(mayMatch('no food for two hours', needs)).toBe(false);
    expect(mayMatch('two days of hiking', needs)).toBe(false);
    expect(mayMatch('anything at all', null)).toBe(true);
  });

  it('the literal automaton reads a gate: a gated pattern runs only with a word of each group (round 19)', () => {
    const source = gated('eat|food & days|weeks', '\\btwo\\b');
    const pattern = new RegExp(source);
    const literals = new Map<RegExp, string[][] | null>();
    const scan = languageScan(
      categoryEntries('eating-disorder', [pattern], (p) => gateOf(p.source), literals),
      literals,
    );
    expect(firstPatternHit(scan, 'no food for two days')).toBe('eating-disorder');
    expect(firstPatternHit(scan, 'no food for two hours')).toBe(null);
    expect(firstPatternHit(scan, 'two days of hiking')).toBe(null);
    expect(firstPatternHit(scan, 'two weeks, eat')).toBe('eating-disorder');
  });

  it('a gate with an empty word is refused (it would hold for every text)', () => {
    expect(() => gated('eat| & days', 'x')).toThrow(/empty word/);
  });
});
