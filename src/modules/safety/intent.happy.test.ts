import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Issue 23, record 0050. Conversations written for this test (none is in corpus.txt, the validation files or an evaluation set).
describe('intent on follow-ups', () => {
  it('reads a follow-up that asks for a product as a need, whatever the earlier turns asked', () => {
    const v = assessOffline([
      U('What is the difference between a violin and a viola?'),
      A('A viola is slightly larger, tuned a fifth lower, and reads the alto clef.'),
      U('Who sells decent ones for beginners?'),
    ]);
    expect(v.informational).toBeLessThan(0.5);
  });

  it('keeps informational follow-ups of informational chat informational', () => {
    const cases = [
      [
        U('Why does water boil at a lower temperature on a mountain?'),
        A('Air pressure is lower, so the vapour pressure of water reaches it at a lower temperature.'),
        U('And how much lower is it at 3000 metres?'),
      ],
      [
        U('Who wrote the first version of the periodic table?'),
        A('Dmitri Mendeleev published it in 1869.'),
        U('Why did he leave gaps in it?'),
      ],
    ];
    for (const c of cases) expect(assessOffline(c).informational).toBeGreaterThanOrEqual(0.5);
  });
});
