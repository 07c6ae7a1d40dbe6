import { beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { createApprovedCampaign } from '../campaigns/seed.js';
import { createPlacement } from '../placements/service.js';
import { RUNNING_CAMPAIGN, adRequestBody } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { adHeaders, bothPaths } from '../../../test/fixtures/hot-paths.js';

/**
 * Publisher-side blocks (GET/POST/DELETE /publisher-dashboard/blocks) are
 * honoured by the decision: a blocked advertiser or ad category is never
 * served to that publisher — on the raw fast path and on the Fastify route
 * alike — while other publishers still get it, and lifting the block brings
 * it back.
 */
describe('publisher blocks', () => {
  const env = useSeededServer({}, { ...RUNNING_CAMPAIGN, category: 'sports_fitness' });
  let rivalAdvertiser: string;
  let rivalCampaign: string;
  let rivalKey: string;
  let other: { id: string; key: string };

  const json = { 'content-type': 'application/json' };
  const call = async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${env.s.url}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? json : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };
  type Kind = 'advertiser' | 'category';
  /** Blocks an advertiser or a category for the publisher of `key` (ours by default): the answer's status. */
  const block = async (kind: Kind, value: string, key = env.w.publisherKey) =>
    (await call(key, 'POST', '/publisher-dashboard/blocks', { kind, value })).status;
  /** Lifts a block of our publisher: the answer's status. */
  const unblock = async (kind: Kind, value: string) =>
    (await call(env.w.publisherKey, 'DELETE', `/publisher-dashboard/blocks/${kind}/${value}`)).status;
  /** Our publisher's blocks, as listed. */
  const blocks = async () => (await call(env.w.publisherKey, 'GET', '/publisher-dashboard/blocks')).body;
  /** The campaigns served over n requests, on both paths. */
  const served = async (key: string, n = 6) => {
    const out = new Set<string>();
    let empty = 0;
    for (let i = 0; i < n; i++) {
      const { fast, ref } = await bothPaths(env.s, JSON.stringify(adRequestBody()), adHeaders(key));
      for (const a of [fast, ref]) {
        if (a.status === 204) empty++;
        else for (const ad of JSON.parse(a.body) as { campaignId: string }[]) out.add(ad.campaignId);
      }
    }
    return { campaigns: out, empty };
  };

  beforeAll(async () => {
    const rival = await accounts.createAdvertiser(env.s.ctx, { name: 'Rival shoes', hasPaymentMethod: true });
    await accounts.addCredits(env.s.ctx, { advertiserId: rival.advertiser.id, amountDollars: 500 });
    rivalAdvertiser = rival.advertiser.id;
    rivalKey = rival.apiKey;
    rivalCampaign = await createApprovedCampaign(env.s.ctx, rivalAdvertiser, {
      ...RUNNING_CAMPAIGN,
      name: 'Rival runners',
      category: 'gambling',
      max_cpc: 0.45,
      // The same group name and context: as relevant as the blocked advertiser's (the semantic signal reads names too).
      groups: [{ ...RUNNING_CAMPAIGN.groups[0], brand_name: 'Rival' }],
    });
    const pub = await accounts.createPublisher(env.s.ctx, { name: 'Other app', url: 'https://other.example.com' });
    await createPlacement(env.s.ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
    other = { id: pub.publisher.id, key: pub.apiKey };
    await env.s.ctx.inventory.rebuild();
  });

  it('serves both advertisers before any block', async () => {
    const r = await served(env.w.publisherKey, 8);
    expect(r.empty).toBe(0);
    expect(r.campaigns.has(env.w.campaignId) || r.campaigns.has(rivalCampaign)).toBe(true);
  });

  it('never serves a blocked advertiser to that publisher, on either path', async () => {
    const add = await call(env.w.publisherKey, 'POST', '/publisher-dashboard/blocks', {
      kind: 'advertiser',
      value: env.w.advertiserId,
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ kind: 'advertiser', value: env.w.advertiserId });
    // Blocking twice is harmless.
    expect(await block('advertiser', env.w.advertiserId)).toBe(201);
    const r = await served(env.w.publisherKey, 8);
    expect(r.campaigns.has(env.w.campaignId)).toBe(false);
    expect(r.campaigns).toEqual(new Set([rivalCampaign]));
    expect(r.empty).toBe(0);
    // Another publisher still gets it.
    const o = await served(other.key, 4);
    expect(o.empty).toBe(0);
    expect(await blocks()).toMatchObject({
      advertisers: [{ advertiser_id: env.w.advertiserId, advertiser_name: expect.any(String) }],
      categories: [],
    });
  });

  it('never serves a blocked category either; lifting the blocks brings the ads back', async () => {
    expect(await block('category', 'gambling')).toBe(201);
    const none = await served(env.w.publisherKey, 4);
    expect(none.campaigns.size).toBe(0);
    expect(none.empty).toBe(8);
    expect((await blocks())?.categories).toEqual([
      { category: 'gambling', label: 'Gambling & betting', created_at: expect.any(String) },
    ]);

    expect(await unblock('advertiser', env.w.advertiserId)).toBe(204);
    expect(await unblock('advertiser', 'not-blocked')).toBe(204);
    const back = await served(env.w.publisherKey, 4);
    expect(back.campaigns).toEqual(new Set([env.w.campaignId]));
    expect(await unblock('category', 'gambling')).toBe(204);
    expect(await blocks()).toEqual({ advertisers: [], categories: [] });
  });

  it('a category change waits for review: the blocked category keeps the campaign out until the new one is approved', async () => {
    expect(await block('category', 'gambling')).toBe(201);
    expect(await block('advertiser', env.w.advertiserId)).toBe(201);
    const patched = await call(rivalKey, 'PATCH', `/advertiser-dashboard/campaigns/${rivalCampaign}`, {
      category: 'sports_fitness',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ review_status: 'pending_review' });
    // The approved version (category gambling) is what serves: still blocked for this publisher, still served elsewhere.
    expect((await served(env.w.publisherKey, 3)).campaigns.size).toBe(0);
    expect(await block('advertiser', env.w.advertiserId, other.key)).toBe(201);
    expect((await served(other.key, 2)).campaigns).toEqual(new Set([rivalCampaign]));
    const adminCall = (path: string, body: unknown) =>
      fetch(`${env.s.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.s.ctx.secrets.adminToken}`, ...json },
        body: JSON.stringify(body),
      });
    expect((await adminCall(`/admin/reviews/campaign/${rivalCampaign}`, { decision: 'approve' })).status).toBe(200);
    await env.s.ctx.inventory.rebuild();
    expect((await served(env.w.publisherKey, 3)).campaigns).toEqual(new Set([rivalCampaign]));
    expect(await unblock('category', 'gambling')).toBe(204);
    expect(await unblock('advertiser', env.w.advertiserId)).toBe(204);
  });

  it('lists the ad categories', async () => {
    const res = await fetch(`${env.s.url}/ad-categories`);
    const body = (await res.json()) as { categories: { id: string; label: string; sensitive: boolean }[] };
    expect(body.categories.find((c) => c.id === 'gambling')).toEqual({
      id: 'gambling',
      label: 'Gambling & betting',
      sensitive: true,
    });
  });
});
