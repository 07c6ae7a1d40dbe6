import { describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { countRows } from '../../../test/fixtures/hot-paths.js';

/**
 * POST /api/v1/ad meets bad input with a clear 4xx that names the problem,
 * records nothing, and keeps serving.
 */
describe('POST /api/v1/ad — bad input', () => {
  const BODY_LIMIT = 16 * 1024;
  const env = useSeededServer({ bodyLimitBytes: BODY_LIMIT });

  const raw = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${env.s.url}/api/v1/ad`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.w.publisherKey}`, 'content-type': 'application/json', ...headers },
      body,
    });

  async function expectError(res: Response, status: number, message: RegExp, field?: string) {
    expect(res.status).toBe(status);
    const body = (await res.json()) as {
      statusCode: number;
      error: string;
      message: string;
      details?: { field: string }[];
    };
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(message);
    if (field) expect(body.details?.map((d) => d.field)).toContain(field);
    return body;
  }

  it('malformed JSON is a 400 that says the body is not valid JSON', async () => {
    await expectError(await raw('{"messages": [ {"role": "user", '), 400, /JSON/i);
    await expectError(await raw(''), 400, /body/i);
  });

  it('a body that is not JSON at all is refused as an unsupported media type', async () => {
    await expectError(
      await raw('messages=hi', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      /content-type/i,
    );
  });

  it('wrong types are 422 naming each field', async () => {
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), messages: 'hello' }),
      422,
      /messages/,
      'messages',
    );
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), sessionId: 42 }),
      422,
      /sessionId/,
      'sessionId',
    );
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), testAd: 'yes' }),
      422,
      /testAd/,
      'testAd',
    );
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), relevancy: 2 }),
      422,
      /relevancy/,
      'relevancy',
    );
    await expectError(await requestAd(env.s.url, env.w.publisherKey, [1, 2, 3]), 422, /expected object/i);
    await expectError(await raw('null'), 422, /expected object/i);
  });

  it('missing required fields are 422 naming them', async () => {
    const body = await expectError(await requestAd(env.s.url, env.w.publisherKey, {}), 422, /messages/);
    expect(body.details?.map((d) => d.field)).toEqual(expect.arrayContaining(['messages', 'sessionId', 'placements']));
  });

  it('an unknown placement value is a 422 naming placements.0.placement', async () => {
    const b = adRequestBody();
    b.placements = [{ placement: 'sidebar_banner', placement_id: 'Chat-Below' }];
    await expectError(await requestAd(env.s.url, env.w.publisherKey, b), 422, /placement/, 'placements.0.placement');
  });

  it('empty messages are a 422, whether the list is empty or every message is blank', async () => {
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), messages: [] }),
      422,
      /at least one message/,
      'messages',
    );
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, {
        ...adRequestBody(),
        messages: [{ role: 'user', content: '   ' }],
      }),
      422,
      /empty/,
      'messages',
    );
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, {
        ...adRequestBody(),
        messages: [{ role: 'robot', content: 'hi' }],
      }),
      422,
      /role/,
      'messages.0.role',
    );
  });

  it('too many placements is a 422', async () => {
    const placements = Array.from({ length: 11 }, (_, i) => ({ placement: 'below_response', placement_id: `P${i}` }));
    await expectError(
      await requestAd(env.s.url, env.w.publisherKey, { ...adRequestBody(), placements }),
      422,
      /at most 10/,
      'placements',
    );
  });

  it('an oversized body is a 413 naming the limit problem', async () => {
    const big = adRequestBody('x'.repeat(BODY_LIMIT + 10));
    await expectError(await requestAd(env.s.url, env.w.publisherKey, big), 413, /too large/i);
  });

  it('a missing key is a 401 that says how to send one', async () => {
    const res = await fetch(`${env.s.url}/api/v1/ad`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adRequestBody()),
    });
    await expectError(res, 401, /Missing API key.*publisher key/);
  });

  it('an invalid key is a 401, by header or bearer', async () => {
    await expectError(await requestAd(env.s.url, 'orb_pub_' + 'A'.repeat(32)), 401, /Invalid API key/);
    await expectError(await requestAd(env.s.url, 'not-a-key'), 401, /Invalid API key/);
    const res = await fetch(`${env.s.url}/api/v1/ad`, {
      method: 'POST',
      headers: { 'x-api-key': 'orb_pub_' + 'B'.repeat(32), 'content-type': 'application/json' },
      body: JSON.stringify(adRequestBody()),
    });
    await expectError(res, 401, /Invalid API key/);
  });

  it('a revoked key is a 401 that says it was revoked', async () => {
    const k = await accounts.createApiKey(env.s.ctx, { accountId: env.w.publisherId, label: 'to-revoke' });
    expect((await requestAd(env.s.url, k.key)).status).toBe(200);
    await accounts.revokeApiKey(env.s.ctx, k.id);
    await expectError(await requestAd(env.s.url, k.key), 401, /revoked/);
  });

  it('an advertiser key is a 401 naming the kind needed and the kind given', async () => {
    await expectError(
      await requestAd(env.s.url, env.w.advertiserKey),
      401,
      /needs a publisher key; a advertiser key was given|publisher key.*advertiser key/,
    );
  });

  it('records nothing for refused requests and keeps serving', async () => {
    const before = await countRows(env.s.ctx, 'ad_requests');
    for (const body of [{}, { messages: [] }, 'x']) await requestAd(env.s.url, env.w.publisherKey, body);
    await requestAd(env.s.url, env.w.advertiserKey);
    await raw('{');
    expect(await countRows(env.s.ctx, 'ad_requests')).toBe(before);
    const ok = await requestAd(env.s.url, env.w.publisherKey);
    expect(ok.status).toBe(200);
    expect(await countRows(env.s.ctx, 'ad_requests')).toBe(before + 1);
  });
});
