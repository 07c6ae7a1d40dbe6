import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { readConversation } from '../../lib/turns.js';
import { isPurposeFrame, lastTurnFrame } from './frames.js';
import { EXPLANATION_FLOOR, explainDecision, INFORMATIONAL_FLOOR } from './service.js';

// Issue 23, record 0050 round 10: a last user turn that says what it is for, and it is not a purchase — a debate or
// an article, the news or plain curiosity, a complaint or refund about something bought, a text for the
// assistant to write — asks EXPLANATION_FLOOR whatever the intent head reads. Sentences written for this test (no
// corpus line, no evaluation item), folded as frames.ts reads them (lowercase, no accents or punctuation).
describe('purpose frames (frames.ts)', () => {
  it('reads a purpose other than buying in the seven languages', () => {
    for (const t of [
      'give me three arguments against school uniforms for our debate team',
      'i heard that carbon plates make you faster is that a myth',
      'we are writing a short article on sleep for the club newsletter',
      'i saw on the news that trainers are made from recycled bottles is that true',
      'just curious why do marathon runners wear such thin socks',
      'is it a myth that stretching before a run prevents injury',
      'the shop refused my return and i want to ask for a refund what are my rights',
      'my watch strap snapped after a week and i want to complain to the seller',
      'can you write a speech for my grandmother s 90th birthday',
      'necesito argumentos a favor y en contra para un debate sobre el deporte',
      'ich habe gelesen dass laufschuhe nur 500 km halten stimmt das',
      'le magasin refuse de me rembourser ma montre cassee',
      'estou escrevendo um artigo sobre corrida para o jornal da escola',
      'ho letto che correre a digiuno fa bene e vero',
      'ik las dat hardlopen slecht is voor je knieen klopt dat',
    ])
      expect(isPurposeFrame(t), t).toBe(true);
  });

  it('does not read a need as a purpose', () => {
    for (const t of [
      'which running shoes should i buy for my first marathon',
      'how do i write a cover letter that gets me interviews',
      'where can i find a running coach near me',
      'i want to learn statistics which course do you suggest',
      'busco unas zapatillas para correr baratas',
      'welche laufschuhe empfehlt ihr fur anfanger',
      'quel logiciel de support client choisir pour une petite boutique',
      'my baby is only three months old which stroller should i buy',
      'i need a graphing calculator for my statistics class which one',
      'une application pour les professeurs pour preparer les cours',
      'i cancelled my gym membership which home workout app is worth it',
      'i saw a standing desk at a friend s place where can i buy one',
      'which card gives a full refund on travel cancellations',
      'busco un seguro de viaje con reembolso rapido',
    ])
      expect(isPurposeFrame(t), t).toBe(false);
  });

  it('reads the last user turn only, purpose before explanation', () => {
    const asked = (last: string) =>
      lastTurnFrame(
        readConversation([
          { role: 'user', content: 'For my PE class: why do runners taper before a race?' },
          { role: 'assistant', content: 'Tapering lets the muscles recover.' },
          { role: 'user', content: last },
        ]),
      );
    expect(asked('Which pair should I buy for trail races?')).toBeNull();
    expect(asked('Why does that help, physically?')).toBe('explanation');
    expect(asked('I need both sides of this for a debate, why do coaches disagree?')).toBe('purpose');
  });
});

describe('POST /api/v1/ad: a purpose other than buying, with a topic word', () => {
  const env = useSeededServer();
  const ask = async (message: string) => {
    const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody(message));
    const decision = explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!);
    return { res, decision };
  };

  it('asks the explanation floor of a debate, a complaint and a writing task', async () => {
    for (const m of [
      'Our debate club needs the strongest arguments for and against carbon running shoes in marathons.',
      'The running shoes I ordered arrived torn and the shop still charged me twice. How do I dispute it?',
      'Can you write a short speech for my running club about our first marathon?',
    ]) {
      const { res, decision } = await ask(m);
      expect(decision.relevanceFloor, m).toBe(EXPLANATION_FLOOR);
      expect(res.status, m).toBe(204);
    }
  });

  it('keeps the ordinary floors for a need', async () => {
    const { res, decision } = await ask('Which running shoes should I buy for my first marathon?');
    expect(decision.relevanceFloor).toBeLessThanOrEqual(INFORMATIONAL_FLOOR);
    expect(res.status).toBe(200);
  });
});
