import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { corsHeaders, preflight } from './service.js';

/* CORS for browser-callable routes of other modules (a module's routes file is its own). */

const origin = (req: FastifyRequest): string | undefined =>
  typeof req.headers.origin === 'string' ? req.headers.origin : undefined;

/** `onRequest` hook of a browser-callable route: its CORS headers go on every answer, errors included. */
export const corsHook =
  (ctx: Ctx) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const o = origin(req);
    if (o !== undefined) reply.headers(await corsHeaders(ctx, o));
  };

/** `OPTIONS <path>`: the CORS preflight of a browser-callable route (origins/service.ts `preflight`). */
export function preflightRoute(app: FastifyInstance, ctx: Ctx, path: string, methods: string): void {
  app.options(path, { schema: { hide: true } }, async (req, reply) => {
    const p = await preflight(ctx, origin(req), methods);
    reply.headers(p.headers);
    if (p.status === 204) return reply.code(204).send();
    return reply
      .code(403)
      .send({ statusCode: 403, error: 'Forbidden', message: p.message, code: 'ORIGIN_NOT_ALLOWED' });
  });
}
