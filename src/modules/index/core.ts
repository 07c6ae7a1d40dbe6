import type { Ctx } from '../../context.js';
import type { IndexLinkTable, IndexSearchTable } from '../../db/schema.js';
import { DomainError, Forbidden, NotFound, Unauthorized, Validation } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/hash.js';
import { newId } from '../../lib/ids.js';
import { splitCharge } from '../../lib/money.js';
import * as accounts from '../accounts/service.js';
import * as repo from './repo.js';

/**
 * What both index verticals share: the caller gate (spec 3 §5), identity
 * hashing, storing a search with its tracked links, the /go redirect, and
 * attributing conversions that carry an index grclid.
 */
export interface IndexCaller {
  publisherId: string;
  revenueShareBps: number;
}

/** 401 without a key, 403 for an unknown/revoked/wrong-kind key, 403 `publisher_not_approved` for a blocked or unapproved publisher. */
export async function authorizeCaller(ctx: Ctx, key: string | null | undefined): Promise<IndexCaller> {
  if (!key) throw new Unauthorized('platform_api_key required');
  let principal;
  try {
    principal = await accounts.authenticate(ctx, key.trim(), 'pub');
  } catch (err) {
    if (err instanceof DomainError && err.statusCode === 401) throw new Forbidden('valid platform_api_key required');
    throw err;
  }
  const pub = await accounts.getPublisher(ctx, principal.accountId);
  if (pub.status !== 'active' || pub.index_approved !== 1) throw new Forbidden('publisher_not_approved');
  return { publisherId: pub.id, revenueShareBps: pub.revenue_share_bps };
}

export interface Identity {
  session_hash: string | null;
  user_hash: string | null;
  email_hash: string | null;
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Only hashes are stored: the session id and raw user id are SHA-256'd here; given hashes must look like SHA-256. */
export function identity(input: {
  external_session_id?: string | null;
  external_user_id?: string | null;
  external_user_id_hash?: string | null;
  hashed_email?: string | null;
  email_hash?: string | null;
}): Identity {
  const email = (input.hashed_email ?? input.email_hash ?? '').trim().toLowerCase();
  if (email && !HEX64.test(email))
    throw Validation.field('hashed_email', 'must be the hex SHA-256 of the trimmed, lowercased email');
  const givenUserHash = (input.external_user_id_hash ?? '').trim().toLowerCase();
  return {
    session_hash: input.external_session_id ? sha256Hex(input.external_session_id) : null,
    user_hash: input.external_user_id
      ? sha256Hex(input.external_user_id)
      : givenUserHash
        ? sha256Hex(givenUserHash)
        : null,
    email_hash: email || null,
  };
}

export function clickUrl(ctx: Ctx, linkId: string): string {
  return `${ctx.urls.clickBase}/go/${linkId}`;
}

export async function saveSearch(ctx: Ctx, search: IndexSearchTable, links: IndexLinkTable[]): Promise<void> {
  await repo.insertSearch(ctx.db, search, links);
}

/** A previous search of this publisher (another publisher's id is not found, never shown). */
export async function ownSearch(ctx: Ctx, publisherId: string, searchId: string) {
  const s = await repo.getSearch(ctx.db, searchId);
  if (!s || s.publisher_id !== publisherId) throw new NotFound('search_id');
  return s;
}

/* ---------- tracked links ---------- */

const PREVIEW_BOTS =
  /slackbot|slack-imgproxy|discordbot|facebookexternalhit|facebot|twitterbot|whatsapp|telegrambot|linkedinbot|skypeuripreview|applebot|iframely|embedly|redditbot|pinterest|vkshare|mastodon|bluesky|cardyb|google-pagerenderer|snapchat|viber|line-poker|zoom|teams|microsoftpreview|outlook/i;

export function isLinkPreviewBot(ua: string | undefined): boolean {
  return !!ua && PREVIEW_BOTS.test(ua);
}

export type GoOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'preview'; title: string; image: string | null; price: string | null; url: string; location: string };

/** Append the click id to the destination so the merchant or service can carry it onto the order. */
function destinationWithClickId(destination: string, grclid: string): string {
  try {
    const u = new URL(destination);
    u.searchParams.set('grclid', grclid);
    return u.toString();
  } catch {
    return destination;
  }
}

/**
 * GET /go/<id>: a human visit records one click against the search and grclid
 * (before the redirect is sent) and redirects; a link-preview bot gets the
 * card data and nothing is counted; other bots are recorded as bots.
 */
export async function follow(ctx: Ctx, linkId: string, ua: string | undefined, isBot: boolean): Promise<GoOutcome> {
  if (!/^[0-9A-Za-z-]{8,64}$/.test(linkId)) throw new NotFound('link');
  const link = await repo.getLink(ctx.db, linkId);
  if (!link) throw new NotFound('link');
  const location = destinationWithClickId(link.destination, link.grclid);
  if (isLinkPreviewBot(ua)) {
    return {
      kind: 'preview',
      title: link.title,
      image: link.image_url,
      price: link.price_label,
      url: clickUrl(ctx, link.id),
      location,
    };
  }
  await repo.insertClick(ctx.db, {
    id: newId(),
    link_id: link.id,
    grclid: link.grclid,
    search_id: link.search_id,
    publisher_id: link.publisher_id,
    is_bot: isBot ? 1 : 0,
    at: ctx.clock.now(),
  });
  return { kind: 'redirect', location };
}

/* ---------- conversions ---------- */

export interface IndexConversionInput {
  kind?: string; // purchase (default) | integration | signup …
  valueMicros?: number;
  currency?: string;
  orderId?: string;
  source: string; // gateway | merchant | mcp | api
  detail?: Record<string, unknown>;
}

export interface AttributedConversion {
  attributed: boolean;
  duplicate: boolean;
  search_id: string;
  publisher_id: string;
  grclid: string;
  kind: string;
  commission_micros: number;
  revenue_micros: number;
}

/**
 * Join a conversion that carries an index grclid to its search and publisher.
 * Idempotent per (grclid, kind, order id). A purchase earns the listing's
 * commission on its value, split with the publisher's revenue share
 * (lib/money.splitCharge, so commission = revenue + take exactly). Returns
 * null when the grclid is not an index click id (callers such as the
 * conversions gateway then try their own attribution).
 */
export async function attributeIndexConversion(
  ctx: Ctx,
  grclid: string,
  input: IndexConversionInput,
): Promise<AttributedConversion | null> {
  const link = await repo.linkByGrclid(ctx.db, grclid);
  if (!link) return null;
  const kind = (input.kind ?? 'purchase').toLowerCase().slice(0, 40);
  const dedup = (input.orderId ?? '').slice(0, 200) || (kind === 'purchase' ? '' : 'once');
  const existing = await repo.conversionByKey(ctx.db, grclid, kind, dedup);
  if (existing) {
    return {
      attributed: true,
      duplicate: true,
      search_id: existing.search_id,
      publisher_id: existing.publisher_id,
      grclid,
      kind,
      commission_micros: existing.commission_micros,
      revenue_micros: existing.revenue_micros,
    };
  }
  const value = Math.max(0, Math.round(input.valueMicros ?? 0));
  const commission = Math.floor((value * link.commission_bps) / 10_000);
  const pub = await accounts.getPublisher(ctx, link.publisher_id);
  const split = splitCharge(commission, pub.revenue_share_bps);
  const inserted = await repo.insertConversion(ctx.db, {
    id: newId(),
    grclid,
    search_id: link.search_id,
    publisher_id: link.publisher_id,
    kind,
    dedup_key: dedup,
    source: input.source.slice(0, 40),
    value_micros: value,
    currency: input.currency ? input.currency.toUpperCase().slice(0, 3) : null,
    commission_micros: split.spend,
    revenue_micros: split.revenue,
    take_micros: split.take,
    detail_json: input.detail ? JSON.stringify(input.detail).slice(0, 4000) : null,
    at: ctx.clock.now(),
  });
  return {
    attributed: true,
    duplicate: !inserted,
    search_id: link.search_id,
    publisher_id: link.publisher_id,
    grclid,
    kind,
    commission_micros: split.spend,
    revenue_micros: split.revenue,
  };
}

/** What a search led to, for its own publisher: human clicks and conversions. */
export async function searchOutcomes(ctx: Ctx, publisherId: string, searchId: string) {
  await ownSearch(ctx, publisherId, searchId);
  const [clicks, conversions] = await Promise.all([
    repo.clicksForSearch(ctx.db, searchId),
    repo.conversionsForSearch(ctx.db, searchId),
  ]);
  return {
    search_id: searchId,
    clicks: clicks.filter((c) => c.is_bot === 0).length,
    conversions: conversions.map((c) => ({
      kind: c.kind,
      grclid: c.grclid,
      value_micros: c.value_micros,
      revenue_micros: c.revenue_micros,
      at: c.at,
    })),
  };
}

export const publisherTotals = (ctx: Ctx, publisherId: string, from: number, to: number) =>
  repo.publisherTotals(ctx.db, publisherId, from, to);

/* ---------- private session summaries ---------- */

/** Remember what this session has asked (private context for later searches; never returned). */
export async function noteSession(
  ctx: Ctx,
  publisherId: string,
  sessionHash: string | null,
  text: string,
): Promise<void> {
  if (!sessionHash) return;
  const prev = (await repo.getSummary(ctx.db, publisherId, sessionHash)) ?? '';
  const next = `${prev}\n${text.replace(/\s+/g, ' ').slice(0, 300)}`.trim().split('\n').slice(-8).join('\n');
  await repo.putSummary(ctx.db, publisherId, sessionHash, next, ctx.clock.now());
}

/** Another module (e.g. ad serving, which sees the conversation) may record a summary for a session. */
export async function recordSessionSummary(
  ctx: Ctx,
  publisherId: string,
  externalSessionId: string,
  summary: string,
): Promise<void> {
  await repo.putSummary(ctx.db, publisherId, sha256Hex(externalSessionId), summary.slice(0, 2000), ctx.clock.now());
}

export async function sessionSummary(
  ctx: Ctx,
  publisherId: string,
  sessionHash: string | null,
): Promise<string | null> {
  return sessionHash ? repo.getSummary(ctx.db, publisherId, sessionHash) : null;
}

/** The click id minted for a search's first link (services have one grclid per response). */
export async function grclidOfSearch(ctx: Ctx, searchId: string): Promise<string | null> {
  return (await repo.firstLinkOfSearch(ctx.db, searchId))?.grclid ?? null;
}

/** The link a grclid belongs to (its search, publisher and target), or null. */
export const linkOwner = (ctx: Ctx, grclid: string) => repo.linkByGrclid(ctx.db, grclid);

/** Text as it may be stored and searched: control characters (NUL breaks PostgreSQL text) become spaces. */
// eslint-disable-next-line no-control-regex
export const cleanText = (s: string): string => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ' ');
