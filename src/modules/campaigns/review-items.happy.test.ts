import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, adRequestBody, requestAd, type TestServer } from '../../../test/helpers.js';
import {
  admin,
  campaignBody,
  startAdvServerWithClient,
  startAdvServerWithPublisher,
  type Api,
  newAdvertiserWithCampaign,
} from '../../../test/fixtures/advertiser-api.js';
import { campaignCounts } from '../../../test/fixtures/browser.js';

/**
 * Review by item (issue 27, issue 25 item 5): only the changed item waits for
 * review, the approved version keeps serving meanwhile, and a changed landing
 * page never receives a click before it is approved.
 */
describe('review by item: approved versions keep serving while edits wait', () => {
  let s: TestServer;
  let pubKey: string;
  beforeAll(async () => {
    ({ s, pubKey } = await startAdvServerWithPublisher());
  });
  afterAll(() => s.stop());

  /** A live, approved campaign of a fresh advertiser, matching `context`. */
  async function liveCampaign(context: string, headline: string, landing: string) {
    const { api, c } = await newAdvertiserWithCampaign(
      s,
      campaignBody({
        status: 'active',
        landing_page: landing,
        max_cpc: 0.4,
        ad_groups: [
          {
            name: 'Main',
            group_type: 'manual',
            context,
            ads: [{ headline, copy: `${headline}, and more.`, cta: 'Shop' }],
          },
        ],
      }),
    );
    expect((await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' })).status).toBe(
      200,
    );
    const group = (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0];
    return { api, campaignId: c.campaign_id as string, group, ad: group.ads[0] };
  }

  async function serve(
    question: string,
  ): Promise<{ title: string; adText: string; campaignId: string; clickUrl: string; impUrl: string } | null> {
    const res = await requestAd(s.url, pubKey, adRequestBody(question));
    if (res.status === 204) return null;
    expect(res.status).toBe(200);
    return ((await res.json()) as any[])[0];
  }

  async function landing(clickUrl: string): Promise<string> {
    const click = await fetch(clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    expect(click.status).toBe(302);
    const u = new URL(click.headers.get('location')!);
    return `${u.origin}${u.pathname}`;
  }

  const queueItem = async (kind: string, id: string) =>
    ((await admin(s)('GET', '/admin/review-queue')).body as any[]).find((i) => i.kind === kind && i.id === id);

  it("a campaign's landing page edit waits for review; clicks keep landing on the approved page until it is approved", async () => {
    const { api, campaignId } = await liveCampaign(
      'sea kayak paddles touring',
      'Carbon kayak paddles',
      'https://paddles.example.com/',
    );
    const before = await serve('Which sea kayak paddles are best for touring?');
    expect(before?.campaignId).toBe(campaignId);

    const patched = await api('PATCH', `/advertiser-dashboard/campaigns/${campaignId}`, {
      landing_page: 'https://phish.example/login',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      landing_page: 'https://phish.example/login',
      review_status: 'pending_review',
      deployment_status: 'deployed',
      changes_in_review: ['landing_page'],
      serving_version: { landing_page: 'https://paddles.example.com/' },
    });
    // Still serving, and every click (new or from an ad served before the edit) lands on the approved page.
    const during = await serve('Which sea kayak paddles are best for touring?');
    expect(during?.campaignId).toBe(campaignId);
    expect(await landing(during!.clickUrl)).toBe('https://paddles.example.com/');
    expect(await landing(before!.clickUrl)).toBe('https://paddles.example.com/');

    // The operator's queue shows the item and the change, not the whole campaign.
    const item = await queueItem('campaign', campaignId);
    expect(item).toMatchObject({
      serving: true,
      changes: [
        { field: 'landing_page', serving: 'https://paddles.example.com/', proposed: 'https://phish.example/login' },
      ],
    });
    expect(
      await queueItem(
        'ad_group',
        (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${campaignId}`)).body[0].id,
      ),
    ).toBeUndefined();

    // Rejected: the approved page keeps serving.
    const rejected = await admin(s)('POST', `/admin/reviews/campaign/${campaignId}`, {
      decision: 'reject',
      notes: 'phishing',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      review_status: 'rejected',
      review_notes: 'phishing',
      serving_version: { landing_page: 'https://paddles.example.com/' },
    });
    expect(await landing((await serve('Which sea kayak paddles are best for touring?'))!.clickUrl)).toBe(
      'https://paddles.example.com/',
    );

    // A new edit, approved: from then on clicks land on it.
    await api('PATCH', `/advertiser-dashboard/campaigns/${campaignId}`, {
      landing_page: 'https://paddles.example.com/sale',
    });
    const waiting = await queueItem('campaign', campaignId);
    expect(await landing(before!.clickUrl)).toBe('https://paddles.example.com/');
    const approved = await admin(s)('POST', `/admin/reviews/campaign/${campaignId}`, {
      decision: 'approve',
      version: waiting.version,
    });
    expect(approved.status).toBe(200);
    expect(await landing(before!.clickUrl)).toBe('https://paddles.example.com/sale');
    expect((await api('GET', `/advertiser-dashboard/campaigns/${campaignId}`)).body).toMatchObject({
      review_status: 'approved',
      changes_in_review: [],
    });
  });

  it("an ad group's landing page and an ad's copy wait for review on their own", async () => {
    const { api, campaignId, group, ad } = await liveCampaign(
      'espresso grinder burr',
      'Flat burr grinders',
      'https://grind.example.com/',
    );
    const g = await api('PATCH', `/advertiser-dashboard/ad-groups/${group.id}`, {
      landing_page: 'https://evil.example/',
    });
    expect(g.body).toMatchObject({
      review_status: 'pending',
      changes_in_review: ['landing_page'],
      serving_version: { landing_page: null },
    });
    const a = await api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { headline: 'Conical burr grinders' });
    expect(a.body).toMatchObject({
      review_status: 'pending',
      changes_in_review: ['headline'],
      serving_version: { headline: 'Flat burr grinders' },
    });
    // The campaign itself stays approved; the approved group and ad serve as they were.
    expect((await api('GET', `/advertiser-dashboard/campaigns/${campaignId}`)).body).toMatchObject({
      review_status: 'approved',
    });
    const served = await serve('Which espresso grinder with burr should I get?');
    expect(served).toMatchObject({ campaignId, title: 'Flat burr grinders' });
    expect(await landing(served!.clickUrl)).toBe('https://grind.example.com/');

    // Approving the ad alone: its new copy serves; the group's landing page still waits.
    const item = await queueItem('ad', ad.id);
    expect(item).toMatchObject({
      serving: true,
      changes: [{ field: 'headline', serving: 'Flat burr grinders', proposed: 'Conical burr grinders' }],
    });
    expect((await admin(s)('POST', `/admin/reviews/ad/${ad.id}`, { decision: 'approve' })).status).toBe(200);
    const after = await serve('Which espresso grinder with burr should I get?');
    expect(after).toMatchObject({ title: 'Conical burr grinders' });
    expect(await landing(after!.clickUrl)).toBe('https://grind.example.com/');
    expect((await admin(s)('POST', `/admin/reviews/ad_group/${group.id}`, { decision: 'approve' })).status).toBe(200);
    expect(await landing(after!.clickUrl)).toBe('https://evil.example/');
  });

  it('adding an ad group to a serving campaign loses no impressions of its approved ads', async () => {
    const { api, campaignId } = await liveCampaign(
      'bouldering chalk climbing',
      'Climbing chalk that lasts',
      'https://chalk.example.com/',
    );
    const question = 'What climbing chalk is good for bouldering?';
    let fired = 0;
    const round = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const ad = await serve(question);
        expect(ad?.campaignId).toBe(campaignId);
        expect(ad?.title).toBe('Climbing chalk that lasts');
        expect((await fetch(ad!.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
        fired++;
      }
    };
    await round(5);
    const added = await api('POST', '/advertiser-dashboard/ad-groups', {
      campaign_id: campaignId,
      name: 'Ropes',
      group_type: 'manual',
      context: 'climbing ropes dynamic',
      ads: [{ headline: 'Dynamic ropes', copy: 'Ropes for lead climbing.', cta: 'Shop ropes' }],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ review_status: 'pending', serving_version: null });
    expect((await api('GET', `/advertiser-dashboard/campaigns/${campaignId}`)).body).toMatchObject({
      review_status: 'approved',
      deployment_status: 'deployed',
    });
    await round(5);
    const counts = await campaignCounts(s.ctx, campaignId);
    expect(counts.impressions).toBe(fired);
    expect(counts.impEvents).toBe(fired);
    // The new group is in the queue as an item of its own; it does not serve until approved.
    expect(await queueItem('ad_group', added.body.id)).toMatchObject({ serving: false, campaign_id: campaignId });
    expect(await serve('Which dynamic climbing ropes for lead climbing?')).toSatisfy(
      (a: any) => a === null || a.title !== 'Dynamic ropes',
    );
  });

  it('an item changed after the operator saw it is not approved blindly (409)', async () => {
    const { api, ad } = await liveCampaign('trail headlamp lumens', 'Bright headlamps', 'https://lamp.example.com/');
    await api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { copy: 'Now 1000 lumens.' });
    const seen = await queueItem('ad', ad.id);
    await api('PATCH', `/advertiser-dashboard/ads/${ad.id}`, { landing_page: 'https://elsewhere.example/' });
    const res = await admin(s)('POST', `/admin/reviews/ad/${ad.id}`, { decision: 'approve', version: seen.version });
    expect(res.status).toBe(409);
    expect((await queueItem('ad', ad.id)).changes.map((c: any) => c.field).sort()).toEqual(['copy', 'landing_page']);
  });

  it('a rejected campaign re-activated goes back to review with its ad groups and ads, and serves once approved', async () => {
    const { api, c } = await newAdvertiserWithCampaign(
      s,
      campaignBody({
        status: 'active',
        ad_groups: [
          {
            name: 'G',
            group_type: 'manual',
            context: 'snowshoe hiking winter',
            ads: [{ headline: 'Snowshoes for hikers' }],
          },
        ],
      }),
    );
    expect(
      (
        await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, {
          decision: 'reject',
          notes: 'fix the landing page',
        })
      ).status,
    ).toBe(200);
    const g = (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0];
    expect(g).toMatchObject({ review_status: 'rejected', ads: [{ review_status: 'rejected' }] });
    await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, { status: 'paused' });
    expect(
      (
        await api('PATCH', `/advertiser-dashboard/campaigns/${c.campaign_id}`, {
          status: 'active',
          landing_page: 'https://snow.example.com/',
        })
      ).body,
    ).toMatchObject({ review_status: 'pending_review' });
    expect((await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0]).toMatchObject({
      review_status: 'pending',
      ads: [{ review_status: 'pending' }],
    });
    expect((await admin(s)('POST', `/admin/campaigns/${c.campaign_id}/review`, { decision: 'approve' })).status).toBe(
      200,
    );
    expect(await serve('Which snowshoe is best for winter hiking?')).toMatchObject({
      campaignId: c.campaign_id,
      title: 'Snowshoes for hikers',
    });
  });

  it('non-reviewed edits (budget, bid, name) apply at once and send nothing to review', async () => {
    const { api, campaignId, group } = await liveCampaign(
      'pour over kettle gooseneck',
      'Gooseneck kettles',
      'https://kettle.example.com/',
    );
    const c = await api('PATCH', `/advertiser-dashboard/campaigns/${campaignId}`, {
      daily_budget: 75,
      name: 'Kettles 2',
      max_cpc: 0.5,
    });
    expect(c.body).toMatchObject({ daily_budget: 75, review_status: 'approved', changes_in_review: [] });
    const g = await api('PATCH', `/advertiser-dashboard/ad-groups/${group.id}`, {
      negative_context: 'electric',
      name: 'Main 2',
    });
    expect(g.body).toMatchObject({ review_status: 'approved', changes_in_review: [] });
    expect(await queueItem('campaign', campaignId)).toBeUndefined();
  });
});

describe('review queue: errors and access', () => {
  let s: TestServer;
  let api: Api;
  beforeAll(async () => {
    ({ s, api } = await startAdvServerWithClient());
  });
  afterAll(() => s.stop());

  it('needs the admin token; unknown kinds and ids are clear 4xx; an item not in review is 409', async () => {
    expect((await admin(s)('GET', '/admin/review-queue', undefined, 'wrong-token-wrong-token')).status).toBe(401);
    expect(
      (await admin(s)('POST', '/admin/reviews/ad/x', { decision: 'approve' }, 'wrong-token-wrong-token')).status,
    ).toBe(401);
    const badKind = await admin(s)('POST', '/admin/reviews/banner/x', { decision: 'approve' });
    expect(badKind.status).toBe(400);
    expect(
      (await admin(s)('POST', '/admin/reviews/ad/00000000-0000-7000-8000-00000000abcd', { decision: 'approve' }))
        .status,
    ).toBe(404);
    const c = (await api('POST', '/advertiser-dashboard/campaigns', campaignBody())).body;
    const group = (await api('GET', `/advertiser-dashboard/ad-groups?campaign_id=${c.campaign_id}`)).body[0];
    // A draft campaign's items wait for its activation: not in the queue yet.
    expect(
      ((await admin(s)('GET', '/admin/review-queue')).body as any[]).some((i) => i.campaign_id === c.campaign_id),
    ).toBe(false);
    await admin(s)('POST', `/admin/reviews/ad_group/${group.id}`, { decision: 'approve' });
    const again = await admin(s)('POST', `/admin/reviews/ad_group/${group.id}`, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect((await admin(s)('POST', `/admin/reviews/campaign/${c.campaign_id}`, { decision: 'maybe' })).status).toBe(
      422,
    );
  });
});
