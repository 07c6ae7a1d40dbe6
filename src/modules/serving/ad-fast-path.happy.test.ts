import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adRequestBody, seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { adHeaders, bothPaths, countRows, routeRequestCount, spyFastPath } from '../../../test/fixtures/hot-paths.js';
import { ManualClock } from '../../lib/clock.js';

/**
 * POST /api/v1/ad on the raw node:http fast path (src/http/fast-path.ts)
 * answers as the Fastify route does — same status, headers and body, the
 * same decision recorded, the same end-user IP rule, counted in /metrics —
 * and leaves to Fastify every request it does not take from its headers
 * alone (app.inject never reaches the fast path, so it is the reference).
 */
const spy = await spyFastPath();
afterAll(() => spy.restore());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An ad object with what varies per serve (token, random feedback prompt) taken out. */
const stable = (ad: Record<string, unknown>) => {
  const { impUrl, clickUrl, feedbackPrompt, ...rest } = ad;
  return {
    ...rest,
    impUrl: String(impUrl).replace(/p=[A-Za-z0-9_-]+$/, 'p=…'),
    clickUrl: String(clickUrl).replace(/p=[A-Za-z0-9_-]+$/, 'p=…'),
    feedbackPrompt: typeof feedbackPrompt,
  };
};

describe('POST /api/v1/ad on the fast path', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer({ bodyLimitBytes: 16 * 1024 });
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  const requestRow = async (id: string) => {
    await s.ctx.journal.settle(); // committed within a few ms of the answer (journal.ts `record`)
    return s.ctx.db.selectFrom('ad_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  };

  it('serves an ad as the Fastify route does, and records the request', async () => {
    spy.taken.length = 0;
    const before = await countRows(s.ctx, 'ad_requests');
    const { fast, ref } = await bothPaths(s, JSON.stringify(adRequestBody()), adHeaders(w.publisherKey));
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect(fast.status).toBe(200);
    expect(ref.status).toBe(200);
    expect(fast.headers['content-type']).toBe('application/json; charset=utf-8');
    expect({ ...fast.headers, 'content-length': '' }).toEqual({ ...ref.headers, 'content-length': '' });
    expect(Number(fast.headers['content-length'])).toBe(Buffer.byteLength(fast.body));
    const fastAds = JSON.parse(fast.body) as Record<string, unknown>[];
    const refAds = JSON.parse(ref.body) as Record<string, unknown>[];
    expect(fastAds).toHaveLength(1);
    expect(fastAds.map(stable)).toEqual(refAds.map(stable));
    expect(fast.requestId).toMatch(UUID);
    expect(await countRows(s.ctx, 'ad_requests')).toBe(before + 2);
    const [fastRow, refRow] = [await requestRow(fast.requestId!), await requestRow(ref.requestId!)];
    expect({ ...fastRow, id: '', at: 0 }).toEqual({ ...refRow, id: '', at: 0 });
    expect(fastRow.filled).toBe(1);
    // The decision is kept under the request id, as for Fastify's answer.
    const decision = await s.app.inject({
      method: 'GET',
      url: `/admin/decisions/${fast.requestId}`,
      headers: { authorization: `Bearer ${s.ctx.secrets.adminToken}` },
    });
    expect(decision.statusCode).toBe(200);
  });

  it('answers 204 without a body or Content-Length when nothing fills, as Fastify does', async () => {
    spy.taken.length = 0;
    const { fast, ref } = await bothPaths(
      s,
      JSON.stringify(adRequestBody('What is the capital of France?')),
      adHeaders(w.publisherKey),
    );
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect(fast.status).toBe(204);
    expect(ref.status).toBe(204);
    expect(fast.body).toBe('');
    expect(fast.headers).toEqual(ref.headers);
    expect(fast.headers['content-length']).toBeUndefined();
    expect(fast.requestId).toMatch(UUID);
    expect((await requestRow(fast.requestId!)).filled).toBe(0);
  });

  it('takes the key from X-API-Key too, and a charset in the content type', async () => {
    spy.taken.length = 0;
    const headers = adHeaders(w.publisherKey, { 'content-type': 'application/json; charset=utf-8' });
    delete headers.authorization;
    headers['x-api-key'] = w.publisherKey;
    const { fast, ref } = await bothPaths(s, JSON.stringify(adRequestBody()), headers);
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect([fast.status, ref.status]).toEqual([200, 200]);
  });

  it('takes the end user from X-Forwarded-For of a trusted proxy, as Fastify does', async () => {
    const { fast, ref } = await bothPaths(
      s,
      JSON.stringify(adRequestBody()),
      adHeaders(w.publisherKey, { 'x-forwarded-for': '81.2.69.142, 10.0.0.1' }),
    );
    expect([fast.status, ref.status]).toEqual([200, 200]);
    const [fastRow, refRow] = [await requestRow(fast.requestId!), await requestRow(ref.requestId!)];
    expect(fastRow.country).toBe('GB');
    expect(fastRow.country).toBe(refRow.country);
    expect(fastRow.device).toBe(refRow.device);
  });

  it('counts its answers in /metrics under the route', async () => {
    const count = (status: string) => routeRequestCount(s.url, '/api/v1/ad', status, 'POST');
    const [ok0, bad0] = [await count('200'), await count('422')];
    spy.taken.length = 0;
    await fetch(`${s.url}/api/v1/ad`, {
      method: 'POST',
      headers: adHeaders(w.publisherKey),
      body: JSON.stringify(adRequestBody()),
    });
    await fetch(`${s.url}/api/v1/ad`, { method: 'POST', headers: adHeaders(w.publisherKey), body: '{}' });
    expect(spy.taken).toHaveLength(2);
    expect(await count('200')).toBe(ok0 + 1);
    expect(await count('422')).toBe(bad0 + 1);
  });

  it('leaves to Fastify what it cannot judge from the headers: a query, another content type, a chunked or oversized body', async () => {
    spy.taken.length = 0;
    const body = JSON.stringify(adRequestBody());
    // A query string: Fastify routes it and serves.
    const q = await bothPaths(s, body, adHeaders(w.publisherKey), '/api/v1/ad?utm=1');
    expect([q.fast.status, q.ref.status]).toEqual([200, 200]);
    // Another media type: Fastify's 415.
    const t = await bothPaths(
      s,
      body,
      adHeaders(w.publisherKey, { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(t.fast).toEqual({ ...t.ref, requestId: null });
    expect(t.fast.status).toBe(415);
    // Over the body limit: Fastify's 413, before the body is read.
    const big = await bothPaths(s, JSON.stringify(adRequestBody('x'.repeat(17 * 1024))), adHeaders(w.publisherKey));
    expect(big.fast.status).toBe(413);
    expect(big.fast.body).toBe(big.ref.body);
    // Chunked: no Content-Length, Fastify reads it.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const u = new URL(`${s.url}/api/v1/ad`);
      const req = http.request(
        { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: adHeaders(w.publisherKey) },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      req.end(body.slice(20));
    });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toHaveLength(1);
    expect(spy.taken).toEqual([]);
  });
});

describe('POST /api/v1/ad where the fast path does not apply', () => {
  it('with the fast path off, Fastify serves it with the same answer', async () => {
    const s = await startTestServer({ fastPath: false });
    try {
      const w = await seedWorld(s.ctx);
      spy.taken.length = 0;
      const { fast, ref } = await bothPaths(s, JSON.stringify(adRequestBody()), adHeaders(w.publisherKey));
      expect(spy.taken).toEqual([]);
      expect([fast.status, ref.status]).toEqual([200, 200]);
      expect(fast.headers).toEqual({ ...ref.headers, 'content-length': fast.headers['content-length'] });
    } finally {
      await s.stop();
    }
  });

  it('with the ad rate limit on, both paths count against one limit and answer it alike (headers, 429)', async () => {
    // In-process counters on a still clock: the one-second window cannot roll over mid-test.
    const s = await startTestServer(
      { adRateLimitPerSecond: 4, redisUrl: undefined },
      { clock: new ManualClock(Date.now()) },
    );
    try {
      const w = await seedWorld(s.ctx);
      const body = JSON.stringify(adRequestBody());
      const headers = adHeaders(w.publisherKey);
      spy.taken.length = 0;
      // A fresh conversation each time (one session's frequency cap would turn later answers into 204s).
      const fastAsk = async (b = JSON.stringify(adRequestBody())) => {
        const res = await fetch(`${s.url}/api/v1/ad`, { method: 'POST', headers, body: b });
        return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      };
      const refAsk = async (b = JSON.stringify(adRequestBody())) => {
        const inj = await s.app.inject({ method: 'POST', url: '/api/v1/ad', headers, payload: b });
        return { status: inj.statusCode, headers: inj.headers as Record<string, string>, body: inj.body };
      };
      const limitHeaders = (h: Record<string, string>) => [
        h['x-ratelimit-limit'],
        h['x-ratelimit-remaining'],
        h['x-ratelimit-reset'],
        h['retry-after'],
      ];
      // Four in the window, alternating paths: each counts once.
      const answers = [await fastAsk(), await refAsk(), await fastAsk(), await refAsk()];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      expect(answers.map((a) => limitHeaders(a.headers))).toEqual([
        ['4', '3', '1', undefined],
        ['4', '2', '1', undefined],
        ['4', '1', '1', undefined],
        ['4', '0', '1', undefined],
      ]);
      expect(spy.taken).toEqual(['POST /api/v1/ad', 'POST /api/v1/ad']);
      // Over the limit: the same 429 from both, decided before the body is read (even a broken one).
      const [fast429, ref429, broken] = [await fastAsk(), await refAsk(), await fastAsk('{"not json')];
      for (const a of [fast429, ref429, broken]) {
        expect(a.status).toBe(429);
        expect(limitHeaders(a.headers)).toEqual(['4', '0', '1', '1']);
        expect(JSON.parse(a.body)).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Rate limit exceeded: at most 4 requests per 1 second',
          code: 'RATE_LIMITED',
        });
      }
      expect(fast429.headers['content-type']).toBe(ref429.headers['content-type']);
      // Another key has a window of its own; the first key's window closes with the second.
      const other = await seedWorld(s.ctx);
      const res = await fetch(`${s.url}/api/v1/ad`, { method: 'POST', headers: adHeaders(other.publisherKey), body });
      expect([res.status, res.headers.get('x-ratelimit-remaining')]).toEqual([200, '3']);
      (s.ctx.clock as ManualClock).advance(1000);
      expect(limitHeaders((await fastAsk()).headers)).toEqual(['4', '3', '1', undefined]);
    } finally {
      await s.stop();
    }
  });
});
