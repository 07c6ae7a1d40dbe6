import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { adHeaders, adPayloads, bothPaths, spyFastPath, trackingFootprint } from '../../../test/fixtures/hot-paths.js';

/**
 * Property: whatever body, content type and key reach POST /api/v1/ad over
 * the socket (the raw fast path when its headers qualify, else Fastify), the
 * answer is never a 5xx and is the answer Fastify gives to the same request
 * through app.inject: the same status and, for every refusal, the same
 * headers and body byte for byte. (Two successful requests may differ in
 * 200 / 204: the first one's serve counts toward the session's cap.)
 */
const spy = await spyFastPath();
afterAll(() => spy.restore());

describe('POST /api/v1/ad — fast path and Fastify agree on anything', () => {
  const env = useSeededServer({ bodyLimitBytes: 4 * 1024 });

  it('never a 5xx; refusals identical on both paths; no tracking event recorded', async () => {
    const before = await trackingFootprint(env.s.ctx);
    spy.taken.length = 0;
    const types = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/JSON',
      'text/plain',
      'application/json; charset=latin1',
    );
    const keys = fc.constantFrom('pub', 'adv', 'none', 'wrong');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(adPayloads(), fc.string({ minLength: 4000, maxLength: 5000 })),
        types,
        keys,
        async (payload, type, key) => {
          const k =
            key === 'pub'
              ? env.w.publisherKey
              : key === 'adv'
                ? env.w.advertiserKey
                : key === 'wrong'
                  ? 'orb_pub_' + 'Z'.repeat(32)
                  : '';
          const headers = adHeaders(k, { 'content-type': type });
          if (!k) delete headers.authorization;
          const { fast, ref } = await bothPaths(env.s, payload, headers);
          const label = `${type} ${key} ${payload.slice(0, 120)}`;
          expect(fast.status, label).toBeLessThan(500);
          if (fast.status < 300) {
            expect(ref.status, label).toBeLessThan(300);
          } else {
            expect({ ...fast, requestId: null }, label).toEqual({ ...ref, requestId: null });
            expect((JSON.parse(fast.body) as { message: string }).message, label).toBeTruthy();
          }
        },
      ),
      { numRuns: 250 },
    );
    // The fast path took a good share of them (the JSON-typed ones within the body limit).
    expect(spy.taken.length).toBeGreaterThan(50);
    expect(await trackingFootprint(env.s.ctx)).toEqual(before);
  });
});
