import { describe, expect, it } from 'vitest';
import { stem, words } from '../../lib/text.js';
import { conversationQuery, excludedPhrases, RelevanceModel } from './relevance.js';
import { needHead } from './need-head.js';

// Issue 23, record 0050 round 11: the object a request asks for before "for" (its head) against what it is for.
// Sentences and groups written for this test (no corpus line, no evaluation item).
const head = (t: string) => needHead(words(t, 2000));

describe('need head (need-head.ts)', () => {
  it('finds the object asked for before a purpose', () => {
    expect(head('which is the best tablet for drawing comics')).toBe(stem('tablet'));
    expect(head('I want to hire a van for moving house next month')).toBe(stem('van'));
    expect(head('looking for a cheap used bike for my commute')).toBe(stem('bike'));
  });

  it('finds none without a need cue, for a generic object, or before a word that is not a noun', () => {
    expect(head('thanks for the help with my van')).toBeNull();
    expect(head('what is the best app for learning chords')).toBeNull();
    expect(head('any good gift for a gardener')).toBeNull();
    expect(head('is this good enough for a beginner')).toBeNull();
    expect(head('which should i get next for long rides')).toBeNull();
    expect(head('how do i get preapproved for a loan')).toBeNull();
    expect(head('a good budget under 500 for the trip')).toBeNull();
  });

  it('keeps half the relevance of a group that sells to the purpose but not the object', () => {
    const model = new RelevanceModel([
      {
        name: 'Comic studio',
        context: 'comic drawing classes, learn drawing comics, comic art course',
        negativeContext: null,
      },
      { name: 'Tablets', context: 'drawing tablet, graphics tablet, pen tablet for artists', negativeContext: null },
    ]);
    const rel = (text: string) => {
      const v = model.judge(
        conversationQuery([{ role: 'user', content: text }]),
        excludedPhrases(undefined),
        0,
      ).verdicts;
      return [v.get(0)?.relevance ?? 0, v.get(1)?.relevance ?? 0];
    };
    const [studio, tablets] = rel('which is the best tablet for drawing comics');
    // Without a purpose the same words weigh as before: the studio's share is what it explains.
    const [studioPlain] = rel('which is the best tablet drawing comics');
    expect(tablets).toBeGreaterThan(0.35);
    expect(studio).toBeLessThan(0.35);
    expect(studio).toBeCloseTo(studioPlain * 0.5, 2);
  });
});
