import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CheckoutResponse } from '@ucp-js/sdk';
import { z } from 'zod';
import { answerMcp, mcpSdk } from '../../lib/mcp.js';

/**
 * The reference UCP merchant of `orbit merchant demo`: create_checkout /
 * update_checkout / complete_checkout (and get_checkout) over MCP
 * (Streamable HTTP, stateless) on 127.0.0.1. It is what a real merchant's
 * tool server does with Orbit's handoff: it keeps the `attribution` object
 * exactly as given, echoes it on every checkout, stays in
 * `requires_escalation` until buyer, delivery address and payment are known,
 * and on completion reports the order with the grclid back to Orbit.
 * Checkout shapes are the UCP SDK's types (`@ucp-js/sdk`); amounts are minor
 * units (cents), as UCP specifies.
 */
export interface MerchantItem {
  id: string;
  title: string;
  price_cents: number;
  currency: string;
  image_url?: string;
}

export interface Attribution {
  referring_domain?: string;
  click_id_tag?: string;
  click_id_value?: string;
  [k: string]: unknown;
}

export interface OrderReport {
  order_id: string;
  grclid: string | null;
  value_cents: number;
  currency: string;
  attribution: Attribution | null;
}

export type DemoCheckout = CheckoutResponse & { attribution: Attribution | null };

export interface MerchantOptions {
  port?: number;
  host?: string;
  name?: string;
  items: Iterable<MerchantItem>;
  /** Called once per completed order (the demo posts it to Orbit's conversion endpoint). */
  onOrder?: (order: OrderReport) => Promise<void>;
}

export interface RunningMerchant {
  url: string;
  endpoint: string;
  checkouts: Map<string, DemoCheckout & { shipping?: Record<string, unknown>; instrument?: Record<string, unknown> }>;
  close(): Promise<void>;
}

const UCP = { version: '2026-01-11', capabilities: [{ name: 'dev.ucp.shopping.checkout', version: '2026-01-11' }] };

class ToolError extends Error {}

/** The buyer a checkout may carry (create_checkout, update_checkout). */
const Buyer = z
  .object({
    email: z.string().max(200).optional(),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
  })
  .optional();

export async function startMerchant(opts: MerchantOptions): Promise<RunningMerchant> {
  const items = new Map([...opts.items].map((i) => [i.id, i]));
  const checkouts: RunningMerchant['checkouts'] = new Map();
  let baseUrl = '';

  const missing = (c: DemoCheckout & { shipping?: unknown; instrument?: unknown }) => {
    const m: string[] = [];
    if (!c.buyer?.email) m.push('buyer.email');
    if (!c.shipping) m.push('fulfillment address');
    if (!c.instrument) m.push('payment instrument');
    return m;
  };
  const settle = (c: DemoCheckout & { shipping?: unknown; instrument?: unknown }) => {
    const need = missing(c);
    if (c.status === 'completed' || c.status === 'canceled') return c;
    c.status = need.length ? 'requires_escalation' : 'ready_for_complete';
    c.messages = need.length
      ? [
          {
            type: 'info',
            severity: 'requires_buyer_input',
            content: `The buyer must provide: ${need.join(', ')}. Continue here or at continue_url.`,
          },
        ]
      : [
          {
            type: 'info',
            content:
              'Ready to complete. Get the buyer’s explicit consent before complete_checkout: it charges the payment method.',
          },
        ];
    return c;
  };
  const view = (c: DemoCheckout & { shipping?: unknown; instrument?: unknown }): DemoCheckout => {
    const { shipping: _s, instrument: _i, ...rest } = c;
    return rest;
  };

  const sdk = await mcpSdk();
  const build = (Server: typeof McpServer) => {
    const server = new Server({ name: opts.name ?? 'orbit-demo-merchant', version: '1.0.0' });
    const result = (c: DemoCheckout) => ({
      content: [{ type: 'text' as const, text: JSON.stringify(c) }],
      structuredContent: c as unknown as Record<string, unknown>,
    });
    const failure = (err: unknown) => {
      if (err instanceof ToolError) return { content: [{ type: 'text' as const, text: err.message }], isError: true };
      throw err;
    };
    /** A tool's handler: a `ToolError` it throws is answered as the tool's error, anything else is thrown on. */
    const tool =
      <A>(run: (args: A) => Promise<DemoCheckout> | DemoCheckout) =>
      async (args: A) => {
        try {
          return result(view(await run(args)));
        } catch (err) {
          return failure(err);
        }
      };
    const checkout = (id: string) => {
      const c = checkouts.get(id);
      if (!c) throw new ToolError(`unknown checkout ${id}`);
      return c;
    };
    server.registerTool(
      'create_checkout',
      {
        description: 'Create a checkout for line items; the attribution object is kept verbatim and echoed.',
        inputSchema: {
          meta: z.record(z.string(), z.unknown()).optional(),
          checkout: z.object({
            currency: z.string().regex(/^[A-Za-z]{3}$/),
            line_items: z
              .array(
                z.object({
                  quantity: z.number().int().min(1).max(99),
                  item: z.object({ id: z.string().min(1).max(200) }),
                }),
              )
              .min(1)
              .max(50),
            attribution: z.record(z.string(), z.unknown()).optional(),
            buyer: Buyer,
          }),
        },
      },
      tool((args) => {
        const currency = args.checkout.currency.toUpperCase();
        const lines = args.checkout.line_items.map((li, n) => {
          const item = items.get(li.item.id);
          if (!item) throw new ToolError(`unknown item ${li.item.id}`);
          if (item.currency !== currency)
            throw new ToolError(`item ${item.id} is sold in ${item.currency}, not ${currency}`);
          const amount = item.price_cents * li.quantity;
          return {
            id: `li_${n + 1}`,
            quantity: li.quantity,
            item: {
              id: item.id,
              title: item.title,
              price: item.price_cents,
              ...(item.image_url ? { image_url: item.image_url } : {}),
            },
            totals: [{ type: 'subtotal', amount }],
          };
        });
        const subtotal = lines.reduce((a, l) => a + l.totals[0].amount, 0);
        const id = `chk_${randomUUID()}`;
        const c: DemoCheckout = {
          ucp: UCP,
          id,
          status: 'incomplete',
          currency,
          line_items: lines,
          totals: [
            { type: 'subtotal', amount: subtotal },
            { type: 'total', amount: subtotal },
          ],
          links: [{ type: 'terms_of_service', url: `${baseUrl}/terms` }],
          continue_url: `${baseUrl}/checkout/${id}`,
          ...(args.checkout.buyer ? { buyer: args.checkout.buyer } : {}),
          attribution: (args.checkout.attribution as Attribution | undefined) ?? null,
        };
        checkouts.set(id, c);
        return settle(c);
      }),
    );
    server.registerTool(
      'update_checkout',
      {
        description: 'Add buyer, fulfillment address and payment instrument to a checkout.',
        inputSchema: {
          id: z.string().max(100),
          checkout: z.object({
            buyer: Buyer,
            fulfillment: z.object({ address: z.record(z.string(), z.unknown()) }).optional(),
            payment: z.object({ instrument: z.record(z.string(), z.unknown()) }).optional(),
          }),
        },
      },
      tool((args) => {
        const c = checkout(args.id);
        if (c.status === 'completed' || c.status === 'canceled') throw new ToolError(`checkout is ${c.status}`);
        if (args.checkout.buyer) c.buyer = { ...c.buyer, ...args.checkout.buyer };
        if (args.checkout.fulfillment) c.shipping = args.checkout.fulfillment.address;
        if (args.checkout.payment) c.instrument = args.checkout.payment.instrument;
        return settle(c);
      }),
    );
    server.registerTool(
      'complete_checkout',
      {
        description: 'Place the order (charges the payment method: only with the buyer’s explicit consent).',
        inputSchema: { id: z.string().max(100) },
      },
      tool(async (args) => {
        const c = checkout(args.id);
        if (c.status === 'completed') return c;
        settle(c);
        if (c.status !== 'ready_for_complete')
          throw new ToolError(`checkout requires ${missing(c).join(', ')} before it can complete`);
        const orderId = `ord_${randomUUID()}`;
        c.status = 'completed';
        c.order = { id: orderId, permalink_url: `${baseUrl}/orders/${orderId}` };
        c.messages = [];
        const total = c.totals.find((t) => t.type === 'total')?.amount ?? 0;
        const grclid =
          c.attribution?.click_id_tag === 'grclid' && typeof c.attribution.click_id_value === 'string'
            ? c.attribution.click_id_value
            : null;
        await opts.onOrder?.({
          order_id: orderId,
          grclid,
          value_cents: total,
          currency: c.currency,
          attribution: c.attribution,
        });
        return c;
      }),
    );
    server.registerTool(
      'get_checkout',
      { description: 'Read a checkout.', inputSchema: { id: z.string().max(100) } },
      tool((args) => checkout(args.id)),
    );
    return server;
  };

  const httpServer = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/mcp') {
      res
        .writeHead(req.url === '/mcp' ? 405 : 404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'POST /mcp' }));
      return;
    }
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy();
      else chunks.push(c);
    });
    req.on('end', async () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
        return;
      }
      await answerMcp(sdk, req, res, body, build);
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  baseUrl = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    url: baseUrl,
    endpoint: `${baseUrl}/mcp`,
    checkouts,
    close: () => new Promise((r) => httpServer.close(() => r())),
  };
}
