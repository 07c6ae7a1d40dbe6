import type { Ctx } from '../../context.js';
import { RateLimited } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/hash.js';
import { presentedKey, type WithHeaders } from '../accounts/http.js';

/**
 * The ad endpoint's rate limit: `ORBIT_AD_RATE_LIMIT` requests per second per
 * presented key (per client address when none is presented), a fixed
 * one-second window in the shared counters — in-process, or in Redis so the
 * limit holds across instances. One limiter for both ways in: the Fastify
 * route checks it in `onRequest`, the raw fast path before it reads the body,
 * so every request counts once whichever path answers it, and both send the
 * same headers. Keys are counted under their SHA-256, never as sent.
 */
export interface AdmitResult {
  /** `x-ratelimit-*` headers for the answer, whatever it is. */
  headers: Record<string, string>;
  /** Set when the request is over the limit: answer it 429 (with `retry-after` in `headers`). */
  refused: RateLimited | null;
}

export type AdRateLimiter = (req: WithHeaders & { ip: string }) => Promise<AdmitResult>;

const WINDOW_MS = 1000;

export function adRateLimiter(ctx: Ctx): AdRateLimiter | null {
  const max = ctx.config.adRateLimitPerSecond;
  if (max <= 0) return null;
  const limit = String(max);
  const message = `Rate limit exceeded: at most ${max} requests per 1 second`;
  return async (req) => {
    const key = presentedKey(req);
    const { count, resetMs } = await ctx.counters.hit(
      `rl:ad:${sha256Hex(key === undefined ? `ip:${req.ip}` : `key:${key}`)}`,
      WINDOW_MS,
    );
    const reset = String(Math.max(0, Math.ceil(resetMs / 1000)));
    const headers: Record<string, string> = {
      'x-ratelimit-limit': limit,
      'x-ratelimit-remaining': String(Math.max(0, max - count)),
      'x-ratelimit-reset': reset,
    };
    if (count <= max) return { headers, refused: null };
    headers['retry-after'] = reset;
    return { headers, refused: new RateLimited(message) };
  };
}
