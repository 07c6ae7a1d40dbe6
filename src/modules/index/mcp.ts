import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { DomainError } from '../../lib/errors.js';
import { answerMcp, mcpSdk } from '../../lib/mcp.js';
import { presentedKey } from '../accounts/http.js';
import { ShopSearchBody } from '../shop/schemas.js';
import { searchProducts } from '../shop/service.js';
import { SHOP_CATEGORIES } from '../shop/taxonomy.js';
import { BrowseQuery, SearchBody } from './schemas.js';
import * as index from './service.js';

/**
 * The index tool server (spec 3's five tools, brand word `orbit`) on the
 * official MCP SDK, Streamable HTTP, stateless: POST {index_url}/index/mcp.
 * Same auth as the REST endpoints (X-API-Key / Bearer on the HTTP request, or
 * a `platform_api_key` argument); the tools call the same service functions.
 */
type ToolResult = {
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const ok = (v: object): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(v) }],
  structuredContent: v as Record<string, unknown>,
});

function fail(err: unknown): ToolResult {
  if (err instanceof DomainError) {
    const detail = err.details?.length ? `: ${err.details.map((d) => `${d.field} ${d.message}`).join('; ')}` : '';
    return { content: [{ type: 'text', text: `${err.statusCode} ${err.message}${detail}` }], isError: true };
  }
  if (err instanceof z.ZodError) {
    return {
      content: [{ type: 'text', text: `422 ${err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` }],
      isError: true,
    };
  }
  throw err;
}

async function run(fn: () => Promise<object>): Promise<ToolResult> {
  try {
    return ok(await fn());
  } catch (err) {
    return fail(err);
  }
}

export function buildIndexMcp(Server: typeof McpServer, ctx: Ctx, headerKey: string | undefined): McpServer {
  const server = new Server({ name: 'orbit-index', version: '2026-09-09' });
  const keyOf = (arg: string | null | undefined) => headerKey ?? arg ?? undefined;

  server.registerTool(
    'orbit_index_search',
    {
      description:
        'Need-based search. Default vertical "developer": the single best developer service with reasoning, setup and a tracked link. vertical "consumer": ranked in-stock products with tracked buy links (the /shop/search contract).',
      inputSchema: {
        query: z.string().max(4000).optional(),
        vertical: z.enum(['developer', 'services', 'consumer']).optional(),
        search_id: z.string().max(100).optional(),
        context: z.record(z.string(), z.unknown()).optional(),
        platform_api_key: z.string().max(200).optional(),
        external_session_id: z.string().max(500).optional(),
        external_user_id: z.string().max(500).optional(),
        hashed_email: z.string().max(200).optional(),
        metadata: z.record(z.string(), z.unknown()).optional(),
        monetization: z.record(z.string(), z.unknown()).optional(),
        max_results: z.number().int().optional(),
        rerank: z.boolean().optional(),
        price_min: z.number().optional(),
        price_max: z.number().optional(),
        currency: z.string().optional(),
        brands: z.array(z.string()).optional(),
        merchants: z.array(z.string()).optional(),
        on_sale_only: z.boolean().optional(),
        colors: z.array(z.string()).optional(),
        sizes: z.array(z.string()).optional(),
        gender: z.enum(['men', 'women', 'kids']).optional(),
        categories: z.array(z.enum(SHOP_CATEGORIES)).optional(),
      },
    },
    (args) =>
      run(async () => {
        const { vertical, ...rest } = args;
        if (vertical === 'consumer') {
          const body = ShopSearchBody.parse(rest);
          return searchProducts(ctx, { ...body, apiKey: keyOf(args.platform_api_key) });
        }
        const body = SearchBody.parse({
          ...rest,
          monetization: args.monetization as Record<string, unknown> | undefined,
        });
        return index.searchServices(ctx, { ...body, apiKey: keyOf(args.platform_api_key) });
      }),
  );

  server.registerTool(
    'orbit_index_browse',
    {
      description: 'List developer services in the catalog, filtered by category, tag or text, with pagination.',
      inputSchema: {
        category: z.string().max(100).optional(),
        tag: z.string().max(100).optional(),
        q: z.string().max(500).optional(),
        limit: z.number().int().optional(),
        offset: z.number().int().optional(),
      },
    },
    (args) => run(async () => index.browse(ctx, BrowseQuery.parse(args))),
  );

  server.registerTool(
    'orbit_index_list_categories',
    { description: 'The 22 developer-service categories with the number of services in each.', inputSchema: {} },
    () => run(async () => index.listCategories(ctx)),
  );

  server.registerTool(
    'orbit_index_get_service',
    {
      description: 'One developer service by slug, with setup details when the catalog has them.',
      inputSchema: { slug: z.string().min(1).max(100) },
    },
    (args) => run(async () => index.getService(ctx, args.slug)),
  );

  server.registerTool(
    'orbit_index_report_integration',
    {
      description:
        'Tell the index that the user finished integrating a recommended service (by grclid or search_id); attributed to your platform.',
      inputSchema: {
        grclid: z.string().max(64).optional(),
        search_id: z.string().max(100).optional(),
        slug: z.string().max(100).optional(),
        notes: z.string().max(500).optional(),
        platform_api_key: z.string().max(200).optional(),
      },
    },
    (args) => run(async () => index.reportIntegration(ctx, keyOf(args.platform_api_key), args)),
  );
  return server;
}

export async function indexMcpRoute(scope: FastifyInstance, ctx: Ctx): Promise<void> {
  const handle = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const sdk = await mcpSdk();
    reply.hijack();
    await answerMcp(sdk, req.raw, reply.raw, req.body, (Server) => buildIndexMcp(Server, ctx, presentedKey(req)));
  };
  scope.post(
    '/index/mcp',
    { schema: { tags: ['index'], summary: 'Index MCP tool server (Streamable HTTP, stateless)' } },
    handle,
  );
  scope.get('/index/mcp', async (_req, reply) =>
    reply.code(405).header('allow', 'POST').send({ detail: 'Use POST: this MCP server is stateless (no SSE stream)' }),
  );
}
