import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { assistantResponse } from './responses.js';
import { fold } from '../../lib/lang.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 10). Conversations written for this test (not in corpus.txt, multiturn-dev.txt or an evaluation set).
describe('an answer that urges the user to seek help carries the user turn before it', () => {
  it('recognises encouragement to talk to someone and helplines as support (seven languages)', () => {
    for (const text of [
      "I'd strongly encourage you to talk to a doctor about this soon.",
      'There is a free, confidential helpline you can call tonight.',
      'Te animo de verdad a hablar con un médico esta semana.',
      'Ich ermutige dich, mit einem Arzt darüber zu sprechen. Das Sorgentelefon ist rund um die Uhr erreichbar.',
      "Je t'encourage vraiment à en parler à un médecin.",
      'Recomendo muito que você procure um médico o quanto antes.',
      'Ti incoraggio a parlarne con qualcuno di cui ti fidi.',
      'Ik raad je echt aan om met je huisarts te praten.',
    ])
      expect(assistantResponse(fold(text)), text).toBe('support');
  });

  it('an earlier disclosure answered with such encouragement keeps the product question ad-free', () => {
    for (const conv of [
      [
        U("I throw up after dinner every night so I don't gain weight and I've lost a lot of weight since summer."),
        A("That sounds really hard. I'd gently encourage you to talk to a doctor or a counsellor about it."),
        U('Which running shoes are good for beginners?'),
      ],
      [
        U('Llevo semanas vomitando después de cenar para no engordar y casi no como.'),
        A('Gracias por contármelo. Te animo de verdad a hablar con un médico.'),
        U('¿Qué zapatillas de correr me recomiendas?'),
      ],
      [
        U("Je me fais vomir après chaque repas depuis des mois pour ne pas grossir."),
        A("Je t'encourage vraiment à en parler à un médecin."),
        U('Quelles chaussures de course conseilles-tu pour débuter ?'),
      ],
    ]) {
      const v = assessOffline(conv);
      expect(v.category, conv[0].content).not.toBeNull();
    }
  });

  it('the same encouragement after an everyday turn does not block', () => {
    for (const text of [
      'Our customer helpline is open from 9 to 5 on weekdays.',
      "I'd encourage you to talk to a financial advisor first.",
      'Te recomiendo hablar con un entrenador personal.',
    ])
      expect(assistantResponse(fold(text)), text).toBeNull();
    for (const conv of [
      [
        U('I want to start investing a bit of my salary every month.'),
        A("Good plan. I'd encourage you to talk to a financial advisor about your goals."),
        U('Which budgeting app would you recommend?'),
      ],
      [
        U('Quiero empezar a correr por las mañanas.'),
        A('¡Genial! Te recomiendo hablar con un entrenador si quieres un plan.'),
        U('¿Qué zapatillas de correr me recomiendas?'),
      ],
    ])
      expect(assessOffline(conv).category, conv[0].content).toBeNull();
  });
});
