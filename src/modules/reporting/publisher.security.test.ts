import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoTenants } from '../../../test/fixtures/seeded-server.js';
import { getJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

const PUBLISHER_PATHS = ['info', 'stats', 'activity', 'placements', 'devices', 'geography', 'countries'].map(
  (p) => `/publisher-dashboard/${p}`,
);
const ADVERTISER_PATHS = ['info', 'metrics', 'ad-unit-metrics', 'ad-group-metrics', 'billing'].map(
  (p) => `/advertiser-dashboard/${p}`,
);

describe('reporting: keys and tenancy', () => {
  const env = useTwoTenants();
  beforeAll(async () => {
    await serveAndTrack(env.s.url, env.a.publisherKey, { imp: true, click: true });
  });

  it('needs a key of the right kind on every endpoint', async () => {
    for (const path of PUBLISHER_PATHS) {
      expect((await getJson(env.s.url, undefined, path)).status, path).toBe(401);
      expect((await getJson(env.s.url, 'orb_pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', path)).status, path).toBe(401);
      const wrong = await getJson(env.s.url, env.a.advertiserKey, path);
      expect(wrong.status, path).toBe(401);
      expect(wrong.body.message).toContain('publisher key');
    }
    for (const path of ADVERTISER_PATHS) {
      expect((await getJson(env.s.url, undefined, path)).status, path).toBe(401);
      expect((await getJson(env.s.url, env.a.publisherKey, path)).status, path).toBe(401);
    }
  });

  it('a publisher sees only its own numbers; an advertiser only its own campaigns', async () => {
    const mine = await getJson(env.s.url, env.a.publisherKey, '/publisher-dashboard/info');
    const other = await getJson(env.s.url, env.b.publisherKey, '/publisher-dashboard/info');
    expect(mine.body.total_impressions).toBe(1);
    expect(other.body).toMatchObject({ publisher_id: env.b.publisherId, total_impressions: 0, total_clicks: 0 });
    const otherStats = await getJson(env.s.url, env.b.publisherKey, '/publisher-dashboard/stats');
    expect(otherStats.body.totalImpressions).toBe(0);

    for (const q of [`campaign_id=${env.a.campaignId}`]) {
      expect((await getJson(env.s.url, env.b.advertiserKey, `/advertiser-dashboard/metrics?${q}`)).status).toBe(404);
      expect(
        (await getJson(env.s.url, env.b.advertiserKey, `/advertiser-dashboard/ad-group-metrics?${q}`)).status,
      ).toBe(404);
      expect((await getJson(env.s.url, env.b.advertiserKey, `/advertiser-dashboard/ad-unit-metrics?${q}`)).status).toBe(
        404,
      );
    }
    const groups = await getJson(env.s.url, env.a.advertiserKey, '/advertiser-dashboard/ad-group-metrics');
    const groupId = groups.body.ad_groups[0].ad_group_id;
    expect(
      (await getJson(env.s.url, env.b.advertiserKey, `/advertiser-dashboard/ad-group-metrics?ad_group_id=${groupId}`))
        .status,
    ).toBe(404);
    const metricsB = await getJson(env.s.url, env.b.advertiserKey, '/advertiser-dashboard/metrics');
    expect(metricsB.body.total_impressions).toBe(0);
    const billingB = await getJson(env.s.url, env.b.advertiserKey, '/advertiser-dashboard/billing');
    expect(billingB.body.total_spend_dollars).toBe(0);
  });
});
