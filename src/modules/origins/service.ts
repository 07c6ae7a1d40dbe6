import type { Ctx } from '../../context.js';
import { Forbidden, NotFound, Validation } from '../../lib/errors.js';
import * as repo from './repo.js';
import { invalidate, valueCache } from '../../caches.js';

/**
 * Browser origins (CORS) per publisher: which web pages may call
 * `POST /api/v1/ad`, `/ad-feedback` and read the tracking URLs' answers from
 * the browser. Stored per publisher; each process keeps every publisher's
 * list in memory (src/caches.ts `origins`), reloaded every
 * `inventoryRefreshMs` and at once on every instance (with Redis) when a
 * publisher changes its own, so the check costs no query.
 *
 * - A preflight (no key yet) is allowed when some publisher allows the origin.
 * - A keyed request (`/api/v1/ad`, `/ad-feedback`) from an origin its
 *   publisher did not allow is refused with 403, before anything is served.
 * - Tracking URLs carry no key and answer nothing private: any origin some
 *   publisher allowed may read them.
 * - The platform's own origins are always allowed (the dashboard's live check).
 */
export const MAX_ORIGINS = 50;

/** The canonical form of an allowed origin (`https://app.example.com`, `http://localhost:5173`), or why it is not one. */
export function normaliseOrigin(raw: string): { origin: string } | { error: string } {
  const s = raw.trim();
  if (!s) return { error: 'must not be empty' };
  if (s.toLowerCase() === 'null')
    return { error: '"null" is not accepted: it is the origin of sandboxed and file: pages, which anyone can make' };
  if (s.includes('*')) return { error: 'wildcards are not accepted: list each origin, e.g. https://app.example.com' };
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return { error: 'must be an origin: scheme, host and optional port, e.g. https://app.example.com' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { error: 'must use http or https' };
  if (u.username || u.password) return { error: 'must not contain a user name or password' };
  if (
    (u.pathname !== '/' && u.pathname !== '') ||
    s.includes('?') ||
    s.includes('#') ||
    /^[a-z]+:\/\/[^/]+\/./i.test(s)
  ) {
    return { error: `an origin has no path, query or fragment: use ${u.protocol}//${u.host}` };
  }
  return { origin: `${u.protocol}//${u.host}` };
}

interface OriginState {
  byPublisher: Map<string, ReadonlySet<string>>;
  any: Set<string>;
}

const parseList = (json: string | null | undefined): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** Every publisher's origins (src/caches.ts `origins`: reloaded after the inventory refresh interval, one load at a time). */
async function fresh(ctx: Ctx): Promise<OriginState> {
  return valueCache<OriginState>(ctx, 'origins').get(ctx.clock.now(), async () => {
    const rows = await repo.allOrigins(ctx.db);
    const byPublisher = new Map<string, ReadonlySet<string>>();
    const any = new Set<string>();
    for (const r of rows) {
      const list = parseList(r.allowed_origins_json);
      byPublisher.set(r.id, new Set(list));
      for (const o of list) any.add(o);
    }
    return { byPublisher, any };
  });
}

function ownOrigins(ctx: Ctx): Set<string> {
  const out = new Set<string>();
  for (const u of [ctx.urls.platform, ctx.urls.api, ctx.urls.index]) {
    try {
      out.add(new URL(u).origin);
    } catch {
      /* an address that is not a URL allows nothing */
    }
  }
  return out;
}

const ALLOW_HEADERS = 'authorization, content-type, x-api-key';
const EXPOSE_HEADERS = 'x-orbit-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset';

/**
 * Headers for the answer to a request from `origin` (undefined: not a
 * cross-origin browser request, no headers): the origin echoed when some
 * publisher allows it (or it is the platform's own), and `Vary: Origin` always.
 */
export async function corsHeaders(ctx: Ctx, origin: string | undefined): Promise<Record<string, string>> {
  if (origin === undefined) return {};
  const s = await fresh(ctx);
  if (!s.any.has(origin) && !ownOrigins(ctx).has(origin)) return { vary: 'Origin' };
  return { vary: 'Origin', 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS };
}

/**
 * The answer to a CORS preflight (`OPTIONS`): 204 with the allowed method and
 * headers when some publisher allows the origin, 403 naming the problem
 * otherwise (the browser then refuses the request).
 */
export async function preflight(
  ctx: Ctx,
  origin: string | undefined,
  methods: string,
): Promise<{ status: 204 | 403; headers: Record<string, string>; message?: string }> {
  const headers = await corsHeaders(ctx, origin);
  if (!headers['access-control-allow-origin']) {
    return {
      status: 403,
      headers,
      message:
        origin === undefined
          ? 'CORS preflight without an Origin header'
          : `Origin ${clip(origin)} is not allowed: the publisher adds it in the dashboard (Allowed origins) or with PUT /publisher-dashboard/allowed-origins`,
    };
  }
  return {
    status: 204,
    headers: {
      ...headers,
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOW_HEADERS,
      'access-control-max-age': '600',
    },
  };
}

const clip = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

/** A keyed browser request from an origin its publisher did not allow: 403, before anything is served or recorded. */
export async function assertOriginAllowed(ctx: Ctx, publisherId: string, origin: string | undefined): Promise<void> {
  if (origin === undefined || ownOrigins(ctx).has(origin)) return;
  const s = await fresh(ctx);
  if (s.byPublisher.get(publisherId)?.has(origin)) return;
  throw new Forbidden(
    `Origin ${clip(origin)} is not allowed for this publisher: add it in the dashboard (Allowed origins) or with PUT /publisher-dashboard/allowed-origins`,
  );
}

export async function getAllowedOrigins(ctx: Ctx, publisherId: string): Promise<{ allowed_origins: string[] }> {
  const json = await repo.publisherOrigins(ctx.db, publisherId);
  if (json === undefined) throw new NotFound('publisher');
  return { allowed_origins: parseList(json) };
}

/** Replace a publisher's allowed origins (normalised, duplicates removed); each bad one is a 422 naming it. */
export async function setAllowedOrigins(
  ctx: Ctx,
  publisherId: string,
  input: string[],
): Promise<{ allowed_origins: string[] }> {
  if (input.length > MAX_ORIGINS) throw Validation.field('allowed_origins', `at most ${MAX_ORIGINS} origins`);
  const out: string[] = [];
  input.forEach((raw, i) => {
    const n = normaliseOrigin(raw);
    if ('error' in n) throw Validation.field(`allowed_origins.${i}`, n.error);
    if (!out.includes(n.origin)) out.push(n.origin);
  });
  if ((await repo.publisherOrigins(ctx.db, publisherId)) === undefined) throw new NotFound('publisher');
  await repo.setPublisherOrigins(ctx.db, publisherId, out.length ? JSON.stringify(out) : null);
  // Every instance reloads before its next check (others within one refresh interval without Redis).
  invalidate(ctx, 'origins');
  return { allowed_origins: out };
}
