import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers.js';
import { campaignBody, startAdvServerWithClient, type Api } from '../../../test/fixtures/advertiser-api.js';

/** Minimum budgets and bids (issue 27): a clear 422 naming the field; 0 still means "unset" for bids. */
describe('minimum daily budget and bids', () => {
  let s: TestServer;
  let api: Api;
  beforeAll(async () => {
    ({ s, api } = await startAdvServerWithClient());
  });
  afterAll(() => s.stop());

  it.each([
    ['a $0.001 daily budget', { daily_budget: 0.001 }, 'daily_budget', /at least 1\.00 per day/],
    ['a $0.50 daily budget', { daily_budget: 0.5 }, 'daily_budget', /at least 1\.00/],
    ['a $0.001 CPC bid', { max_cpc: 0.001 }, 'max_cpc', /at least 0\.01/],
    ['a CPM bid below the reserve price', { max_cpm: 0.5 }, 'max_cpm', /at least 1\.00/],
    ['a $0.001 CPA bid', { max_cpa: 0.001 }, 'max_cpa', /at least 0\.01/],
  ])('%s is refused on create', async (_n, extra, field, message) => {
    const res = await api('POST', '/advertiser-dashboard/campaigns', campaignBody(extra));
    expect(res.status).toBe(422);
    expect(res.body.details[0]).toMatchObject({ field, message: expect.stringMatching(message) });
  });

  it('ad group budgets and bids are checked too, nested ones named by their path', async () => {
    const nested = await api(
      'POST',
      '/advertiser-dashboard/campaigns',
      campaignBody({ ad_groups: [{ name: 'G', group_type: 'manual', daily_budget: 0.2, ads: [{ headline: 'H' }] }] }),
    );
    expect(nested.status).toBe(422);
    expect(nested.body.details[0].field).toBe('ad_groups.0.daily_budget');
    const c = (await api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    const g = (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0];
    expect((await api('PATCH', `/advertiser-dashboard/ad-groups/${g.id}`, { max_cpc: 0.005 })).status).toBe(422);
    expect(
      (await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { daily_budget: 0.99 })).status,
    ).toBe(422);
    const add = await api('POST', '/advertiser-dashboard/ad-groups', {
      campaign_id: c.campaign_id,
      name: 'Cheap',
      daily_budget: 0.5,
    });
    expect(add.status).toBe(422);
    expect(add.body.details[0].field).toBe('daily_budget');
  });

  it('the minimums themselves, and 0 for an unset bid, are accepted', async () => {
    const ok = await api('POST', '/advertiser-dashboard/campaigns', campaignBody({ daily_budget: 1, max_cpc: 0.01 }));
    expect(ok.status).toBe(201);
    expect((await api('PATCH', `/advertiser-dashboard/campaigns/${ok.body.campaign_id}`, { max_cpc: 0 })).status).toBe(
      200,
    );
    expect(
      (await api('POST', '/advertiser-dashboard/campaigns', campaignBody({ max_cpm: 1, max_cpc: 0 }))).status,
    ).toBe(201);
  });
});
