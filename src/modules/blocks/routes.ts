import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { AD_CATEGORIES, AD_CATEGORY_IDS, SENSITIVE_AD_CATEGORIES } from '../../lib/ad-categories.js';
import { keyedGet, keyedSchema, requireAccount } from '../accounts/http.js';
import { addBlock, listBlocks, removeBlock } from './service.js';

const AdvertiserId = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const Category = z.enum(AD_CATEGORY_IDS, { error: 'must be one of the ad categories (GET /ad-categories lists them)' });

export const BlockBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('advertiser'), value: AdvertiserId.describe('the advertiser id') }),
    z.strictObject({ kind: z.literal('category'), value: Category }),
  ],
  { error: 'kind must be "advertiser" or "category"' },
);

const BlocksView = z.object({
  advertisers: z.array(
    z.object({ advertiser_id: z.string(), advertiser_name: z.string().nullable(), created_at: z.string() }),
  ),
  categories: z.array(z.object({ category: z.string(), label: z.string(), created_at: z.string() })),
});
const BlockView = z.object({ kind: z.enum(['advertiser', 'category']), value: z.string(), created_at: z.string() });
const BlockParams = z.object({ kind: z.enum(['advertiser', 'category']), value: z.string().min(1).max(64) });

/**
 * `{platform_url}/publisher-dashboard/blocks` (publisher key): advertisers and
 * ad categories this publisher keeps out of its app; the decision engine never
 * serves a blocked advertiser or category to it. `GET /ad-categories` lists
 * the categories (no key: it is the same list for everyone).
 */
export async function blockRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/ad-categories',
    {
      schema: {
        tags: ['publisher'],
        summary: 'The ad categories campaigns state and publishers can block',
        response: {
          200: z.object({
            categories: z.array(z.object({ id: z.string(), label: z.string(), sensitive: z.boolean() })),
          }),
        },
      },
    },
    async () => ({
      categories: AD_CATEGORIES.map(([id, label]) => ({ id, label, sensitive: SENSITIVE_AD_CATEGORIES.has(id) })),
    }),
  );
  keyedGet(app, ctx, '/publisher-dashboard/blocks', {
    tag: 'publisher',
    kind: 'pub',
    summary: 'Advertisers and ad categories blocked from your app',
    view: BlocksView,
    load: listBlocks,
  });
  r.post(
    '/publisher-dashboard/blocks',
    {
      schema: keyedSchema('publisher', {
        summary: 'Block an advertiser or an ad category from your app',
        description:
          'Takes effect at once on this instance and within the inventory refresh on others. Blocking twice is harmless. 404 when the advertiser does not exist.',
        body: BlockBody,
        response: { 201: BlockView, 404: ErrorBody, 422: ErrorBody },
      }),
    },
    async (req, reply) => reply.code(201).send(await addBlock(ctx, await requireAccount(ctx, req, 'pub'), req.body)),
  );
  r.delete(
    '/publisher-dashboard/blocks/:kind/:value',
    {
      schema: keyedSchema('publisher', {
        summary: 'Lift a block (no-op when not blocked)',
        params: BlockParams,
        response: { 204: z.null(), 400: ErrorBody },
      }),
    },
    async (req, reply) => {
      await removeBlock(ctx, await requireAccount(ctx, req, 'pub'), req.params.kind, req.params.value);
      return reply.code(204).send(null);
    },
  );
}
