import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { createPlacement } from '../placements/service.js';
import { BROWSER_UA, adRequestBody, requestAd } from '../../../test/helpers.js';
import { admin, campaignBody, useAdvertiserApi } from '../../../test/fixtures/advertiser-api.js';
import { expectReply } from '../../../test/fixtures/expect-reply.js';

const unitBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Kayak unit',
  headline: 'Sea kayaks for beginners',
  ad_text: 'Stable touring kayaks with free lessons.',
  cta: 'See kayaks',
  landing_page: 'https://paddle.example.com/kayaks',
  context: 'sea kayak paddling touring beginner kayak',
  brand_name: 'Paddle Co',
  utm_params: [{ key: 'utm_source', value: 'orbit' }],
  ...extra,
});

describe('legacy ad units', () => {
  const w = useAdvertiserApi();
  let site: http.Server;
  let siteUrl: string;
  beforeAll(async () => {
    site = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><title>Lakeside Canoes &amp; Paddles</title><meta name="description" content="Handmade wooden canoes for calm lakes."><meta property="og:site_name" content="Lakeside"></head></html>',
        ),
    );
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/canoes`;
  });
  afterAll(() => new Promise((r) => site.close(r)));

  it('creates a draft unit and lists it', async () => {
    const res = await w.api('POST', '/advertiser-dashboard/ad-units', unitBody());
    expectReply(res, 201, {
      name: 'Kayak unit',
      ad_text: 'Stable touring kayaks with free lessons.',
      source: 'manual',
      status: 'draft',
      review_status: 'not_submitted',
      is_archived: false,
      utm_params: { utm_source: 'orbit' },
    });
    const list = (await w.api('GET', '/advertiser-dashboard/ad-units')).body;
    expect(list.map((u: any) => u.ad_unit_id)).toContain(res.body.ad_unit_id);
  });

  it('generates 1–5 drafts from a landing page (fetched from a local site)', async () => {
    const c = (await w.api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    const res = await w.api('POST', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units/generate`, {
      landing_page: siteUrl,
      count: 2,
    });
    expect(res.status).toBe(201);
    expect(res.body.ad_units).toHaveLength(2);
    for (const u of res.body.ad_units) {
      expect(u).toMatchObject({ source: 'generated', status: 'draft', brand_name: 'Lakeside', landing_page: siteUrl });
      expect(u.context).toContain('Lakeside Canoes & Paddles');
      expect(u.headline.length).toBeLessThanOrEqual(80);
      expect(u.ad_text.length).toBeLessThanOrEqual(500);
    }
    const one = await w.api('POST', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units/generate`, {
      landing_page: 'https://unreachable.invalid/',
    });
    expect(one.status).toBe(201);
    expect(one.body.ad_units).toHaveLength(3);
  });

  it('links units (POST adds, PUT replaces, duplicates removed) and serves them once approved', async () => {
    const pub = await accounts.createPublisher(w.s.ctx, { name: 'Pub' });
    await createPlacement(w.s.ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
    const u1 = (await w.api('POST', '/advertiser-dashboard/ad-units', unitBody())).body.ad_unit_id;
    const u2 = (await w.api('POST', '/advertiser-dashboard/ad-units', unitBody({ name: 'Second' }))).body.ad_unit_id;
    const u3 = (await w.api('POST', '/advertiser-dashboard/ad-units', unitBody({ name: 'Third' }))).body.ad_unit_id;
    const c = (
      await w.api('POST', '/advertiser-dashboard/campaigns', {
        name: 'Units only',
        landing_page: 'https://paddle.example.com',
        daily_budget: 20,
        max_cpc: 0.2,
        ad_unit_ids: [u1, u1],
      })
    ).body;
    expect(c.ad_unit_ids).toEqual([u1]);
    let res = await w.api('POST', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`, {
      ad_unit_ids: [u2, u1, u2],
    });
    expect(res.status).toBe(200);
    expect(res.body.ad_unit_ids).toEqual([u1, u2]);
    res = await w.api('PUT', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`, {
      ad_unit_ids: [u3, u1, u3],
    });
    expect(res.body.ad_unit_ids).toEqual([u1, u3]);
    const units = (await w.api('GET', '/advertiser-dashboard/ad-units')).body;
    expect(units.find((u: any) => u.ad_unit_id === u3)).toMatchObject({ status: 'active', review_status: 'pending' });

    await w.api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'active' });
    await admin(w.s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' });
    expect(
      (await w.api('GET', '/advertiser-dashboard/ad-units')).body.find((u: any) => u.ad_unit_id === u3).review_status,
    ).toBe('approved');
    const served = await requestAd(w.s.url, pub.apiKey, adRequestBody('I want to try sea kayak touring as a beginner'));
    expect(served.status).toBe(200);
    const [ad] = (await served.json()) as any[];
    expect(ad).toMatchObject({ campaignId: c.campaign_id, title: 'Sea kayaks for beginners', brandName: 'Paddle Co' });
    const click = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    expect(click.status).toBe(302);
    const loc = new URL(click.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('https://paddle.example.com/kayaks');
    expect(loc.searchParams.get('utm_source')).toBe('orbit');

    // An approved campaign that gains an unreviewed unit goes back to review; its approved version keeps serving meanwhile.
    const u4 = (await w.api('POST', '/advertiser-dashboard/ad-units', unitBody({ name: 'Fourth' }))).body.ad_unit_id;
    res = await w.api('POST', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`, { ad_unit_ids: [u4] });
    expect(res.body).toMatchObject({ review_status: 'pending_review', deployment_status: 'deployed' });
    expect(
      (await requestAd(w.s.url, pub.apiKey, adRequestBody('I want to try sea kayak touring as a beginner'))).status,
    ).toBe(200);
    // Re-linking already approved units does not.
    await admin(w.s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' });
    res = await w.api('PUT', `/advertiser-dashboard/campaigns/${c.campaign_id}/ad-units`, { ad_unit_ids: [u1, u4] });
    expect(res.body).toMatchObject({ review_status: 'approved', ad_unit_ids: [u1, u4] });
  });

  it('archive toggles; unarchiving restores draft', async () => {
    const u = (await w.api('POST', '/advertiser-dashboard/ad-units', unitBody({ name: 'Toggle' }))).body.ad_unit_id;
    let res = await w.api('PATCH', `/advertiser-dashboard/ad-units/${u}/archive`);
    expect(res.body).toEqual({ ad_unit_id: u, is_archived: true, status: 'archived' });
    expect((await w.api('GET', '/advertiser-dashboard/ad-units')).body.map((x: any) => x.ad_unit_id)).not.toContain(u);
    expect(
      (await w.api('GET', '/advertiser-dashboard/ad-units?include_archived=true')).body.map((x: any) => x.ad_unit_id),
    ).toContain(u);
    res = await w.api('PATCH', `/advertiser-dashboard/ad-units/${u}/archive`);
    expect(res.body).toEqual({ ad_unit_id: u, is_archived: false, status: 'draft' });
  });
});
