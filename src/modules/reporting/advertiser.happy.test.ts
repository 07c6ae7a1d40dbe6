import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import * as accounts from '../accounts/service.js';
import { createApprovedCampaign } from '../campaigns/seed.js';
import { defaultAdGroupRow } from '../campaigns/group-row.js';
import { BROWSER_UA, RUNNING_CAMPAIGN, requestAd, adRequestBody } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson } from '../../../test/fixtures/reporting.js';

describe('advertiser reporting', () => {
  let spendMicros = 0;
  const clock = new ManualClock(Date.UTC(2026, 6, 1, 9, 0));
  const env = useSeededServer(
    {},
    {
      ...RUNNING_CAMPAIGN,
      groups: [
        ...RUNNING_CAMPAIGN.groups,
        {
          name: 'Quiet group',
          context: 'zebra saddle polo unrelated',
          ads: [{ headline: 'Never', copy: 'Never served here.', cta: 'No' }],
        },
      ],
    },
    { clock },
  );
  beforeAll(async () => {
    // Two served ads: one shown and clicked, then converted; one shown only.
    for (const click of [true, false]) {
      const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody());
      const [ad] = (await res.json()) as { impUrl: string; clickUrl: string }[];
      await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } });
      if (!click) continue;
      const r = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
      const landing = new URL(r.headers.get('location')!);
      clock.advance(3600_000);
      const conv = await fetch(`${env.s.url}/gateway/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${env.w.advertiserKey}` },
        body: JSON.stringify({
          data: [
            {
              event_name: 'Purchase',
              event_time: Math.floor(clock.now() / 1000),
              event_id: 'order-1',
              action_source: 'website',
              user_data: Object.fromEntries(
                ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig'].map((k) => [k, landing.searchParams.get(k)]),
              ),
              custom_data: { value: 25, currency: 'USD' },
            },
          ],
        }),
      });
      expect(conv.status).toBe(200);
      const body = (await conv.json()) as { results: { status: string; attributed: boolean }[] };
      expect(body.results[0]).toMatchObject({ status: 'ok', attributed: true });
    }
    const rows = await env.s.ctx.db
      .selectFrom('tracking_events')
      .select('spend_micros')
      .where('advertiser_id', '=', env.w.advertiserId)
      .execute();
    spendMicros = rows.reduce((a, r) => a + Number(r.spend_micros), 0);
  });

  it('info shows the profile with the decrypted contact email', async () => {
    const a = await accounts.createAdvertiser(env.s.ctx, { name: 'Mail Co', email: 'Ops@Mail.example' });
    const r = await getJson(env.s.url, a.apiKey, '/advertiser-dashboard/info');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ advertiser_id: a.advertiser.id, name: 'Mail Co', email: 'ops@mail.example' });
    const stored = await env.s.ctx.db
      .selectFrom('advertisers')
      .select('email_enc')
      .where('id', '=', a.advertiser.id)
      .executeTakeFirstOrThrow();
    expect(stored.email_enc).not.toContain('mail.example');
  });

  it('metrics follow the formulas of spec 2; revenue is the conversion value', async () => {
    const r = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/metrics?days=2&campaign_id=${env.w.campaignId}`,
    );
    expect(r.status).toBe(200);
    const spend = spendMicros / 1e6;
    expect(spend).toBeGreaterThan(0);
    expect(r.body).toMatchObject({
      total_impressions: 2,
      total_clicks: 1,
      total_conversions: 1,
      total_spend: spend,
      total_revenue: 25,
    });
    expect(r.body.data).toHaveLength(2);
    expect(r.body.data[1]).toEqual({
      date: '2026-07-01',
      impressions: 2,
      clicks: 1,
      conversions: 1,
      spend,
      revenue: 25,
      ctr: 50,
      cpc: spend,
      cpm: Math.round((spend / 2) * 1000 * 1e6) / 1e6,
      conversion_rate: 100,
      cpa: spend,
      roas: Math.round((25 / spend) * 1e4) / 1e4,
      // Issue 25: invalid traffic (never charged) and unbilled overdelivery, per day.
      invalid_impressions: 0,
      invalid_clicks: 0,
      overdelivery: 0,
    });
    const all = await getJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/metrics?days=2');
    expect(all.body.total_spend).toBe(spend);
  });

  it('ad-group metrics split delivery and conversions by group, listing silent groups with zero totals', async () => {
    const r = await getJson(
      env.s.url,
      env.w.advertiserKey,
      '/advertiser-dashboard/ad-group-metrics?days=7&tz=America/New_York',
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_ad_groups: 2, offset: 0, truncated: false });
    const [busy, quiet] = r.body.ad_groups;
    expect(busy).toMatchObject({
      name: 'Running shoes',
      campaign_id: env.w.campaignId,
      group_type: 'manual',
      status: 'active',
      total_impressions: 2,
      total_clicks: 1,
      total_conversions: 1,
      total_spend: spendMicros / 1e6,
      cpa: spendMicros / 1e6,
    });
    expect(busy.data).toEqual([
      {
        date: '2026-07-01',
        impressions: 2,
        clicks: 1,
        spend: spendMicros / 1e6,
        conversions: 1,
        ctr: 50,
        cpc: spendMicros / 1e6,
        cpm: Math.round((spendMicros / 2 / 1e6) * 1000 * 1e6) / 1e6,
      },
    ]);
    expect(quiet).toMatchObject({
      name: 'Quiet group',
      total_impressions: 0,
      total_clicks: 0,
      total_spend: 0,
      total_conversions: 0,
      cpa: null,
      data: [],
    });
    const one = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/ad-group-metrics?ad_group_id=${busy.ad_group_id}`,
    );
    expect(one.body.total_ad_groups).toBe(1);
  });

  it('billing reads spend from the same rollups and credits from the account', async () => {
    const r = await getJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/billing');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      total_spend_dollars: spendMicros / 1e6,
      credits_dollars: 500,
      total_billed_dollars: spendMicros / 1e6,
      unbilled_dollars: 0,
    });
    expect(new Date(r.body.last_spend_sync_at).toISOString()).toBe(r.body.last_spend_sync_at);
  });

  it('pages ad groups 2,000 at a time with offset, total_ad_groups and truncated', async () => {
    const adv = await accounts.createAdvertiser(env.s.ctx, { name: 'Big', hasPaymentMethod: true });
    const campaignId = await createApprovedCampaign(env.s.ctx, adv.advertiser.id, { ...RUNNING_CAMPAIGN, name: 'Big' });
    const now = clock.now();
    const rows = Array.from({ length: 2004 }, (_, i) =>
      defaultAdGroupRow({
        id: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
        campaign_id: campaignId,
        advertiser_id: adv.advertiser.id,
        name: `G${i}`,
        status: i === 0 ? 'archived' : 'active',
        sort_order: i + 10,
        created_at: now,
        review_status: 'approved',
      }),
    );
    for (let i = 0; i < rows.length; i += 200)
      await env.s.ctx.db
        .insertInto('ad_groups')
        .values(rows.slice(i, i + 200))
        .execute();
    const first = await getJson(env.s.url, adv.apiKey, '/advertiser-dashboard/ad-group-metrics');
    expect(first.status).toBe(200);
    // 2,004 inserted + the seeded group, less one archived.
    expect(first.body).toMatchObject({ total_ad_groups: 2004, offset: 0, truncated: true });
    expect(first.body.ad_groups).toHaveLength(2000);
    const second = await getJson(env.s.url, adv.apiKey, '/advertiser-dashboard/ad-group-metrics?offset=2000');
    expect(second.body).toMatchObject({ total_ad_groups: 2004, offset: 2000, truncated: false });
    expect(second.body.ad_groups).toHaveLength(4);
    const withArchived = await getJson(
      env.s.url,
      adv.apiKey,
      '/advertiser-dashboard/ad-group-metrics?include_archived=true&offset=2000',
    );
    expect(withArchived.body.total_ad_groups).toBe(2005);
    const ids = new Set(
      [...first.body.ad_groups, ...second.body.ad_groups].map((g: { ad_group_id: string }) => g.ad_group_id),
    );
    expect(ids.size).toBe(2004);
  });
});
