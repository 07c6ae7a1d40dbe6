import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { recordClick, recordImpression } from './service.js';

const TrackQuery = z.object({ p: z.string().min(1).max(2048).describe('encrypted tracking token from impUrl/clickUrl') });

const NO_STORE = 'no-store, no-cache, must-revalidate, private, max-age=0';

function noCache(reply: FastifyReply): void {
  reply.header('cache-control', NO_STORE).header('pragma', 'no-cache').header('expires', '0');
}

/**
 * Tracking URLs (spec 1). No key: the encrypted `p` identifies the ad. The
 * response is sent only after the event is durable; a token that fails
 * decryption records nothing.
 */
export async function trackingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Every answer of this scope forbids caching, errors included (a cached 410 would hide later fixes).
  app.addHook('onRequest', async (_req, reply) => noCache(reply));
  const impression = async (req: { query: unknown; ip: string; headers: Record<string, unknown> }, reply: FastifyReply) => {
    await recordImpression(ctx, (req.query as { p?: unknown }).p, { ip: req.ip, ua: req.headers['user-agent'] as string | undefined });
    return reply.code(200).header('content-type', 'application/json').send('{"ok":true}');
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
    const location = await recordClick(ctx, (req.query as { p?: unknown }).p, { ip: req.ip, ua: req.headers['user-agent'] });
    return reply.code(302).header('location', location).send();
  });
}
