import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Ctx } from './context.js';
import { installErrorHandler } from './http/errors.js';
import { forwardedForTrust } from './lib/request-facts.js';
import { servingFastRoutes, servingRoutes } from './modules/serving/routes.js';
import { trackingFastRoutes, trackingRoutes } from './modules/tracking/routes.js';
import { FastPaths, fastServerFactory, fastifyJsonParser } from './http/fast-path.js';
import { AuthThrottle, presentsCredentials } from './http/auth-throttle.js';
import { adminRoutes } from './modules/admin/routes.js';
import { reviewRoutes } from './modules/admin/review-routes.js';
import { campaignRoutes } from './modules/campaigns/routes.js';
import { adUnitRoutes } from './modules/campaigns/ad-units-routes.js';
import { pixelRoutes } from './modules/pixels/routes.js';
import { opsRoutes } from './modules/ops/routes.js';
import { webRoutes } from './modules/web/routes.js';
import { conversionDashboardRoutes, conversionRoutes } from './modules/conversions/routes.js';
import { integrationDashboardRoutes, integrationWebhookRoutes } from './modules/integrations/routes.js';
import { reportingRoutes } from './modules/reporting/routes.js';
import { placementRoutes } from './modules/placements/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { blockRoutes } from './modules/blocks/routes.js';
import { mcpRoutes } from './modules/mcp/routes.js';
import { indexRoutes } from './modules/index/routes.js';
import { originRoutes } from './modules/origins/routes.js';
import { billingDashboardRoutes, billingWebhookRoutes } from './modules/billing/routes.js';

/** Route groups; `ORBIT_ROUTES=tracking,serving` runs only those in this process. */
const GROUPS = {
  serving: servingRoutes,
  tracking: trackingRoutes,
  admin: async (app: FastifyInstance, c: Ctx) => {
    await adminRoutes(app, c);
    await app.register(async (scope) => reviewRoutes(scope, c));
  },
  campaigns: campaignRoutes,
  adunits: adUnitRoutes,
  pixels: pixelRoutes,
  web: webRoutes,
  conversions: conversionRoutes,
  conversions_dashboard: conversionDashboardRoutes,
  integrations: integrationWebhookRoutes,
  integrations_dashboard: integrationDashboardRoutes,
  reporting: reportingRoutes,
  placements: placementRoutes,
  feedback: feedbackRoutes,
  blocks: blockRoutes,
  mcp: mcpRoutes,
  index: indexRoutes,
  origins: originRoutes,
  billing: billingWebhookRoutes,
  billing_dashboard: billingDashboardRoutes,
} as const;

const REDACT_QUERY = /([?&](?:p|api_key|token)=)[^&]*/g;

export async function buildApp(ctx: Ctx, opts: { redis?: Redis } = {}): Promise<FastifyInstance> {
  // The end user's IP: the first X-Forwarded-For address when the peer is a trusted proxy (spec 1, proxy rules).
  const trust = forwardedForTrust(ctx.config.trustedProxies);
  // The raw fast path for the tracking pixels and the ad request, in front of Fastify (src/http/fast-path.ts).
  const fast = new FastPaths(trust);
  fast.onError = (err, requestId) => ctx.log.error({ err, reqId: requestId }, 'unhandled error');
  // Failed authentication is throttled per client address (shared counters: Redis when configured).
  const throttle = new AuthThrottle(
    ctx.counters,
    ctx.config.authFailuresPerMinute,
    () => ctx.clock.now(),
    (err) => ctx.log.warn({ err }, 'failed-authentication count failed'),
  );
  const observer = {
    storageFailed: (err: unknown) => ctx.health.storageFailed(err),
    authFailed: (ip: string) => throttle.failed(ip),
  };
  fast.observer = observer;
  fast.refuse = (req) =>
    throttle.enabled && presentsCredentials(req.raw.headers, req.raw.url) ? throttle.check(req.ip()) : null;
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: fastServerFactory(fast),
    trustProxy: trust,
    bodyLimit: ctx.config.bodyLimitBytes,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Every request must arrive within the limit (slow bodies included, on both paths: fast-path.ts). No per-socket
    // idle timer (connectionTimeout): refreshing it on every read and write costs the tracking hot path.
    requestTimeout: ctx.config.requestTimeoutMs,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app, observer);
  if (throttle.enabled) {
    app.addHook('onRequest', async (req) => {
      if (!presentsCredentials(req.headers, req.url)) return;
      const refused = throttle.check(req.ip);
      if (refused) throw refused;
    });
  }

  // Graceful shutdown: Node's server.close() reaps only idle keep-alive sockets, so a connection whose
  // request was in flight would stay open (and close() wait) until the keep-alive timeout. Once closing,
  // every answer says `Connection: close`, so draining ends when the last in-flight request is answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    fast.closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  // Log one line per request without secrets: keys and tokens never reach the log.
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode >= 500 || ctx.config.logLevel === 'debug' || ctx.config.logLevel === 'trace') {
      req.log.info(
        {
          method: req.method,
          url: req.url.replace(REDACT_QUERY, '$1[redacted]'),
          status: reply.statusCode,
          ms: reply.elapsedTime,
        },
        'request',
      );
    }
  });

  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: `${ctx.config.redisPrefix}rl:` } : {}),
    keyGenerator: (req) => {
      const k = req.headers['x-api-key'] ?? req.headers.authorization ?? req.ip;
      return String(k);
    },
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Rate limit exceeded: at most ${c.max} requests per ${c.after}`,
      code: 'RATE_LIMITED',
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Orbit API',
        version: '0.1.0',
        description: 'Ad serving, tracking, reporting and the agent index.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Ops first and on the root, so its metrics hook sees every route.
  await opsRoutes(app, ctx, fast);
  const enabled = (name: string) => ctx.config.routes.has('all') || ctx.config.routes.has(name);
  for (const [name, register] of Object.entries(GROUPS)) {
    if (enabled(name)) await app.register(async (scope) => register(scope, ctx));
  }
  if (enabled('tracking') && ctx.config.fastPath) trackingFastRoutes(ctx, fast);
  if (enabled('serving') && ctx.config.fastPath) servingFastRoutes(ctx, fast, fastifyJsonParser(app));
  return app as unknown as FastifyInstance;
}
