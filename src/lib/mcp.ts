import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * The MCP SDK's server half, for Orbit's three tool servers (`/mcp`,
 * `/index/mcp`, the demo merchant): loaded by the first tool call, since
 * importing it at start was ~0.4 s of `npm start` on a slow machine
 * (docs/decisions/0009), and one home for a stateless exchange.
 */
export interface McpSdk {
  McpServer: typeof McpServer;
  StreamableHTTPServerTransport: typeof StreamableHTTPServerTransport;
}

let sdk: Promise<McpSdk> | null = null;
export function mcpSdk(): Promise<McpSdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]).then(([m, t]) => ({ McpServer: m.McpServer, StreamableHTTPServerTransport: t.StreamableHTTPServerTransport }));
  return sdk;
}

/**
 * One stateless Streamable-HTTP exchange with JSON responses: a server built
 * for this request (`build`, given the SDK's `McpServer`) answers it, and both
 * are closed with the connection.
 */
export async function answerMcp(
  s: McpSdk,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  build: (Server: typeof McpServer) => McpServer,
): Promise<void> {
  const server = build(s.McpServer);
  const transport = new s.StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
