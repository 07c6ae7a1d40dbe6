import { describe, expect, it } from 'vitest';
import { labelledLines } from './corpus.js';

// Issue 23, record 0050 round 8.
describe('intent-only corpus lines', () => {
  it('reads "intent:<label>" as that label, for the intent head only', () => {
    const [a, b] = labelledLines('intent:commercial | en | how do i x\ncommercial | en | which y should i buy\n');
    expect(a).toEqual({ label: 'commercial', lang: 'en', text: 'how do i x', intentOnly: true });
    expect(b).toEqual({ label: 'commercial', lang: 'en', text: 'which y should i buy', intentOnly: false });
  });
});
