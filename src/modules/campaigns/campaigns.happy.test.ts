import { describe, expect, it } from 'vitest';
import { admin, campaignBody, client, newAdvertiser, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';

describe('campaigns: create, read, list, edit, archive', () => {
  const w = useAdvertiserApi();

  it('creates a draft campaign with its ad groups, dollars and timestamps at the edge', async () => {
    const res = await w.api(
      'POST',
      '/advertiser-dashboard/campaigns',
      campaignBody({
        name: 'Spring shoes',
        daily_budget: 25.5,
        max_cpc: 0.75,
        start_time: '2026-03-01T08:00:00',
        end_time: '2026-04-01T00:00:00Z',
        utm_params: [
          { key: 'utm_source', value: 'orbit' },
          { key: 'utm_campaign', value: 'spring' },
        ],
        allowed_countries: ['us', 'DE'],
        allowed_devices: ['mobile'],
        campaign_objective: 'conversions',
      }),
    );
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      user_id: w.adv.id,
      name: 'Spring shoes',
      status: 'draft',
      is_active: false,
      is_archived: false,
      daily_budget: 25.5,
      daily_budget_remaining: 25.5,
      max_cpc: 0.75,
      billing_model: 'cpc',
      bid_strategy: 'manual_cpc',
      start_time: '2026-03-01T08:00:00.000',
      end_time: '2026-04-01T00:00:00.000',
      utm_params: { utm_source: 'orbit', utm_campaign: 'spring' },
      allowed_countries: ['US', 'DE'],
      allowed_devices: ['mobile'],
      review_status: 'not_submitted',
      deployment_status: 'not_deployed',
      submitted_for_review_at: null,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      spend: 0,
      conversion_value: 0,
    });
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    expect(c.ad_groups).toHaveLength(1);
    expect(c.ad_groups[0]).toMatchObject({
      name: 'Trail',
      group_type: 'manual',
      brand_name: 'shop.example.com',
      ads_total: 1,
    });
    expect(c.ad_groups[0].ads[0]).toMatchObject({
      headline: 'Trail shoes that grip',
      source: 'manual',
      review_status: 'pending',
    });

    const got = await w.api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`);
    expect(got.status).toBe(200);
    const { ad_groups: _g, ...withoutGroups } = c;
    expect(got.body).toEqual(withoutGroups);
  });

  it('lists campaigns with a status filter', async () => {
    const other = await newAdvertiser(w.s);
    const oapi = client(w.s, other.key);
    const a = (await oapi('POST', '/advertiser-dashboard/campaigns', campaignBody({ name: 'A' }))).body;
    const b = (await oapi('POST', '/advertiser-dashboard/campaigns', campaignBody({ name: 'B', status: 'paused' })))
      .body;
    const all = await oapi('GET', '/advertiser-dashboard/campaigns');
    expect(all.status).toBe(200);
    expect(all.body.map((c: any) => c.campaign_id).sort()).toEqual([a.campaign_id, b.campaign_id].sort());
    const paused = await oapi('GET', '/advertiser-dashboard/campaigns?status=paused');
    expect(paused.body.map((c: any) => c.campaign_id)).toEqual([b.campaign_id]);
    const active = await oapi('GET', '/advertiser-dashboard/campaigns?status=active');
    expect(active.body).toEqual([]);
  });

  it('patches fields, clears max_cpc and re-syncs live ad groups', async () => {
    const c = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody({ max_cpc: 1 }))).body;
    const groupId = c.ad_groups[0].id;
    let res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, {
      max_cpc: 2.5,
      daily_budget: 80,
      utm_params: [{ key: 'ref', value: 'x' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      max_cpc: 2.5,
      daily_budget: 80,
      daily_budget_remaining: 80,
      utm_params: { ref: 'x' },
    });
    expect((await w.api('GET', `/advertiser-dashboard/ad-groups/${groupId}`)).body.max_cpc).toBe(2.5);
    res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { max_cpc: 0 });
    // The billing model is fixed when the campaign is created (issue 25: one billing model per campaign).
    expect(res.body).toMatchObject({ max_cpc: null, billing_model: 'cpc' });
    expect((await w.api('GET', `/advertiser-dashboard/ad-groups/${groupId}`)).body.max_cpc).toBeNull();
    res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { max_cpc: 1.25 });
    res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, {
      max_cpc: null,
      utm_params: null,
      end_time: null,
    });
    expect(res.body).toMatchObject({ max_cpc: null, utm_params: null, end_time: null });
  });

  it('archives (pausing and deactivating) and unarchives', async () => {
    const c = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody({ status: 'active' }))).body;
    expect(c).toMatchObject({ status: 'active', is_active: true });
    let res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}/archive`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ campaign_id: c.campaign_id, is_archived: true });
    const got = (await w.api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body;
    expect(got).toMatchObject({ is_archived: true, is_active: false, status: 'paused' });
    res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}/archive`);
    expect(res.body).toEqual({ campaign_id: c.campaign_id, is_archived: false });
    expect((await w.api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body).toMatchObject({
      is_archived: false,
      status: 'paused',
    });
  });

  it('documents every route in the OpenAPI', async () => {
    const doc = (await (await fetch(`${w.s.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const p of [
      '/advertiser-dashboard/campaigns',
      '/advertiser-dashboard/campaigns/{campaign_id}',
      '/advertiser-dashboard/campaigns/{campaign_id}/archive',
      '/advertiser-dashboard/ad-groups',
      '/advertiser-dashboard/ad-groups/{ad_group_id}',
      '/advertiser-dashboard/ad-groups/{ad_group_id}/ads',
      '/advertiser-dashboard/ads/{ad_id}',
      '/advertiser-dashboard/ad-units',
      '/advertiser-dashboard/campaigns/{campaign_id}/ad-units',
      '/advertiser-dashboard/campaigns/{campaign_id}/ad-units/generate',
      '/advertiser-dashboard/ad-units/{ad_unit_id}/archive',
      '/advertiser-dashboard/pixels',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
      for (const op of Object.values(doc.paths[p])) expect(op.tags).toContain('advertiser');
    }
    expect(doc.paths['/admin/campaigns/{campaign_id}/review']).toBeDefined();
  });

  it('admin review endpoint exists behind the admin token', async () => {
    const res = await admin(w.s)('GET', '/admin/reviews', undefined, 'wrong-token-wrong-token');
    expect(res.status).toBe(401);
  });
});
