import type Stripe from 'stripe';
import type { Ctx } from '../../context.js';
import { BadRequest, Conflict } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ingestEvents, recordIgnoredDelivery } from '../conversions/service.js';
import { attributionFrom, readSecret, webhookOutcome, type WebhookOutcome } from './service.js';

/** Stripe's signature tolerance (seconds): older deliveries are refused as replays. */
const TOLERANCE_S = 300;

/** Currencies whose Stripe amounts are whole units, not hundredths. */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
/** A Stripe amount (minor units: cents, or whole units for zero-decimal currencies) in major units. */
export const toMajor = (amount: number, currency: string) =>
  ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
/** Major units as the integer amount Stripe takes. */
export const toMinor = (major: number, currency: string) =>
  Math.round(ZERO_DECIMAL.has(currency.toLowerCase()) ? major : major * 100);
/** Decimals a currency's amounts have at Stripe (0 or 2). */
export const currencyDecimals = (currency: string) => (ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2);

type Obj = Record<string, any>;

/** What one Stripe event means for conversions: a purchase, or nothing (with the reason). */
export function mapStripeEvent(event: {
  type: string;
  created: number;
  data: { object: Obj };
}): { ignore: string } | { conversion: Obj } {
  const o = event.data.object;
  let metadata: Obj = {};
  let ref: string | null = null;
  let amount: number | null = null;
  let currency = 'usd';
  let email: string | null = null;
  let phone: string | null = null;
  let customer: string | null = null;
  if (event.type === 'checkout.session.completed') {
    if (o.mode !== 'payment') return { ignore: 'subscription checkouts count at their first invoice' };
    if (o.payment_status === 'unpaid') return { ignore: 'checkout not paid yet' };
    metadata = o.metadata ?? {};
    ref = typeof o.client_reference_id === 'string' ? o.client_reference_id : null;
    amount = o.amount_total ?? null;
    currency = o.currency ?? currency;
    email = o.customer_details?.email ?? o.customer_email ?? null;
    phone = o.customer_details?.phone ?? null;
    customer = typeof o.customer === 'string' ? o.customer : null;
  } else if (event.type === 'invoice.paid') {
    if (o.billing_reason !== 'subscription_create') return { ignore: 'renewals and other invoices are not counted' };
    metadata = {
      ...(o.parent?.subscription_details?.metadata ?? {}),
      ...(o.subscription_details?.metadata ?? {}),
      ...(o.metadata ?? {}),
    };
    amount = o.amount_paid ?? null;
    currency = o.currency ?? currency;
    email = o.customer_email ?? null;
    phone = o.customer_phone ?? null;
    customer = typeof o.customer === 'string' ? o.customer : null;
  } else {
    return { ignore: `${event.type} is not a conversion` };
  }
  if (typeof o.id !== 'string') return { ignore: 'object without id' };
  const attribution = attributionFrom(metadata);
  if (ref && !attribution.grclid && !attribution.graid) {
    if (isUuid(ref)) attribution.grclid = ref;
    else if (/^[A-Za-z0-9_-]{12}$/.test(ref)) attribution.graid = ref;
  }
  return {
    conversion: {
      event_name: 'purchase',
      event_time: event.created,
      event_id: o.id,
      action_source: 'website',
      user_data: {
        ...attribution,
        ...(email ? { em: [email] } : {}),
        ...(phone ? { ph: [phone] } : {}),
        ...(customer ? { external_id: [customer] } : {}),
      },
      custom_data: {
        ...(typeof amount === 'number' ? { value: toMajor(amount, currency) } : {}),
        currency: String(currency).toUpperCase(),
        order_id: o.id,
      },
    },
  };
}

/**
 * The one home of Stripe webhook signatures (conversion webhooks and the
 * billing webhook): the `stripe` package checks the `Stripe-Signature` header
 * against the endpoint's signing secret in constant time, with its timestamp
 * tolerance against replays. A missing or failing signature is a 400 naming it.
 */
export async function verifyStripeEvent(
  ctx: Ctx,
  raw: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event> {
  if (!signature) throw new BadRequest('Missing Stripe-Signature header');
  // Loaded by the first webhook: most servers never receive one.
  const { default: stripe } = await import('stripe');
  try {
    return stripe.webhooks.constructEvent(raw, signature, secret, TOLERANCE_S, undefined, ctx.clock.now());
  } catch (err) {
    const msg = err instanceof Error ? err.message.split('\n')[0] : 'invalid';
    throw new BadRequest(`Stripe signature verification failed: ${msg}`);
  }
}

/**
 * POST /stripe-conversions/webhook?api_key=: verified with the advertiser's
 * endpoint signing secret by the `stripe` package (constant-time, with its
 * timestamp tolerance against replays); idempotent on the Stripe event id.
 */
export async function handleStripeWebhook(
  ctx: Ctx,
  advertiserId: string,
  raw: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const secret = await readSecret(ctx, advertiserId, 'stripe');
  if (!secret)
    throw new Conflict(
      'No Stripe signing secret is set for this account: PUT /advertiser-dashboard/integrations/stripe first',
    );
  const event = await verifyStripeEvent(ctx, raw, signature, secret);
  const mapped = mapStripeEvent(event as unknown as { type: string; created: number; data: { object: Obj } });
  const receipt = { provider: 'stripe', externalId: event.id };
  if ('ignore' in mapped) {
    const fresh = await recordIgnoredDelivery(ctx, advertiserId, receipt);
    return { received: true, status: fresh ? 'ignored' : 'duplicate', attributed: false, reason: mapped.ignore };
  }
  const out = await ingestEvents(ctx, advertiserId, { data: [mapped.conversion] }, { source: 'stripe', receipt });
  return webhookOutcome(out);
}
