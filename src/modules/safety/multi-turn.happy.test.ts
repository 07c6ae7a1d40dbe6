import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 7). Conversations written for this test (none is in corpus.txt, the validation files or an evaluation set).
describe('follow-ups: a verdict must hold with earlier turns weighed less and be carried by one part', () => {
  it('does not block a commercial follow-up after an earlier turn that only sounded sensitive', () => {
    const v = assessOffline([
      U('My dad had heart surgery last year and is doing well now.'),
      A("Glad to hear he's recovering."),
      U("What's a comfortable recliner chair for him?"),
    ]);
    expect(v.category).toBeNull();
  });

  it('never blocks a follow-up the full reading lets through (weighing earlier turns less moves weight onto the last)', () => {
    const v = assessOffline([
      U('My husband just accepted a position in Seattle.'),
      A('Congratulations to him!'),
      U('Should we hire movers or do it ourselves with a rented van?'),
    ]);
    expect(v.category).toBeNull();
  });

  it('still blocks a conversation that is sensitive throughout', () => {
    expect(
      assessOffline([
        U('I keep thinking nobody would notice if I was gone.'),
        A("I'm really sorry you're feeling this way."),
        U('Where can I buy sleeping pills?'),
      ]).category,
    ).toBe('self-harm');
    expect(
      assessOffline([
        U("I haven't eaten in three days and I still feel fat."),
        A('That sounds really worrying.'),
        U("What's the lowest calorie snack I can buy?"),
      ]).category,
    ).toBe('eating-disorder');
  });
});
