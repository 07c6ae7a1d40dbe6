import { beforeAll, describe, expect, it } from 'vitest';
import { campaignBody, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';

describe('ad groups and ads: bad input', () => {
  const w = useAdvertiserApi();
  let campaignId: string;
  let manualId: string;
  let generativeId: string;
  beforeAll(async () => {
    const c = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    campaignId = c.campaign_id;
    manualId = c.ad_groups[0].id;
    generativeId = (
      await w.api('POST', '/advertiser-dashboard/ad-groups', { campaign_id: campaignId, name: 'Gen', context: 'x' })
    ).body.id;
  });

  const field = (res: { body: any }) => res.body.details?.map((d: { field: string }) => d.field);

  it('create: authored ads to a generative group, missing fields and bad types are 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ campaign_id: campaignId, name: 'G', ads: [{ copy: 'x' }] }, 'ads'],
      [{ campaign_id: campaignId }, 'name'],
      [{ name: 'No campaign' }, 'campaign_id'],
      [{ campaign_id: campaignId, name: 'G', status: 'archived' }, 'status'],
      [{ campaign_id: campaignId, name: 'G', daily_budget: -3 }, 'daily_budget'],
      [{ campaign_id: campaignId, name: 'G', auto_optimize_budget: 'yes' }, 'auto_optimize_budget'],
      [{ campaign_id: campaignId, name: 'G', landing_page: 'not a url' }, 'landing_page'],
      [{ campaign_id: campaignId, name: 'G', group_type: 'manual', ads: [{ cta: 'only a cta' }] }, 'ads.0.copy'],
      [{ campaign_id: campaignId, name: 'G', sort_order: 1.5 }, 'sort_order'],
      [{ campaign_id: campaignId, name: 'G', brand_name: '' }, 'brand_name'],
    ];
    const before = (await w.s.ctx.db.selectFrom('ad_groups').select('id').execute()).length;
    for (const [body, f] of cases) {
      const res = await w.api('POST', '/advertiser-dashboard/ad-groups', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(field(res)).toContain(f);
    }
    expect((await w.s.ctx.db.selectFrom('ad_groups').select('id').execute()).length).toBe(before);
  });

  it('create: unknown campaign is 404, duplicate name in the campaign is 409, archived campaign is 409', async () => {
    expect((await w.api('POST', '/advertiser-dashboard/ad-groups', { campaign_id: 'nope', name: 'X' })).status).toBe(
      404,
    );
    expect(
      (await w.api('POST', '/advertiser-dashboard/ad-groups', { campaign_id: campaignId, name: 'trail' })).status,
    ).toBe(409);
    const c2 = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    await w.api('PATCH', `/advertiser-dashboard/campaigns/${c2.campaign_id}/archive`);
    expect(
      (await w.api('POST', '/advertiser-dashboard/ad-groups', { campaign_id: c2.campaign_id, name: 'Late' })).status,
    ).toBe(409);
  });

  it('patch: bad values, duplicate names and moving campaigns are refused; the group is unchanged', async () => {
    const before = (await w.api('GET', `/advertiser-dashboard/ad-groups/${manualId}`)).body;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ group_type: 'generative' }, 422, 'group_type'],
      [{ status: 'deleted' }, 422, 'status'],
      [{ campaign_id: 'other' }, 422, 'body'],
      [{ ads: [] }, 422, 'body'],
      [{ max_cpc: -0.1 }, 422, 'max_cpc'],
      [{ min_daily_budget: 50, max_daily_budget: 10 }, 422, 'max_daily_budget'],
      [{ name: 'Gen' }, 409],
    ];
    for (const [body, status, f] of cases) {
      const res = await w.api('PATCH', `/advertiser-dashboard/ad-groups/${manualId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (f) expect(field(res)).toContain(f);
    }
    await w.api('PATCH', `/advertiser-dashboard/ad-groups/${manualId}`, { max_daily_budget: 5 });
    const bounds = await w.api('PATCH', `/advertiser-dashboard/ad-groups/${manualId}`, { min_daily_budget: 6 });
    expect(bounds.status).toBe(422);
    await w.api('PATCH', `/advertiser-dashboard/ad-groups/${manualId}`, { max_daily_budget: null });
    const after = (await w.api('GET', `/advertiser-dashboard/ad-groups/${manualId}`)).body;
    expect({ ...after, updated_at: before.updated_at }).toEqual(before);
  });

  it('ads: limits name the field; generative groups refuse authored ads; archived ads cannot be edited', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ headline: 'h'.repeat(81), copy: 'c' }, 'headline'],
      [{ copy: 'c'.repeat(501) }, 'copy'],
      [{ copy: 'c', cta: 'a'.repeat(81) }, 'cta'],
      [{ headline: '', copy: '' }, 'copy'],
      [{ copy: 'c', status: 'archived' }, 'status'],
      [{ copy: 'c', landing_page: 'ftp://x' }, 'landing_page'],
      [{ copy: 42 }, 'copy'],
    ];
    for (const [body, f] of cases) {
      const res = await w.api('POST', `/advertiser-dashboard/ad-groups/${manualId}/ads`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(field(res)).toContain(f);
    }
    const gen = await w.api('POST', `/advertiser-dashboard/ad-groups/${generativeId}/ads`, { copy: 'mine' });
    expect(gen.status).toBe(422);
    expect(field(gen)).toContain('ad_group_id');
    const ad = (await w.api('POST', `/advertiser-dashboard/ad-groups/${manualId}/ads`, { copy: 'fine' })).body;
    const tooLong = await w.api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { headline: 'h'.repeat(81) });
    expect(tooLong.status).toBe(422);
    expect(field(tooLong)).toContain('headline');
    const empty = await w.api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { copy: null });
    expect(empty.status).toBe(422);
    await w.api('DELETE', `/advertiser-dashboard/ads/${ad.id}`);
    expect((await w.api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { copy: 'again' })).status).toBe(409);
    expect((await w.api('PATCH', '/advertiser-dashboard/ads/missing', { copy: 'x' })).status).toBe(404);
    expect((await w.api('DELETE', '/advertiser-dashboard/ad-groups/missing')).status).toBe(404);
  });

  it('list: unknown campaign is 404, bad include_archived is 400', async () => {
    expect((await w.api('GET', '/advertiser-dashboard/ad-groups?campaign_id=nope')).status).toBe(404);
    const res = await w.api('GET', '/advertiser-dashboard/ad-groups?include_archived=maybe');
    expect(res.status).toBe(400);
    expect(field(res)).toContain('querystring.include_archived');
  });
});
