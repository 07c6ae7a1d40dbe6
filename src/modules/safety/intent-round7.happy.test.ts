import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const p = (text: string) => assessOffline([U(text)]).informational;

// Issue 23, record 0050 round 3. Sentences written for this test: none is a corpus.txt line, a validation line or
// an evaluation conversation. Each informational sentence shares an advertiser's vocabulary (a product, a service,
// a shop) with no need to buy or hire; each commercial one uses the same vocabulary with that need.
describe('intent round 7: the need, not the topic', () => {
  const informational = [
    // how it works, history
    'how does an induction hob heat only the pan and not the glass',
    'who designed the first folding bicycle and when was it sold',
    // repairing or using what the user owns
    'the zip on my backpack is stuck, how do i free it without breaking it',
    'i already have a sewing machine, how do i thread the bobbin',
    // complaint about a past purchase
    'the store refuses to refund the kettle i bought two weeks ago, what can i say to them',
    // debate, essay
    'write a short essay arguing that people should repair electronics instead of replacing them',
    // an explicit "not buying"
    "i'm not planning to buy one, i just wonder how robot vacuums map a room",
    // coding in a commercial domain
    'my checkout page calculates tax twice, here is the javascript',
    // other languages
    'ya tengo una cafetera italiana, ¿cómo la limpio por dentro?',
    'ich habe den fernseher schon, wie stelle ich die bildschärfe richtig ein?',
  ];
  const commercial = [
    'which induction hob should i buy for a small kitchen',
    'i need a folding bicycle for the train, which one is worth buying',
    'my backpack zip is broken beyond repair, recommend a sturdy backpack for hiking',
    'i already have a sewing machine but want a better one for leather, which model',
    'the kettle broke again, which brand of kettle lasts longer',
    'which robot vacuum should i buy for a flat with pets',
    'necesito comprar una cafetera nueva, ¿cuál me recomiendas?',
    'welchen fernseher soll ich für mein wohnzimmer kaufen?',
  ];

  it('reads general chat about products as informational', () => {
    // One miss of ten is allowed (a retrained model may move a borderline sentence); the previous weights missed eight.
    const wrong = informational.filter((t) => p(t) < 0.5);
    expect(wrong.length).toBeLessThanOrEqual(1);
  });

  it('still reads a buying need in the same vocabulary as commercial', () => {
    const wrong = commercial.filter((t) => p(t) >= 0.5);
    expect(wrong).toEqual([]);
  });
});
