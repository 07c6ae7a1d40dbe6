import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { requireKey } from '../accounts/http.js';
import { AdObject, AdRequestBody } from './schemas.js';
import { requestAds } from './service.js';
import { ErrorBody } from '../../http/errors.js';
import { decisionDebugRoutes } from './debug-routes.js';

export async function servingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Decisions live in the memory of the process that served them, so their admin view goes with the serving group.
  await decisionDebugRoutes(app, ctx);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/ad',
    {
      schema: {
        tags: ['serving'],
        summary: 'Request ads for a conversation',
        description:
          'Returns one ad per filled placement (200, JSON array) or 204 when nothing fills. Auth: publisher key in `Authorization: Bearer` or `X-API-Key`. The `X-Orbit-Request-Id` header names the decision (operators can inspect it at GET /admin/decisions/{id}).',
        body: AdRequestBody,
        response: { 200: z.array(AdObject), 204: z.null().describe('No ad filled'), 401: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit: ctx.config.adRateLimitPerSecond > 0 ? { max: ctx.config.adRateLimitPerSecond, timeWindow: 1000 } : false },
      // The answer is built by requestAds with the AdObject type; re-validating it with Zod on every request
      // (the app-wide serializer) only costs time. The schema above still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req, reply) => {
      const who = await requireKey(ctx, req, 'pub');
      const { requestId, ads } = await requestAds(ctx, who, req.body, { ip: req.ip, ua: req.headers['user-agent'] });
      reply.header('x-orbit-request-id', requestId);
      if (ads.length === 0) return reply.code(204).send(null);
      return ads;
    },
  );
}
