import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { authenticate, type Principal } from '../accounts/service.js';
import { requireKey } from '../accounts/http.js';
import { keepRawJsonBodies } from '../../http/raw-body.js';
import { gatewayKey } from '../conversions/http.js';
import { handleStripeWebhook } from './stripe.js';
import { handleCalBooking } from './cal.js';
import { disconnectShop, handleShopifyOrderPaid, shopifyCallback, shopifyInstallUrl } from './shopify.js';
import { deleteStripeSecret, listIntegrations, setStripeSecret, stripeStatus } from './service.js';

const principals = new WeakMap<FastifyRequest, { principal: Principal; key: string }>();

function auth(req: FastifyRequest) {
  const a = principals.get(req);
  if (!a) throw new Error('request was not authenticated');
  return a;
}
const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** `{api_url}` webhook receivers: payment processor, scheduler, storefront (raw bodies kept for signatures). */
export async function integrationWebhookRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const rawOf = keepRawJsonBodies(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keyed = async (req: FastifyRequest) => {
    const key = gatewayKey(req);
    principals.set(req, { principal: await authenticate(ctx, key, 'adv'), key: key! });
  };
  const ApiKeyQuery = z.object({ api_key: z.string().max(200).optional() });

  r.post(
    '/stripe-conversions/webhook',
    {
      onRequest: keyed,
      schema: {
        tags: ['integrations'],
        summary: 'Stripe webhook (checkout.session.completed, invoice.paid) → purchase conversions',
        querystring: ApiKeyQuery,
      },
    },
    async (req) => handleStripeWebhook(ctx, auth(req).principal.accountId, rawOf(req), header(req, 'stripe-signature')),
  );

  r.post(
    '/cal/booking',
    {
      onRequest: keyed,
      schema: {
        tags: ['integrations'],
        summary: 'Cal.com booking webhook → booking conversions (x-cal-signature-256)',
        querystring: ApiKeyQuery,
      },
    },
    async (req) => {
      const a = auth(req);
      return handleCalBooking(
        ctx,
        a.principal.accountId,
        a.key,
        rawOf(req),
        req.body,
        header(req, 'x-cal-signature-256'),
      );
    },
  );

  r.get(
    '/shopify/callback',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Shopify OAuth callback (HMAC and state verified); redirects to the dashboard',
        querystring: z.record(z.string(), z.string().max(2000)),
      },
    },
    async (req, reply) => {
      const out = await shopifyCallback(ctx, req.query);
      const to = new URL(`${ctx.urls.platform}/dashboard`);
      to.searchParams.set('integration', 'shopify');
      to.searchParams.set('shop', out.shop_domain);
      to.searchParams.set('status', 'connected');
      return reply.code(302).header('location', to.toString()).send();
    },
  );

  r.post(
    '/shopify/webhooks/orders-paid',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Shopify orders/paid webhook (X-Shopify-Hmac-Sha256) → purchase conversions',
      },
    },
    async (req) =>
      handleShopifyOrderPaid(
        ctx,
        {
          hmac: header(req, 'x-shopify-hmac-sha256'),
          shop: header(req, 'x-shopify-shop-domain'),
          topic: header(req, 'x-shopify-topic'),
          webhookId: header(req, 'x-shopify-webhook-id'),
        },
        rawOf(req),
        req.body,
      ),
  );
}

/** `{platform_url}/advertiser-dashboard/integrations…` (advertiser key). */
export async function integrationDashboardRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const advertisers = new WeakMap<FastifyRequest, string>();
  r.addHook('onRequest', async (req) => {
    advertisers.set(req, (await requireKey(ctx, req, 'adv')).accountId);
  });
  const adv = (req: FastifyRequest) => advertisers.get(req)!;
  const tags = ['integrations'];

  r.get(
    '/advertiser-dashboard/integrations',
    { schema: { tags, summary: 'Storefront connections of the account' } },
    async (req) => listIntegrations(ctx, adv(req)),
  );
  r.get(
    '/advertiser-dashboard/integrations/stripe',
    { schema: { tags, summary: 'Whether a Stripe signing secret is set' } },
    async (req) => stripeStatus(ctx, adv(req)),
  );
  r.put(
    '/advertiser-dashboard/integrations/stripe',
    {
      schema: {
        tags,
        summary: 'Set the Stripe webhook endpoint signing secret (stored encrypted, never shown back)',
        body: z.object({ signing_secret: z.string().min(1).max(300) }),
      },
    },
    async (req) => setStripeSecret(ctx, adv(req), req.body.signing_secret),
  );
  r.delete(
    '/advertiser-dashboard/integrations/stripe',
    { schema: { tags, summary: 'Remove the Stripe signing secret' } },
    async (req) => deleteStripeSecret(ctx, adv(req)),
  );
  r.get(
    '/advertiser-dashboard/integrations/shopify/install',
    {
      schema: {
        tags,
        summary: 'Start the Shopify OAuth connect: the URL to send the merchant to',
        querystring: z.object({ shop: z.string().min(1).max(255) }),
      },
    },
    async (req) => shopifyInstallUrl(ctx, adv(req), req.query.shop),
  );
  r.delete(
    '/advertiser-dashboard/integrations/shopify/:id',
    { schema: { tags, summary: 'Deactivate a shop connection', params: z.object({ id: z.string().min(1).max(100) }) } },
    async (req) => disconnectShop(ctx, adv(req), req.params.id),
  );
}
