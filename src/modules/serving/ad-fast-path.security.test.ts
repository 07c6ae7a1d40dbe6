import { afterAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { adRequestBody, seedWorld } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { adHeaders, bothPaths, countRows, spyFastPath } from '../../../test/fixtures/hot-paths.js';

/**
 * The fast path of POST /api/v1/ad refuses what Fastify refuses, with the
 * same answer: prototype-poisoned bodies (Fastify's own secure JSON parser),
 * missing, wrong, revoked and advertiser keys (401), an inactive publisher
 * (403) — and serves nothing for them.
 */
const spy = await spyFastPath();
afterAll(() => spy.restore());

describe('POST /api/v1/ad on the fast path — security', () => {
  const env = useSeededServer();

  async function sameRefusal(body: string, headers: Record<string, string>, status: number, message: RegExp) {
    const before = await countRows(env.s.ctx, 'ad_requests');
    spy.taken.length = 0;
    const { fast, ref } = await bothPaths(env.s, body, headers);
    expect(spy.taken).toEqual(['POST /api/v1/ad']);
    expect(fast).toEqual(ref);
    expect(fast.status).toBe(status);
    expect((JSON.parse(fast.body) as { message: string }).message).toMatch(message);
    expect(await countRows(env.s.ctx, 'ad_requests')).toBe(before);
  }

  it('refuses prototype poisoning at any depth, as Fastify does (400, nothing served)', async () => {
    const good = adRequestBody();
    const poisoned = [
      `{"__proto__":{"testAd":true},"messages":${JSON.stringify(good.messages)},"sessionId":"s","placements":${JSON.stringify(good.placements)}}`,
      `{"messages":[{"role":"user","content":"shoes","__proto__":{"x":1}}],"sessionId":"s","placements":[]}`,
      `{"constructor":{"prototype":{"polluted":true}},"sessionId":"s"}`,
      `{"device":{"constructor":{"prototype":{"ip":"1.2.3.4"}}}}`,
      `{"\\u005f\\u005fproto__":{"x":1}}`,
    ];
    for (const body of poisoned) await sameRefusal(body, adHeaders(env.w.publisherKey), 400, /not valid JSON/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).testAd).toBeUndefined();
  });

  it('a missing key is a 401 saying how to send one', async () => {
    const headers = adHeaders(env.w.publisherKey);
    delete headers.authorization;
    await sameRefusal(JSON.stringify(adRequestBody()), headers, 401, /Missing API key.*publisher key/);
  });

  it('a wrong key is a 401, by bearer or X-API-Key', async () => {
    const body = JSON.stringify(adRequestBody());
    await sameRefusal(body, adHeaders('orb_pub_' + 'A'.repeat(32)), 401, /Invalid API key/);
    await sameRefusal(body, adHeaders('not-a-key'), 401, /Invalid API key/);
    const headers = adHeaders(env.w.publisherKey, { 'x-api-key': 'orb_pub_' + 'B'.repeat(32) });
    delete headers.authorization;
    await sameRefusal(body, headers, 401, /Invalid API key/);
  });

  it('an advertiser key is a 401 naming the kind needed', async () => {
    await sameRefusal(JSON.stringify(adRequestBody()), adHeaders(env.w.advertiserKey), 401, /needs a publisher key/);
  });

  it('a revoked key is a 401 saying so', async () => {
    const k = await accounts.createApiKey(env.s.ctx, { accountId: env.w.publisherId, label: 'to-revoke' });
    expect((await bothPaths(env.s, JSON.stringify(adRequestBody()), adHeaders(k.key))).fast.status).toBe(200);
    await accounts.revokeApiKey(env.s.ctx, k.id);
    await sameRefusal(JSON.stringify(adRequestBody()), adHeaders(k.key), 401, /revoked/);
  });

  it('an inactive publisher is a 403', async () => {
    const other = await seedWorld(env.s.ctx);
    await env.s.ctx.db
      .updateTable('publishers')
      .set({ status: 'suspended' })
      .where('id', '=', other.publisherId)
      .execute();
    env.s.ctx.inventory.invalidate();
    await sameRefusal(JSON.stringify(adRequestBody()), adHeaders(other.publisherKey), 403, /not active/);
  });
});
