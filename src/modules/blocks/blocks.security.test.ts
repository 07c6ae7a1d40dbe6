import { describe, expect, it } from 'vitest';
import { useTwoTenants } from '../../../test/fixtures/seeded-server.js';

/** Blocks belong to one publisher: no key, a wrong key or an advertiser key get 401; another publisher sees nothing. */
describe('publisher blocks: keys and tenancy', () => {
  const env = useTwoTenants({ name: 'Other', landing_page: 'https://b.example.com', daily_budget: 10, groups: [] });

  it('needs a publisher key', async () => {
    for (const key of [undefined, 'orb_pub_wrong', env.a.advertiserKey]) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(key ? { 'x-api-key': key } : {}),
      };
      expect((await fetch(`${env.s.url}/publisher-dashboard/blocks`, { headers })).status).toBe(401);
      const post = await fetch(`${env.s.url}/publisher-dashboard/blocks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'category', value: 'gambling' }),
      });
      expect(post.status).toBe(401);
      expect(
        (
          await fetch(`${env.s.url}/publisher-dashboard/blocks/category/gambling`, {
            method: 'DELETE',
            headers: key ? { 'x-api-key': key } : {},
          })
        ).status,
      ).toBe(401);
    }
    expect(await env.s.ctx.db.selectFrom('publisher_blocks').selectAll().execute()).toEqual([]);
  });

  it("keeps one publisher's blocks from another", async () => {
    const headers = (k: string) => ({ 'x-api-key': k, 'content-type': 'application/json' });
    expect(
      (
        await fetch(`${env.s.url}/publisher-dashboard/blocks`, {
          method: 'POST',
          headers: headers(env.a.publisherKey),
          body: JSON.stringify({ kind: 'advertiser', value: env.a.advertiserId }),
        })
      ).status,
    ).toBe(201);
    expect(
      await (await fetch(`${env.s.url}/publisher-dashboard/blocks`, { headers: headers(env.b.publisherKey) })).json(),
    ).toEqual({ advertisers: [], categories: [] });
    // B lifting "its" block of the same advertiser leaves A's in place.
    expect(
      (
        await fetch(`${env.s.url}/publisher-dashboard/blocks/advertiser/${env.a.advertiserId}`, {
          method: 'DELETE',
          headers: { 'x-api-key': env.b.publisherKey },
        })
      ).status,
    ).toBe(204);
    const list = (await (
      await fetch(`${env.s.url}/publisher-dashboard/blocks`, { headers: headers(env.a.publisherKey) })
    ).json()) as { advertisers: unknown[] };
    expect(list.advertisers).toHaveLength(1);
  });
});
