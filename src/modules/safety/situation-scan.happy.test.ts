import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS, fold } from '../../lib/lang.js';
import { combinePatterns } from './patterns-round10.js';
import { situationGate, situationPatterns } from './situations.js';

// Record 0047 (round 14): each category's ungated situation patterns are read as one alternation, one scan of the
// turn instead of one per pattern. Whether a category hits must not change: the alternation matches a text exactly
// when one of its patterns does.
describe('situation patterns of a category read in one scan', () => {
  const lines = readFileSync('src/modules/safety/corpus.txt', 'utf8')
    .split('\n')
    .filter((l) => l.includes('|'))
    .map((l) => fold(l.split('|')[2] ?? '').replace(/[’`]/g, "'"));

  it('has one ungated entry per category, and it hits exactly when one of its patterns does', () => {
    for (const lang of LANGS) {
      const entries = combinePatterns({} as Parameters<typeof combinePatterns>[0], lang);
      for (const [cat, pats] of Object.entries(situationPatterns(lang))) {
        const open = (pats ?? []).filter((p) => situationGate(p) === null);
        const ungated = entries.filter(([c, , needs]) => c === cat && needs === null);
        expect(ungated.length).toBe(open.length > 0 ? 1 : 0);
        if (!ungated.length) continue;
        for (const line of lines) expect(ungated[0][1].test(line)).toBe(open.some((p) => p.test(line)));
      }
    }
  });
});
