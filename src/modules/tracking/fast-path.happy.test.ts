import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { keyedHash } from '../../lib/secrets.js';
import { BROWSER_UA, seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { hit, routeRequestCount, serveOne, tokenOf, trackingFootprint } from '../../../test/fixtures/hot-paths.js';

/**
 * The impression pixels' raw node:http fast path (src/http/fast-path.ts) must
 * answer exactly as the Fastify route does: same status, caching headers and
 * body (refusals of a token that does not open included), same dedup, same
 * end-user IP rule, counted in /metrics; and whatever it declines is answered
 * by Fastify (app.inject never reaches the fast path, so it is the reference).
 */
const PROXY_UA = { 'user-agent': BROWSER_UA, 'x-forwarded-for': '81.2.69.142, 10.0.0.1' };

describe('tracking fast path', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  const eventOf = (clickId: string) =>
    s.ctx.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('click_id', '=', clickId)
      .where('kind', '=', 'imp')
      .execute();

  it('answers an impression as the Fastify route does, and records it once', async () => {
    const fastAd = await serveOne(s, w);
    const refAd = await serveOne(s, w);
    const before = await trackingFootprint(s.ctx);
    const fast = await hit(fastAd.impUrl);
    const ref = await s.app.inject({
      method: 'GET',
      url: new URL(refAd.impUrl).pathname + new URL(refAd.impUrl).search,
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(fast.status).toBe(200);
    expect(ref.statusCode).toBe(200);
    expect(await fast.text()).toBe(ref.body);
    for (const h of ['cache-control', 'pragma', 'expires', 'content-type', 'content-length']) {
      expect(fast.headers.get(h), h).toBe(String(ref.headers[h]));
    }
    // Fired again on both URLs: still one impression each.
    expect((await hit(fastAd.impUrl.replace('/track/imp?', '/ack?'))).status).toBe(200);
    expect((await hit(fastAd.impUrl)).status).toBe(200);
    const after = await trackingFootprint(s.ctx);
    expect(after.impressions - before.impressions).toBe(2);
    expect(after.events - before.events).toBe(2);
    expect(await eventOf(s.ctx.codec.open(tokenOf(fastAd.impUrl)).clickId)).toHaveLength(1);
  });

  it('takes the end user from X-Forwarded-For of a trusted proxy, as Fastify does', async () => {
    const fastAd = await serveOne(s, w);
    const refAd = await serveOne(s, w);
    expect((await hit(fastAd.impUrl, PROXY_UA)).status).toBe(200);
    const u = new URL(refAd.impUrl);
    expect((await s.app.inject({ method: 'GET', url: u.pathname + u.search, headers: PROXY_UA })).statusCode).toBe(200);
    const [fastRow] = await eventOf(s.ctx.codec.open(tokenOf(fastAd.impUrl)).clickId);
    const [refRow] = await eventOf(s.ctx.codec.open(tokenOf(refAd.impUrl)).clickId);
    expect(fastRow.ip_hash).toBe(keyedHash(s.ctx.secrets.dataKey, 'ip', '81.2.69.142'));
    expect(fastRow.ip_hash).toBe(refRow.ip_hash);
    expect(fastRow.country).toBe('GB');
    expect(fastRow.country).toBe(refRow.country);
    expect(fastRow.device).toBe(refRow.device);
  });

  it('leaves other parameters and HEAD to Fastify, which answers as usual', async () => {
    const ad = await serveOne(s, w);
    const p = tokenOf(ad.impUrl);
    const before = await trackingFootprint(s.ctx);
    // Extra parameters: declined by the fast path, recorded by the Fastify route.
    const extra = await hit(`${s.url}/track/imp?p=${p}&utm=1`);
    expect(extra.status).toBe(200);
    expect(await extra.json()).toEqual({ ok: true });
    // HEAD is Fastify's too.
    expect((await fetch(ad.impUrl, { method: 'HEAD', headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    const after = await trackingFootprint(s.ctx);
    expect(after.impressions - before.impressions).toBe(1);
  });

  it('refuses a token that does not open exactly as the Fastify route does, recording nothing', async () => {
    const ad = await serveOne(s, w);
    const p = tokenOf(ad.impUrl);
    const expired = s.ctx.codec.seal({
      ...s.ctx.codec.open(p),
      issuedAt: Math.floor(Date.now() / 1000) - 40 * 24 * 3600,
    });
    const future = s.ctx.codec.seal({ ...s.ctx.codec.open(p), issuedAt: Math.floor(Date.now() / 1000) + 3600 });
    const before = await trackingFootprint(s.ctx);
    for (const [token, status] of [
      [`${p.slice(0, -4)}AAAA`, 400], // forged
      ['short', 400], // malformed
      [expired, 410],
      [future, 400],
    ] as const) {
      const fast = await hit(`${s.url}/track/imp?p=${token}`);
      const ref = await s.app.inject({
        method: 'GET',
        url: `/track/imp?p=${token}`,
        headers: { 'user-agent': BROWSER_UA },
      });
      expect(fast.status, token).toBe(status);
      expect(ref.statusCode, token).toBe(status);
      expect(await fast.text()).toBe(ref.body);
      for (const h of ['cache-control', 'pragma', 'expires', 'content-type', 'content-length']) {
        expect(fast.headers.get(h), h).toBe(String(ref.headers[h]));
      }
    }
    const after = await trackingFootprint(s.ctx);
    expect(after).toEqual(before);
  });

  it('counts its answers in /metrics under the route', async () => {
    const ad = await serveOne(s, w);
    const count = () => routeRequestCount(s.url, '/track/imp', '200');
    const before = await count();
    await hit(ad.impUrl);
    await hit(ad.impUrl);
    expect((await count()) - before).toBe(2);
  });

  it('answers 503 with the error body, and acknowledges nothing, when the event cannot be stored', async () => {
    const ad = await serveOne(s, w);
    await sql`ALTER TABLE tracking_events RENAME TO tracking_events_away`.execute(s.ctx.db);
    try {
      const res = await hit(ad.impUrl);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(await res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'UNAVAILABLE' });
    } finally {
      await sql`ALTER TABLE tracking_events_away RENAME TO tracking_events`.execute(s.ctx.db);
    }
    // Safe to retry: the same impression is then recorded.
    expect((await hit(ad.impUrl)).status).toBe(200);
    expect(await eventOf(s.ctx.codec.open(tokenOf(ad.impUrl)).clickId)).toHaveLength(1);
  });
});

describe('tracking with the fast path off', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer({ fastPath: false });
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  it('Fastify serves the pixels itself, with the same answer', async () => {
    const ad = await serveOne(s, w);
    const res = await hit(ad.impUrl);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect((await trackingFootprint(s.ctx)).impressions).toBe(1);
  });
});
