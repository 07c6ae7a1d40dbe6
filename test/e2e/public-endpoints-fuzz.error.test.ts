import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BROWSER_UA, seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';
import { adPayloads, serveOne, tokenOf, trackingFootprint } from '../fixtures/hot-paths.js';

/**
 * Property: whatever is thrown at the ad endpoint and the tracking URLs, the
 * answer is never a 5xx and no tracking event is recorded.
 */
describe('fuzzing the public endpoints', () => {
  let s: TestServer;
  let w: World;
  let realToken: string;
  beforeAll(async () => {
    s = await startTestServer({ bodyLimitBytes: 64 * 1024 });
    w = await seedWorld(s.ctx);
    realToken = tokenOf((await serveOne(s, w)).impUrl);
  });
  afterAll(() => s.stop());

  const payloads = adPayloads();

  it('POST /api/v1/ad never answers 5xx and records no tracking event', async () => {
    const before = await trackingFootprint(s.ctx);
    await fc.assert(
      fc.asyncProperty(
        payloads,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (payload, type) => {
          const res = await s.app.inject({
            method: 'POST',
            url: '/api/v1/ad',
            headers: { authorization: `Bearer ${w.publisherKey}`, 'content-type': type, 'user-agent': BROWSER_UA },
            payload,
          });
          expect(res.statusCode, payload.slice(0, 200)).toBeLessThan(500);
          if (res.statusCode >= 400) expect(JSON.parse(res.body).message).toBeTruthy();
        },
      ),
      { numRuns: 300 },
    );
    expect(await trackingFootprint(s.ctx)).toEqual(before);
  });

  it('random p values at /track/imp, /ack and /track/click are 4xx, never 5xx, and record nothing', async () => {
    const before = await trackingFootprint(s.ctx);
    const raw = Buffer.from(realToken, 'base64url');
    const mutated = fc.tuple(fc.nat({ max: raw.length - 1 }), fc.integer({ min: 1, max: 255 })).map(([i, x]) => {
      const t = Buffer.from(raw);
      t[i] ^= x;
      return t.toString('base64url');
    });
    const sameShape = fc
      .uint8Array({ minLength: raw.length - 1, maxLength: raw.length - 1 })
      .map((b) => Buffer.concat([raw.subarray(0, 1), b]).toString('base64url'));
    const ps = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,400}$/),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64url')),
      mutated,
      sameShape,
      fc.nat({ max: realToken.length - 1 }).map((n) => realToken.slice(0, n)),
    );
    await fc.assert(
      fc.asyncProperty(
        ps,
        fc.constantFrom('/track/imp', '/ack', '/track/click'),
        fc.boolean(),
        async (p, path, twice) => {
          const qs = `p=${encodeURIComponent(p)}${twice ? `&p=${encodeURIComponent(p)}` : ''}`;
          const res = await s.app.inject({
            method: 'GET',
            url: `${path}?${qs}`,
            headers: { 'user-agent': BROWSER_UA },
          });
          expect(res.statusCode, p).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, p).toBeLessThan(500);
          expect(res.headers['cache-control']).toContain('no-store');
        },
      ),
      { numRuns: 400 },
    );
    expect(await trackingFootprint(s.ctx)).toEqual(before);
    // The real token still works afterwards: the server kept serving.
    const ok = await s.app.inject({
      method: 'GET',
      url: `/track/imp?p=${realToken}`,
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(ok.statusCode).toBe(200);
    expect((await trackingFootprint(s.ctx)).impressions).toBe(before.impressions + 1);
  });
});
