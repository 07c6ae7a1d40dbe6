import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { campaignBody, client, newAdvertiser, type Api } from '../../../test/fixtures/advertiser-api.js';
import { useStripeServer } from '../../../test/fixtures/billing.js';

/**
 * Self-serve billing through Stripe Checkout (issue 27), against a local
 * server speaking Stripe's API to the official SDK, with real webhook
 * signatures: credits bought once per session, a payment method saved, the
 * ledger and receipts.
 */
describe('billing with Stripe Checkout', () => {
  const env = useStripeServer();

  async function pay(url: string): Promise<Response> {
    return fetch(url, { method: 'POST', redirect: 'manual' });
  }

  it('buys credits: Checkout in payment mode, the signed webhook credits the account once, the ledger and receipt show it', async () => {
    const adv = await newAdvertiser(env.s, { funded: false });
    const api = client(env.s, adv.key);
    const start = await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: 49.99 });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({
      purpose: 'credits',
      amount: 49.99,
      currency: 'USD',
      url: expect.stringContaining(env.stripe.url),
    });
    const sent = env.stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === adv.id,
    )!;
    expect(sent.auth).toBe(`Bearer ${env.stripe.secretKey}`);
    expect(sent.body).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '4999' } }],
      metadata: { orbit_advertiser_id: adv.id, orbit_purpose: 'credits' },
      success_url: `${env.s.url}/dashboard/billing?checkout=success`,
    });
    expect(sent.body.customer).toMatch(/^cus_/);

    // Nothing is credited before Stripe says the payment succeeded.
    expect((await api('GET', '/advertiser-dashboard/billing/ledger')).body).toMatchObject({
      credits_dollars: 0,
      balance_dollars: 0,
      credits: [],
    });
    const paid = await pay(start.body.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${env.s.url}/dashboard/billing?checkout=success`);
    expect(env.stripe.deliveries.at(-1)).toMatchObject({ status: 200, body: { status: 'credited' } });

    const ledger = (await api('GET', '/advertiser-dashboard/billing/ledger')).body;
    expect(ledger).toMatchObject({
      currency: 'USD',
      payments_enabled: true,
      credits_dollars: 49.99,
      total_spend_dollars: 0,
      balance_dollars: 49.99,
    });
    expect(ledger.credits).toHaveLength(1);
    expect(ledger.credits[0]).toMatchObject({ amount: 49.99, currency: 'USD', source: 'stripe' });
    const billing = (await api('GET', '/advertiser-dashboard/billing')).body;
    expect(billing).toMatchObject({ credits_dollars: 49.99, balance_dollars: 49.99, currency: 'USD' });

    // The receipt: a downloadable HTML document with the amount and the payment reference.
    const r = await fetch(`${env.s.url}${ledger.credits[0].receipt_url}`, { headers: { 'x-api-key': adv.key } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orbit-receipt-ORB-\d{8}-[0-9A-F]{8}\.html"$/,
    );
    const html = await r.text();
    expect(html).toContain('$49.99');
    expect(html).toContain(start.body.checkout_id);

    // A funded account passes the activation gate without an operator.
    const c = await api('POST', '/advertiser-dashboard/campaigns', campaignBody({ status: 'active' }));
    expect(c.status).toBe(201);
    expect(c.body.review_status).toBe('pending_review');
  });

  it('nothing is credited twice: a replayed event, another event for the same session, an async success after completion', async () => {
    const adv = await newAdvertiser(env.s, { funded: false });
    const api = client(env.s, adv.key);
    const start = (await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: 20 }))
      .body;
    await pay(start.url);
    const first = env.stripe.deliveries.at(-1)!;
    expect(first.body).toMatchObject({ status: 'credited' });
    expect(await env.stripe.deliver(first.event)).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await env.stripe.deliver(env.stripe.completedEvent(start.checkout_id))).toMatchObject({
      status: 200,
      body: { status: 'duplicate' },
    });
    expect(
      await env.stripe.deliver(
        env.stripe.completedEvent(start.checkout_id, 'checkout.session.async_payment_succeeded'),
      ),
    ).toMatchObject({
      status: 200,
      body: { status: 'duplicate' },
    });
    expect((await api('GET', '/advertiser-dashboard/billing/ledger')).body).toMatchObject({
      credits_dollars: 20,
      balance_dollars: 20,
    });
  });

  it('an unpaid (async) completion credits nothing until the payment succeeds', async () => {
    const adv = await newAdvertiser(env.s, { funded: false });
    const api = client(env.s, adv.key);
    const start = (await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: 15 }))
      .body;
    env.stripe.sessions.get(start.checkout_id)!.status = 'complete'; // completed, payment still processing
    expect(await env.stripe.deliver(env.stripe.completedEvent(start.checkout_id))).toMatchObject({
      body: { status: 'pending' },
    });
    expect((await api('GET', '/advertiser-dashboard/billing/ledger')).body.credits_dollars).toBe(0);
    env.stripe.sessions.get(start.checkout_id)!.payment_status = 'paid';
    expect(
      await env.stripe.deliver(
        env.stripe.completedEvent(start.checkout_id, 'checkout.session.async_payment_succeeded'),
      ),
    ).toMatchObject({ body: { status: 'credited' } });
    expect((await api('GET', '/advertiser-dashboard/billing/ledger')).body.credits_dollars).toBe(15);
  });

  it('saves a payment method: Checkout in setup mode; the account then passes the activation gate', async () => {
    const adv = await newAdvertiser(env.s, { funded: false });
    const api = client(env.s, adv.key);
    expect((await api('POST', '/advertiser-dashboard/campaigns', campaignBody({ status: 'active' }))).status).toBe(402);
    const start = await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'payment_method' });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ purpose: 'payment_method', amount: null });
    expect(
      env.stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === adv.id)!
        .body,
    ).toMatchObject({ mode: 'setup', currency: 'usd' });
    await pay(start.body.url);
    expect(env.stripe.deliveries.at(-1)!.body).toMatchObject({ status: 'payment_method_saved' });
    expect((await api('GET', '/advertiser-dashboard/billing/ledger')).body).toMatchObject({
      has_payment_method: true,
      credits_dollars: 0,
    });
    expect((await api('POST', '/advertiser-dashboard/campaigns', campaignBody({ status: 'active' }))).status).toBe(201);
  });
});

describe('billing without Stripe configured', () => {
  let s: TestServer;
  let api: Api;
  beforeAll(async () => {
    s = await startTestServer();
    api = client(s, (await newAdvertiser(s)).key);
  });
  afterAll(() => s.stop());

  it('the ledger says payments are off and names the operator command; Checkout is a 409 saying so', async () => {
    const ledger = (await api('GET', '/advertiser-dashboard/billing/ledger')).body;
    expect(ledger).toMatchObject({
      payments_enabled: false,
      operator_command: expect.stringContaining('orbit credits add'),
      credits_dollars: 100,
      balance_dollars: 100,
    });
    const res = await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: 50 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not configured.*orbit credits add/);
    const hook = await fetch(`${s.url}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(hook.status).toBe(409);
  });
});
