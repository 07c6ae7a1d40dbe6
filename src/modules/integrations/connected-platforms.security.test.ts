import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { clickThrough, dashboard, shopifyCallbackQuery, SKILLETS } from '../../../test/fixtures/conversions.js';
import { settleRollups } from '../../db/index.js';

const SECRET = 'whsec_security_' + 'Zz9Yy8Xx7Ww6';
const SHOPIFY_SECRET = 'shpss_test_app_secret_value';

describe('connected platforms: signatures, replays, tenancy', () => {
  let s: TestServer;
  let w: World;
  let other: World;
  beforeAll(async () => {
    s = await startTestServer({
      shopifyApiKey: 'shopify-client-id',
      shopifyApiSecret: SHOPIFY_SECRET,
      shopifyApiBase: 'http://127.0.0.1:9',
    });
    w = await seedWorld(s.ctx);
    other = await seedWorld(s.ctx, SKILLETS);
    await fetch(`${s.url}/advertiser-dashboard/integrations/stripe`, {
      method: 'PUT',
      headers: { 'x-api-key': w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ signing_secret: SECRET }),
    });
  });
  afterAll(() => s.stop());

  const nowS = () => Math.floor(Date.now() / 1000);
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      created: nowS(),
      data: {
        object: {
          id: `cs_${id}`,
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 500,
          currency: 'usd',
          metadata: {},
        },
      },
    });
  const post = (key: string, body: string, sig: string | undefined) =>
    fetch(`${s.url}/stripe-conversions/webhook?api_key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) },
      body,
    });

  it('Stripe: refuses a wrong signature, a stale timestamp, a missing header and a tampered body; records nothing', async () => {
    const body = event('evt_sec_1');
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else_123456' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: nowS() - 3600 });
    const good = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    const r1 = await post(w.advertiserKey, body, wrong);
    expect(r1.status).toBe(400);
    expect(((await r1.json()) as { message: string }).message).toMatch(/signature/i);
    const r2 = await post(w.advertiserKey, body, stale);
    expect(r2.status).toBe(400);
    expect(((await r2.json()) as { message: string }).message).toMatch(/tolerance|timestamp/i);
    expect((await post(w.advertiserKey, body, undefined)).status).toBe(400);
    expect(
      (await post(w.advertiserKey, body.replace('"amount_total":500', '"amount_total":999999'), good)).status,
    ).toBe(400);
    expect(await s.ctx.db.selectFrom('conversions').select('id').where('source', '=', 'stripe').execute()).toHaveLength(
      0,
    );
    expect(await s.ctx.db.selectFrom('webhook_receipts').select('external_id').execute()).toHaveLength(0);
  });

  it('Stripe: 401 without a valid key; 409 when the account has no signing secret; replays of a good delivery are duplicates', async () => {
    const body = event('evt_sec_2');
    const good = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    expect((await post('orb_adv_' + 'q'.repeat(32), body, good)).status).toBe(401);
    expect((await post(w.publisherKey, body, good)).status).toBe(401);
    const noSecret = await post(other.advertiserKey, body, good);
    expect(noSecret.status).toBe(409);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(((await (await post(w.advertiserKey, body, good)).json()) as { status: string }).status);
    expect(statuses).toEqual(['ok', 'duplicate', 'duplicate']);
    const bad = await post(w.advertiserKey, '{"id": ', good);
    expect(bad.status).toBe(400);
  });

  it('Stripe: the signing secret endpoint refuses non-secrets and is per account', async () => {
    const put = await fetch(`${s.url}/advertiser-dashboard/integrations/stripe`, {
      method: 'PUT',
      headers: { 'x-api-key': other.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ signing_secret: 'sk_live_oops' }),
    });
    expect(put.status).toBe(422);
    expect(
      await (await dashboard(s, other.advertiserKey, '/advertiser-dashboard/integrations/stripe')).json(),
    ).toMatchObject({ configured: false });
    const del = await fetch(`${s.url}/advertiser-dashboard/integrations/stripe`, {
      method: 'DELETE',
      headers: { 'x-api-key': other.advertiserKey },
    });
    expect(del.status).toBe(404);
  });

  it('Cal.com: a booking with a bad or missing signature is recorded but flagged unverified, never counted', async () => {
    const attr = await clickThrough(s, w);
    const body = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      payload: {
        uid: 'forged-1',
        attendees: [{ email: 'x@example.com' }],
        metadata: { attribution: { grclid: attr.grclid } },
      },
    });
    const forged = createHmac('sha256', 'not-the-key').update(body).digest('hex');
    for (const sig of [forged, 'zz', undefined]) {
      const res = await fetch(`${s.url}/cal/booking?api_key=${w.advertiserKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(sig ? { 'x-cal-signature-256': sig } : {}) },
        body: sig === forged ? body : body.replace('forged-1', `forged-${sig ?? 'none'}`),
      });
      expect(await res.json()).toMatchObject({ received: true, status: 'ok', verified: false });
    }
    const rows = await s.ctx.db.selectFrom('conversions').selectAll().where('source', '=', 'cal').execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.verified === 0 && r.counted === 0)).toBe(true);
    await settleRollups(s.ctx.db);
    const rollups = await s.ctx.db
      .selectFrom('rollups')
      .select('conversions')
      .where('campaign_id', '=', w.campaignId)
      .execute();
    expect(rollups.reduce((a, r) => a + Number(r.conversions), 0)).toBe(0);
    const bad = await fetch(`${s.url}/cal/booking?api_key=${w.advertiserKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"payload":{}}',
    });
    expect(bad.status).toBe(422);
    expect(
      (await fetch(`${s.url}/cal/booking`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
        .status,
    ).toBe(401);
  });

  it('Shopify: refuses bad webhook HMACs, unknown shops, bad callback HMACs and unknown or foreign states', async () => {
    const body = JSON.stringify({ id: 5, total_price: '1.00', currency: 'USD' });
    const hook = (hmac: string, shop = 'nobody.myshopify.com') =>
      fetch(`${s.url}/shopify/webhooks/orders-paid`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': shop,
          'x-shopify-topic': 'orders/paid',
        },
        body,
      });
    expect((await hook(createHmac('sha256', 'wrong').update(body).digest('base64'))).status).toBe(401);
    expect((await hook('')).status).toBe(401);
    expect((await hook(createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'))).status).toBe(404);
    expect(
      (await hook(createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'), 'evil.example.com')).status,
    ).toBe(400);

    const inst = (await (
      await dashboard(s, w.advertiserKey, '/advertiser-dashboard/integrations/shopify/install?shop=alpha.myshopify.com')
    ).json()) as { install_url: string };
    const state = new URL(inst.install_url).searchParams.get('state')!;
    const q = shopifyCallbackQuery(SHOPIFY_SECRET, 'alpha.myshopify.com', state, nowS());
    const tampered = q.replace('code=good-code', 'code=other-code');
    expect((await fetch(`${s.url}/shopify/callback?${tampered}`, { redirect: 'manual' })).status).toBe(401);
    const foreignShop = shopifyCallbackQuery(SHOPIFY_SECRET, 'beta.myshopify.com', state, nowS());
    expect((await fetch(`${s.url}/shopify/callback?${foreignShop}`, { redirect: 'manual' })).status).toBe(400);
    const unknown = shopifyCallbackQuery(SHOPIFY_SECRET, 'alpha.myshopify.com', 'made-up-state', nowS());
    expect((await fetch(`${s.url}/shopify/callback?${unknown}`, { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(`${s.url}/shopify/callback?shop=alpha.myshopify.com`, { redirect: 'manual' })).status).toBe(
      400,
    );
    expect(
      (
        await dashboard(
          s,
          w.advertiserKey,
          '/advertiser-dashboard/integrations/shopify/install?shop=https://evil.example',
        )
      ).status,
    ).toBe(400);
    expect(await s.ctx.db.selectFrom('shop_connections').select('id').execute()).toHaveLength(0);
    // The other tenant sees no connections, and cannot deactivate ids it does not own.
    expect(await (await dashboard(s, other.advertiserKey, '/advertiser-dashboard/integrations')).json()).toEqual({
      shopify: [],
    });
    const del = await fetch(`${s.url}/advertiser-dashboard/integrations/shopify/some-id`, {
      method: 'DELETE',
      headers: { 'x-api-key': other.advertiserKey },
    });
    expect(del.status).toBe(404);
  });
});
