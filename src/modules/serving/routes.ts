import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { requireKey, type WithHeaders } from '../accounts/http.js';
import { AdObject, AdRequestBody, leanAdRequest } from './schemas.js';
import { requestAds } from './service.js';
import { ErrorBody } from '../../http/errors.js';
import type { FastAnswer, FastPaths, FastRequest, JsonBodyParser } from '../../http/fast-path.js';
import { decisionDebugRoutes } from './debug-routes.js';
import { adRateLimiter } from './rate-limit.js';
import { assertOriginAllowed } from '../origins/service.js';
import { corsHook, preflightRoute } from '../origins/http.js';
import { TEST_AD_PATH } from '../../lib/test-ad.js';
import { TEST_AD_PAGE } from './test-ad.js';

const AD_PATH = '/api/v1/ad';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer to an ad request, the same on both paths: 200 with the ads as a JSON array, or 204 when nothing fills. */
export interface AdAnswer {
  status: 200 | 204;
  /** Names the decision (`X-Orbit-Request-Id`; GET /admin/decisions/{id}). */
  requestId: string;
  /** The JSON array of ad objects; '' for 204. */
  json: string;
}

/**
 * `POST /api/v1/ad` after its body passed the schema: the publisher key
 * (401 when missing, wrong, revoked or of the advertiser kind), the decision,
 * the answer. Called by the Fastify route and by the fast path alike.
 */
export async function adAnswer(ctx: Ctx, req: WithHeaders & { ip: string }, body: AdRequestBody): Promise<AdAnswer> {
  const who = await requireKey(ctx, req, 'pub');
  // A browser page of an origin the publisher did not allow (CORS, origins/service.ts): refused before anything is served.
  const origin = req.headers.origin;
  if (origin !== undefined) await assertOriginAllowed(ctx, who.accountId, origin);
  const ua = req.headers['user-agent'];
  // numAds (the public clients' field): fill at most that many of the placements, in order.
  const asked =
    body.numAds !== undefined && body.numAds < body.placements.length
      ? { ...body, placements: body.placements.slice(0, body.numAds) }
      : body;
  const { requestId, ads } = await requestAds(ctx, who, asked, { ip: req.ip, ua });
  // The ads are built by requestAds with the AdObject type; re-validating them with Zod on every request only
  // costs time (the schema below still documents them).
  return ads.length === 0
    ? { status: 204, requestId, json: '' }
    : { status: 200, requestId, json: JSON.stringify(ads) };
}

export async function servingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Decisions live in the memory of the process that served them, so their admin view goes with the serving group.
  await decisionDebugRoutes(app, ctx);
  const admit = adRateLimiter(ctx);
  const cors = corsHook(ctx);
  // Browser integrations: the CORS preflight, and the CORS headers on every answer (origins/service.ts).
  preflightRoute(app, ctx, AD_PATH, 'POST, OPTIONS');
  // Where the house test ad's clicks land (serving/test-ad.ts).
  app.get(TEST_AD_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(TEST_AD_PAGE),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    AD_PATH,
    {
      schema: {
        tags: ['serving'],
        summary: 'Request ads for a conversation',
        description:
          'Returns one ad per filled placement (200, JSON array) or 204 when nothing fills. Auth: publisher key in `Authorization: Bearer` or `X-API-Key`. The `X-Orbit-Request-Id` header names the decision (operators can inspect it at GET /admin/decisions/{id}). From a browser, the page origin must be allowed by the publisher (PUT /publisher-dashboard/allowed-origins), else 403. With testAd: true every placement gets a clearly marked test ad, never billed or counted.',
        body: AdRequestBody,
        response: {
          200: z.array(AdObject),
          204: z.null().describe('No ad filled'),
          401: ErrorBody,
          403: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
        },
      },
      // CORS headers, then the rate limit (serving/rate-limit.ts, shared with the fast path): their headers go on every answer.
      onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
        await cors(req, reply);
        if (!admit) return;
        const r = await admit(req);
        reply.headers(r.headers);
        if (r.refused) throw r.refused;
      },
      // Answers are written by adAnswer (the 200 body is already JSON); errors are plain objects.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req, reply) => {
      const a = await adAnswer(ctx, req, req.body);
      reply.header('x-orbit-request-id', a.requestId);
      if (a.status === 204) return reply.code(204).send(null);
      // Already JSON: Fastify sends a string with a JSON content type as it is.
      return reply
        .code(200)
        .type(JSON_TYPE)
        .send(a.json as unknown as AdObject[]);
    },
  );
}

/**
 * `POST /api/v1/ad` on the raw fast path (src/http/fast-path.ts): the same
 * schema (the route's own Zod validator), the same `adAnswer`, the same
 * answers and error bodies as the route above, without Fastify's
 * per-request machinery. The rate limit is the route's own (one limiter, so
 * a request counts once whichever path answers it).
 */
export function servingFastRoutes(ctx: Ctx, fast: FastPaths, parse: JsonBodyParser): void {
  const admit = adRateLimiter(ctx);
  const validate = validatorCompiler({ schema: AdRequestBody, method: 'POST', url: AD_PATH, httpPart: 'body' });
  fast.post(
    AD_PATH,
    async (req, body): Promise<FastAnswer> => {
      // The lean check takes the usual bodies; anything else goes through the route's own Zod validator.
      let value = leanAdRequest(body);
      if (!value) {
        const v = validate(body) as { error?: unknown; value?: AdRequestBody };
        // Shaped as Fastify shapes a failed body validation, so errorAnswer maps it to the same 422.
        if (v.error)
          throw Object.assign(new Error('body validation failed'), { validation: v.error, validationContext: 'body' });
        value = v.value!;
      }
      const a = await adAnswer(ctx, { headers: req.raw.headers, ip: req.ip() }, value);
      return a.status === 204
        ? { status: 204, headers: { 'x-orbit-request-id': a.requestId }, body: '' }
        : { status: 200, headers: { 'content-type': JSON_TYPE, 'x-orbit-request-id': a.requestId }, body: a.json };
    },
    {
      bodyLimit: ctx.config.bodyLimitBytes,
      parse,
      ...(admit ? { admit: (req: FastRequest) => admit({ headers: req.raw.headers, ip: req.ip() }) } : {}),
    },
  );
}
