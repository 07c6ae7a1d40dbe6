import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { post, search, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/** Spec 3 §5 for both searches: 401 without a key, 403 for an unrecognised key, 403 publisher_not_approved. */
describe('index authentication', () => {
  let w: IndexWorld;
  let unapprovedKey: string;
  let advertiserKey: string;
  beforeAll(async () => {
    w = await startIndexWorld();
    unapprovedKey = (await accounts.createPublisher(w.server.ctx, { name: 'Not approved', indexApproved: false }))
      .apiKey;
    advertiserKey = (await accounts.createAdvertiser(w.server.ctx, { name: 'Adv' })).apiKey;
  });
  afterAll(() => w.server.stop());

  for (const [path, body] of [
    ['/shop/search', { query: 'running shoes' }],
    ['/search', { query: 'transactional email API' }],
  ] as const) {
    it(`${path}: no key is 401`, async () => {
      const r = await post(w.url, path, body);
      expect(r.status).toBe(401);
      expect(r.body.detail).toBe('platform_api_key required');
    });
    it(`${path}: an unknown, malformed or advertiser key is 403`, async () => {
      for (const key of ['orb_pub_' + 'A'.repeat(32), 'nonsense', advertiserKey]) {
        const r = await post(w.url, path, body, key);
        expect(r.status, key).toBe(403);
        expect(r.body.detail).toBe('valid platform_api_key required');
      }
    });
    it(`${path}: the key may come in the body as platform_api_key`, async () => {
      const r = await post(w.url, path, { ...body, platform_api_key: w.key });
      expect(r.status).toBe(200);
    });
    it(`${path}: a publisher not approved for production is 403 publisher_not_approved`, async () => {
      const r = await post(w.url, path, body, unapprovedKey);
      expect(r.status).toBe(403);
      expect(r.body.detail).toBe('publisher_not_approved');
    });
  }

  it('a search_id of another publisher is not found, never continued', async () => {
    const other = (await accounts.createPublisher(w.server.ctx, { name: 'Other', indexApproved: true })).apiKey;
    const first = await search(w, { query: 'managed postgres database' });
    const r = await post(w.url, '/search', { query: 'something cheaper', search_id: first.body.search_id }, other);
    expect(r.status).toBe(404);
  });

  it('stores only hashes of session and user ids, and never returns them', async () => {
    const r = await search(
      w,
      {
        query: 'desk lamp',
        external_session_id: 'chat-123',
        external_user_id: 'user-42',
        hashed_email: 'A'.repeat(64),
      },
      '/shop/search',
    );
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.body)).not.toContain('chat-123');
    const row = await w.server.ctx.db
      .selectFrom('index_searches')
      .selectAll()
      .where('id', '=', r.body.search_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('user-42');
    expect(JSON.stringify(row)).not.toContain('chat-123');
    expect(row.user_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.session_hash).toMatch(/^[0-9a-f]{64}$/);
    const bad = await search(w, { query: 'desk lamp', hashed_email: 'someone@example.com' }, '/shop/search');
    expect(bad.status).toBe(422);
  });
});
