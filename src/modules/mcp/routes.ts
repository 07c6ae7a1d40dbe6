import type { FastifyInstance } from 'fastify';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Ctx } from '../../context.js';
import { apiKeyKind } from '../../lib/ids.js';
import { DomainError, Unauthorized } from '../../lib/errors.js';
import { answerMcp, mcpSdk } from '../../lib/mcp.js';
import { presentedKey } from '../accounts/http.js';
import { authenticate, type Principal } from '../accounts/service.js';
import { TOOLS } from './tools.js';

/** One MCP server per request (stateless): only the tools of the key's kind, bound to the key's account. */
export function mcpServerFor(Server: typeof McpServer, ctx: Ctx, who: Principal): McpServer {
  const server = new Server({ name: 'orbit', version: '0.1.0' }, { capabilities: { tools: {} } });
  for (const t of TOOLS) {
    if (t.kind !== who.kind) continue;
    server.registerTool(
      t.name,
      { description: t.description, inputSchema: t.input, annotations: { readOnlyHint: true, openWorldHint: false } },
      async (args: unknown) => {
        try {
          const raw = await t.run(ctx, who.accountId, args as never);
          const result = t.output ? t.output.parse(raw) : raw;
          return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
        } catch (err) {
          // The MCP mapping of the one error taxonomy: a domain error is a tool error naming the problem.
          if (err instanceof DomainError) {
            const body = {
              statusCode: err.statusCode,
              code: err.code,
              message: err.message,
              ...(err.details ? { details: err.details } : {}),
            };
            return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(body) }] };
          }
          ctx.log.error({ err, tool: t.name }, 'mcp tool failed');
          return {
            isError: true,
            content: [{ type: 'text' as const, text: JSON.stringify({ statusCode: 500, message: 'Internal error' }) }],
          };
        }
      },
    );
  }
  return server;
}

/**
 * POST /mcp: the tool server (JSON-RPC 2.0, Streamable HTTP, stateless, JSON
 * responses). A publisher key (X-API-Key or Authorization: Bearer) unlocks the
 * publisher_* tools, an advertiser key the advertiser_* tools; no key is 401.
 */
export async function mcpRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  app.post(
    '/mcp',
    { schema: { tags: ['mcp'], summary: 'MCP tool server (JSON-RPC 2.0 over Streamable HTTP)' } },
    async (req, reply) => {
      const key = presentedKey(req);
      if (!key)
        throw new Unauthorized(
          'Missing API key: send a publisher or advertiser key in X-API-Key or Authorization: Bearer',
        );
      const kind = apiKeyKind(key);
      if (!kind) throw new Unauthorized('Invalid API key');
      const who = await authenticate(ctx, key, kind);
      const sdk = await mcpSdk();
      reply.hijack();
      await answerMcp(sdk, req.raw, reply.raw, req.body, (Server) => mcpServerFor(Server, ctx, who));
    },
  );
  const notAllowed = {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: this tool server is stateless; use POST' },
    id: null,
  };
  app.get('/mcp', async (_req, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));
  app.delete('/mcp', async (_req, reply) => reply.code(405).header('allow', 'POST').send(notAllowed));
}
