import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as accounts from '../accounts/service.js';
import { createPlacement } from '../placements/service.js';
import { TEST_AD_ID } from '../../lib/test-ad.js';
import { settleRollups } from '../../db/index.js';
import { BROWSER_UA, seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';

/**
 * Drop-in contract with the public AI-chat ad SDKs (issue 27): Orbit, given
 * only a new base URL, answers the request bodies those clients build.
 *
 * The published `gravity-js` API client (`@gravity-ai/api`) is not reachable
 * from this machine's registry (npm 404), so `sdkClient` below reproduces its
 * request builder and answer handling from its public `types.ts` and
 * `client.ts`: client-level defaults merged into every request
 * (`excludedTopics: []`, `relevancy: null` when none is configured),
 * `Authorization: Bearer`, JSON body; 204 → null; 4xx → null with the error
 * logged. The field list is theirs: messages, sessionId, placements (several
 * slots), numAds, render_context, userId, chatId, user (uid, gender, age,
 * keywords and extra keys of any JSON type), device (ip, ua, country, os, ifa
 * and extras), excludedTopics, relevancy, testAd.
 */
interface SdkOptions {
  endpoint: string;
  excludedTopics?: string[];
  relevancy?: number | null;
}

function sdkClient(apiKey: string, opts: SdkOptions) {
  const defaults = { excludedTopics: opts.excludedTopics ?? [], relevancy: opts.relevancy ?? null };
  const errors: { status: number; body: unknown }[] = [];
  return {
    errors,
    /** The request exactly as the client sends it (for assertions on the wire shape). */
    body: (params: Record<string, unknown>) => ({
      ...params,
      excludedTopics: (params.excludedTopics as string[] | undefined) ?? defaults.excludedTopics,
      relevancy: (params.relevancy as number | null | undefined) ?? defaults.relevancy,
    }),
    async getAd(params: Record<string, unknown>): Promise<Record<string, any>[] | null> {
      const res = await fetch(`${opts.endpoint}/api/v1/ad`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'user-agent': BROWSER_UA },
        body: JSON.stringify(this.body(params)),
      });
      if (res.status === 204) return null;
      const data = (await res.json()) as unknown;
      if (!res.ok) {
        errors.push({ status: res.status, body: data });
        return null;
      }
      return Array.isArray(data) && data.length > 0 ? (data as Record<string, any>[]) : null;
    },
  };
}

const conversation = [
  { role: 'user', content: 'I am training for my first marathon.' },
  { role: 'assistant', content: 'Great! Cushioned running shoes help on long runs.' },
  { role: 'user', content: 'Which running shoes should I buy for the marathon?' },
];

/** Every field the public clients document, with their documented types (extras of several JSON types). */
const fullRequest = (sessionId: string) => ({
  messages: conversation,
  sessionId,
  placements: [
    { placement: 'below_response', placement_id: 'Chat-Below' },
    { placement: 'below_response', placement_id: 'Chat-Below-2' },
  ],
  numAds: 2,
  render_context: {
    placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
    max_ad_length: 200,
    supports_markdown: true,
    supports_links: true,
    supports_images: false,
    supports_cta_button: true,
  },
  userId: 'user-456',
  chatId: 'chat-789',
  user: {
    uid: 'user-456',
    gender: 'female',
    age: '25-34',
    keywords: 'running,fitness',
    subscription_tier: 'pro',
    user_interests: ['running', 'travel'],
    company_size: 12,
    beta: true,
  },
  device: {
    ip: '203.0.113.7',
    ua: BROWSER_UA,
    country: 'US',
    os: 'macOS',
    ifa: 'ifa-1',
    timezone: 'America/New_York',
    locale: 'en-US',
    screen_width: 1440,
    is_mobile: false,
  },
  excludedTopics: ['politics'],
  testAd: false,
});

for (const fastPath of [true, false]) {
  describe(`public AI-chat ad SDK request shapes (${fastPath ? 'fast path' : 'Fastify only'})`, () => {
    let s: TestServer;
    let w: World;
    beforeAll(async () => {
      s = await startTestServer({ fastPath });
      w = await seedWorld(s.ctx);
      const pub = (
        await s.ctx.db.selectFrom('publishers').select('id').where('id', '=', w.publisherId).executeTakeFirstOrThrow()
      ).id;
      await createPlacement(s.ctx, pub, { name: 'Chat Below 2', placement_type: 'below_response' });
    });
    afterAll(() => s.stop());

    it('the client with default settings (relevancy: null, excludedTopics: []) gets an ad for a matching conversation', async () => {
      const client = sdkClient(w.publisherKey, { endpoint: s.url });
      const params = {
        messages: conversation,
        sessionId: 's-default',
        placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
      };
      expect(client.body(params)).toMatchObject({ relevancy: null, excludedTopics: [] });
      const ads = await client.getAd(params);
      expect(client.errors).toEqual([]);
      expect(ads).toHaveLength(1);
      const ad = ads![0];
      expect(ad).toMatchObject({
        campaignId: w.campaignId,
        placement: 'below_response',
        placement_id: 'Chat-Below',
        feedbackPrompt: expect.any(Boolean),
      });
      for (const k of ['adText', 'title', 'cta', 'brandName', 'url', 'favicon', 'impUrl', 'clickUrl'])
        expect(typeof ad[k]).toBe('string');
      expect(ad.isTest).toBeUndefined();
      // Impression 200, click 302 with the attribution parameters the clients document.
      expect((await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
      const click = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
      expect(click.status).toBe(302);
      const loc = new URL(click.headers.get('location')!);
      for (const p of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig']) expect(loc.searchParams.get(p)).toBeTruthy();
    });

    it('every documented field, extras of any JSON type, several slots, numAds: accepted and honoured', async () => {
      const client = sdkClient(w.publisherKey, { endpoint: s.url, relevancy: 0.5, excludedTopics: ['gambling'] });
      const ads = await client.getAd(fullRequest('s-full'));
      expect(client.errors).toEqual([]);
      expect(ads?.length).toBeGreaterThanOrEqual(1);
      // numAds caps the filled slots: one campaign, two slots, numAds 1 → one ad at most.
      const one = await client.getAd({ ...fullRequest('s-one'), numAds: 1 });
      expect(one).toHaveLength(1);
      expect(one![0].placement_id).toBe('Chat-Below');
      // Unknown top-level keys (client versions add fields) are ignored, not refused.
      expect(
        await client.getAd({
          ...fullRequest('s-extra'),
          queryString: 'running shoes',
          apiKey: 'ignored',
          interests: ['x'],
        }),
      ).not.toBeNull();
      expect(client.errors).toEqual([]);
    });

    it('204 becomes null; a bad key is a 401 with the error shape the clients read', async () => {
      const client = sdkClient(w.publisherKey, { endpoint: s.url });
      expect(
        await client.getAd({
          messages: [{ role: 'user', content: 'What is the capital of Mongolia?' }],
          sessionId: 's-none',
          placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
        }),
      ).toBeNull();
      expect(client.errors).toEqual([]);
      const bad = sdkClient('orb_pub_not-a-real-key-not-a-real-key', { endpoint: s.url });
      expect(await bad.getAd(fullRequest('s-bad'))).toBeNull();
      expect(bad.errors[0]).toMatchObject({
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: expect.any(String) },
      });
    });

    it('relevancy out of range or a wrong numAds is still a 422 naming the field', async () => {
      for (const [field, value] of [
        ['relevancy', 1.5],
        ['numAds', 0],
        ['numAds', 2.5],
        ['render_context', 'wide'],
      ] as const) {
        const client = sdkClient(w.publisherKey, { endpoint: s.url });
        expect(await client.getAd({ ...fullRequest(`s-${field}`), [field]: value })).toBeNull();
        expect(client.errors[0]).toMatchObject({
          status: 422,
          body: { details: expect.arrayContaining([expect.objectContaining({ field })]) },
        });
      }
    });
  });
}

describe('testAd: a clearly marked test ad, whatever the inventory, never billed or counted', () => {
  let s: TestServer;
  let key: string;
  let publisherId: string;
  beforeAll(async () => {
    s = await startTestServer();
    // A new integrator: no campaign anywhere, and no placement created yet.
    const pub = await accounts.createPublisher(s.ctx, { name: 'New chat app' });
    key = pub.apiKey;
    publisherId = pub.publisher.id;
    s.ctx.inventory.invalidate(); // as the admin API does after creating a publisher
  });
  afterAll(() => s.stop());

  it('on an empty inventory every placement gets the house test ad; its URLs work; nothing is counted or billed', async () => {
    const client = sdkClient(key, { endpoint: s.url });
    const base = {
      messages: conversation,
      sessionId: 's-test',
      placements: [
        { placement: 'below_response', placement_id: 'Anywhere' },
        { placement: 'inline_response', placement_id: 'Inline' },
      ],
    };
    expect(await client.getAd(base)).toBeNull();
    const ads = await client.getAd({ ...base, testAd: true });
    expect(JSON.stringify(client.errors)).toBe('[]');
    expect(ads).toHaveLength(2);
    for (const ad of ads!) {
      expect(ad).toMatchObject({ isTest: true, title: expect.stringMatching(/^\[Test\]/), campaignId: TEST_AD_ID });
      expect((await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
      const click = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
      expect(click.status).toBe(302);
      const landing = await fetch(click.headers.get('location')!);
      expect(landing.status).toBe(200);
      expect(await landing.text()).toMatch(/test ad/i);
    }
    expect(ads!.map((a) => a.placement_id)).toEqual(['Anywhere', 'Inline']);
    // Recorded as test traffic only: no counted request, impression or click, no spend.
    await settleRollups(s.ctx.db);
    const roll = await s.ctx.db
      .selectFrom('rollups')
      .select([
        sql<number>`coalesce(sum(impressions), 0)`.as('imps'),
        sql<number>`coalesce(sum(clicks), 0)`.as('clicks'),
        sql<number>`coalesce(sum(spend_micros), 0)`.as('spend'),
      ])
      .where('publisher_id', '=', publisherId)
      .where('campaign_id', '=', TEST_AD_ID)
      .executeTakeFirstOrThrow();
    expect({ imps: Number(roll.imps), clicks: Number(roll.clicks), spend: Number(roll.spend) }).toEqual({
      imps: 0,
      clicks: 0,
      spend: 0,
    });
    const events = await s.ctx.db
      .selectFrom('tracking_events')
      .select(['is_test', 'spend_micros'])
      .where('campaign_id', '=', TEST_AD_ID)
      .execute();
    expect(events.length).toBe(4);
    expect(events.every((e) => e.is_test === 1 && Number(e.spend_micros) === 0)).toBe(true);
    const info = await fetch(`${s.url}/publisher-dashboard/info`, { headers: { 'x-api-key': key } });
    expect(await info.json()).toMatchObject({ total_impressions: 0, total_clicks: 0 });
  });

  it('with a matching campaign, testAd returns that campaign marked as a test, still never billed', async () => {
    const w = await seedWorld(s.ctx);
    const client = sdkClient(w.publisherKey, { endpoint: s.url });
    const ads = await client.getAd({
      messages: conversation,
      sessionId: 's-t2',
      placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
      testAd: true,
    });
    expect(ads![0]).toMatchObject({
      campaignId: w.campaignId,
      isTest: true,
      title: expect.stringMatching(/^\[Test\]/),
    });
    await fetch(ads![0].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    const spent = await s.ctx.db
      .selectFrom('tracking_events')
      .select('spend_micros')
      .where('campaign_id', '=', w.campaignId)
      .execute();
    expect(spent.every((e) => Number(e.spend_micros) === 0)).toBe(true);
  });
});
