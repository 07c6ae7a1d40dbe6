import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { RUNNING_CAMPAIGN } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson } from '../../../test/fixtures/reporting.js';

describe('publisher reporting: bad input is a clear 400, never a 500', () => {
  const env = useSeededServer({}, RUNNING_CAMPAIGN, { clock: new ManualClock(Date.UTC(2026, 5, 10, 12)) });

  const cases: [string, string][] = [
    ['/publisher-dashboard/stats?tz=Mars/Olympus', 'tz'],
    ['/publisher-dashboard/stats?tz=%2B05%3A30', 'tz'],
    ['/publisher-dashboard/stats?days=0', 'days'],
    ['/publisher-dashboard/stats?days=3651', 'days'],
    ['/publisher-dashboard/stats?days=abc', 'days'],
    ['/publisher-dashboard/stats?days=1.5', 'days'],
    ['/publisher-dashboard/stats?start_date=2026-02-30&end_date=2026-03-02', 'start_date'],
    ['/publisher-dashboard/stats?start_date=2026-13-01&end_date=2026-12-02', 'start_date'],
    ['/publisher-dashboard/stats?start_date=20260101&end_date=2026-01-02', 'start_date'],
    ['/publisher-dashboard/stats?start_date=2026-03-05&end_date=2026-03-01', 'end_date'],
    ['/publisher-dashboard/stats?start_date=2026-03-05', 'end_date'],
    ['/publisher-dashboard/stats?start_date=2000-01-01&end_date=2026-01-01', 'end_date'],
    ['/publisher-dashboard/activity?days=31', 'days'],
    ['/publisher-dashboard/activity?start_date=2026-01-01&end_date=2026-03-01', 'end_date'],
    ['/publisher-dashboard/placements?tz=UTC', 'tz'],
    ['/publisher-dashboard/placements?days=366', 'days'],
    ['/publisher-dashboard/devices?tz=Asia/Kolkata', 'tz'],
    ['/publisher-dashboard/geography?tz=UTC', 'tz'],
    ['/publisher-dashboard/countries?limit=0', 'limit'],
    ['/publisher-dashboard/countries?limit=101', 'limit'],
    ['/publisher-dashboard/countries?limit=99999999999999999999', 'limit'],
    ['/publisher-dashboard/countries?days=7', 'days'],
    ['/publisher-dashboard/info?x=1', 'x'],
  ];
  for (const [path, field] of cases) {
    it(`${path} → 400 naming ${field}`, async () => {
      const r = await getJson(env.s.url, env.w.publisherKey, path);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(field);
    });
  }

  it('accepts the limits themselves', async () => {
    for (const path of [
      '/publisher-dashboard/stats?days=3650&tz=Asia/Kathmandu',
      '/publisher-dashboard/stats?days=1',
      '/publisher-dashboard/activity?days=30',
      '/publisher-dashboard/placements?days=365',
      '/publisher-dashboard/countries?limit=100',
      '/publisher-dashboard/stats?start_date=2024-02-29&end_date=2024-02-29',
    ]) {
      expect((await getJson(env.s.url, env.w.publisherKey, path)).status, path).toBe(200);
    }
  });
});
