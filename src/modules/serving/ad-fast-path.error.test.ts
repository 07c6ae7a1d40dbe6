import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { adHeaders, bothPaths, countRows, spyFastPath } from '../../../test/fixtures/hot-paths.js';

/**
 * Every error of POST /api/v1/ad answered on the raw fast path is the answer
 * Fastify gives (status, headers, body byte for byte), and records nothing:
 * bad JSON (400, connection closed), schema errors (422 with the same
 * details), a store that is down (503), an unexpected failure (500 showing
 * only a request id).
 */
const spy = await spyFastPath();
afterAll(() => spy.restore());

describe('POST /api/v1/ad on the fast path — errors', () => {
  const env = useSeededServer({ bodyLimitBytes: 16 * 1024 });

  /** Both paths give the same answer, taken by the fast path, and neither records a request. */
  async function sameError(body: string, headers = adHeaders(env.w.publisherKey)) {
    const before = await countRows(env.s.ctx, 'ad_requests');
    spy.taken.length = 0;
    const { fast, ref } = await bothPaths(env.s, body, headers);
    expect(spy.taken, body.slice(0, 80)).toEqual(['POST /api/v1/ad']);
    expect(fast, body.slice(0, 80)).toEqual(ref);
    expect(fast.requestId).toBeNull();
    expect(await countRows(env.s.ctx, 'ad_requests')).toBe(before);
    return {
      status: fast.status,
      headers: fast.headers,
      body: JSON.parse(fast.body) as { message: string; code?: string; details?: { field: string }[] },
    };
  }

  it('malformed or empty JSON: the same 400 naming the problem, and the connection closed behind it', async () => {
    for (const body of ['{"messages": [ {"role": "user", ', '', '[1,2', '{"a":1}x', 'nul']) {
      const e = await sameError(body);
      expect(e.status).toBe(400);
      expect(e.headers.connection).toBe('close');
      expect(e.body.message).toMatch(/JSON|empty/);
      expect(e.body.code).toMatch(/^FST_ERR_CTP_(INVALID|EMPTY)_JSON_BODY$/);
    }
  });

  it('schema errors: the same 422 with the same details', async () => {
    const b = adRequestBody();
    const cases: [unknown, string[]][] = [
      [{ ...b, messages: 'hello' }, ['messages']],
      [{ ...b, sessionId: 42 }, ['sessionId']],
      [{ ...b, testAd: 'yes' }, ['testAd']],
      [{ ...b, relevancy: 2 }, ['relevancy']],
      [[1, 2, 3], []],
      [null, []],
      [{}, ['messages', 'sessionId', 'placements']],
      [{ ...b, placements: [{ placement: 'sidebar_banner', placement_id: 'Chat-Below' }] }, ['placements.0.placement']],
      [{ ...b, messages: [] }, ['messages']],
      [{ ...b, messages: [{ role: 'user', content: '   ' }] }, ['messages']],
      [{ ...b, messages: [{ role: 'robot', content: 'hi' }] }, ['messages.0.role']],
      [
        {
          ...b,
          placements: Array.from({ length: 11 }, (_, i) => ({ placement: 'below_response', placement_id: `P${i}` })),
        },
        ['placements'],
      ],
      [{ ...b, device: { ip: 'x'.repeat(65) }, user: { id: 7 } }, ['device.ip', 'user.id']],
    ];
    for (const [payload, fields] of cases) {
      const e = await sameError(JSON.stringify(payload));
      expect(e.status).toBe(422);
      expect(e.body.code).toBe('VALIDATION');
      expect(e.body.details?.map((d) => d.field)).toEqual(expect.arrayContaining(fields));
    }
  });

  it('a schema error is reported before a bad key, as Fastify validates before the handler', async () => {
    const e = await sameError('{}', adHeaders('not-a-key'));
    expect(e.status).toBe(422);
  });

  it('a store that cannot record the request: served once, then the same 503 (safe to retry) until it records again', async () => {
    const journal = env.s.ctx.journal;
    const lostBefore = journal.lostRecords;
    await sql`ALTER TABLE ad_requests RENAME TO ad_requests_away`.execute(env.s.ctx.db);
    let first, fast, ref;
    try {
      // An ad request's record commits after its answer (journal.ts \`record\`): the first one is served, and its
      // failed commit is logged and counted.
      first = await requestAd(env.s.url, env.w.publisherKey);
      await journal.settle();
      expect(journal.failing).toBe(true);
      expect(journal.lostRecords - lostBefore).toBe(1);
      // From then on each request waits for its own record: the same 503 on both paths.
      spy.taken.length = 0;
      ({ fast, ref } = await bothPaths(env.s, JSON.stringify(adRequestBody()), adHeaders(env.w.publisherKey)));
    } finally {
      await sql`ALTER TABLE ad_requests_away RENAME TO ad_requests`.execute(env.s.ctx.db);
    }
    expect(first.status).toBe(200);
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect(fast.status).toBe(503);
    expect(fast).toEqual(ref);
    expect(JSON.parse(fast.body)).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    // The store is back: the next request waits for its record, which commits, and the lane is deferred again.
    const before = await countRows(env.s.ctx, 'ad_requests');
    expect((await bothPaths(env.s, JSON.stringify(adRequestBody()), adHeaders(env.w.publisherKey))).fast.status).toBe(
      200,
    );
    expect(journal.failing).toBe(false);
    expect(await countRows(env.s.ctx, 'ad_requests')).toBe(before + 2);
    expect(journal.lostRecords - lostBefore).toBe(1);
  });

  it('an unexpected failure: the same 500 that shows only a request id', async () => {
    const counters = env.s.ctx.counters;
    const original = counters.hgetall.bind(counters);
    counters.hgetall = () => Promise.reject(new Error('secret internal detail'));
    let fast, ref;
    try {
      spy.taken.length = 0;
      ({ fast, ref } = await bothPaths(env.s, JSON.stringify(adRequestBody()), adHeaders(env.w.publisherKey)));
    } finally {
      counters.hgetall = original;
    }
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect(fast.status).toBe(500);
    expect(fast.headers).toEqual({ ...ref.headers, 'content-length': fast.headers['content-length'] });
    const [fb, rb] = [
      JSON.parse(fast.body) as Record<string, unknown>,
      JSON.parse(ref.body) as Record<string, unknown>,
    ];
    expect(fb.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect({ ...fb, requestId: '' }).toEqual({ ...rb, requestId: '' });
    expect(fb).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal error',
      requestId: fb.requestId,
    });
    expect(fast.body).not.toContain('secret');
  });
});
