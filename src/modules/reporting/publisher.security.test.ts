import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { getJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

const PUBLISHER_PATHS = ['info', 'stats', 'activity', 'placements', 'devices', 'geography', 'countries'].map(
  (p) => `/publisher-dashboard/${p}`,
);
const ADVERTISER_PATHS = ['info', 'metrics', 'ad-unit-metrics', 'ad-group-metrics', 'billing'].map(
  (p) => `/advertiser-dashboard/${p}`,
);

describe('reporting: keys and tenancy', () => {
  let s: TestServer;
  let a: World;
  let b: World;
  beforeAll(async () => {
    s = await startTestServer();
    a = await seedWorld(s.ctx);
    b = await seedWorld(s.ctx);
    await serveAndTrack(s.url, a.publisherKey, { imp: true, click: true });
  });
  afterAll(() => s.stop());

  it('needs a key of the right kind on every endpoint', async () => {
    for (const path of PUBLISHER_PATHS) {
      expect((await getJson(s.url, undefined, path)).status, path).toBe(401);
      expect((await getJson(s.url, 'orb_pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', path)).status, path).toBe(401);
      const wrong = await getJson(s.url, a.advertiserKey, path);
      expect(wrong.status, path).toBe(401);
      expect(wrong.body.message).toContain('publisher key');
    }
    for (const path of ADVERTISER_PATHS) {
      expect((await getJson(s.url, undefined, path)).status, path).toBe(401);
      expect((await getJson(s.url, a.publisherKey, path)).status, path).toBe(401);
    }
  });

  it('a publisher sees only its own numbers; an advertiser only its own campaigns', async () => {
    const mine = await getJson(s.url, a.publisherKey, '/publisher-dashboard/info');
    const other = await getJson(s.url, b.publisherKey, '/publisher-dashboard/info');
    expect(mine.body.total_impressions).toBe(1);
    expect(other.body).toMatchObject({ publisher_id: b.publisherId, total_impressions: 0, total_clicks: 0 });
    const otherStats = await getJson(s.url, b.publisherKey, '/publisher-dashboard/stats');
    expect(otherStats.body.totalImpressions).toBe(0);

    for (const q of [`campaign_id=${a.campaignId}`]) {
      expect((await getJson(s.url, b.advertiserKey, `/advertiser-dashboard/metrics?${q}`)).status).toBe(404);
      expect((await getJson(s.url, b.advertiserKey, `/advertiser-dashboard/ad-group-metrics?${q}`)).status).toBe(404);
      expect((await getJson(s.url, b.advertiserKey, `/advertiser-dashboard/ad-unit-metrics?${q}`)).status).toBe(404);
    }
    const groups = await getJson(s.url, a.advertiserKey, '/advertiser-dashboard/ad-group-metrics');
    const groupId = groups.body.ad_groups[0].ad_group_id;
    expect(
      (await getJson(s.url, b.advertiserKey, `/advertiser-dashboard/ad-group-metrics?ad_group_id=${groupId}`)).status,
    ).toBe(404);
    const metricsB = await getJson(s.url, b.advertiserKey, '/advertiser-dashboard/metrics');
    expect(metricsB.body.total_impressions).toBe(0);
    const billingB = await getJson(s.url, b.advertiserKey, '/advertiser-dashboard/billing');
    expect(billingB.body.total_spend_dollars).toBe(0);
  });
});
