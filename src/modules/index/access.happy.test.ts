import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { post, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/**
 * Index access is open by default (spec 3 §5: any production-approved
 * publisher key works): a publisher created the ordinary way searches at once;
 * the operator can switch one off (admin API, `orbit publishers index-access`)
 * and on again.
 */
describe('index access for publishers', () => {
  let w: IndexWorld;
  const admin = (
    method: string,
    path: string,
    body?: unknown,
    token: string | null = w.server.ctx.secrets.adminToken,
  ) =>
    fetch(`${w.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  beforeAll(async () => {
    w = await startIndexWorld();
  });
  afterAll(() => w.server.stop());

  it('a publisher created through the admin API gets results from both searches at once', async () => {
    const created = await admin('POST', '/admin/publishers', { name: 'Fresh Chat App' });
    expect(created.status).toBe(201);
    expect(created.body.index_access).toBe(true);
    const shop = await post(w.url, '/shop/search', { query: 'running shoes' }, created.body.api_key);
    expect(shop.status).toBe(200);
    expect(shop.body.count).toBeGreaterThan(0);
    const services = await post(w.url, '/search', { query: 'transactional email API' }, created.body.api_key);
    expect(services.status).toBe(200);
  });

  it('the operator switches a publisher off (403 publisher_not_approved) and on again', async () => {
    const { publisher, apiKey } = await accounts.createPublisher(w.server.ctx, { name: 'Switched' });
    const off = await admin('PATCH', `/admin/publishers/${publisher.id}`, { index_access: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ publisher_id: publisher.id, index_access: false });
    const denied = await post(w.url, '/shop/search', { query: 'running shoes' }, apiKey);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe('publisher_not_approved');
    expect(
      (await admin('GET', '/admin/publishers')).body.find((p: any) => p.publisher_id === publisher.id).index_access,
    ).toBe(false);
    await admin('PATCH', `/admin/publishers/${publisher.id}`, { index_access: true });
    expect((await post(w.url, '/shop/search', { query: 'running shoes' }, apiKey)).status).toBe(200);
  });
});
