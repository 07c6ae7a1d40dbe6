import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local server speaking the part of Stripe's API that Orbit's billing calls
 * through the official `stripe` SDK (customers, Checkout sessions), plus a
 * hosted "Checkout page": paying there marks the session complete, sends the
 * `checkout.session.completed` event to Orbit's webhook signed with the
 * endpoint secret exactly as Stripe signs (the SDK's own test header), and
 * redirects to the session's success URL. Requests are recorded for tests.
 */
export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Record<string, any>>;
  requests: { method: string; path: string; auth: string | undefined; body: Record<string, any> }[];
  /** Deliveries to the webhook: the event and Orbit's answer. */
  deliveries: { event: Record<string, any>; status: number; body: unknown }[];
  /** Sign and deliver an event to the webhook (as Stripe would, or with a forged or stale signature). */
  deliver(
    event: Record<string, any>,
    opts?: { secret?: string; timestamp?: number; signature?: string | null },
  ): Promise<{ status: number; body: any }>;
  /** The event Stripe sends when a session is paid. */
  completedEvent(sessionId: string, type?: string): Record<string, any>;
  setWebhook(url: string): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=v` form fields (the SDK's encoding) as a nested object. */
function parseForm(text: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((p, i) => {
      if (i === path.length - 1) node[p] = value;
      else node = node[p] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Record<string, any>>();
  const requests: FakeStripe['requests'] = [];
  const deliveries: FakeStripe['deliveries'] = [];
  let webhook = '';
  let base = '';

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));

  const completedEvent = (sessionId: string, type = 'checkout.session.completed') => ({
    id: id('evt'),
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object: sessions.get(sessionId) },
  });

  const deliver: FakeStripe['deliver'] = async (event, opts = {}) => {
    const payload = JSON.stringify(event);
    const header =
      opts.signature === null
        ? undefined
        : (opts.signature ??
          Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: opts.secret ?? webhookSecret,
            timestamp: opts.timestamp,
          }));
    const res = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
      body: payload,
    });
    const body = await res.json().catch(() => null);
    deliveries.push({ event, status: res.status, body });
    return { status: res.status, body };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const text = Buffer.concat(chunks).toString('utf8');
        const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
        if (pay) {
          const s = sessions.get(pay[1]);
          if (!s) return res.writeHead(404).end('no such session');
          if (req.method === 'GET') {
            const what =
              s.mode === 'payment'
                ? `Pay ${(s.amount_total / 100).toFixed(2)} ${String(s.currency).toUpperCase()}`
                : 'Save card';
            return res
              .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
              .end(
                `<!doctype html><html><head><title>Checkout</title></head><body><h1>Test Checkout</h1><form method="post"><button type="submit">${what}</button></form></body></html>`,
              );
          }
          s.status = 'complete';
          if (s.mode === 'payment') s.payment_status = 'paid';
          else s.setup_intent = id('seti');
          await deliver(completedEvent(s.id));
          return res.writeHead(303, { location: s.success_url }).end();
        }
        requests.push({
          method: req.method ?? '',
          path: url.pathname,
          auth: req.headers.authorization,
          body: parseForm(text),
        });
        if (req.headers.authorization !== `Bearer ${secretKey}`)
          return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        if (req.method === 'POST' && url.pathname === '/v1/customers') {
          const b = parseForm(text);
          return json(res, 200, {
            id: id('cus'),
            object: 'customer',
            name: b.name ?? null,
            metadata: b.metadata ?? {},
          });
        }
        if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          const b = parseForm(text);
          const sid = id('cs');
          const item = b.line_items?.[0];
          const amount = item ? Number(item.price_data.unit_amount) * Number(item.quantity ?? 1) : null;
          const session = {
            id: sid,
            object: 'checkout.session',
            mode: b.mode,
            status: 'open',
            payment_status: b.mode === 'setup' ? 'no_payment_required' : 'unpaid',
            amount_total: amount,
            currency: item?.price_data.currency ?? b.currency ?? null,
            customer: b.customer ?? null,
            client_reference_id: b.client_reference_id ?? null,
            metadata: b.metadata ?? {},
            success_url: b.success_url,
            cancel_url: b.cancel_url,
            url: `${base}/pay/${sid}`,
          };
          sessions.set(sid, session);
          return json(res, 200, session);
        }
        return json(res, 404, {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
          },
        });
      })().catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url: base,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    deliveries,
    deliver,
    completedEvent,
    setWebhook: (u) => {
      webhook = u;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
