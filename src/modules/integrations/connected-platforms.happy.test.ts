import http from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import {
  clickThrough,
  dashboard,
  purchase,
  sendEvents,
  shopifyCallbackQuery,
  type GatewayOut,
} from '../../../test/fixtures/conversions.js';

const SECRET = 'whsec_test_' + 'a1B2c3D4e5F6g7H8i9J0';
const SHOPIFY_SECRET = 'shpss_test_app_secret_value';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A fake Shopify shop on 127.0.0.1: token exchange, webhook subscription, web pixel install. */
function fakeShop() {
  const calls: { path: string; body: any; token?: string }[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = data ? JSON.parse(data) : null;
      calls.push({ path: req.url ?? '', body, token: req.headers['x-shopify-access-token'] as string | undefined });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/admin/oauth/access_token') {
        if (body.client_secret !== SHOPIFY_SECRET || body.code !== 'good-code')
          return res.writeHead(400).end('{"error":"invalid_request"}');
        return res.end(JSON.stringify({ access_token: 'shpat_fake_token_123456', scope: 'read_orders,write_pixels' }));
      }
      if (req.url?.endsWith('/webhooks.json'))
        return res.writeHead(201).end(JSON.stringify({ webhook: { id: 1, topic: body.webhook.topic } }));
      if (req.url?.endsWith('/graphql.json'))
        return res.end(
          JSON.stringify({
            data: { webPixelCreate: { userErrors: [], webPixel: { id: 'gid://shopify/WebPixel/1' } } },
          }),
        );
      res.writeHead(404).end('{}');
    });
  });
  return {
    calls,
    server,
    start: () =>
      new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('connected platforms: happy paths', () => {
  let s: TestServer;
  let w: World;
  const shop = fakeShop();
  const clock = new ManualClock(Date.UTC(2026, 4, 4, 9, 0, 0));
  const nowS = () => Math.floor(clock.now() / 1000);
  beforeAll(async () => {
    const port = await shop.start();
    s = await startTestServer(
      {
        shopifyApiKey: 'shopify-client-id',
        shopifyApiSecret: SHOPIFY_SECRET,
        shopifyApiBase: `http://127.0.0.1:${port}`,
      },
      { clock },
    );
    w = await seedWorld(s.ctx);
    const put = await fetch(`${s.url}/advertiser-dashboard/integrations/stripe`, {
      method: 'PUT',
      headers: { 'x-api-key': w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ signing_secret: SECRET }),
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await s.stop();
    await shop.stop();
  });

  const stripe = (event: object) => {
    const payload = JSON.stringify(event);
    const sig = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowS() });
    return fetch(`${s.url}/stripe-conversions/webhook?api_key=${w.advertiserKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sig },
      body: payload,
    });
  };
  const evt = (id: string, type: string, object: object) => ({
    id,
    object: 'event',
    type,
    created: nowS(),
    livemode: false,
    data: { object },
  });

  it('stores the Stripe signing secret encrypted only', async () => {
    const row = await s.ctx.db
      .selectFrom('integration_secrets')
      .selectAll()
      .where('advertiser_id', '=', w.advertiserId)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(SECRET);
    expect(row.secret_enc).not.toContain('a1B2c3D4');
    expect(
      await (await dashboard(s, w.advertiserKey, '/advertiser-dashboard/integrations/stripe')).json(),
    ).toMatchObject({ configured: true });
  });

  it('Stripe: a one-time checkout becomes an attributed purchase with amount and currency; replays are idempotent', async () => {
    const attr = await clickThrough(s, w);
    const session = {
      id: 'cs_test_one',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 12_345,
      currency: 'eur',
      client_reference_id: attr.grclid,
      metadata: { grsig: attr.grsig },
      customer_details: { email: 'Stripe.Buyer@example.com', phone: '+33 1 23 45 67 89' },
    };
    const first = await stripe(evt('evt_checkout_1', 'checkout.session.completed', session));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, status: 'ok', attributed: true });
    const replay = await stripe(evt('evt_checkout_1', 'checkout.session.completed', session));
    expect(await replay.json()).toMatchObject({ received: true, status: 'duplicate' });
    const rows = await s.ctx.db.selectFrom('conversions').selectAll().where('source', '=', 'stripe').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event_type: 'purchase',
      value_micros: 123_450_000,
      currency: 'EUR',
      campaign_id: w.campaignId,
      order_id: 'cs_test_one',
    });
    expect(JSON.parse(rows[0].identity_json!).em).toEqual([sha('stripe.buyer@example.com')]);
  });

  it('Stripe: the first subscription invoice counts, renewals, subscription checkouts and payment intents do not', async () => {
    const inv = (id: string, reason: string) => ({
      id,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: 2000,
      currency: 'usd',
      customer_email: 'sub@example.com',
      metadata: {},
    });
    const results = [];
    results.push(await (await stripe(evt('evt_inv_1', 'invoice.paid', inv('in_first', 'subscription_create')))).json());
    results.push(await (await stripe(evt('evt_inv_2', 'invoice.paid', inv('in_renew', 'subscription_cycle')))).json());
    results.push(
      await (
        await stripe(
          evt('evt_cs_sub', 'checkout.session.completed', {
            id: 'cs_sub',
            mode: 'subscription',
            payment_status: 'paid',
            amount_total: 2000,
            currency: 'usd',
          }),
        )
      ).json(),
    );
    results.push(
      await (
        await stripe(evt('evt_pi', 'payment_intent.succeeded', { id: 'pi_1', amount: 2000, currency: 'usd' }))
      ).json(),
    );
    expect(results.map((r) => (r as { status: string }).status)).toEqual(['ok', 'ignored', 'ignored', 'ignored']);
    const rows = await s.ctx.db
      .selectFrom('conversions')
      .select(['order_id', 'value_micros', 'attributed'])
      .where('source', '=', 'stripe')
      .where('order_id', 'like', 'in_%')
      .execute();
    expect(rows).toEqual([{ order_id: 'in_first', value_micros: 20_000_000, attributed: 0 }]);
    const replay = await (await stripe(evt('evt_inv_2', 'invoice.paid', inv('in_renew', 'subscription_cycle')))).json();
    expect(replay).toMatchObject({ status: 'duplicate' });
  });

  it('Cal.com: the five triggers give five event names; attendee email and phone are hashed; signed bookings are verified', async () => {
    const attr = await clickThrough(s, w);
    const triggers = [
      'BOOKING_CREATED',
      'BOOKING_CONFIRMED',
      'BOOKING_RESCHEDULED',
      'BOOKING_CANCELLED',
      'MEETING_ENDED',
    ];
    for (const [i, t] of triggers.entries()) {
      const body = JSON.stringify({
        triggerEvent: t,
        createdAt: new Date(clock.now()).toISOString(),
        payload: {
          uid: `bk-${i}`,
          title: 'Intro call',
          attendees: [{ email: 'Cal.Attendee@example.com', name: 'Cal Attendee', phoneNumber: '+1 415 555 0101' }],
          metadata: { attribution: { grclid: attr.grclid } },
        },
      });
      const sig = createHmac('sha256', w.advertiserKey).update(body).digest('hex');
      const res = await fetch(`${s.url}/cal/booking?api_key=${w.advertiserKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-cal-signature-256': sig },
        body,
      });
      expect(await res.json()).toEqual({ received: true, status: 'ok', attributed: true, verified: true });
    }
    const rows = await s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('source', '=', 'cal')
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => r.event_type)).toEqual([
      'booking_created',
      'booking_confirmed',
      'booking_rescheduled',
      'booking_cancelled',
      'meeting_ended',
    ]);
    expect(rows.every((r) => r.verified === 1 && r.counted === 1 && r.campaign_id === w.campaignId)).toBe(true);
    const identity = JSON.parse(rows[0].identity_json!);
    expect(identity).toMatchObject({ em: [sha('cal.attendee@example.com')], ph: [sha('14155550101')] });
  });

  it('Shopify: OAuth connect, orders/paid webhook verified, connection verified, purchases deduplicated on the order id', async () => {
    const domain = 'orbit-demo.myshopify.com';
    const inst = await dashboard(
      s,
      w.advertiserKey,
      `/advertiser-dashboard/integrations/shopify/install?shop=${domain}`,
    );
    expect(inst.status).toBe(200);
    const { install_url } = (await inst.json()) as { install_url: string };
    const u = new URL(install_url);
    expect(u.pathname).toBe('/admin/oauth/authorize');
    expect(u.searchParams.get('client_id')).toBe('shopify-client-id');
    expect(u.searchParams.get('redirect_uri')).toBe(`${s.url}/shopify/callback`);
    const state = u.searchParams.get('state')!;

    const cb = await fetch(`${s.url}/shopify/callback?${shopifyCallbackQuery(SHOPIFY_SECRET, domain, state, nowS())}`, {
      redirect: 'manual',
    });
    expect(cb.status).toBe(302);
    expect(cb.headers.get('location')).toContain('status=connected');
    expect(shop.calls.map((c) => c.path)).toEqual([
      '/admin/oauth/access_token',
      '/admin/api/2025-01/webhooks.json',
      '/admin/api/2025-01/graphql.json',
    ]);
    expect(shop.calls[1].body.webhook).toEqual({
      topic: 'orders/paid',
      address: `${s.url}/shopify/webhooks/orders-paid`,
      format: 'json',
    });
    expect(shop.calls[1].token).toBe('shpat_fake_token_123456');
    const conn = await s.ctx.db.selectFrom('shop_connections').selectAll().executeTakeFirstOrThrow();
    expect(conn.access_token_enc).not.toContain('shpat_fake_token');

    const list1 = (await (await dashboard(s, w.advertiserKey, '/advertiser-dashboard/integrations')).json()) as {
      shopify: Record<string, unknown>[];
    };
    expect(list1.shopify).toHaveLength(1);
    expect(list1.shopify[0]).toMatchObject({ shop_domain: domain, is_active: true, verification_status: 'pending' });
    expect(Object.keys(list1.shopify[0]).sort()).toEqual([
      'connected_at',
      'id',
      'is_active',
      'shop_domain',
      'verification_status',
    ]);

    // The checkout pixel's purchase arrives first (through the gateway, event id = order id) …
    const attr = await clickThrough(s, w);
    const pixel = await sendEvents(s, w.advertiserKey, {
      data: [
        purchase(
          s,
          {
            event_id: '820982911946154508',
            custom_data: { value: 199, currency: 'CAD', order_id: '820982911946154508' },
          },
          attr,
        ),
      ],
    });
    expect(((await pixel.json()) as GatewayOut).results[0].status).toBe('ok');
    // … then the orders/paid webhook for the same order is the same conversion.
    const order = JSON.stringify({
      id: 0, // replaced below by an id beyond 2^53, as Shopify sends it: the GraphQL id carries it exactly
      admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
      email: 'Shop.Buyer@example.com',
      total_price: '199.00',
      currency: 'CAD',
      processed_at: new Date(clock.now()).toISOString(),
      note_attributes: [{ name: 'grclid', value: attr.grclid }],
      customer: { id: 115310627, phone: '+16135550199' },
    }).replace('"id":0,', '"id":820982911946154508,');
    const hook = (
      body: string,
      id: string,
      hmac = createHmac('sha256', SHOPIFY_SECRET).update(body).digest('base64'),
    ) =>
      fetch(`${s.url}/shopify/webhooks/orders-paid`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-shop-domain': domain,
          'x-shopify-topic': 'orders/paid',
          'x-shopify-webhook-id': id,
        },
        body,
      });
    expect(await (await hook(order, 'wh-1')).json()).toMatchObject({ status: 'duplicate' });
    const list2 = (await (await dashboard(s, w.advertiserKey, '/advertiser-dashboard/integrations')).json()) as {
      shopify: Record<string, unknown>[];
    };
    expect(list2.shopify[0].verification_status).toBe('verified');

    const order2 = JSON.stringify({
      id: 1001,
      email: 'second@example.com',
      total_price: '10.50',
      currency: 'USD',
      landing_site: `/?graid=${attr.graid}`,
    });
    expect(await (await hook(order2, 'wh-2')).json()).toEqual({ received: true, status: 'ok', attributed: true });
    expect(await (await hook(order2, 'wh-2')).json()).toMatchObject({ status: 'duplicate' });
    const rows = await s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('order_id', 'in', ['820982911946154508', '1001'])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.order_id === '1001')).toMatchObject({
      source: 'shopify',
      value_micros: 10_500_000,
      campaign_id: w.campaignId,
    });
  });
});
