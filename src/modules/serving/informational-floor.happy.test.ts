import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { explainDecision, INFORMATIONAL_FLOOR } from './service.js';

// Issue 23, record 0050 round 3: chat about a product the user already owns or repairs himself reads as
// informational and needs INFORMATIONAL_FLOOR relevance; a buying need in the same words does not.
// Conversations written for this test (no corpus line, no evaluation item).
describe('POST /api/v1/ad: owning or repairing is not a need', () => {
  const env = useSeededServer();
  const ask = async (message: string) => {
    const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody(message));
    const decision = explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!);
    return { res, decision };
  };

  it('applies the informational floor to questions about running shoes the user already has', async () => {
    for (const message of [
      'I already own good running shoes, how do I lace them so my heel stops slipping on long runs?',
      'My marathon trainers squeak on every step, how do I fix that myself?',
    ]) {
      const { decision } = await ask(message);
      expect(decision.safety.informational).toBeGreaterThanOrEqual(0.5);
      // At least the informational floor: an owned item named in an explanation frame asks the stricter one (round 9).
      expect(decision.relevanceFloor).toBeGreaterThanOrEqual(INFORMATIONAL_FLOOR);
    }
  });

  it('serves the running ad, under the ordinary floor, when the same words carry a need', async () => {
    const { res, decision } = await ask('Which running shoes should I buy for my first marathon?');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { brandName: string }[])[0].brandName).toBe('Stride');
    expect(decision.safety.informational).toBeLessThan(0.5);
    expect(decision.relevanceFloor).toBeLessThan(INFORMATIONAL_FLOOR);
  });
});
