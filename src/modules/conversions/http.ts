import type { FastifyRequest } from 'fastify';
import { presentedKey } from '../accounts/http.js';

/* HTTP helpers other modules' routes use (a module's routes file is its own). */

/** The gateway key: `api_key` in the query, or `Authorization: Bearer` (spec 2 §5). */
export function gatewayKey(req: FastifyRequest): string | undefined {
  const q = (req.query as { api_key?: unknown } | undefined)?.api_key;
  if (typeof q === 'string' && q) return q.trim();
  return presentedKey(req);
}
