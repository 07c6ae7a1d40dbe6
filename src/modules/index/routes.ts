import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/text.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../context.js';
import { isBot } from '../../lib/request-facts.js';
import { z } from 'zod';
import { presentedKey } from '../accounts/http.js';
// eslint-disable-next-line no-restricted-imports -- the agent index mounts the shop's routes inside its own scope (its error mapping, /index prefix)
import { shopRoutes } from '../shop/routes.js';
import { agentProfile } from '../shop/service.js';
import { installIndexErrors } from './http.js';
import { indexMcpRoute } from './mcp.js';
import { BrowseQuery, ConversionBody, GoParams, SearchBody, SlugParams } from './schemas.js';
import * as core from './core.js';
import * as index from './service.js';

/**
 * The index (spec 3), mounted under the path of `{index_url}` (root by
 * default): POST /search, POST /shop/search, GET /services, GET
 * /services/{slug}, GET /index/health (GET /health at the root is the
 * process health), the MCP tool server at POST /index/mcp, the agent profile
 * and the merchant conversion postback. Tracked links GET /go/<id> live at the
 * root of `{click_base}`.
 */
export function indexPrefix(ctx: Ctx): string {
  if (!ctx.config.indexUrl) return '';
  return new URL(ctx.config.indexUrl).pathname.replace(/\/+$/, '');
}

const esc = escapeHtml;

export async function indexRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  await app.register(
    async (scope) => {
      installIndexErrors(scope);
      const r = scope.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/search',
        {
          schema: {
            tags: ['index'],
            summary: 'The single best developer service for a need (spec 3)',
            body: SearchBody,
            security: [{ apiKey: [] }],
          },
        },
        async (req) =>
          index.searchServices(ctx, { ...req.body, apiKey: presentedKey(req) ?? req.body.platform_api_key }),
      );
      await shopRoutes(scope, ctx);
      r.get(
        '/services',
        { schema: { tags: ['index'], summary: 'Browse the services catalog', querystring: BrowseQuery } },
        async (req) => index.browse(ctx, req.query),
      );
      r.get(
        '/services/:slug',
        { schema: { tags: ['index'], summary: 'One service by slug', params: SlugParams } },
        async (req) => index.getService(ctx, req.params.slug),
      );
      r.get('/index/health', { schema: { tags: ['index'], summary: 'Index health' } }, async () => index.health(ctx));
      // At the root, GET /health is the process health (ops); under an index path of its own the spec's /health is the index's.
      if (indexPrefix(ctx))
        r.get('/health', { schema: { tags: ['index'], summary: 'Index health' } }, async () => index.health(ctx));
      r.get(
        '/index/categories',
        { schema: { tags: ['index'], summary: 'The 22 service categories with counts' } },
        async () => index.listCategories(ctx),
      );
      r.get(
        '/agent-profile.json',
        { schema: { tags: ['index'], summary: 'Agent profile for meta.ucp-agent.profile' } },
        async () => agentProfile(ctx),
      );
      r.post(
        '/index/conversions',
        {
          schema: {
            tags: ['index'],
            summary: 'A merchant reports an order carrying an index grclid (advertiser key)',
            body: ConversionBody,
            security: [{ apiKey: [] }],
          },
        },
        async (req) => index.reportConversion(ctx, presentedKey(req), req.body),
      );
      r.get(
        '/index/searches/:search_id',
        {
          schema: {
            tags: ['index'],
            summary:
              'What one of your searches led to: human clicks and conversions with your earnings (publisher key)',
            params: z.object({ search_id: z.string().min(1).max(64) }),
            security: [{ apiKey: [] }],
          },
        },
        async (req) => index.searchReport(ctx, presentedKey(req), req.params.search_id),
      );
      await indexMcpRoute(scope, ctx);
    },
    { prefix: indexPrefix(ctx) },
  );

  // Tracked links at {click_base}/go/<id>: 302 for people, an Open Graph card for link-preview bots, 404 for unknown ids.
  await app.register(async (scope) => {
    installIndexErrors(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/go/:id',
      { schema: { tags: ['index'], summary: 'Tracked click link of the index', params: GoParams } },
      async (req, reply) => {
        const ua = req.headers['user-agent'];
        const out = await core.follow(ctx, req.params.id, ua, isBot(ua));
        if (out.kind === 'redirect')
          return reply.code(302).header('location', out.location).header('cache-control', 'no-store').send();
        const desc = out.price ? `${out.price}` : 'Open the link to see details';
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>${esc(out.title)}</title>
<meta property="og:type" content="product"><meta property="og:title" content="${esc(out.title)}">
<meta property="og:description" content="${esc(desc)}"><meta property="og:url" content="${esc(out.url)}">
${out.image ? `<meta property="og:image" content="${esc(out.image)}">` : ''}
${out.price ? `<meta property="product:price:amount" content="${esc(out.price.split(' ')[0])}"><meta property="product:price:currency" content="${esc(out.price.split(' ')[1] ?? '')}">` : ''}
<meta name="twitter:card" content="${out.image ? 'summary_large_image' : 'summary'}"><meta name="twitter:title" content="${esc(out.title)}">
<meta name="robots" content="noindex"></head><body><a href="${esc(out.url)}">${esc(out.title)}</a></body></html>`;
        return reply
          .code(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(html);
      },
    );
  });
}
