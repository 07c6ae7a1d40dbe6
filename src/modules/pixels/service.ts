import type { Ctx } from '../../context.js';
import type { PixelTable } from '../../db/schema.js';
import { Conflict, NotFound, Validation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isoNoOffset, isoOrNull } from '../campaigns/schemas.js';
import { FetchRefused, fetchPage } from '../creative/fetch.js';
import * as repo from './repo.js';
import type { PixelView } from './schemas.js';

/**
 * Conversion pixels (spec 2). `is_functional` starts null; a background check
 * fetches the site (short timeout) and looks for the pixel snippet — the
 * pixel script URL together with the advertiser id — and a pixel that has
 * received events is functional (`markPixelSeen`, called by conversions).
 */
export const DEFAULT_PIXEL_NAME = 'Untitled Pixel';
const VERIFY_TIMEOUT_MS = 4000;
const RECHECK_AFTER_MS = 10 * 60_000;

/** The URL a pixel is registered under: scheme added, host lowercased, fragment dropped. Null when it is not a site URL. */
export function normalizePixelUrl(raw: string): string | null {
  const s = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s.replace(/^\/+/, '')}`;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (u.username || u.password) return null;
  const host = u.hostname.toLowerCase();
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  if (!isIp && host !== 'localhost' && !/^([a-z0-9-]+\.)+[a-z0-9-]{2,}$/.test(host)) return null;
  u.hash = '';
  const out = u.toString();
  return u.pathname === '/' && !u.search ? out.replace(/\/$/, '') : out;
}

const bareDomain = (host: string) => host.toLowerCase().replace(/^www\./, '');

export function pixelSnippet(ctx: Ctx, advertiserId: string): string {
  return `<script async src="${ctx.urls.pixelScript}" data-advertiser-id="${advertiserId}"></script>`;
}

function view(ctx: Ctx, p: PixelTable): PixelView {
  return {
    pixel_id: p.id,
    name: p.name,
    url: p.url,
    domain: p.domain,
    is_functional: p.is_functional === null ? null : p.is_functional === 1,
    verification_error: p.verification_error,
    last_checked_at: isoOrNull(p.last_checked_at),
    last_event_at: isoOrNull(p.last_seen_at),
    created_at: isoNoOffset(p.created_at),
    snippet: pixelSnippet(ctx, p.advertiser_id),
  };
}

// Background checks in flight (tests and shutdown can wait for them).
const inFlight = new Set<Promise<void>>();

/** Wait for every background verification started so far. */
export async function settleVerifications(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

function scheduleVerification(ctx: Ctx, pixel: PixelTable): void {
  const p: Promise<void> = verifyPixel(ctx, pixel)
    .then(() => undefined)
    .catch((err) =>
      ctx.log.warn(
        { err: err instanceof Error ? err.message : String(err), pixel: pixel.id },
        'pixel verification failed',
      ),
    )
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/** Does this page carry the pixel of this advertiser? */
export function hasSnippet(html: string, scriptUrl: string, advertiserId: string): boolean {
  const withoutScheme = scriptUrl.replace(/^https?:/, '');
  return (html.includes(scriptUrl) || html.includes(withoutScheme)) && html.includes(advertiserId);
}

/** Why a site could not be fetched, in plain words (the network error's code, never its raw text). */
export function unreachable(err: unknown): string {
  const e = err as { code?: string; cause?: { code?: string }; name?: string; message?: string };
  const code = e?.code ?? e?.cause?.code ?? '';
  const known: Record<string, string> = {
    ENOTFOUND: 'the site’s domain name does not exist (no DNS record); check the URL for typos',
    EAI_AGAIN: 'the site’s domain name could not be looked up right now; try again in a minute',
    ECONNREFUSED: 'the site refused the connection; is the server running?',
    ECONNRESET: 'the site closed the connection before answering',
    ETIMEDOUT: `the site did not answer within ${VERIFY_TIMEOUT_MS / 1000} seconds`,
    UND_ERR_CONNECT_TIMEOUT: `the site did not answer within ${VERIFY_TIMEOUT_MS / 1000} seconds`,
    CERT_HAS_EXPIRED: 'the site’s HTTPS certificate has expired',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'the site’s HTTPS certificate is self-signed',
    ERR_TLS_CERT_ALTNAME_INVALID: 'the site’s HTTPS certificate is for another domain',
  };
  if (known[code]) return `Site not reachable: ${known[code]}.`;
  const message = e?.message ?? '';
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timed out/.test(message))
    return `Site not reachable: the site did not answer within ${VERIFY_TIMEOUT_MS / 1000} seconds.`;
  if (err instanceof FetchRefused)
    return 'Site not reachable: Orbit does not fetch private or local network addresses.';
  if (/too many redirects/.test(message)) return 'Site not reachable: the site redirects too many times.';
  return 'Site not reachable: the page could not be fetched.';
}

/** Check a pixel's site now (the "check again" button) and answer with the pixel as it stands after the check. */
export async function recheckPixel(ctx: Ctx, advertiserId: string, pixelId: string): Promise<PixelView> {
  const p = await repo.findPixel(ctx.db, pixelId);
  if (!p || p.advertiser_id !== advertiserId) throw new NotFound('pixel');
  await verifyPixel(ctx, p);
  return view(ctx, (await repo.findPixel(ctx.db, pixelId))!);
}

/** Fetch the site and record whether the snippet is installed. */
export async function verifyPixel(ctx: Ctx, pixel: PixelTable): Promise<boolean> {
  let ok = false;
  let error: string | null = null;
  try {
    const page = await fetchPage(ctx, pixel.url, { timeoutMs: VERIFY_TIMEOUT_MS });
    if (page.status < 200 || page.status >= 300)
      error = `The site answered with HTTP status ${page.status} instead of the page.`;
    else {
      ok = hasSnippet(page.body, ctx.urls.pixelScript, pixel.advertiser_id);
      if (!ok)
        error = 'The page loads, but the pixel snippet is not on it yet: paste it before </head> and check again.';
    }
  } catch (err) {
    error = unreachable(err);
  }
  await repo.recordCheck(ctx.db, pixel.id, ok, error, ctx.clock.now());
  return ok;
}

export async function createPixel(
  ctx: Ctx,
  advertiserId: string,
  input: { url: string; name?: string },
): Promise<PixelView> {
  const url = normalizePixelUrl(input.url);
  if (!url) throw Validation.field('url', 'must be a site URL such as https://example.com');
  if (await repo.findByUrl(ctx.db, advertiserId, url)) throw new Conflict(`A pixel already exists for ${url}`);
  const row: PixelTable = {
    id: newId(),
    advertiser_id: advertiserId,
    name: input.name || DEFAULT_PIXEL_NAME,
    url,
    domain: bareDomain(new URL(url).hostname),
    is_functional: null,
    verification_error: null,
    last_checked_at: null,
    last_seen_at: null,
    created_at: ctx.clock.now(),
  };
  try {
    await repo.insertPixel(ctx.db, row);
  } catch (err) {
    // A concurrent create of the same URL loses at the unique constraint.
    if (await repo.findByUrl(ctx.db, advertiserId, url)) throw new Conflict(`A pixel already exists for ${url}`);
    throw err;
  }
  scheduleVerification(ctx, row);
  return view(ctx, row);
}

/** The account's pixels; ones not yet shown working are re-checked in the background now and then. */
export async function listPixels(ctx: Ctx, advertiserId: string): Promise<PixelView[]> {
  const rows = await repo.listPixels(ctx.db, advertiserId);
  const now = ctx.clock.now();
  for (const p of rows) {
    if (p.is_functional === 0 && p.last_seen_at === null && (p.last_checked_at ?? 0) + RECHECK_AFTER_MS <= now) {
      p.last_checked_at = now; // one re-check per window from this instance
      scheduleVerification(ctx, p);
    }
  }
  return rows.map((p) => view(ctx, p));
}

/**
 * A pixel event arrived from `domain` for this advertiser: every pixel of the
 * account on that site (or a parent domain of it) is functional.
 */
export async function markPixelSeen(ctx: Ctx, advertiserId: string, domain: string): Promise<void> {
  const d = bareDomain(
    domain
      .trim()
      .replace(/^[a-z]+:\/\//i, '')
      .split(/[/:?#]/)[0] ?? '',
  );
  if (!d) return;
  const rows = await repo.listPixels(ctx.db, advertiserId);
  const hits = rows.filter((p) => d === p.domain || d.endsWith(`.${p.domain}`)).map((p) => p.id);
  await repo.markSeen(ctx.db, hits, ctx.clock.now());
}
