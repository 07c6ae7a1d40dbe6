import { beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { seedWorld, type World } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson, postJson } from '../../../test/fixtures/reporting.js';

/** Bad input to the issue-28 additions: a 4xx naming the parameter; other tenants' things are 404. */
describe('dashboard reads and exports: bad input and other tenants', () => {
  const env = useSeededServer();
  let other: World;
  beforeAll(async () => {
    other = await seedWorld(env.s.ctx, {
      name: 'Theirs',
      landing_page: 'https://theirs.example.com',
      daily_budget: 5,
      groups: [],
    });
  });

  it('refuses unknown formats and bad date ranges with 400 naming the parameter', async () => {
    for (const [key, path, field] of [
      [env.w.publisherKey, '/publisher-dashboard/stats?format=xml', 'format'],
      [env.w.publisherKey, '/publisher-dashboard/placements?tz=UTC', 'tz'],
      [env.w.publisherKey, '/publisher-dashboard/unknown-placements?days=3', 'days'],
      [env.w.advertiserKey, '/advertiser-dashboard/conversions?start_date=2026-01-02', 'end_date'],
      [env.w.advertiserKey, '/advertiser-dashboard/conversions?start_date=2026-01-02&end_date=2026-01-01', 'end_date'],
      [env.w.advertiserKey, '/advertiser-dashboard/conversions?days=1&tz=Mars/Olympus', 'tz'],
      [env.w.advertiserKey, '/advertiser-dashboard/conversions?format=pdf', 'format'],
      [
        env.w.advertiserKey,
        `/advertiser-dashboard/conversions?cursor=${Buffer.from('c2:1:nope').toString('base64url')}`,
        'cursor',
      ],
      [env.w.publisherKey, '/publisher-dashboard/feedback?start_date=2026-13-01&end_date=2026-13-02', 'start_date'],
    ] as const) {
      const r = await getJson(env.s.url, key, path);
      expect(r.status, path).toBe(400);
      expect(JSON.stringify(r.body), path).toContain(field);
    }
  });

  it('keeps archived ads, pixels and conversions of other accounts out of reach', async () => {
    const groups = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/ad-groups?campaign_id=${env.w.campaignId}`,
    );
    const groupId = groups.body[0].id;
    expect(
      (await getJson(env.s.url, other.advertiserKey, `/advertiser-dashboard/ad-groups/${groupId}/ads?status=archived`))
        .status,
    ).toBe(404);
    expect(
      (await getJson(env.s.url, env.w.advertiserKey, `/advertiser-dashboard/ad-groups/${groupId}/ads?status=gone`))
        .status,
    ).toBe(400);
    const pixel = await postJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/pixels', {
      url: 'https://mine.example.com',
    });
    const verify = await fetch(`${env.s.url}/advertiser-dashboard/pixels/${pixel.body.pixel_id}/verify`, {
      method: 'POST',
      headers: { 'x-api-key': other.advertiserKey },
    });
    expect(verify.status).toBe(404);
    expect(
      (
        await getJson(
          env.s.url,
          other.advertiserKey,
          `/advertiser-dashboard/conversions?campaign_id=${env.w.campaignId}&format=csv`,
        )
      ).status,
    ).toBe(404);
    expect((await getJson(env.s.url, env.w.publisherKey, '/advertiser-dashboard/conversions?format=csv')).status).toBe(
      401,
    );
    expect((await getJson(env.s.url, env.w.advertiserKey, '/publisher-dashboard/unknown-placements')).status).toBe(401);
    const stranger = await accounts.createPublisher(env.s.ctx, { name: 'Stranger' });
    expect(
      (await getJson(env.s.url, stranger.apiKey, '/publisher-dashboard/unknown-placements')).body.unknown_placements,
    ).toEqual([]);
  });

  it('keeps an archived ad read-only until it is restored', async () => {
    const groups = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/ad-groups?campaign_id=${env.w.campaignId}`,
    );
    const adId = groups.body[0].ads[0].id;
    await fetch(`${env.s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'DELETE',
      headers: { 'x-api-key': env.w.advertiserKey },
    });
    const edit = await fetch(`${env.s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'PATCH',
      headers: { 'x-api-key': env.w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ headline: 'Sneaky edit' }),
    });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { message: string }).message).toContain('restore it first');
  });
});
