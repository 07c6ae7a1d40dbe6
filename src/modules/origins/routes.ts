import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { keyedGet, keyedSchema, requireAccount } from '../accounts/http.js';
import { getAllowedOrigins, MAX_ORIGINS, normaliseOrigin, setAllowedOrigins } from './service.js';

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
    .describe(
      'web origins (scheme://host[:port]) whose pages may call the ad API from the browser; no paths, wildcards or null',
    ),
});
const OriginsView = z.object({ allowed_origins: z.array(z.string()) });

/** The publisher's allowed browser origins (publisher key). */
export async function originRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  keyedGet(app, ctx, '/publisher-dashboard/allowed-origins', {
    tag: 'publisher',
    kind: 'pub',
    summary: 'Web origins allowed to call the ad API from the browser (CORS)',
    view: OriginsView,
    load: getAllowedOrigins,
  });
  r.put(
    '/publisher-dashboard/allowed-origins',
    {
      schema: keyedSchema('publisher', {
        summary: 'Replace the web origins allowed to call the ad API from the browser (CORS)',
        description:
          'Each origin is scheme://host[:port] (e.g. https://app.example.com). Paths, wildcards and "null" are refused with 422.',
        body: OriginsBody,
        response: { 200: OriginsView, 422: ErrorBody },
      }),
    },
    async (req) => setAllowedOrigins(ctx, await requireAccount(ctx, req, 'pub'), req.body.allowed_origins),
  );
}
