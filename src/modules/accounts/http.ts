import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../context.js';
import type { KeyKind } from '../../lib/ids.js';
import { ErrorBody } from '../../http/errors.js';
import { Unauthorized } from '../../lib/errors.js';
import { safeEqual } from '../../lib/hash.js';
import { authenticate, type Principal } from './service.js';

/**
 * Anything with plain request headers: a Fastify request, or the raw
 * `IncomingMessage` of the fast path (src/http/fast-path.ts). Key parsing has
 * this one home whichever path answers.
 */
export interface WithHeaders {
  headers: IncomingHttpHeaders;
}

/** The key a request presents: `X-API-Key`, or `Authorization: Bearer <key>`. */
export function presentedKey(req: WithHeaders): string | undefined {
  const x = req.headers['x-api-key'];
  if (typeof x === 'string' && x) return x.trim();
  const auth = req.headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1].trim();
  }
  return undefined;
}

export const requireKey = (ctx: Ctx, req: WithHeaders, kind: KeyKind): Promise<Principal> =>
  authenticate(ctx, presentedKey(req), kind);

/** The id of the account whose key of `kind` the request presents (401 otherwise). */
export const requireAccount = async (ctx: Ctx, req: WithHeaders, kind: KeyKind): Promise<string> =>
  (await requireKey(ctx, req, kind)).accountId;

/**
 * The OpenAPI schema of a route that takes an API key: `tag`, the key as its
 * security, and 401 (missing or invalid key) among its responses.
 */
export const keyedSchema = <S extends { response: object }>(tag: string, schema: S) => ({
  tags: [tag],
  security: [{ apiKey: [] }],
  ...schema,
  response: { ...schema.response, 401: ErrorBody },
});

/** The operator's admin token, compared in constant time. */
export function requireAdmin(ctx: Ctx, req: WithHeaders): void {
  const presented = presentedKey(req);
  if (!presented || !safeEqual(presented, ctx.secrets.adminToken))
    throw new Unauthorized('Missing or invalid admin token');
}

/**
 * GET `path` for the holder of a `kind` key: `load` answers with that account's view, documented as
 * `view` (200) under `tag`; a missing or wrong key is 401.
 */
export function keyedGet<V extends z.ZodType>(
  app: FastifyInstance,
  ctx: Ctx,
  path: string,
  route: {
    tag: string;
    kind: KeyKind;
    summary: string;
    view: V;
    load: (ctx: Ctx, accountId: string) => Promise<z.infer<V>>;
  },
): void {
  // The plain instance: the zod compilers are the app's (only the types differ); `load` is typed against `view` above.
  app.get(
    path,
    { schema: keyedSchema(route.tag, { summary: route.summary, response: { 200: route.view } }) },
    async (req) => route.load(ctx, await requireAccount(ctx, req, route.kind)),
  );
}
