import { beforeAll, describe, expect, it } from 'vitest';
import { campaignBody, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';
import { expectReply } from '../../../test/fixtures/expect-reply.js';

describe('ad groups and ads', () => {
  const w = useAdvertiserApi();
  let campaignId: string;
  /** POST /advertiser-dashboard/ad-groups in the suite's campaign. */
  const createGroup = (fields: Record<string, unknown>) =>
    w.api('POST', '/advertiser-dashboard/ad-groups', { campaign_id: campaignId, ...fields });
  beforeAll(async () => {
    campaignId = (
      await w.api(
        'POST',
        '/advertiser-dashboard/campaigns',
        campaignBody({ landing_page: 'https://www.brew.example.org/beans' }),
      )
    ).body.campaign_id;
  });

  it('a generative group (the default) writes its own read-only ads; brand defaults to the landing host', async () => {
    const res = await createGroup({
      name: 'Espresso',
      context: 'espresso machines grinders home barista',
      ad_prompt: 'Fresh beans roasted weekly. Free shipping over $30.',
      negative_context: 'caffeine overdose',
    });
    expect(res.status).toBe(201);
    const g = res.body;
    expect(g).toMatchObject({
      campaign_id: campaignId,
      group_type: 'generative',
      status: 'active',
      brand_name: 'www.brew.example.org',
      negative_context: 'caffeine overdose',
      auto_optimize_budget: true,
    });
    expect(g.ads_total).toBe(3);
    for (const a of g.ads) {
      expect(a).toMatchObject({
        source: 'generated',
        review_status: 'pending',
        ad_group_id: g.id,
        campaign_id: campaignId,
      });
      expect(a.headline.length).toBeLessThanOrEqual(80);
      expect(a.copy.length).toBeLessThanOrEqual(500);
      expect(a.cta.length).toBeLessThanOrEqual(80);
    }
    expect(g.ads[0].copy).toBe('Fresh beans roasted weekly.');

    // brand_name edits do not rewrite generated headlines; only changed fields move.
    const headlines = g.ads.map((a: { headline: string }) => a.headline);
    const patched = await w.api('PATCH', `/advertiser-dashboard/ad-groups/${g.id}`, {
      brand_name: 'Brew Co',
      name: 'Espresso',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.brand_name).toBe('Brew Co');
    expect(patched.body.ads.map((a: { headline: string }) => a.headline)).toEqual(headlines);
    expect(patched.body.context).toBe(g.context);

    const gen = g.ads[0].id;
    expect((await w.api('PATCH', `/advertiser-dashboard/ads/${gen}`, { headline: 'mine' })).status).toBe(422);
    expect((await w.api('DELETE', `/advertiser-dashboard/ads/${gen}`)).status).toBe(422);
  });

  it('manual groups take authored ads; ads can be edited, paused and archived', async () => {
    const res = await createGroup({
      name: 'Grinders',
      group_type: 'manual',
      landing_page: 'https://grind.example.net/',
      daily_budget: 12.5,
      min_daily_budget: 1,
      max_daily_budget: 20,
      max_cpc: 0.3,
      allowed_countries: ['fr'],
      allowed_devices: ['desktop', 'tablet'],
      sort_order: 4,
      ads: [{ headline: 'Burr grinders', copy: 'Even grounds, every time.', cta: 'Shop grinders', name: 'A1' }],
    });
    expect(res.status).toBe(201);
    const g = res.body;
    expect(g).toMatchObject({
      group_type: 'manual',
      brand_name: 'grind.example.net',
      daily_budget: 12.5,
      min_daily_budget: 1,
      max_daily_budget: 20,
      max_cpc: 0.3,
      allowed_countries: ['FR'],
      allowed_devices: ['desktop', 'tablet'],
      sort_order: 4,
      ads_total: 1,
    });
    const ad = await w.api('POST', `/advertiser-dashboard/ad-groups/${g.id}/ads`, {
      headline: 'Hand grinders',
      copy: 'Grind anywhere.',
      cta: 'Shop',
      description: 'travel',
      image_url: 'https://img.example.net/g.png',
    });
    expectReply(ad, 201, {
      source: 'manual',
      review_status: 'pending',
      status: 'active',
      description: 'travel',
    });
    const edited = await w.api('PATCH', `/advertiser-dashboard/ads/${ad.body.id}`, {
      copy: 'Grind anywhere, quietly.',
      status: 'paused',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      copy: 'Grind anywhere, quietly.',
      status: 'paused',
      headline: 'Hand grinders',
    });
    expect((await w.api('DELETE', `/advertiser-dashboard/ads/${ad.body.id}`)).status).toBe(204);
    expect((await w.api('DELETE', `/advertiser-dashboard/ads/${ad.body.id}`)).status).toBe(204);
    const after = (await w.api('GET', `/advertiser-dashboard/ad-groups/${g.id}`)).body;
    expect(after.ads_total).toBe(1);
    expect(after.ads.map((a: { id: string }) => a.id)).not.toContain(ad.body.id);
  });

  it('converts manual → generative once no manual ads are live, and DELETE archives the group and its ads', async () => {
    const g = (
      await createGroup({
        name: 'Convert me',
        group_type: 'manual',
        context: 'cold brew coffee',
        ads: [{ copy: 'Cold brew kits.' }],
      })
    ).body;
    expect((await w.api('PATCH', `/advertiser-dashboard/ad-groups/${g.id}`, { group_type: 'generative' })).status).toBe(
      422,
    );
    await w.api('DELETE', `/advertiser-dashboard/ads/${g.ads[0].id}`);
    const conv = await w.api('PATCH', `/advertiser-dashboard/ad-groups/${g.id}`, { group_type: 'generative' });
    expect(conv.status).toBe(200);
    expect(conv.body.group_type).toBe('generative');
    expect(conv.body.ads_total).toBe(3);
    expect(conv.body.ads.every((a: { source: string }) => a.source === 'generated')).toBe(true);

    expect((await w.api('DELETE', `/advertiser-dashboard/ad-groups/${g.id}`)).status).toBe(204);
    const gone = (await w.api('GET', `/advertiser-dashboard/ad-groups/${g.id}`)).body;
    expect(gone).toMatchObject({ status: 'archived', ads_total: 0, ads: [] });
    const ads = await w.s.ctx.db.selectFrom('ads').select('status').where('ad_group_id', '=', g.id).execute();
    expect(ads.every((a) => a.status === 'archived')).toBe(true);
  });

  it('lists groups by campaign, hiding archived ones unless asked', async () => {
    const live = (await w.api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${campaignId}`)).body;
    const all = (await w.api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${campaignId}&include_archived=true`))
      .body;
    expect(live.every((g: { status: string }) => g.status !== 'archived')).toBe(true);
    expect(all.length).toBe(live.length + 1);
    const everything = (await w.api('GET', '/advertiser-dashboard/ad-groups')).body;
    expect(everything.length).toBe(live.length);
  });

  it('embeds at most 100 ads and reports the full count', async () => {
    const g = (
      await createGroup({
        name: 'Many',
        group_type: 'manual',
        ads: Array.from({ length: 100 }, (_, i) => ({ copy: `ad ${i}` })),
      })
    ).body;
    expect(g.ads_total).toBe(100);
    for (let i = 0; i < 5; i++)
      await w.api('POST', `/advertiser-dashboard/ad-groups/${g.id}/ads`, { copy: `extra ${i}` });
    const got = (await w.api('GET', `/advertiser-dashboard/ad-groups/${g.id}`)).body;
    expect(got.ads).toHaveLength(100);
    expect(got.ads_total).toBe(105);
  });
});
