import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectLanguage, functionWords, LANGS, type Lang } from './lang.js';

/** The leader and runner-up as detectLanguage found them before counting in place: a stable sort of [lang, count]. */
function sortedLeader(ws: readonly string[]): { best: Lang; top: number; second: number } {
  const counts: [Lang, number][] = LANGS.map((l) => [l, 0]);
  for (const w of ws) for (const l of LANGS) if (functionWords(l).includes(w)) counts[LANGS.indexOf(l)][1]++;
  counts.sort((a, b) => b[1] - a[1]);
  return { best: counts[0][0], top: counts[0][1], second: counts[1][1] };
}

const pool = [...new Set(LANGS.flatMap((l) => functionWords(l)))];
const words = fc.array(fc.oneof(fc.constantFrom(...pool), fc.constantFrom('zapatos', 'laptop', 'bank', 'wein')), {
  maxLength: 12,
});

describe('detectLanguage counts function words in place', () => {
  it('decides by function words exactly as the sorted counts did (leader, first of LANGS on a tie)', () => {
    fc.assert(
      fc.property(words, (ws) => {
        const { best, top, second } = sortedLeader(ws);
        // Where the function words decide, the answer is the sorted leader (the rest reads the text itself).
        if (top >= 2 && top >= 2 * second) expect(detectLanguage(ws.join(' '), 1500, ws)).toBe(best);
      }),
      { numRuns: 2000, seed: 23 },
    );
  });
});
