import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.js';
import { Unauthorized } from '../../lib/errors.js';
import { ErrorBody } from '../../http/errors.js';
import { requireKey } from '../accounts/http.js';

/**
 * The advertiser dashboard's authentication: `X-API-Key` with an advertiser
 * key, checked on request (before the body is parsed, so a bad key is a 401
 * whatever the body). Handlers read the caller's account with `advertiserOf`.
 */
const callers = new WeakMap<FastifyRequest, string>();

export function useAdvertiserAuth(app: FastifyInstance, ctx: Ctx): void {
  app.addHook('onRequest', async (req) => {
    const who = await requireKey(ctx, req, 'adv');
    callers.set(req, who.accountId);
  });
}

export function advertiserOf(req: FastifyRequest): string {
  const id = callers.get(req);
  if (!id) throw new Unauthorized();
  return id;
}

export const ADVERTISER_DOCS = { tags: ['advertiser'], security: [{ apiKey: [] }] };

/** Error responses every advertiser endpoint documents, plus the ones given. */
export function errors(...codes: number[]) {
  return Object.fromEntries([401, 422, ...codes].map((c) => [c, ErrorBody]));
}
