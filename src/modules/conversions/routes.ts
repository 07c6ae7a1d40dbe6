import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { FormatParam, sendCsv } from '../../http/csv.js';
import { authenticate, type Principal } from '../accounts/service.js';
import { requireKey } from '../accounts/http.js';
import * as svc from './service.js';
import { gatewayKey } from './http.js';
import {
  AnalyticsQuery,
  ConversionsQuery,
  GatewayBody,
  GatewayResponse,
  PixelEventsBody,
  StatsQuery,
  SuppressionBody,
} from './schemas.js';

/** The authenticated advertiser of a request (set by the onRequest hooks, before the body is parsed). */
const principals = new WeakMap<FastifyRequest, Principal>();
export const advertiserOf = (req: FastifyRequest): string => {
  const p = principals.get(req);
  if (!p) throw new Error('request was not authenticated');
  return p.accountId;
};

/** 1,000 events with their context fit well inside this; the process-wide limit stays for everything else. */
const GATEWAY_BODY_LIMIT = 8 * 1024 * 1024;

const PIXEL_SOURCE = new URL('../../../packages/pixel/src/pixel.js', import.meta.url);
let pixelTemplate: string | null = null;
const pixelScripts = new Map<string, string>();

/** The browser pixel, with this deployment's events endpoint filled in. */
export function pixelScript(ctx: Ctx): string {
  const endpoint = `${ctx.urls.api}/pixel/events`;
  let s = pixelScripts.get(endpoint);
  if (!s) {
    pixelTemplate ??= fs.readFileSync(PIXEL_SOURCE, 'utf8');
    s = pixelTemplate.replace('__ORBIT_EVENTS_ENDPOINT__', endpoint);
    pixelScripts.set(endpoint, s);
  }
  return s;
}

/**
 * `{api_url}`: the conversion gateway, the browser pixel's script and events
 * endpoint.
 */
export async function conversionRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // sendBeacon posts text/plain; the body is still JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const err = new Error('Body is not valid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  r.post(
    '/gateway/events',
    {
      bodyLimit: Math.max(GATEWAY_BODY_LIMIT, ctx.config.bodyLimitBytes),
      // The answer is built by ingestEvents in exactly the GatewayResponse shape (typed): written as is, without
      // a second Zod pass over its 1,000 results. The schema still documents it (OpenAPI).
      serializerCompiler: () => (data) => JSON.stringify(data),
      onRequest: async (req) => {
        principals.set(req, await authenticate(ctx, gatewayKey(req), 'adv'));
      },
      schema: {
        tags: ['conversions'],
        summary: 'Send conversion events (server-side); each event gets its own result',
        querystring: z.object({ api_key: z.string().max(200).optional() }),
        body: GatewayBody,
        response: { 200: GatewayResponse },
      },
    },
    async (req) => {
      const out = await svc.ingestEvents(ctx, advertiserOf(req), req.body);
      return out;
    },
  );

  const cors = (reply: FastifyReply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type');
  r.options('/pixel/events', async (_req, reply) => cors(reply).code(204).send());
  r.post(
    '/pixel/events',
    {
      // Public (identified by the advertiser id, as every pixel is): bounded per client IP.
      config: { rateLimit: { max: 600, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `pixel:${req.ip}` } },
      schema: {
        tags: ['conversions'],
        summary: 'Browser pixel events (page views and others) for the events analytics',
        body: PixelEventsBody,
      },
    },
    async (req, reply) => {
      cors(reply);
      const out = await svc.recordPixelEvents(ctx, req.body);
      return reply.code(202).send(out);
    },
  );

  const servePixel = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(pixelScript(ctx));
  app.get('/pixel.js', { schema: { tags: ['conversions'], summary: 'The browser pixel script' } }, servePixel);
  const configured = ctx.config.pixelScriptUrl ? new URL(ctx.config.pixelScriptUrl).pathname : '/pixel.js';
  if (configured !== '/pixel.js') app.get(configured, { schema: { hide: true } }, servePixel);
}

/** `{platform_url}/advertiser-dashboard/…`: the conversion reports, gateway status and suppression list (advertiser key). */
export async function conversionDashboardRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (req) => {
    principals.set(req, await requireKey(ctx, req, 'adv'));
  });
  const tags = ['advertiser reporting'];

  r.get(
    '/advertiser-dashboard/conversions',
    {
      schema: {
        tags,
        summary: 'Conversion records, newest conversion time first (cursor pagination)',
        description:
          'Filters: campaign_id, event_type, and days or start_date/end_date (days of tz). format=csv downloads the same page of rows.',
        querystring: ConversionsQuery.extend({ format: FormatParam }),
      },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const out = await svc.listConversions(ctx, advertiserOf(req), q);
      return format === 'csv' ? sendCsv(reply, 'conversions', out.conversions) : out;
    },
  );
  r.get(
    '/advertiser-dashboard/events/analytics',
    { schema: { tags, summary: 'Browser pixel event analytics', querystring: AnalyticsQuery } },
    async (req) => svc.eventsAnalytics(ctx, advertiserOf(req), req.query),
  );
  r.get(
    '/advertiser-dashboard/events/conversion-stats',
    { schema: { tags, summary: 'Conversions per day and per event type', querystring: StatsQuery } },
    async (req) => svc.conversionStats(ctx, advertiserOf(req), req.query),
  );
  r.get(
    '/advertiser-dashboard/gateway-status',
    {
      schema: {
        tags,
        summary: 'Conversion gateway status: No data yet, Active (last received), Gone quiet after 7 days',
      },
    },
    async (req) => svc.gatewayStatus(ctx, advertiserOf(req)),
  );

  r.get(
    '/advertiser-dashboard/suppressions',
    { schema: { tags, summary: 'Size of the opt-out (suppression) list' } },
    async (req) => svc.suppressionCount(ctx, advertiserOf(req)),
  );
  const edits = [
    ['POST', 'Add opted-out identities (hashed at once; their conversions are skipped)', svc.addSuppressions],
    ['DELETE', 'Remove identities from the suppression list', svc.removeSuppressions],
  ] as const;
  for (const [method, summary, edit] of edits) {
    r.route({
      method,
      url: '/advertiser-dashboard/suppressions',
      schema: { tags, summary, body: SuppressionBody },
      handler: async (req) => edit(ctx, advertiserOf(req), req.body),
    });
  }
}
