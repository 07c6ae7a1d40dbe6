import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { explainDecision, INFORMATIONAL_FLOOR } from './service.js';

// Issue 23, record 0050 round 8: a problem told with a how-question whose answer is a product ("how do other runners
// deal with …") is a need, judged under the ordinary relevance floor; how the thing works stays informational.
// Conversations written for this test (no corpus line, no evaluation item).
describe('POST /api/v1/ad: a how-question with a need', () => {
  const env = useSeededServer();
  const ask = async (message: string) => {
    const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody(message));
    const decision = explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!);
    return { res, decision };
  };

  it('serves the running ad under the ordinary floor when the question carries a need', async () => {
    const { res, decision } = await ask(
      'My knees ache after every jog in my worn out trainers. How do other runners keep their joints happy on long runs?',
    );
    expect(decision.safety.informational).toBeLessThan(0.5);
    expect(decision.relevanceFloor).toBeLessThan(INFORMATIONAL_FLOOR);
    expect(res.status).toBe(200);
  });

  it('keeps the informational floor for how running shoes work', async () => {
    const { decision } = await ask('How does the foam in a running shoe midsole absorb impact, physically?');
    expect(decision.safety.informational).toBeGreaterThanOrEqual(0.5);
    expect(decision.relevanceFloor).toBe(INFORMATIONAL_FLOOR);
  });
});
