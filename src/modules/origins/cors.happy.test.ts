import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as accounts from '../accounts/service.js';
import { BROWSER_UA, adRequestBody } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';

/**
 * CORS for browser integrations (issue 27): allowed origins per publisher;
 * preflights and answers of POST /api/v1/ad, the tracking URLs and
 * /ad-feedback carry the CORS headers for allowed origins only. The fast path
 * leaves requests with an Origin header to Fastify, so both settings answer alike.
 */
const APP = 'https://app.chat.example';
const OTHER = 'https://other.example';

for (const fastPath of [true, false]) {
  describe(`CORS (${fastPath ? 'fast path on' : 'Fastify only'})`, () => {
    const env = useSeededServer({ fastPath });
    let otherKey: string;
    beforeAll(async () => {
      const other = await accounts.createPublisher(env.s.ctx, { name: 'Other publisher' });
      otherKey = other.apiKey;
      const put = (key: string, origins: string[]) =>
        fetch(`${env.s.url}/publisher-dashboard/allowed-origins`, {
          method: 'PUT',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ allowed_origins: origins }),
        });
      const mine = await put(env.w.publisherKey, [`${APP}/`, 'HTTP://LOCALHOST:5173', APP]);
      expect(mine.status).toBe(200);
      expect(await mine.json()).toEqual({ allowed_origins: [APP, 'http://localhost:5173'] });
      expect((await put(otherKey, [OTHER])).status).toBe(200);
    });

    const preflight = (path: string, origin: string | null, method = 'POST') =>
      fetch(`${env.s.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          ...(origin ? { origin } : {}),
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const post = (origin: string | null, key = env.w.publisherKey, body: unknown = adRequestBody()) =>
      fetch(`${env.s.url}/api/v1/ad`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'user-agent': BROWSER_UA,
          ...(origin ? { origin } : {}),
        },
        body: JSON.stringify(body),
      });

    it('the publisher reads back its allowed origins', async () => {
      const res = await fetch(`${env.s.url}/publisher-dashboard/allowed-origins`, {
        headers: { 'x-api-key': env.w.publisherKey },
      });
      expect(await res.json()).toEqual({ allowed_origins: [APP, 'http://localhost:5173'] });
    });

    it('preflight of POST /api/v1/ad: 204 with the CORS headers for an allowed origin, 403 otherwise', async () => {
      const ok = await preflight('/api/v1/ad', APP);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
      expect(ok.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(ok.headers.get('access-control-allow-headers')).toMatch(/authorization/);
      expect(ok.headers.get('access-control-allow-headers')).toMatch(/content-type/);
      expect(ok.headers.get('vary')).toMatch(/Origin/);
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
      const no = await preflight('/api/v1/ad', 'https://evil.example');
      expect(no.status).toBe(403);
      expect(no.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await no.json()) as { message: string }).message).toMatch(/not allowed/);
      expect((await preflight('/api/v1/ad', null)).status).toBe(403);
    });

    it('POST /api/v1/ad from an allowed origin is served with the CORS headers; from another origin it is 403 and nothing is served', async () => {
      const ok = await post(APP);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
      expect(ok.headers.get('access-control-expose-headers')).toMatch(/x-orbit-request-id/);
      // Another publisher's origin passes the preflight (it is allowed somewhere) but not this publisher's key.
      const served = () =>
        env.s.ctx.db.selectFrom('ad_serves').select('click_id').where('publisher_id', '=', env.w.publisherId).execute();
      // The allowed request's record lands (it is written after the answer); then nothing more may.
      await vi.waitFor(async () => expect((await served()).length).toBeGreaterThan(0));
      const before = (await served()).length;
      const foreign = await post(OTHER);
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { message: string }).message).toMatch(/not allowed for this publisher/);
      const evil = await post('https://evil.example');
      expect(evil.status).toBe(403);
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
      // A later allowed request's record is the marker that the refused ones would have landed before it.
      const marker = await post(APP);
      await vi.waitFor(async () => expect((await served()).length).toBe(before + 1));
      expect(marker.status).toBe(200);
      // Server-to-server calls send no Origin and are unaffected.
      expect((await post(null)).status).toBe(200);
      // The 401 of a wrong key is readable from an allowed origin.
      const unauth = await post(APP, 'orb_pub_wrong-wrong-wrong-wrong-wrong');
      expect(unauth.status).toBe(401);
      expect(unauth.headers.get('access-control-allow-origin')).toBe(APP);
    });

    it('tracking URLs and /ad-feedback answer allowed origins with the CORS headers', async () => {
      const [ad] = (await (await post(null)).json()) as { impUrl: string; clickUrl: string }[];
      const imp = await fetch(ad.impUrl, { headers: { origin: APP, 'user-agent': BROWSER_UA } });
      expect(imp.status).toBe(200);
      expect(imp.headers.get('access-control-allow-origin')).toBe(APP);
      const plain = await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } });
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
      const trackPre = await preflight('/track/imp', APP, 'GET');
      expect(trackPre.status).toBe(204);
      expect(trackPre.headers.get('access-control-allow-methods')).toMatch(/GET/);
      const click = await fetch(ad.clickUrl, {
        headers: { origin: APP, 'user-agent': BROWSER_UA },
        redirect: 'manual',
      });
      expect(click.status).toBe(302);
      expect(click.headers.get('access-control-allow-origin')).toBe(APP);

      const fbPre = await preflight('/ad-feedback', APP);
      expect(fbPre.status).toBe(204);
      const feedback = (origin: string) =>
        fetch(`${env.s.url}/ad-feedback`, {
          method: 'POST',
          headers: { 'x-api-key': env.w.publisherKey, 'content-type': 'application/json', origin },
          body: JSON.stringify({ sessionId: 's-1', impUrl: ad.impUrl, sentiment: 'thumbs_up' }),
        });
      const fb = await feedback(APP);
      expect(fb.status).toBe(200);
      expect(fb.headers.get('access-control-allow-origin')).toBe(APP);
      expect((await feedback(OTHER)).status).toBe(403);
    });

    it("the platform's own origin is always allowed (the dashboard's live check)", async () => {
      const own = new URL(env.s.url).origin;
      expect((await preflight('/api/v1/ad', own)).status).toBe(204);
      expect((await post(own)).status).toBe(200);
    });

    it('clearing the list refuses the origin again', async () => {
      const res = await fetch(`${env.s.url}/publisher-dashboard/allowed-origins`, {
        method: 'PUT',
        headers: { 'x-api-key': otherKey, 'content-type': 'application/json' },
        body: JSON.stringify({ allowed_origins: [] }),
      });
      expect(await res.json()).toEqual({ allowed_origins: [] });
      expect((await preflight('/api/v1/ad', OTHER)).status).toBe(403);
    });
  });
}
