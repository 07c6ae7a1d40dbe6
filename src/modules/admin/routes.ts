import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { requireAdmin } from '../accounts/http.js';
import * as accounts from '../accounts/service.js';
import { microsToDollars } from '../../lib/money.js';

const publisherView = (p: Awaited<ReturnType<typeof accounts.getPublisher>>) => ({
  publisher_id: p.id,
  name: p.name,
  url: p.url,
  payout_model: p.payout_model,
  revenue_share: p.revenue_share_bps / 10_000,
  status: p.status,
  index_access: p.index_approved === 1,
  created_at: new Date(p.created_at).toISOString(),
});
const advertiserView = (a: Awaited<ReturnType<typeof accounts.getAdvertiser>>) => ({
  advertiser_id: a.id,
  name: a.name,
  has_payment_method: a.has_payment_method === 1,
  status: a.status,
  created_at: new Date(a.created_at).toISOString(),
});

/** The operator's API (admin token). The `orbit` CLI calls the same services directly. */
export async function adminRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (req) => requireAdmin(ctx, req));
  const tags = ['admin'];

  r.post(
    '/admin/publishers',
    {
      schema: {
        tags,
        summary: 'Create a publisher and its first API key (shown once)',
        body: z.object({
          name: z.string().min(1).max(200),
          url: z.string().max(2000).optional(),
          revenue_share: z.number().min(0).max(1).optional().describe('fraction of spend paid to the publisher'),
        }),
      },
    },
    async (req, reply) => {
      const out = await accounts.createPublisher(ctx, {
        name: req.body.name,
        url: req.body.url,
        revenueShareBps: req.body.revenue_share === undefined ? undefined : Math.round(req.body.revenue_share * 10_000),
      });
      return reply.code(201).send({ ...publisherView(out.publisher), api_key: out.apiKey, key_id: out.keyId });
    },
  );
  r.get('/admin/publishers', { schema: { tags, summary: 'List publishers' } }, async () =>
    (await accounts.listPublishers(ctx)).map(publisherView),
  );
  r.patch(
    '/admin/publishers/:publisher_id',
    {
      schema: {
        tags,
        summary: "Switch a publisher's index access (/search, /shop/search) off or on",
        description: 'Index access is on for every new publisher; off, its index calls get 403 publisher_not_approved.',
        params: z.object({ publisher_id: z.string().min(1).max(64) }),
        body: z.strictObject({ index_access: z.boolean() }),
      },
    },
    async (req) => publisherView(await accounts.setIndexAccess(ctx, req.params.publisher_id, req.body.index_access)),
  );

  r.post(
    '/admin/advertisers',
    {
      schema: {
        tags,
        summary: 'Create an advertiser and its first API key (shown once)',
        body: z.object({
          name: z.string().min(1).max(200),
          email: z.string().max(320).optional(),
          has_payment_method: z.boolean().optional(),
        }),
      },
    },
    async (req, reply) => {
      const out = await accounts.createAdvertiser(ctx, {
        name: req.body.name,
        email: req.body.email,
        hasPaymentMethod: req.body.has_payment_method,
      });
      return reply.code(201).send({ ...advertiserView(out.advertiser), api_key: out.apiKey, key_id: out.keyId });
    },
  );
  r.get('/admin/advertisers', { schema: { tags, summary: 'List advertisers' } }, async () =>
    (await accounts.listAdvertisers(ctx)).map(advertiserView),
  );

  r.post(
    '/admin/keys',
    {
      schema: {
        tags,
        summary: 'Create another API key for an account (shown once)',
        body: z.object({ account_id: z.string().min(1).max(64), label: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const k = await accounts.createApiKey(ctx, { accountId: req.body.account_id, label: req.body.label });
      return reply.code(201).send({ key_id: k.id, api_key: k.key, kind: k.kind, account_id: k.accountId });
    },
  );
  r.delete(
    '/admin/keys/:key_id',
    { schema: { tags, summary: 'Revoke an API key', params: z.object({ key_id: z.string().min(1).max(64) }) } },
    async (req, reply) => {
      await accounts.revokeApiKey(ctx, req.params.key_id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/admin/credits',
    {
      schema: {
        tags,
        summary: 'Add (or, negative, remove) prepaid credits for an advertiser',
        body: z.object({
          advertiser_id: z.string().min(1).max(64),
          amount: z.number().describe('dollars'),
          note: z.string().max(500).optional(),
        }),
      },
    },
    async (req) =>
      accounts.addCredits(ctx, {
        advertiserId: req.body.advertiser_id,
        amountDollars: req.body.amount,
        note: req.body.note,
      }),
  );

  r.get(
    '/admin/advertisers/:advertiser_id/credits',
    { schema: { tags, summary: 'Credits balance', params: z.object({ advertiser_id: z.string().min(1).max(64) }) } },
    async (req) => {
      await accounts.getAdvertiser(ctx, req.params.advertiser_id);
      return {
        advertiser_id: req.params.advertiser_id,
        credits_dollars: microsToDollars(await accounts.creditsTotal(ctx, req.params.advertiser_id)),
      };
    },
  );
}
