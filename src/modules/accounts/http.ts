import type { IncomingHttpHeaders } from 'node:http';
import type { Ctx } from '../../context.js';
import type { KeyKind } from '../../lib/ids.js';
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

/** The operator's admin token, compared in constant time. */
export function requireAdmin(ctx: Ctx, req: WithHeaders): void {
  const presented = presentedKey(req);
  if (!presented || !safeEqual(presented, ctx.secrets.adminToken))
    throw new Unauthorized('Missing or invalid admin token');
}
