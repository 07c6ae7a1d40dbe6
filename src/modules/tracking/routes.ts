import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { soleParam, type FastHandler, type FastPaths } from '../../http/fast-path.js';
import { recordClick, recordImpression } from './service.js';
import { corsHook, preflightRoute } from '../origins/http.js';
import { isPrefetch } from '../ivt/rules.js';

const P_MAX = 2048;
const TrackQuery = z.object({
  p: z.string().min(1).max(P_MAX).describe('encrypted tracking token from impUrl/clickUrl'),
});

const NO_CACHE = {
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};
const IMP_BODY = '{"ok":true}';

function noCache(reply: FastifyReply): void {
  reply.headers(NO_CACHE);
}

/**
 * Tracking URLs (spec 1). No key: the encrypted `p` identifies the ad. The
 * response is sent only after the event is durable; a token that fails
 * decryption records nothing.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Every answer of this scope forbids caching, errors included (a cached 410 would hide later fixes).
  app.addHook('onRequest', async (_req, reply) => noCache(reply));
  // Readable from the browser pages of origins a publisher allowed (origins/service.ts).
  app.addHook('onRequest', corsHook(ctx));
  for (const path of ['/track/imp', '/ack', '/track/click']) preflightRoute(app, ctx, path, 'GET, OPTIONS');
  const impression = async (
    req: { query: unknown; ip: string; headers: Record<string, unknown> },
    reply: FastifyReply,
  ) => {
    await recordImpression(ctx, (req.query as { p?: unknown }).p, {
      ip: req.ip,
      ua: req.headers['user-agent'] as string | undefined,
      prefetch: isPrefetch(req.headers as Record<string, string | undefined>),
    });
    return reply.code(200).header('content-type', 'application/json').send(IMP_BODY);
  };
  const docs = (summary: string) => ({
    schema: {
      tags: ['tracking'],
      summary,
      querystring: TrackQuery,
    },
  });
  app.get('/track/imp', docs('Record an impression (deduplicated per served ad)'), impression);
  app.get('/ack', docs('Record an impression (alias of /track/imp)'), impression);
  app.get('/track/click', docs('Record a click and redirect (302) to the landing page'), async (req, reply) => {
    const location = await recordClick(ctx, (req.query as { p?: unknown }).p, {
      ip: req.ip,
      ua: req.headers['user-agent'],
      prefetch: isPrefetch(req.headers),
    });
    return reply.code(302).header('location', location).send();
  });
}

/**
 * The impression pixels on the raw fast path (src/http/fast-path.ts): the same
 * service call and the same answers as the routes above, without Fastify's
 * per-request machinery. Only `?p=<token>` is taken (other or encoded
 * parameters are left to the routes above); a token that does not open gets
 * the same 4xx the routes give, and records nothing.
 */
export function trackingFastRoutes(ctx: Ctx, fast: FastPaths): void {
  const ok = {
    status: 200,
    headers: { ...NO_CACHE, 'content-type': 'application/json; charset=utf-8' },
    body: IMP_BODY,
  };
  const impression: FastHandler = (req) => {
    const p = soleParam(req.query, 'p', P_MAX);
    if (p === null) return false;
    const h = req.raw.headers;
    return recordImpression(ctx, p, { ip: req.ip(), ua: h['user-agent'], prefetch: isPrefetch(h) }).then(() => ok);
  };
  fast.get('/track/imp', impression, NO_CACHE);
  fast.get('/ack', impression, NO_CACHE);
}
