import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/hash.js';
import type { Ctx } from '../../context.js';
import { requestAd, startTestServer, type TestServer } from '../../../test/helpers.js';

/** The operator's admin API: token required, accounts/keys/credits created, keys shown once and stored only as hashes. */
async function dumpAllTables(ctx: Ctx): Promise<string> {
  const tables = await ctx.db.introspection.getTables();
  let out = '';
  for (const t of tables) {
    const rows = await ctx.db
      .selectFrom(t.name as never)
      .selectAll()
      .execute();
    out += JSON.stringify(rows);
  }
  return out;
}

describe('admin API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.stop());

  const admin = (method: string, path: string, body?: unknown, token: string | null = s.ctx.secrets.adminToken) =>
    fetch(`${s.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('refuses a missing or wrong token with a 401 and creates nothing', async () => {
    const before = (await s.ctx.db.selectFrom('publishers').select('id').execute()).length;
    for (const token of [
      null,
      'wrong-token-wrong-token',
      s.ctx.secrets.adminToken + 'x',
      s.ctx.secrets.adminToken.slice(0, -1),
    ]) {
      const res = await admin('POST', '/admin/publishers', { name: 'Nope' }, token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/admin token/);
      expect((await admin('GET', '/admin/advertisers', undefined, token)).status).toBe(401);
    }
    const x = await fetch(`${s.url}/admin/publishers`, { headers: { 'x-api-key': 'nope' } });
    expect(x.status).toBe(401);
    expect((await s.ctx.db.selectFrom('publishers').select('id').execute()).length).toBe(before);
  });

  it('an account API key is not an admin token', async () => {
    const res = await admin('POST', '/admin/publishers', { name: 'P' });
    const { api_key } = (await res.json()) as { api_key: string };
    expect((await admin('GET', '/admin/publishers', undefined, api_key)).status).toBe(401);
  });

  it('creates a publisher whose key is shown once, works, and is stored only as its hash', async () => {
    const res = await admin('POST', '/admin/publishers', {
      name: 'Chat Co',
      url: 'https://chat.example',
      revenue_share: 0.6,
    });
    expect(res.status).toBe(201);
    const pub = (await res.json()) as { publisher_id: string; api_key: string; key_id: string; revenue_share: number };
    expect(pub.api_key).toMatch(/^orb_pub_[0-9A-Za-z]{32}$/);
    expect(pub.revenue_share).toBe(0.6);
    // The key authenticates (no placements yet, so no fill rather than 401).
    expect((await requestAd(s.url, pub.api_key)).status).toBe(204);
    // Never shown again.
    const list = await (await admin('GET', '/admin/publishers')).text();
    expect(list).toContain(pub.publisher_id);
    expect(list).not.toContain(pub.api_key);
    // Only the hash is stored, anywhere.
    const dump = await dumpAllTables(s.ctx);
    expect(dump).not.toContain(pub.api_key);
    expect(dump).not.toContain(pub.api_key.slice(8));
    expect(dump).toContain(sha256Hex(pub.api_key));
  });

  it('creates an advertiser (email never stored in plaintext), adds credits and keys, revokes keys', async () => {
    const res = await admin('POST', '/admin/advertisers', {
      name: 'Shoes Inc',
      email: 'Owner@Shoes.example',
      has_payment_method: true,
    });
    expect(res.status).toBe(201);
    const adv = (await res.json()) as { advertiser_id: string; api_key: string; has_payment_method: boolean };
    expect(adv.api_key).toMatch(/^orb_adv_/);
    expect(adv.has_payment_method).toBe(true);

    const c1 = await admin('POST', '/admin/credits', { advertiser_id: adv.advertiser_id, amount: 100.25 });
    expect(c1.status).toBe(200);
    expect(await c1.json()).toMatchObject({
      advertiser_id: adv.advertiser_id,
      credits_dollars: 100.25,
      credited: true,
    });
    await admin('POST', '/admin/credits', { advertiser_id: adv.advertiser_id, amount: -0.25, note: 'correction' });
    expect(await (await admin('GET', `/admin/advertisers/${adv.advertiser_id}/credits`)).json()).toEqual({
      advertiser_id: adv.advertiser_id,
      credits_dollars: 100,
    });

    const k = await admin('POST', '/admin/keys', { account_id: adv.advertiser_id, label: 'ci' });
    expect(k.status).toBe(201);
    const key = (await k.json()) as { key_id: string; api_key: string; kind: string };
    expect(key.kind).toBe('adv');

    const dump = await dumpAllTables(s.ctx);
    for (const secret of [adv.api_key, key.api_key, 'owner@shoes.example', 'Owner@Shoes.example'])
      expect(dump).not.toContain(secret);

    expect((await admin('DELETE', `/admin/keys/${key.key_id}`)).status).toBe(204);
    const row = await s.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.key_id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('a revoked publisher key stops working at once', async () => {
    const pub = (await (await admin('POST', '/admin/publishers', { name: 'Revokee' })).json()) as {
      api_key: string;
      key_id: string;
    };
    expect((await requestAd(s.url, pub.api_key)).status).toBe(204);
    expect((await admin('DELETE', `/admin/keys/${pub.key_id}`)).status).toBe(204);
    const res = await requestAd(s.url, pub.api_key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/revoked/);
  });

  it('meets bad input with 4xx naming the problem', async () => {
    const cases: [string, string, unknown, number, RegExp][] = [
      ['POST', '/admin/publishers', {}, 422, /name/],
      ['POST', '/admin/publishers', { name: '   ' }, 422, /name/],
      ['POST', '/admin/publishers', { name: 'X', revenue_share: 1.5 }, 422, /revenue_share/],
      ['POST', '/admin/advertisers', { name: 'X', email: 'not-an-email' }, 422, /email/],
      ['POST', '/admin/advertisers', { name: 7 }, 422, /name/],
      ['POST', '/admin/keys', { account_id: 'no-such-account' }, 404, /account not found/],
      ['POST', '/admin/credits', { advertiser_id: 'nope', amount: 10 }, 404, /advertiser not found/],
      ['POST', '/admin/credits', { amount: 10 }, 422, /advertiser_id/],
      ['POST', '/admin/credits', { advertiser_id: 'x', amount: 'ten' }, 422, /amount/],
      ['DELETE', '/admin/keys/no-such-key', undefined, 404, /key not found/],
      ['GET', '/admin/advertisers/nope/credits', undefined, 404, /advertiser not found/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await admin(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const adv = (await (await admin('POST', '/admin/advertisers', { name: 'Zero' })).json()) as {
      advertiser_id: string;
    };
    const zero = await admin('POST', '/admin/credits', { advertiser_id: adv.advertiser_id, amount: 0 });
    expect(zero.status).toBe(422);
    expect(((await zero.json()) as { details: { field: string }[] }).details[0].field).toBe('amount');
  });
});
