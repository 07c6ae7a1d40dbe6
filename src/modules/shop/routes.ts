import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.js';
import { presentedKey } from '../accounts/http.js';
import { ShopSearchBody } from './schemas.js';
import * as shop from './service.js';

/** POST /shop/search (registered inside the index scope, which maps errors to the spec's `{detail}` shape). */
export async function shopRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/shop/search',
    {
      schema: {
        tags: ['index'],
        summary: 'Ranked in-stock consumer products with tracked buy links (spec 3)',
        body: ShopSearchBody,
        security: [{ apiKey: [] }],
      },
    },
    async (req) => shop.searchProducts(ctx, { ...req.body, apiKey: presentedKey(req) ?? req.body.platform_api_key }),
  );
}
