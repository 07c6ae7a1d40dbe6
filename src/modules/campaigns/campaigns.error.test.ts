import { describe, expect, it } from 'vitest';
import { campaignBody, client, newAdvertiser, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';

describe('campaigns: bad input is a clear 4xx and changes nothing', () => {
  const w = useAdvertiserApi();

  const count = async () =>
    (await w.s.ctx.db.selectFrom('campaigns').select('id').where('advertiser_id', '=', w.adv.id).execute()).length;
  const groups = async () =>
    (await w.s.ctx.db.selectFrom('ad_groups').select('id').where('advertiser_id', '=', w.adv.id).execute()).length;

  const bad: [string, Record<string, unknown>, string, number?][] = [
    ['no ad groups or ad units', { ad_groups: [] }, 'ad_groups'],
    ['keywords', { keywords: ['shoes'] }, 'keywords'],
    ['network_type', { network_type: 'external' }, 'network_type'],
    ['network_config', { network_config: {} }, 'network_config'],
    ['budget as a string', { daily_budget: '50' }, 'daily_budget'],
    ['negative budget', { daily_budget: -5 }, 'daily_budget'],
    ['zero budget', { daily_budget: 0 }, 'daily_budget'],
    ['absurd budget', { daily_budget: 1e12 }, 'daily_budget'],
    ['unknown status', { status: 'running' }, 'status'],
    ['unknown objective', { campaign_objective: 'fame' }, 'campaign_objective'],
    ['unknown billing model', { billing_model: 'cpx' }, 'billing_model'],
    ['unparseable start', { start_time: 'next tuesday' }, 'start_time'],
    ['impossible date', { start_time: '2026-02-30T00:00:00' }, 'start_time'],
    ['end before start', { start_time: '2026-05-01T00:00:00', end_time: '2026-04-01T00:00:00' }, 'end_time'],
    ['landing page not a URL', { landing_page: 'javascript:alert(1)' }, 'landing_page'],
    ['missing name', { name: undefined }, 'name'],
    ['blank name', { name: '   ' }, 'name'],
    ['bad country', { allowed_countries: ['USA'] }, 'allowed_countries.0'],
    ['bad device', { allowed_devices: ['fridge'] }, 'allowed_devices.0'],
    [
      'duplicate utm key',
      {
        utm_params: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      },
      'utm_params.1.key',
    ],
    ['utm as object', { utm_params: { a: '1' } }, 'utm_params'],
    ['negative max_cpc', { max_cpc: -1 }, 'max_cpc'],
    ['unknown field', { colour: 'blue' }, 'body'],
    ['is_active contradicting status', { status: 'draft', is_active: true }, 'is_active'],
    [
      'headline too long',
      { ad_groups: [{ name: 'G', group_type: 'manual', ads: [{ headline: 'x'.repeat(81), copy: 'c' }] }] },
      'ad_groups.0.ads.0.headline',
    ],
    [
      'copy too long',
      { ad_groups: [{ name: 'G', group_type: 'manual', ads: [{ copy: 'x'.repeat(501) }] }] },
      'ad_groups.0.ads.0.copy',
    ],
    [
      'cta too long',
      { ad_groups: [{ name: 'G', group_type: 'manual', ads: [{ copy: 'c', cta: 'x'.repeat(81) }] }] },
      'ad_groups.0.ads.0.cta',
    ],
    ['unknown group type', { ad_groups: [{ name: 'G', group_type: 'magic' }] }, 'ad_groups.0.group_type'],
    [
      'min above max group budget',
      { ad_groups: [{ name: 'G', min_daily_budget: 10, max_daily_budget: 5 }] },
      'ad_groups.0.max_daily_budget',
    ],
    [
      'negative_context wrong type',
      { ad_groups: [{ name: 'G', negative_context: ['x'] }] },
      'ad_groups.0.negative_context',
    ],
  ];

  for (const [label, patch, field] of bad) {
    it(`create: ${label} → 422 naming ${field}`, async () => {
      const body: Record<string, unknown> = { ...campaignBody(), ...patch };
      for (const k of Object.keys(patch)) if (patch[k] === undefined) delete body[k];
      const before = await count();
      const res = await w.api('POST', '/advertiser-dashboard/campaigns', body);
      expect(res.status).toBe(422);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(res.body.message).toContain(field === 'body' ? 'colour' : field);
      expect(await count()).toBe(before);
    });
  }

  it('a third ad group that is invalid leaves no campaign behind', async () => {
    const before = [await count(), await groups()];
    const res = await w.api('POST', '/advertiser-dashboard/campaigns', {
      ...campaignBody(),
      ad_groups: [
        { name: 'One', group_type: 'manual', ads: [{ copy: 'one' }] },
        { name: 'Two', context: 'generative group' },
        { name: 'Three', group_type: 'generative', ads: [{ copy: 'authored' }] },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.details[0].field).toBe('ad_groups.2.ads');
    expect([await count(), await groups()]).toEqual(before);
  });

  it('a foreign ad unit found inside the transaction rolls back the campaign and its groups', async () => {
    const other = await newAdvertiser(w.s);
    const unit = (
      await client(w.s, other.key)('POST', '/advertiser-dashboard/ad-units', {
        name: 'Theirs',
        ad_text: 'x',
        cta: 'y',
        landing_page: 'https://x.example.com',
        context: 'z',
      })
    ).body;
    const before = [await count(), await groups()];
    const res = await w.api('POST', '/advertiser-dashboard/campaigns', {
      ...campaignBody(),
      ad_unit_ids: [unit.ad_unit_id],
    });
    expect(res.status).toBe(404);
    expect([await count(), await groups()]).toEqual(before);
  });

  it('duplicate campaign names are 409 (case-insensitive); duplicate group names in one body are 422', async () => {
    expect((await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody({ name: 'Unique Name' }))).status).toBe(
      201,
    );
    const dup = await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody({ name: 'unique name' }));
    expect(dup.status).toBe(409);
    const dupGroups = await w.api('POST', '/advertiser-dashboard/campaigns', {
      ...campaignBody(),
      ad_groups: [{ name: 'Same' }, { name: 'same' }],
    });
    expect(dupGroups.status).toBe(422);
    expect(dupGroups.body.details[0].field).toBe('ad_groups.1.name');
  });

  it('patch: bad values are 422/409 and leave the campaign unchanged', async () => {
    const c = (
      await w.api(
        'POST',
        '/advertiser-dashboard/campaigns',
        campaignBody({ name: 'Patch me', start_time: '2026-06-01' }),
      )
    ).body;
    await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody({ name: 'Taken' }));
    const before = (await w.api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body;
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ daily_budget: -1 }, 422, 'daily_budget'],
      [{ status: 'archived' }, 422, 'status'],
      [{ end_time: '2026-05-01T00:00:00' }, 422, 'end_time'],
      [{ start_time: 'soon' }, 422, 'start_time'],
      [{ network_type: 'x' }, 422, 'network_type'],
      [{ keywords: ['x'] }, 422, 'body'],
      [{ name: 'taken' }, 409],
      [{ max_cpc: 'free' }, 422, 'max_cpc'],
    ];
    for (const [body, status, field] of cases) {
      const res = await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await w.api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body).toEqual(before);
  });

  it('archived campaigns cannot be activated; unknown ids are 404; bad query is 400', async () => {
    const c = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}/archive`);
    expect(
      (await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'active' })).status,
    ).toBe(409);
    expect((await w.api('GET', '/advertiser-dashboard/campaigns/00000000-0000-7000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await w.api('PATCH', '/advertiser-dashboard/campaigns/nope/archive')).status).toBe(404);
    const q = await w.api('GET', '/advertiser-dashboard/campaigns?status=running');
    expect(q.status).toBe(400);
    expect(q.body.details[0].field).toBe('querystring.status');
  });

  it('malformed JSON and wrong content type are 4xx, never 500', async () => {
    const res = await fetch(`${w.s.url}/advertiser-dashboard/campaigns`, {
      method: 'POST',
      headers: { 'x-api-key': w.adv.key, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    const text = await fetch(`${w.s.url}/advertiser-dashboard/campaigns`, {
      method: 'POST',
      headers: { 'x-api-key': w.adv.key, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(422); // a text body is not an object: named, never a 500
  });
});
