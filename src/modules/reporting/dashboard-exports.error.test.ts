import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { getJson, postJson } from '../../../test/fixtures/reporting.js';

/** Bad input to the issue-28 additions: a 4xx naming the parameter; other tenants' things are 404. */
describe('dashboard reads and exports: bad input and other tenants', () => {
  let s: TestServer;
  let w: World;
  let other: World;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
    other = await seedWorld(s.ctx, {
      name: 'Theirs',
      landing_page: 'https://theirs.example.com',
      daily_budget: 5,
      groups: [],
    });
  });
  afterAll(() => s.stop());

  it('refuses unknown formats and bad date ranges with 400 naming the parameter', async () => {
    for (const [key, path, field] of [
      [w.publisherKey, '/publisher-dashboard/stats?format=xml', 'format'],
      [w.publisherKey, '/publisher-dashboard/placements?tz=UTC', 'tz'],
      [w.publisherKey, '/publisher-dashboard/unknown-placements?days=3', 'days'],
      [w.advertiserKey, '/advertiser-dashboard/conversions?start_date=2026-01-02', 'end_date'],
      [w.advertiserKey, '/advertiser-dashboard/conversions?start_date=2026-01-02&end_date=2026-01-01', 'end_date'],
      [w.advertiserKey, '/advertiser-dashboard/conversions?days=1&tz=Mars/Olympus', 'tz'],
      [w.advertiserKey, '/advertiser-dashboard/conversions?format=pdf', 'format'],
      [
        w.advertiserKey,
        `/advertiser-dashboard/conversions?cursor=${Buffer.from('c2:1:nope').toString('base64url')}`,
        'cursor',
      ],
      [w.publisherKey, '/publisher-dashboard/feedback?start_date=2026-13-01&end_date=2026-13-02', 'start_date'],
    ] as const) {
      const r = await getJson(s.url, key, path);
      expect(r.status, path).toBe(400);
      expect(JSON.stringify(r.body), path).toContain(field);
    }
  });

  it('keeps archived ads, pixels and conversions of other accounts out of reach', async () => {
    const groups = await getJson(s.url, w.advertiserKey, `/advertiser-dashboard/ad-groups?campaign_id=${w.campaignId}`);
    const groupId = groups.body[0].id;
    expect(
      (await getJson(s.url, other.advertiserKey, `/advertiser-dashboard/ad-groups/${groupId}/ads?status=archived`))
        .status,
    ).toBe(404);
    expect(
      (await getJson(s.url, w.advertiserKey, `/advertiser-dashboard/ad-groups/${groupId}/ads?status=gone`)).status,
    ).toBe(400);
    const pixel = await postJson(s.url, w.advertiserKey, '/advertiser-dashboard/pixels', {
      url: 'https://mine.example.com',
    });
    const verify = await fetch(`${s.url}/advertiser-dashboard/pixels/${pixel.body.pixel_id}/verify`, {
      method: 'POST',
      headers: { 'x-api-key': other.advertiserKey },
    });
    expect(verify.status).toBe(404);
    expect(
      (
        await getJson(
          s.url,
          other.advertiserKey,
          `/advertiser-dashboard/conversions?campaign_id=${w.campaignId}&format=csv`,
        )
      ).status,
    ).toBe(404);
    expect((await getJson(s.url, w.publisherKey, '/advertiser-dashboard/conversions?format=csv')).status).toBe(401);
    expect((await getJson(s.url, w.advertiserKey, '/publisher-dashboard/unknown-placements')).status).toBe(401);
    const stranger = await accounts.createPublisher(s.ctx, { name: 'Stranger' });
    expect(
      (await getJson(s.url, stranger.apiKey, '/publisher-dashboard/unknown-placements')).body.unknown_placements,
    ).toEqual([]);
  });

  it('keeps an archived ad read-only until it is restored', async () => {
    const groups = await getJson(s.url, w.advertiserKey, `/advertiser-dashboard/ad-groups?campaign_id=${w.campaignId}`);
    const adId = groups.body[0].ads[0].id;
    await fetch(`${s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'DELETE',
      headers: { 'x-api-key': w.advertiserKey },
    });
    const edit = await fetch(`${s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'PATCH',
      headers: { 'x-api-key': w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ headline: 'Sneaky edit' }),
    });
    expect(edit.status).toBe(409);
    expect(((await edit.json()) as { message: string }).message).toContain('restore it first');
  });
});
