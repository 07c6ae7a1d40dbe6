import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const p = (text: string) => assessOffline([U(text)]).informational;

// Issue 23, record 0050 round 12. Sentences written for this test: none is a corpus.txt line, a validation line or an
// evaluation conversation.
describe('intent round 12: need questions asked as how/what/which/where are commercial', () => {
  // What people in a situation use for a task, getting a job done fast this year, taking something up, a problem and
  // "what now": each answer is a product, a service or a course (none named).
  const commercial = [
    'what do wedding photographers use to deliver galleries to clients',
    'what do choir leaders use to share sheet music',
    'how do i get the garage cleared out fast this month',
    'how do i get the spare room turned into an office fast this year',
    'how do i start a book club newsletter people actually read',
    'the dryer takes three cycles to dry towels now. what now?',
  ];
  // The same question words with no need: code, history, how a thing works, arithmetic, in two languages.
  const informational = [
    'how do i compute the mean of a column in pandas',
    'what did medieval sailors use to navigate at night',
    'how does a refrigerator move heat out of the box',
    "what's 12 percent of 350",
    'cómo funciona un frigorífico por dentro',
  ];

  it('reads need questions in these forms as commercial', () => {
    // One miss of six is allowed (a retrained model may move a borderline sentence); the previous weights missed all six.
    const wrong = commercial.filter((t) => p(t) >= 0.5);
    expect(wrong.length).toBeLessThanOrEqual(1);
  });

  it('still reads code, history, how-it-works and arithmetic in the same forms as informational', () => {
    const wrong = informational.filter((t) => p(t) < 0.5);
    expect(wrong).toEqual([]);
  });
});
