import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { keyedSchema, requireAccount } from '../accounts/http.js';
import { keepRawJsonBodies } from '../../http/raw-body.js';
import { handleBillingWebhook, ledger, receipt, startCheckout } from './service.js';

const CheckoutBody = z.discriminatedUnion('purpose', [
  z.strictObject({
    purpose: z.literal('credits'),
    amount: z
      .number()
      .describe(
        "credits to buy, in the account's currency (e.g. 50 or 49.99); limits in the ledger (min_top_up, max_top_up)",
      ),
  }),
  z.strictObject({ purpose: z.literal('payment_method') }),
]);
const CheckoutView = z.object({
  checkout_id: z.string(),
  purpose: z.enum(['credits', 'payment_method']),
  url: z.string().describe('Stripe Checkout page to send the advertiser to'),
  amount: z.number().nullable(),
  currency: z.string(),
});
const LedgerQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(90) });

/** The advertiser's self-serve billing (advertiser key): Checkout, ledger, receipts. */
export async function billingDashboardRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/advertiser-dashboard/billing/checkout',
    {
      schema: keyedSchema('advertiser billing', {
        summary: 'Buy credits or save a payment method through Stripe Checkout',
        description:
          'Returns the Checkout URL. Credits are added when Stripe confirms the payment (webhook), once per session. 409 when online payments are not configured.',
        body: CheckoutBody,
        response: { 201: CheckoutView, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody },
      }),
    },
    async (req, reply) =>
      reply.code(201).send(await startCheckout(ctx, await requireAccount(ctx, req, 'adv'), req.body)),
  );
  r.get(
    '/advertiser-dashboard/billing/ledger',
    {
      schema: keyedSchema('advertiser billing', {
        summary: 'Balance (credits − spend), credits in with receipts, spend out per day and campaign',
        querystring: LedgerQuery,
        response: { 200: z.record(z.string(), z.unknown()), 400: ErrorBody },
      }),
    },
    async (req) => ledger(ctx, await requireAccount(ctx, req, 'adv'), req.query.days),
  );
  r.get(
    '/advertiser-dashboard/billing/receipts/:credit_id',
    {
      schema: keyedSchema('advertiser billing', {
        summary: 'Receipt of one credit (HTML download)',
        params: z.object({ credit_id: z.string().min(1).max(64) }),
        response: { 200: z.string().describe('the receipt as an HTML document'), 404: ErrorBody },
      }),
    },
    async (req, reply) => {
      const out = await receipt(ctx, await requireAccount(ctx, req, 'adv'), req.params.credit_id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(out.html);
    },
  );
}

/** `{api_url}/billing/stripe/webhook`: Stripe's Checkout events (signed with STRIPE_WEBHOOK_SECRET). */
export async function billingWebhookRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const rawOf = keepRawJsonBodies(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/billing/stripe/webhook',
    {
      schema: {
        tags: ['advertiser billing'],
        summary:
          'Stripe webhook for self-serve billing (checkout.session.completed, checkout.session.async_payment_succeeded)',
        response: {
          200: z.object({ received: z.literal(true), status: z.string(), reason: z.string().optional() }),
          400: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (req) =>
      handleBillingWebhook(
        ctx,
        rawOf(req),
        typeof req.headers['stripe-signature'] === 'string' ? req.headers['stripe-signature'] : undefined,
      ),
  );
}
