import { describe, expect, it } from 'vitest';
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
