import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../lib/lang.js';
import { labelledLines } from './corpus.js';
import { featuresOf, type TextModels } from './model.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const p = (text: string) => assessOffline([U(text)]).informational;

// Issue 23, record 0050 round 8. Sentences written for this test: none is a corpus.txt line, a validation line or an
// evaluation conversation.
describe('intent round 8: a how-question with a need is commercial', () => {
  // A problem and a how-question whose answer is a product, a service, a course or a professional (none named).
  const commercial = [
    'our shared family calendar is a disaster and we keep missing school events. how do busy families keep track',
    'i teach yoga from home and people book by text message. how do i stop losing bookings',
    'i want to move from accounting into cybersecurity. how do people get their first job in it',
    'the spare room gets freezing every winter. how do people keep one room warm without heating the whole house',
    'our shop website crashed on black friday last year. how do we make sure it holds up this time',
    'i never manage to save anything at the end of the month. how do people actually build savings',
  ];
  // How-questions with no such need: how something works, school work, a hand repair of something owned, code.
  const informational = [
    'how does a smoke detector sense smoke, is it light or electricity',
    'how do i find the median of an even set of numbers, for my maths homework',
    'how do i reattach the handle of the drawer i already have, the screw fell out',
    'how do i reverse a string in javascript without using reverse()',
    'how does a bank vault door lock, mechanically',
  ];

  it('reads how-questions with an outcome to reach as commercial', () => {
    // One miss of six is allowed (a retrained model may move a borderline sentence); the previous weights missed five.
    const wrong = commercial.filter((t) => p(t) >= 0.5);
    expect(wrong.length).toBeLessThanOrEqual(1);
  });

  it('still reads how-it-works, homework, hand repairs and code as informational', () => {
    const wrong = informational.filter((t) => p(t) < 0.5);
    expect(wrong).toEqual([]);
  });
});

describe('intent-only corpus lines', () => {
  it('reads "intent:<label>" as that label, for the intent head only', () => {
    const [a, b] = labelledLines('intent:commercial | en | how do i x\ncommercial | en | which y should i buy\n');
    expect(a).toEqual({ label: 'commercial', lang: 'en', text: 'how do i x', intentOnly: true });
    expect(b).toEqual({ label: 'commercial', lang: 'en', text: 'which y should i buy', intentOnly: false });
  });

  it('trains no sensitive head on them: features only they have weigh nothing outside the intent head', () => {
    const corpus = labelledLines(fs.readFileSync(new URL('./corpus.txt', import.meta.url), 'utf8'));
    const elsewhere = new Set(corpus.filter((l) => !l.intentOnly).flatMap((l) => featuresOf(l.text, l.lang as Lang)));
    const own = new Set(
      corpus
        .filter((l) => l.intentOnly)
        .flatMap((l) => featuresOf(l.text, l.lang as Lang).filter((f) => !elsewhere.has(f))),
    );
    expect(own.size).toBeGreaterThan(50);
    const m = JSON.parse(fs.readFileSync(new URL('./weights.json', import.meta.url), 'utf8')) as TextModels;
    const ownIdx = m.features.flatMap((f, i) => (own.has(f) ? [String(i)] : []));
    expect(ownIdx.length).toBe(own.size);
    for (const [head, h] of Object.entries(m.heads)) {
      const used = ownIdx.filter((i) => (h.weights[i] ?? 0) !== 0).length;
      if (head === 'informational') expect(used).toBeGreaterThan(0);
      else expect(used, head).toBe(0);
    }
  });
});
