import { describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson } from '../../../test/fixtures/reporting.js';

describe('advertiser reporting: bad input', () => {
  const env = useSeededServer();

  const bad: [string, number, string][] = [
    ['/advertiser-dashboard/metrics?days=366', 400, 'days'],
    ['/advertiser-dashboard/metrics?tz=Nowhere/City', 400, 'tz'],
    ['/advertiser-dashboard/metrics?start_date=2026-02-30&end_date=2026-03-01', 400, 'start_date'],
    ['/advertiser-dashboard/metrics?start_date=2026-03-02&end_date=2026-03-01', 400, 'end_date'],
    ['/advertiser-dashboard/metrics?start_date=2024-01-01&end_date=2026-01-01', 400, 'end_date'],
    ['/advertiser-dashboard/metrics?campaign_id=00000000-0000-7000-8000-000000000000', 404, 'campaign'],
    ['/advertiser-dashboard/ad-group-metrics?offset=-1', 400, 'offset'],
    ['/advertiser-dashboard/ad-group-metrics?offset=abc', 400, 'offset'],
    ['/advertiser-dashboard/ad-group-metrics?include_archived=maybe', 400, 'include_archived'],
    ['/advertiser-dashboard/ad-group-metrics?ad_group_id=nope', 404, 'ad group'],
    ['/advertiser-dashboard/ad-group-metrics?campaign_id=nope', 404, 'campaign'],
    ['/advertiser-dashboard/ad-group-metrics?limit=5', 400, 'limit'],
    ['/advertiser-dashboard/ad-unit-metrics?ad_unit_id=nope', 404, 'ad unit'],
    ['/advertiser-dashboard/ad-unit-metrics?days=0', 400, 'days'],
    ['/advertiser-dashboard/billing?days=3', 400, 'days'],
  ];
  for (const [path, status, word] of bad) {
    it(`${path} → ${status}`, async () => {
      const r = await getJson(env.s.url, env.w.advertiserKey, path);
      expect(r.status).toBe(status);
      expect(r.body.message).toContain(word);
    });
  }

  it('an empty account reports zeros, not errors', async () => {
    const r = await getJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/ad-unit-metrics');
    expect(r).toEqual({ status: 200, body: { ad_units: [] } });
    const m = await getJson(
      env.s.url,
      env.w.advertiserKey,
      '/advertiser-dashboard/metrics?days=365&tz=Pacific/Chatham',
    );
    expect(m.status).toBe(200);
    expect(m.body.data).toHaveLength(365);
    expect(m.body.total_spend).toBe(0);
  });
});
