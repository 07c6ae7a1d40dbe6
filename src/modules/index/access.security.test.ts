import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/** The index switch is the operator's: the admin token only; bad input is a clear 4xx. */
describe('index access switch: who may use it', () => {
  let w: IndexWorld;
  const patch = (path: string, body: unknown, token: string | null) =>
    fetch(`${w.url}${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  beforeAll(async () => {
    w = await startIndexWorld();
  });
  afterAll(() => w.server.stop());

  it('needs the admin token: no token, a wrong one or a publisher key is 401, and nothing changes', async () => {
    const { publisher, apiKey } = await accounts.createPublisher(w.server.ctx, { name: 'Target' });
    for (const token of [null, 'not-the-token', apiKey]) {
      const r = await patch(`/admin/publishers/${publisher.id}`, { index_access: false }, token);
      expect(r.status, String(token)).toBe(401);
    }
    expect((await accounts.getPublisher(w.server.ctx, publisher.id)).index_approved).toBe(1);
  });

  it('an unknown publisher is 404; a body without a boolean index_access is 422 naming the field', async () => {
    const token = w.server.ctx.secrets.adminToken;
    expect((await patch('/admin/publishers/no-such-publisher', { index_access: false }, token)).status).toBe(404);
    const { publisher } = await accounts.createPublisher(w.server.ctx, { name: 'Bad body' });
    for (const body of [{}, { index_access: 'no' }, { index_access: false, status: 'blocked' }]) {
      const r = await patch(`/admin/publishers/${publisher.id}`, body, token);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(r.body)).toMatch(/index_access|status/);
    }
  });
});
