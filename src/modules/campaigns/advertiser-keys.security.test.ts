import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/helpers.js';
import {
  admin,
  campaignBody,
  client,
  expectTenantIsolation,
  newAdvertiser,
  startAdvServer,
  type Adv,
  type Api,
} from '../../../test/fixtures/advertiser-api.js';

describe('advertiser management: keys and tenancy on every endpoint', () => {
  let s: TestServer;
  let owner: Adv;
  let api: Api;
  let c: any;
  let manual: any;
  let adId: string;
  let unitId: string;
  beforeAll(async () => {
    s = await startAdvServer();
    owner = await newAdvertiser(s);
    api = client(s, owner.key);
    c = (await api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    manual = c.ad_groups[0];
    adId = manual.ads[0].id;
    unitId = (
      await api('POST', '/advertiser-dashboard/ad-units', {
        name: 'U',
        ad_text: 't',
        cta: 'c',
        landing_page: 'https://u.example.com',
        context: 'u',
      })
    ).body.ad_unit_id;
    await api('POST', '/advertiser-dashboard/pixels', { url: 'https://owner.example.com' });
  });
  afterAll(() => s.stop());

  const campaignCheck = () => ({
    path: `/advertiser-dashboard/campaigns/${c.campaign_id}`,
    expect: (b: any) => expect(b.campaign_id).toBe(c.campaign_id),
  });
  const groupCheck = () => ({
    path: `/advertiser-dashboard/ad-groups/${manual.id}`,
    expect: (b: any) => expect(b.id).toBe(manual.id),
  });

  it('campaign endpoints', async () => {
    await expectTenantIsolation(
      s,
      { method: 'GET', path: `/advertiser-dashboard/campaigns/${c.campaign_id}` },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      {
        method: 'PATCH',
        path: `/advertiser-dashboard/campaigns/${c.campaign_id}`,
        body: { name: 'Stolen', status: 'paused' },
      },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'PATCH', path: `/advertiser-dashboard/campaigns/${c.campaign_id}/archive` },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'POST', path: '/advertiser-dashboard/campaigns', body: campaignBody(), foreign: null },
      { api },
    );
    await expectTenantIsolation(s, { method: 'GET', path: '/advertiser-dashboard/campaigns', foreign: null }, { api });
  });

  it('ad group and ad endpoints', async () => {
    await expectTenantIsolation(
      s,
      {
        method: 'POST',
        path: '/advertiser-dashboard/ad-groups',
        body: { campaign_id: c.campaign_id, name: 'Intruder', group_type: 'manual' },
      },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'GET', path: `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}` },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'GET', path: `/advertiser-dashboard/ad-groups/${manual.id}` },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'PATCH', path: `/advertiser-dashboard/ad-groups/${manual.id}`, body: { name: 'Mine now' } },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'DELETE', path: `/advertiser-dashboard/ad-groups/${manual.id}` },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'POST', path: `/advertiser-dashboard/ad-groups/${manual.id}/ads`, body: { copy: 'spam' } },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'PATCH', path: `/advertiser-dashboard/ads/${adId}`, body: { copy: 'defaced' } },
      { api, check: groupCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'DELETE', path: `/advertiser-dashboard/ads/${adId}` },
      { api, check: groupCheck() },
    );
  });

  it('ad unit endpoints', async () => {
    const unitCheck = {
      path: '/advertiser-dashboard/ad-units',
      expect: (b: any) => expect(b.map((u: any) => u.ad_unit_id)).toEqual([unitId]),
    };
    await expectTenantIsolation(
      s,
      { method: 'PATCH', path: `/advertiser-dashboard/ad-units/${unitId}/archive` },
      { api, check: unitCheck },
    );
    await expectTenantIsolation(
      s,
      {
        method: 'POST',
        path: `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`,
        body: { ad_unit_ids: [unitId] },
      },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      { method: 'PUT', path: `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`, body: { ad_unit_ids: [] } },
      { api, check: campaignCheck() },
    );
    await expectTenantIsolation(
      s,
      {
        method: 'POST',
        path: `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units/generate`,
        body: { landing_page: 'https://x.example.com', count: 1 },
      },
      { api, check: unitCheck },
    );
    await expectTenantIsolation(
      s,
      { method: 'POST', path: '/advertiser-dashboard/ad-units', body: { name: 'X' }, foreign: null },
      { api, check: unitCheck },
    );
    // Linking someone else's unit to one's own campaign is a 404 too.
    const stranger = await newAdvertiser(s);
    const sapi = client(s, stranger.key);
    const own = (await sapi('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    expect(
      (await sapi('POST', `/advertiser-dashboard/campaigns/${own.campaign_id}/ad-units`, { ad_unit_ids: [unitId] }))
        .status,
    ).toBe(404);
    expect(
      (await sapi('PUT', `/advertiser-dashboard/campaigns/${own.campaign_id}/ad-units`, { ad_unit_ids: [unitId] }))
        .status,
    ).toBe(404);
    expect((await sapi('GET', '/advertiser-dashboard/ad-units')).body).toEqual([]);
  });

  it('pixel endpoints and lists show only the caller’s own records', async () => {
    const pixelCheck = { path: '/advertiser-dashboard/pixels', expect: (b: any) => expect(b).toHaveLength(1) };
    await expectTenantIsolation(
      s,
      {
        method: 'POST',
        path: '/advertiser-dashboard/pixels',
        body: { url: 'https://owner.example.com' },
        foreign: null,
      },
      { api, check: pixelCheck },
    );
    await expectTenantIsolation(
      s,
      { method: 'GET', path: '/advertiser-dashboard/pixels', foreign: null },
      { api, check: pixelCheck },
    );
    const stranger = client(s, (await newAdvertiser(s)).key);
    expect((await stranger('GET', '/advertiser-dashboard/pixels')).body).toEqual([]);
    expect((await stranger('GET', '/advertiser-dashboard/campaigns')).body).toEqual([]);
    expect((await stranger('GET', '/advertiser-dashboard/ad-groups')).body).toEqual([]);
    // The same URL in another account is not a conflict (nothing about the owner leaks).
    expect((await stranger('POST', '/advertiser-dashboard/pixels', { url: 'https://owner.example.com' })).status).toBe(
      201,
    );
  });

  it('review is for the operator only', async () => {
    const adv = await newAdvertiser(s);
    const a = client(s, adv.key);
    const mine = (await a('POST', '/advertiser-dashboard/campaigns', campaignBody({ status: 'active' }))).body;
    const asAdvertiser = await fetch(`${s.url}/admin/campaigns/${mine.campaign_id}/review`, {
      method: 'POST',
      headers: { 'x-api-key': adv.key, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(asAdvertiser.status).toBe(401);
    expect(
      (await admin(s)('POST', `/admin/campaigns/${mine.campaign_id}/review`, { decision: 'approve' }, 'x'.repeat(40)))
        .status,
    ).toBe(401);
    expect((await a('GET', `/advertiser-dashboard/campaigns/${mine.campaign_id}`)).body.review_status).toBe(
      'pending_review',
    );
    expect((await admin(s)('POST', '/admin/campaigns/missing/review', { decision: 'approve' })).status).toBe(404);
    expect((await admin(s)('POST', `/admin/campaigns/${mine.campaign_id}/review`, { decision: 'maybe' })).status).toBe(
      422,
    );
  });
});
