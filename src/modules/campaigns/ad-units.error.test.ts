import { beforeAll, describe, expect, it } from 'vitest';
import { campaignBody, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';
import { SERVER_MANAGED } from './ad-units-schemas.js';

describe('legacy ad units: bad input', () => {
  const w = useAdvertiserApi();
  let campaignId: string;
  beforeAll(async () => {
    campaignId = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body.campaign_id;
  });

  it('server-managed fields and ad_text_mode are rejected by name', async () => {
    for (const k of SERVER_MANAGED) {
      const res = await w.api('POST', '/advertiser-dashboard/ad-units', { name: 'U', [k]: 'x' });
      expect(res.status, k).toBe(422);
      expect(res.body.details.map((d: any) => d.field)).toContain(k);
    }
    const bad = await w.api('POST', '/advertiser-dashboard/ad-units', {
      name: 'U',
      headline: 'h'.repeat(81),
      favicon_url: 'nope',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['favicon_url', 'headline']);
    expect((await w.api('POST', '/advertiser-dashboard/ad-units', {})).status).toBe(422);
    expect((await w.api('GET', '/advertiser-dashboard/ad-units')).body).toEqual([]);
  });

  it('generation needs a landing page and a count of 1 to 5', async () => {
    for (const body of [
      {},
      { landing_page: 'nope' },
      { landing_page: 'https://x.example.com', count: 0 },
      { landing_page: 'https://x.example.com', count: 6 },
    ]) {
      const res = await w.api('POST', `/advertiser-dashboard/campaigns/${campaignId}/ad-units/generate`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (
        await w.api('POST', '/advertiser-dashboard/campaigns/nope/ad-units/generate', {
          landing_page: 'https://x.example.com',
        })
      ).status,
    ).toBe(404);
  });

  it('linking checks every unit and changes nothing when one fails', async () => {
    const draft = (await w.api('POST', '/advertiser-dashboard/ad-units', { name: 'Incomplete', ad_text: 'text' })).body
      .ad_unit_id;
    const ok = (
      await w.api('POST', '/advertiser-dashboard/ad-units', {
        name: 'OK',
        ad_text: 't',
        cta: 'c',
        landing_page: 'https://ok.example.com',
        context: 'ok',
      })
    ).body.ad_unit_id;
    let res = await w.api('POST', `/advertiser-dashboard/campaigns/${campaignId}/ad-units`, {
      ad_unit_ids: [ok, draft],
    });
    expect(res.status).toBe(422);
    expect(res.body.details[0].field).toBe('ad_unit_ids.1');
    expect(res.body.message).toMatch(/cta, landing_page, context/);
    res = await w.api('POST', `/advertiser-dashboard/campaigns/${campaignId}/ad-units`, {
      ad_unit_ids: [ok, 'missing'],
    });
    expect(res.status).toBe(404);
    await w.api('PATCH', `/advertiser-dashboard/ad-units/${ok}/archive`);
    res = await w.api('PUT', `/advertiser-dashboard/campaigns/${campaignId}/ad-units`, { ad_unit_ids: [ok] });
    expect(res.status).toBe(422);
    expect((await w.api('GET', `/advertiser-dashboard/campaigns/${campaignId}`)).body.ad_unit_ids).toEqual([]);
    expect(
      (await w.api('POST', `/advertiser-dashboard/campaigns/${campaignId}/ad-units`, { ad_unit_ids: [] })).status,
    ).toBe(422);
    expect(
      (await w.api('POST', `/advertiser-dashboard/campaigns/${campaignId}/ad-units`, { ad_unit_ids: 'abc' })).status,
    ).toBe(422);
    expect((await w.api('PATCH', '/advertiser-dashboard/ad-units/missing/archive')).status).toBe(404);
  });
});
