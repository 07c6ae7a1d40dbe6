import type Stripe from 'stripe';
import type { Ctx } from '../../context.js';
import { BadRequest, Conflict, Unavailable, Validation } from '../../lib/errors.js';
import { microsToDollars } from '../../lib/money.js';
import { escapeHtml } from '../../lib/text.js';
import * as accounts from '../accounts/service.js';
import { listCampaigns } from '../campaigns/service.js';
import { currencyDecimals, toMajor, toMinor, verifyStripeEvent } from '../integrations/stripe.js';
import { advertiserBilling, advertiserDailySpend } from '../reporting/advertiser.js';
import { withTransaction } from '../campaigns/tx.js';
import * as repo from './repo.js';
import { stateOf } from '../../caches.js';

/**
 * Self-serve money (issue 27): an advertiser buys credits (Stripe Checkout in
 * payment mode) or saves a payment method (setup mode) from the Billing page;
 * Stripe's `checkout.session.completed` webhook — signature checked
 * (integrations/stripe.ts `verifyStripeEvent`), handled once per event id —
 * credits the account once per session. The ledger shows credits in, spend
 * out per day and campaign, and balance = credits − spend; every top-up has a
 * receipt. Without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET the page says
 * so and names the operator's command.
 */
export const OPERATOR_COMMAND = 'orbit credits add --advertiser <advertiser id> --amount <amount>';

export const paymentsEnabled = (ctx: Ctx): boolean =>
  Boolean(ctx.config.stripeSecretKey && ctx.config.stripeWebhookSecret);

/** The Stripe client of this process (src/caches.ts `stripeClient`; the official SDK; `stripeApiBase` points it elsewhere, e.g. a local test server). */
function stripe(ctx: Ctx): Promise<Stripe> {
  return stateOf(ctx, 'stripeClient', () => ({
    client: (async () => {
      const { default: StripeSdk } = await import('stripe');
      const base = ctx.config.stripeApiBase ? new URL(ctx.config.stripeApiBase) : null;
      return new StripeSdk(ctx.config.stripeSecretKey!, {
        maxNetworkRetries: 1,
        timeout: 15_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port) || (base.protocol === 'http:' ? 80 : 443),
              protocol: base.protocol === 'http:' ? 'http' : 'https',
            }
          : {}),
      });
    })(),
  })).client;
}

function requirePayments(ctx: Ctx): void {
  if (!paymentsEnabled(ctx)) {
    throw new Conflict(
      `Online payments are not configured on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). An operator can add credits with: ${OPERATOR_COMMAND}`,
    );
  }
}

/** A Stripe call that failed: 503 (safe to retry), the reason logged, not shown. */
async function callStripe<T>(ctx: Ctx, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, `stripe: ${what} failed`);
    throw new Unavailable(`The payment provider could not ${what}; try again in a moment`);
  }
}

/** The top-up amount, or a 422 saying what is wrong with it. */
export function checkTopUp(ctx: Ctx, amount: number, currency: string): number {
  const { minTopUp, maxTopUp } = ctx.config;
  if (!Number.isFinite(amount) || amount <= 0) throw Validation.field('amount', 'must be a positive amount');
  if (amount < minTopUp) throw Validation.field('amount', `must be at least ${minTopUp.toFixed(2)} ${currency}`);
  if (amount > maxTopUp)
    throw Validation.field('amount', `must be at most ${maxTopUp.toFixed(2)} ${currency} per top-up`);
  const decimals = currencyDecimals(currency);
  if (Math.abs(toMinor(amount, currency) - amount * 10 ** decimals) > 1e-6)
    throw Validation.field('amount', `must have at most ${decimals} decimals`);
  return amount;
}

export interface CheckoutStart {
  checkout_id: string;
  purpose: 'credits' | 'payment_method';
  url: string;
  amount: number | null;
  currency: string;
}

/** Open a Stripe Checkout session: `credits` (payment mode, `amount` in the account's currency) or `payment_method` (setup mode). */
export async function startCheckout(
  ctx: Ctx,
  advertiserId: string,
  input: { purpose: 'credits' | 'payment_method'; amount?: number },
): Promise<CheckoutStart> {
  requirePayments(ctx);
  const adv = await accounts.getAdvertiser(ctx, advertiserId);
  const currency = adv.currency;
  let amount: number | null = null;
  if (input.purpose === 'credits') {
    if (input.amount === undefined) throw Validation.field('amount', 'is required to buy credits');
    amount = checkTopUp(ctx, input.amount, currency);
  } else if (input.amount !== undefined) {
    throw Validation.field('amount', 'is only for purpose "credits"');
  }
  const client = await stripe(ctx);
  let customer = adv.stripe_customer_id;
  if (!customer) {
    const created = await callStripe(ctx, 'create the customer', () =>
      client.customers.create({ name: adv.name, metadata: { orbit_advertiser_id: adv.id } }),
    );
    customer = created.id;
    await accounts.setStripeCustomer(ctx, adv.id, customer);
  }
  const back = `${ctx.urls.platform}/dashboard/billing`;
  const metadata = { orbit_advertiser_id: adv.id, orbit_purpose: input.purpose };
  const common = {
    customer,
    client_reference_id: adv.id,
    metadata,
    success_url: `${back}?checkout=success`,
    cancel_url: `${back}?checkout=cancelled`,
  };
  const session = await callStripe(ctx, 'open the checkout', () =>
    client.checkout.sessions.create(
      amount !== null
        ? {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: currency.toLowerCase(),
                  unit_amount: toMinor(amount, currency),
                  product_data: { name: 'Orbit ad credits' },
                },
              },
            ],
            payment_intent_data: { metadata },
          }
        : { ...common, mode: 'setup', currency: currency.toLowerCase(), setup_intent_data: { metadata } },
    ),
  );
  if (!session.url) throw new Unavailable('The payment provider opened a checkout without a URL; try again');
  await repo.insertCheckout(ctx.db, {
    id: session.id,
    advertiser_id: adv.id,
    mode: amount !== null ? 'payment' : 'setup',
    amount_micros: amount !== null ? Math.round(amount * 1e6) : null,
    currency,
    status: 'open',
    created_at: ctx.clock.now(),
    completed_at: null,
  });
  return { checkout_id: session.id, purpose: input.purpose, url: session.url, amount, currency };
}

export interface WebhookResult {
  received: true;
  status: 'credited' | 'payment_method_saved' | 'duplicate' | 'pending' | 'ignored';
  reason?: string;
}

type Session = {
  id: string;
  mode?: string;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
};

/**
 * `POST {api_url}/billing/stripe/webhook`: Stripe's events for the Checkouts
 * opened above. The signature is checked first (400 when wrong or stale); an
 * event id seen before is a `duplicate`; a paid payment-mode session credits
 * its amount once (the session id is unique among credits, so two events for
 * one session credit once), a setup-mode session records the payment method.
 * The event id and its effect are written in one transaction.
 */
export async function handleBillingWebhook(
  ctx: Ctx,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  if (!ctx.config.stripeWebhookSecret)
    throw new Conflict('The billing webhook is not configured on this server (STRIPE_WEBHOOK_SECRET)');
  const event = await verifyStripeEvent(ctx, raw, signature, ctx.config.stripeWebhookSecret);
  const relevant =
    event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded';
  if (!relevant) return { received: true, status: 'ignored', reason: `${event.type} is not handled` };
  const s = event.data.object as unknown as Session;
  if (typeof s?.id !== 'string') throw new BadRequest('The event has no checkout session');
  const checkout = await repo.findCheckout(ctx.db, s.id);
  if (!checkout) return { received: true, status: 'ignored', reason: 'not a checkout opened by this server' };
  if (s.client_reference_id && s.client_reference_id !== checkout.advertiser_id) {
    ctx.log.warn(
      { session: s.id },
      'stripe billing: the session names another advertiser than the one that opened it; ignored',
    );
    return { received: true, status: 'ignored', reason: 'the session does not match its checkout' };
  }
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    if (!(await repo.insertEvent(tx.db, { id: event.id, type: event.type, received_at: now })))
      return { received: true, status: 'duplicate' } as WebhookResult;
    if (checkout.mode === 'setup') {
      await accounts.setPaymentMethod(tx, checkout.advertiser_id, true);
      await repo.completeCheckout(tx.db, checkout.id, now);
      return { received: true, status: 'payment_method_saved' } as WebhookResult;
    }
    if (s.payment_status !== 'paid')
      return { received: true, status: 'pending', reason: 'the payment has not succeeded yet' } as WebhookResult;
    const currency = (s.currency ?? '').toUpperCase();
    if (currency !== checkout.currency || typeof s.amount_total !== 'number' || s.amount_total <= 0) {
      ctx.log.error(
        { session: s.id, currency, amount: s.amount_total },
        'stripe billing: paid session with another currency or no amount; not credited',
      );
      return {
        received: true,
        status: 'ignored',
        reason: 'amount or currency does not match the checkout',
      } as WebhookResult;
    }
    const added = await accounts.addCredits(tx, {
      advertiserId: checkout.advertiser_id,
      amountDollars: toMajor(s.amount_total, currency),
      note: 'Stripe Checkout top-up',
      source: 'stripe',
      externalId: s.id,
    });
    await repo.completeCheckout(tx.db, checkout.id, now);
    return { received: true, status: added.credited ? 'credited' : 'duplicate' } as WebhookResult;
  });
}

/** The Billing page: balance, credits in (each with its receipt), spend out per day and campaign. */
export async function ledger(ctx: Ctx, advertiserId: string, days: number) {
  const [billing, credits, spend, campaigns] = await Promise.all([
    advertiserBilling(ctx, advertiserId),
    accounts.listCredits(ctx, advertiserId),
    advertiserDailySpend(ctx, advertiserId, days),
    listCampaigns(ctx, advertiserId),
  ]);
  const names = new Map(campaigns.map((c) => [c.campaign_id, c.name]));
  return {
    currency: billing.currency,
    payments_enabled: paymentsEnabled(ctx),
    operator_command: OPERATOR_COMMAND,
    min_top_up: ctx.config.minTopUp,
    max_top_up: ctx.config.maxTopUp,
    has_payment_method: billing.has_payment_method,
    credits_dollars: billing.credits_dollars,
    total_spend_dollars: billing.total_spend_dollars,
    balance_dollars: billing.balance_dollars,
    credits: credits.map((c) => ({
      credit_id: c.id,
      at: new Date(c.created_at).toISOString(),
      amount: microsToDollars(c.amount_micros),
      currency: c.currency,
      source: c.source,
      note: c.note,
      receipt_url: `/advertiser-dashboard/billing/receipts/${c.id}`,
    })),
    spend: spend.map((r) => ({ ...r, campaign_name: names.get(r.campaign_id) ?? r.campaign_id })),
    period_days: days,
  };
}

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};

/** A receipt for one credit (HTML, printable), with the payment reference for Stripe top-ups. */
export async function receipt(
  ctx: Ctx,
  advertiserId: string,
  creditId: string,
): Promise<{ filename: string; html: string }> {
  const [adv, c] = await Promise.all([
    accounts.getAdvertiser(ctx, advertiserId),
    accounts.getCredit(ctx, advertiserId, creditId),
  ]);
  const number = `ORB-${new Date(c.created_at).toISOString().slice(0, 10).replace(/-/g, '')}-${c.id.slice(-8).toUpperCase()}`;
  const rows: [string, string][] = [
    ['Receipt number', number],
    ['Date', new Date(c.created_at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
    ['Account', `${adv.name} (${adv.id})`],
    ['Description', c.note ?? 'Ad credits'],
    [
      'Paid with',
      c.source === 'stripe' ? 'Card or other method through Stripe Checkout' : 'Added by the platform operator',
    ],
    ...(c.external_id ? ([['Payment reference', c.external_id]] as [string, string][]) : []),
    ['Amount', money(microsToDollars(c.amount_micros), c.currency)],
  ];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#0f172a}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}th{width:40%;color:#475569;font-weight:500}.total td{font-weight:700;font-size:1.2rem}</style></head>
<body><h1>Receipt</h1><p>Ad credits added to your Orbit account.</p><table>${rows
    .map(
      ([k, v], i) =>
        `<tr${i === rows.length - 1 ? ' class="total"' : ''}><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join(
      '',
    )}</table><p><small>Credits are drawn by your campaigns' spend; spend beyond them is charged to your payment method.</small></p></body></html>`;
  return { filename: `orbit-receipt-${number}.html`, html };
}
