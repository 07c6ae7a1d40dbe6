import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { assistantResponse } from './responses.js';
import { fold } from '../../lib/lang.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 9). Conversations written for this test (not in corpus.txt, multiturn-dev.txt or an evaluation set).
describe('an earlier sensitive turn keeps a conversation ad-free', () => {
  it('an assistant that offered condolences marks the conversation (any language)', () => {
    for (const conv of [
      [
        U('We buried my uncle this morning.'),
        A('My deepest condolences to you and your family.'),
        U('Which hiking backpack is best for day trips?'),
      ],
      [
        U('Gestern haben wir meinen Onkel beerdigt.'),
        A('Mein aufrichtiges Beileid.'),
        U('Welcher Rucksack ist gut für Tagestouren?'),
      ],
      [U('Ayer enterramos a mi tío.'), A('Mi más sentido pésame.'), U('¿Qué mochila es buena para senderismo?')],
    ])
      expect(assessOffline(conv).category).toMatch(/death-grief|pregnancy-loss/);
  });

  it('an answer of support beyond an everyday sorry carries the user turn before it', () => {
    for (const conv of [
      [
        U('Mi novio me grita todos los días y ayer rompió mi móvil contra la pared.'),
        A('No es tu culpa, y no estás sola. Si te sientes en peligro, pide ayuda.'),
        U('¿Qué funda de móvil resistente me recomiendas?'),
      ],
      [
        U('Mijn broer gokt al zijn loon weg en heeft nu schulden bij iedereen.'),
        A('Wat ontzettend naar. Je staat er niet alleen voor.'),
        U('Welke tablet is goed om series op te kijken?'),
      ],
    ])
      expect(assessOffline(conv).category).not.toBeNull();
  });

  it('an everyday sorry after an emotional but ordinary turn does not block', () => {
    for (const conv of [
      [
        U('My phone died on the train and I missed my stop, ugh.'),
        A("Sorry to hear that, that's annoying!"),
        U('Which phone has the best battery life under $500?'),
      ],
      [
        U('Se me rompió la pantalla del móvil otra vez.'),
        A('¡Vaya, lo siento! Qué mala suerte.'),
        U('¿Qué móvil resistente me recomiendas?'),
      ],
      [
        U('Der Akku meines Laptops ist tot.'),
        A('Das tut mir leid, ärgerlich!'),
        U('Welchen Laptop mit langer Akkulaufzeit empfehlt ihr?'),
      ],
    ])
      expect(assessOffline(conv).category).toBeNull();
  });

  it('an earlier turn without such an answer blocks only when its length-shrunk reading is well above the threshold', () => {
    expect(
      assessOffline([
        U(
          'Mein Stiefvater hat uns geschlagen, meine Schwester und mich, und wir sind gerade zu unserer Tante gezogen.',
        ),
        A('Für ein geteiltes Zimmer spart ein Hochbett Platz.'),
        U('Welches Hochbett ist günstig?'),
      ]).category,
    ).not.toBeNull();
    expect(
      assessOffline([U('I crushed my workout today.'), A('Nice!'), U('Which protein powder tastes best?')]).category,
    ).toBeNull();
  });

  it('marks replies, not everyday uses of the same words', () => {
    expect(assistantResponse(fold('Mein herzliches Beileid.'))).toBe('condolence');
    expect(assistantResponse(fold("It's not your fault, and you don't deserve this."))).toBe('support');
    expect(assistantResponse(fold("Sorry, that's frustrating! Here are three power banks."))).toBeNull();
    expect(assistantResponse(fold('Bon courage pour le déménagement !'))).toBeNull();
    expect(assistantResponse(fold('Deze lenzen zijn er in elke sterkte van -8 tot +6.'))).toBeNull();
  });
});

describe('assistant reply markers', () => {
  it('advice to report to the police is support, not condolences (French)', () => {
    expect(assistantResponse(fold('Vous pouvez porter plainte au commissariat avec ces preuves.'))).toBe('support');
  });
});
