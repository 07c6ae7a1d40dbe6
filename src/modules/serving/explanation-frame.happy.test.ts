import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { readConversation } from '../../lib/turns.js';
import { isExplanationFrame, lastTurnExplains } from './frames.js';
import { EXPLANATION_FLOOR, explainDecision, INFORMATIONAL_FLOOR } from './service.js';

// Issue 23, record 0050 round 9: an informational conversation whose last user turn asks how or why something works,
// for homework, code or fixing what one owns needs a closer fit (EXPLANATION_FLOOR) before an ad shows: a topic word
// there is what the question is about, not a need. Sentences written for this test (no corpus line, no evaluation item).
describe('explanation frames (frames.ts)', () => {
  it('reads the frame in the seven languages', () => {
    for (const t of [
      'how does a carbon plate in racing shoes work',
      'why are marathon times faster at sea level',
      'i need this for my science homework about friction',
      'my script in python crashes when the list is empty',
      'i already have a treadmill and want to fix it myself',
      'como funciona el motor de una cinta de correr',
      'wie funktioniert ein schrittzahler eigentlich',
      'comment fonctionne un cardiofrequencemetre',
      'como funciona o amortecimento de um tenis',
      'come funziona un orologio gps',
      'hoe werkt een hartslagmeter precies',
    ])
      expect(isExplanationFrame(t), t).toBe(true);
  });

  it('does not read a need as a frame', () => {
    for (const t of [
      'which running shoes should i buy for my first marathon',
      'where can i get a treadmill delivered this week',
      'busco unas zapatillas para correr baratas',
      'welche laufschuhe empfehlt ihr fur anfanger',
      'how do i find a good physiotherapist near me',
    ])
      expect(isExplanationFrame(t), t).toBe(false);
  });

  it('reads the last user turn only', () => {
    const conv = readConversation([
      { role: 'user', content: 'How does cushioning in a running shoe work?' },
      { role: 'assistant', content: 'Foam compresses and returns energy.' },
      { role: 'user', content: 'Great, which pair should I buy for trail races?' },
    ]);
    expect(lastTurnExplains(conv)).toBe(false);
  });
});

describe('POST /api/v1/ad: an explanation question with a topic word', () => {
  const env = useSeededServer();
  const ask = async (message: string) => {
    const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody(message));
    const decision = explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!);
    return { res, decision };
  };

  it('asks the explanation floor of an informational how-it-works question', async () => {
    const { res, decision } = await ask('How do running shoes work? I have to explain it in a presentation at work.');
    expect(decision.safety.informational).toBeGreaterThanOrEqual(0.5);
    expect(decision.relevanceFloor).toBe(EXPLANATION_FLOOR);
    expect(res.status).toBe(204);
  });

  it('keeps the ordinary floors for a need', async () => {
    const { res, decision } = await ask('Which running shoes should I buy for my first marathon?');
    expect(decision.relevanceFloor).toBeLessThanOrEqual(INFORMATIONAL_FLOOR);
    expect(res.status).toBe(200);
  });
});
