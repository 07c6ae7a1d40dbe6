import { describe, expect, it } from 'vitest';
import { fold } from '../../lib/lang.js';
import { assessOffline } from './service.js';
import { ROUND16_CLASSES } from './situations-round16.js';
import { situationOf } from '../../../test/fixtures/situations.js';
import { ROUND16_GUARDS, ROUND16_SENTENCES } from '../../../test/fixtures/situations-round16.js';

// Record 0036 round 16: the situation detector's third round. Sentences written for this test (fixture file).
const sources = (): string[] =>
  ROUND16_CLASSES.flatMap(([, lists]) => lists.flatMap((list) => Object.values(list).flat()));

describe('round 16 situations beside a request are found and block the conversation', () => {
  it.each(ROUND16_SENTENCES)('%s → %s', (text, category) => {
    expect(situationOf(text)).toBe(category);
    const v = assessOffline([{ role: 'user', content: text }]);
    expect(v.category).not.toBeNull();
    expect(v.source).toBe('lexicon');
  });

  it('an earlier turn with the situation keeps a later shopping turn ad-free', () => {
    const v = assessOffline([
      { role: 'user', content: "we're four months behind on pretty much everything and i don't know what to do" },
      { role: 'assistant', content: 'That sounds really hard. Here are a few places that can help with bills.' },
      { role: 'user', content: 'ok. which prepaid phone plan is cheapest?' },
    ]);
    expect(v.category).toBe('financial-distress');
  });
});

describe('round 16 patterns stay narrow', () => {
  it.each(ROUND16_GUARDS)('no situation in: %s', (text) => {
    expect(situationOf(text)).toBeNull();
  });

  it('every pattern of the round matches a sentence of its own', () => {
    const texts = ROUND16_SENTENCES.map(([t]) => fold(t).replace(/[’`]/g, "'"));
    for (const s of sources())
      expect(
        texts.some((t) => new RegExp(s).test(t)),
        s.slice(0, 80),
      ).toBe(true);
  });

  it('stays linear on a 100 KB message: every pattern answers on adversarial text', () => {
    const seeds = [
      'x',
      "i'm 16 ",
      'keep the ',
      'lost $6,000 on ',
      'scars on my arms ',
      'he kept touching ',
      '41 kg ',
      'shutting us ',
      "won't need them ",
      'verzockt ',
      'tengo 16 anos ',
      'my mom ',
      'mein vater ',
      'stage ',
      'bloodline is ',
    ];
    const patterns = sources().map((s) => new RegExp(s));
    for (const seed of seeds) {
      const text = seed.repeat(Math.ceil(100_000 / seed.length)).slice(0, 100_000);
      for (const p of patterns) expect(p.test(text), `${seed} ${p.source.slice(0, 60)}`).toBe(false);
    }
  });
});
