import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as accounts from '../accounts/service.js';
import { BACKEND, BROWSER_UA, adRequestBody, requestAd, type TestServer } from '../../../test/helpers.js';
import {
  admin,
  campaignBody,
  client,
  newAdvertiser,
  startAdvServerWithPublisher,
  type Adv,
  newAdvertiserWithCampaign,
} from '../../../test/fixtures/advertiser-api.js';
import { settleRollups } from '../../db/index.js';

const run = promisify(execFile);

describe('activation, billing gate, review and serving', () => {
  let s: TestServer;
  let pubKey: string;
  beforeAll(async () => {
    ({ s, pubKey } = await startAdvServerWithPublisher());
  });
  afterAll(() => s.stop());

  const shoeCampaign = (extra: Record<string, unknown> = {}) =>
    campaignBody({
      ad_groups: [
        {
          name: 'Marathon',
          group_type: 'manual',
          context: 'marathon running shoes trainers',
          ads: [{ headline: 'Marathon-ready shoes', copy: 'Cushioned shoes for 42 km.', cta: 'Shop now' }],
        },
      ],
      max_cpc: 0.4,
      ...extra,
    });

  it('activation without credits or payment method is 402 and changes nothing', async () => {
    const broke: Adv = await newAdvertiser(s, { funded: false });
    const api = client(s, broke.key);
    const created = await api('POST', '/advertiser-dashboard/campaigns', shoeCampaign({ status: 'active' }));
    expect(created.status).toBe(402);
    expect((await api('GET', '/advertiser-dashboard/campaigns')).body).toEqual([]);

    const draft = (await api('POST', '/advertiser-dashboard/campaigns', shoeCampaign())).body;
    const before = (await api('GET', `/advertiser-dashboard/campaigns/${draft.campaign_id}`)).body;
    const res = await api('PATCH', `/advertiser-dashboard/campaigns/${draft.campaign_id}`, {
      status: 'active',
      name: 'Renamed',
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/payment method|credit/);
    expect((await api('GET', `/advertiser-dashboard/campaigns/${draft.campaign_id}`)).body).toEqual(before);

    // A payment method on file opens the gate.
    await accounts.setPaymentMethod(s.ctx, broke.id, true);
    const ok = await api('PATCH', `/advertiser-dashboard/campaigns/${draft.campaign_id}`, { status: 'active' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'active',
      is_active: true,
      review_status: 'pending_review',
      deployment_status: 'pending_review',
    });
  });

  it('serves only once the operator approves; then stats come from the event ledger', async () => {
    const adv = await newAdvertiser(s);
    const api = client(s, adv.key);
    const c = (
      await api('POST', '/advertiser-dashboard/campaigns', shoeCampaign({ status: 'active', daily_budget: 10 }))
    ).body;
    expect(c).toMatchObject({ review_status: 'pending_review', deployment_status: 'pending_review' });
    expect(c.submitted_for_review_at).toMatch(/^\d{4}-/);
    const ask = adRequestBody('Which marathon running shoes should I buy?');
    expect((await requestAd(s.url, pubKey, ask)).status).toBe(204);

    const queue = await admin(s)('GET', '/admin/reviews');
    expect(queue.body.map((q: any) => q.campaign_id)).toContain(c.campaign_id);
    const approved = await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, {
      decision: 'approve',
      notes: 'looks good',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      review_status: 'approved',
      deployment_status: 'deployed',
      review_notes: 'looks good',
    });
    expect(approved.body.reviewed_at).toMatch(/^\d{4}-/);
    const group = (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0];
    expect(group.ads[0].review_status).toBe('approved');

    const served = await requestAd(s.url, pubKey, ask);
    expect(served.status).toBe(200);
    const [ad] = (await served.json()) as { campaignId: string; impUrl: string; clickUrl: string }[];
    expect(ad.campaignId).toBe(c.campaign_id);
    expect((await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    const click = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    expect(click.status).toBe(302);

    const stats = (await api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body;
    expect(stats).toMatchObject({ impressions: 1, clicks: 1, conversions: 0 });
    expect(stats.spend).toBeGreaterThan(0);
    expect(stats.spend).toBeLessThanOrEqual(0.4);
    expect(stats.daily_budget_remaining).toBeCloseTo(10 - stats.spend, 6);
    await settleRollups(s.ctx.db);
    const rollupSpend = (
      await s.ctx.db.selectFrom('rollups').select('spend_micros').where('campaign_id', '=', c.campaign_id).execute()
    ).reduce((a, r) => a + Number(r.spend_micros), 0);
    expect(Math.round(stats.spend * 1e6)).toBe(rollupSpend);
    // The list reads the same all-time row.
    const listed = (await api('GET', '/advertiser-dashboard/campaigns')).body.find(
      (x: any) => x.campaign_id === c.campaign_id,
    );
    expect(listed).toMatchObject({ impressions: 1, clicks: 1, spend: stats.spend });

    // New content waits for review on its own: the campaign stays approved and its approved ad keeps serving.
    const added = await api('POST', `/advertiser-dashboard/ad-groups/${group.id}/ads`, {
      headline: 'New marathon shoe',
      copy: 'Now lighter.',
      cta: 'See it',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ review_status: 'pending', serving_version: null });
    expect((await api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body).toMatchObject({
      review_status: 'approved',
      deployment_status: 'deployed',
    });
    const still = await requestAd(s.url, pubKey, ask);
    expect(still.status).toBe(200);
    expect(((await still.json()) as { title: string }[])[0].title).toBe('Marathon-ready shoes');
  });

  it('rejection records notes and keeps the campaign out of serving; re-activation resubmits', async () => {
    const adv = await newAdvertiser(s);
    const api = client(s, adv.key);
    const c = (await api('POST', '/advertiser-dashboard/campaigns', shoeCampaign({ status: 'active' }))).body;
    const rejected = await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, {
      decision: 'reject',
      notes: 'landing page broken',
    });
    expect(rejected.body).toMatchObject({
      review_status: 'rejected',
      review_notes: 'landing page broken',
      deployment_status: 'not_deployed',
    });
    const again = await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' });
    expect(again.status).toBe(409);
    const resub = await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'active' });
    expect(resub.body).toMatchObject({ review_status: 'pending_review', deployment_status: 'pending_review' });
  });

  it('pausing stops serving and re-activating an approved campaign needs no new review', async () => {
    const { api, c } = await newAdvertiserWithCampaign(
      s,
      shoeCampaign({
        status: 'active',
        ad_groups: [
          {
            name: 'Trail',
            group_type: 'manual',
            context: 'trail running shoes mud grip',
            ads: [{ headline: 'Trail grip', copy: 'Shoes that grip mud.', cta: 'Shop' }],
          },
        ],
      }),
    );
    await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' });
    const ask = adRequestBody('Good trail running shoes for mud?');
    expect((await requestAd(s.url, pubKey, ask)).status).toBe(200);
    await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'paused' });
    const paused = await requestAd(s.url, pubKey, ask);
    const ads = paused.status === 200 ? ((await paused.json()) as { campaignId: string }[]) : [];
    expect(ads.map((a) => a.campaignId)).not.toContain(c.campaign_id);
    const back = await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'active' });
    expect(back.body).toMatchObject({ review_status: 'approved', deployment_status: 'deployed', status: 'active' });
    expect((await requestAd(s.url, pubKey, ask)).status).toBe(200);
  });

  it.skipIf(BACKEND !== 'sqlite')('the CLI approves with notes', async () => {
    const adv = await newAdvertiser(s);
    const api = client(s, adv.key);
    const c = (await api('POST', '/advertiser-dashboard/campaigns', shoeCampaign({ status: 'active' }))).body;
    const env = { ...process.env, ORBIT_DATA_DIR: s.config.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const out = await run(
      'node',
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'campaigns',
        'review',
        '--campaign',
        c.campaign_id,
        '--approve',
        '--notes',
        'ok by cli',
      ],
      { env },
    );
    expect(JSON.parse(out.stdout)).toMatchObject({
      campaign_id: c.campaign_id,
      review_status: 'approved',
      review_notes: 'ok by cli',
    });
    expect((await api('GET', `/advertiser-dashboard/campaigns/${c.campaign_id}`)).body).toMatchObject({
      review_status: 'approved',
      review_notes: 'ok by cli',
    });
  });
});
