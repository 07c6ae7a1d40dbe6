import { beforeAll, describe, expect, it } from 'vitest';
import { client, newAdvertiser, startAdvServer, type Adv, type Api } from '../../../test/fixtures/advertiser-api.js';
import { useStripeServer } from '../../../test/fixtures/billing.js';

/** Bad input to self-serve billing: a clear 4xx, nothing credited, nothing lost. */
describe('billing — bad input, forged webhooks, other tenants', () => {
  const env = useStripeServer();
  let adv: Adv;
  let api: Api;
  beforeAll(async () => {
    adv = await newAdvertiser(env.s, { funded: false });
    api = client(env.s, adv.key);
  });

  const credits = async () => (await api('GET', '/advertiser-dashboard/billing/ledger')).body.credits_dollars;

  it.each([
    ['negative', -5, /positive/],
    ['zero', 0, /positive/],
    ['below the minimum', 4.99, /at least 5\.00 USD/],
    ['absurd', 1e9, /at most 10000\.00 USD/],
    ['sub-cent', 10.001, /at most 2 decimals/],
  ])('a %s top-up is a 422 naming amount', async (_n, amount, message) => {
    const res = await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount });
    expect(res.status).toBe(422);
    expect(res.body.details[0]).toMatchObject({ field: 'amount', message: expect.stringMatching(message) });
  });

  it('malformed checkout bodies are 422', async () => {
    expect((await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits' })).status).toBe(422);
    expect(
      (await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: '50' })).status,
    ).toBe(422);
    expect((await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'gift', amount: 50 })).status).toBe(
      422,
    );
    expect(
      (await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'payment_method', amount: 5 })).status,
    ).toBe(422);
  });

  it('webhooks with a wrong, stale, missing or malformed signature are 400 and credit nothing', async () => {
    const start = (await api('POST', '/advertiser-dashboard/billing/checkout', { purpose: 'credits', amount: 25 }))
      .body;
    env.stripe.sessions.get(start.checkout_id)!.payment_status = 'paid';
    const event = env.stripe.completedEvent(start.checkout_id);
    const wrong = await env.stripe.deliver(event, { secret: 'whsec_not_the_secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/signature/i);
    const stale = await env.stripe.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(400);
    expect((await env.stripe.deliver(event, { signature: null })).body.message).toMatch(/Missing Stripe-Signature/);
    expect((await env.stripe.deliver(event, { signature: 't=1,v1=abc' })).status).toBe(400);
    const garbage = await fetch(`${env.s.url}/billing/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(garbage.status).toBe(400);
    expect(await credits()).toBe(0);
    // The genuine delivery still works after all that (nothing was marked seen).
    expect(await env.stripe.deliver(event)).toMatchObject({ status: 200, body: { status: 'credited' } });
    expect(await credits()).toBe(25);
  });

  it('a session this server did not open, or whose metadata names another account, credits nobody', async () => {
    const other = await newAdvertiser(env.s, { funded: false });
    const start = (
      await client(env.s, other.key)('POST', '/advertiser-dashboard/billing/checkout', {
        purpose: 'credits',
        amount: 30,
      })
    ).body;
    const session = env.stripe.sessions.get(start.checkout_id)!;
    session.payment_status = 'paid';
    session.client_reference_id = adv.id; // tampered: points at another account
    expect(await env.stripe.deliver(env.stripe.completedEvent(start.checkout_id))).toMatchObject({
      status: 200,
      body: { status: 'ignored' },
    });
    env.stripe.sessions.set('cs_test_foreign', { ...session, id: 'cs_test_foreign', client_reference_id: other.id });
    expect(await env.stripe.deliver(env.stripe.completedEvent('cs_test_foreign'))).toMatchObject({
      status: 200,
      body: { status: 'ignored' },
    });
    expect((await client(env.s, other.key)('GET', '/advertiser-dashboard/billing/ledger')).body.credits_dollars).toBe(
      0,
    );
    // Events of other types are acknowledged and ignored.
    expect(
      await env.stripe.deliver({ ...env.stripe.completedEvent(start.checkout_id), type: 'payment_intent.succeeded' }),
    ).toMatchObject({ body: { status: 'ignored' } });
  });

  it('receipts and the ledger are per account: another advertiser gets 404, no key 401', async () => {
    const ledger = (await api('GET', '/advertiser-dashboard/billing/ledger')).body;
    const receipt = ledger.credits[0].receipt_url as string;
    const stranger = await newAdvertiser(env.s);
    expect((await fetch(`${env.s.url}${receipt}`, { headers: { 'x-api-key': stranger.key } })).status).toBe(404);
    expect((await fetch(`${env.s.url}${receipt}`)).status).toBe(401);
    expect((await fetch(`${env.s.url}/advertiser-dashboard/billing/ledger`)).status).toBe(401);
    expect(
      (await client(env.s, stranger.key)('GET', '/advertiser-dashboard/billing/ledger')).body.credits,
    ).toHaveLength(1); // its own operator credit only
    expect((await api('GET', '/advertiser-dashboard/billing/ledger?days=0')).status).toBe(400);
  });

  it('when Stripe is unreachable the checkout is a 503 and nothing is recorded', async () => {
    const down = await startAdvServer({
      stripeSecretKey: env.stripe.secretKey,
      stripeWebhookSecret: env.stripe.webhookSecret,
      stripeApiBase: 'http://127.0.0.1:9',
    });
    try {
      const a = await newAdvertiser(down, { funded: false });
      const res = await client(down, a.key)('POST', '/advertiser-dashboard/billing/checkout', {
        purpose: 'credits',
        amount: 10,
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/try again/);
      expect(await down.ctx.db.selectFrom('billing_checkouts').selectAll().execute()).toEqual([]);
    } finally {
      await down.stop();
    }
  });
});
