import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { requireKey } from '../accounts/http.js';
import { corsHeaders, getAllowedOrigins, MAX_ORIGINS, normaliseOrigin, preflight, setAllowedOrigins } from './service.js';

const origin = (req: FastifyRequest): string | undefined => (typeof req.headers.origin === 'string' ? req.headers.origin : undefined);

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
    return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: p.message, code: 'ORIGIN_NOT_ALLOWED' });
  });
}

const OriginsBody = z.strictObject({
  allowed_origins: z
    .array(
      z
        .string()
        .max(300, 'must be at most 300 characters')
        .superRefine((s, c) => {
          const n = normaliseOrigin(s);
          if ('error' in n) c.addIssue({ code: 'custom', message: n.error });
        }),
    )
    .max(MAX_ORIGINS, `at most ${MAX_ORIGINS} origins`)
    .describe('web origins (scheme://host[:port]) whose pages may call the ad API from the browser; no paths, wildcards or null'),
});
const OriginsView = z.object({ allowed_origins: z.array(z.string()) });

/** The publisher's allowed browser origins (publisher key). */
export async function originRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['publisher'];
  const security = [{ apiKey: [] }];
  r.get(
    '/publisher-dashboard/allowed-origins',
    { schema: { tags, security, summary: 'Web origins allowed to call the ad API from the browser (CORS)', response: { 200: OriginsView, 401: ErrorBody } } },
    async (req) => getAllowedOrigins(ctx, (await requireKey(ctx, req, 'pub')).accountId),
  );
  r.put(
    '/publisher-dashboard/allowed-origins',
    {
      schema: {
        tags,
        security,
        summary: 'Replace the web origins allowed to call the ad API from the browser (CORS)',
        description: 'Each origin is scheme://host[:port] (e.g. https://app.example.com). Paths, wildcards and "null" are refused with 422.',
        body: OriginsBody,
        response: { 200: OriginsView, 401: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => setAllowedOrigins(ctx, (await requireKey(ctx, req, 'pub')).accountId, req.body.allowed_origins),
  );
}
