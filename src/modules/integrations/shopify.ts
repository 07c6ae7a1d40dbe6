import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.js';
import { BadRequest, Conflict, DomainError, NotFound, Unauthorized, Validation } from '../../lib/errors.js';
import { newId, randomBase62 } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/hash.js';
import { encryptField } from '../../lib/secrets.js';
import { ingestEvents } from '../conversions/service.js';
import { attributionFrom, webhookOutcome, type WebhookOutcome } from './service.js';
import * as repo from './repo.js';

/**
 * The storefront platform (Shopify): OAuth connect (install redirect with a
 * one-time state, callback with HMAC and state verified, token exchange), the
 * connection row, and the `orders/paid` webhook verified by
 * X-Shopify-Hmac-Sha256. Purchases carry the order id as their event id, so
 * the checkout pixel's purchase and the webhook's are one conversion.
 */
const STATE_TTL_MS = 10 * 60 * 1000;
const API_VERSION = '2025-01';
const UPSTREAM_TIMEOUT_MS = 10_000;

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;

export function normaliseShop(shop: string): string {
  const s = shop.trim().toLowerCase();
  if (!SHOP_DOMAIN.test(s))
    throw new BadRequest('shop: must be a shop domain like my-store.myshopify.com', [
      { field: 'shop', message: 'invalid shop domain' },
    ]);
  return s;
}

function app(ctx: Ctx): { key: string; secret: string } {
  const { shopifyApiKey: key, shopifyApiSecret: secret } = ctx.config;
  if (!key || !secret)
    throw new Conflict('The Shopify app is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET)');
  return { key, secret };
}

const shopBase = (ctx: Ctx, shop: string) => ctx.config.shopifyApiBase.replace('{shop}', shop).replace(/\/$/, '');
const callbackUrl = (ctx: Ctx) => `${ctx.urls.api}/shopify/callback`;
const webhookUrl = (ctx: Ctx) => `${ctx.urls.api}/shopify/webhooks/orders-paid`;

/** Step 1: where to send the merchant to approve the app; the state is single-use and expires in 10 minutes. */
export async function shopifyInstallUrl(
  ctx: Ctx,
  advertiserId: string,
  shopInput: string,
): Promise<{ install_url: string; shop_domain: string }> {
  const { key } = app(ctx);
  const shop = normaliseShop(shopInput);
  const state = randomBase62(32);
  await repo.insertOauthState(ctx.db, {
    state_hash: sha256Hex(state),
    advertiser_id: advertiserId,
    shop_domain: shop,
    expires_at: ctx.clock.now() + STATE_TTL_MS,
  });
  const u = new URL(`${shopBase(ctx, shop)}/admin/oauth/authorize`);
  u.searchParams.set('client_id', key);
  u.searchParams.set('scope', ctx.config.shopifyScopes);
  u.searchParams.set('redirect_uri', callbackUrl(ctx));
  u.searchParams.set('state', state);
  return { install_url: u.toString(), shop_domain: shop };
}

/** Shopify's query signature: hex HMAC-SHA256 (app secret) of the other parameters, sorted, `k=v` joined by `&`. */
export function shopifyQueryHmacValid(secret: string, query: Record<string, string>): boolean {
  const given = query.hmac;
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  const expected = createHmac('sha256', secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

async function callShop(url: string, init: RequestInit): Promise<any> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch (err) {
    throw new DomainError(502, 'UPSTREAM', `The shop could not be reached: ${(err as Error).message}`);
  }
  if (!res.ok) throw new DomainError(502, 'UPSTREAM', `The shop answered ${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new DomainError(502, 'UPSTREAM', 'The shop answered with something other than JSON');
  }
}

/** Step 2: the callback. Verifies HMAC, timestamp and state, exchanges the code, stores the token encrypted, subscribes orders/paid. */
export async function shopifyCallback(ctx: Ctx, query: Record<string, string>) {
  const { key, secret } = app(ctx);
  for (const f of ['code', 'hmac', 'shop', 'state', 'timestamp']) {
    if (!query[f]) throw new BadRequest(`${f}: is required`, [{ field: f, message: 'is required' }]);
  }
  if (!shopifyQueryHmacValid(secret, query)) throw new Unauthorized('Shopify callback signature (hmac) is invalid');
  const ts = Number(query.timestamp);
  if (!Number.isFinite(ts) || Math.abs(ctx.clock.now() / 1000 - ts) > 24 * 3600)
    throw new BadRequest('timestamp: too old or not a number');
  const shop = normaliseShop(query.shop);
  const st = await repo.takeOauthState(ctx.db, sha256Hex(query.state));
  if (!st || st.expires_at < ctx.clock.now() || st.shop_domain !== shop)
    throw new BadRequest('state: unknown, expired or for another shop; start the connection again');

  const token = (await callShop(`${shopBase(ctx, shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ client_id: key, client_secret: secret, code: query.code }),
  })) as { access_token?: unknown; scope?: unknown };
  if (typeof token.access_token !== 'string' || !token.access_token)
    throw new DomainError(502, 'UPSTREAM', 'The shop did not return an access token');
  const now = ctx.clock.now();
  const existing = await repo.findShopConnection(ctx.db, shop);
  await repo.upsertShopConnection(ctx.db, {
    id: existing?.id ?? newId(),
    advertiser_id: st.advertiser_id,
    shop_domain: shop,
    access_token_enc: encryptField(ctx.secrets.dataKey, token.access_token),
    scopes: typeof token.scope === 'string' ? token.scope.slice(0, 500) : '',
    is_active: 1,
    connected_at: now,
    verification_status: 'pending',
    verified_at: null,
  });

  const headers = { 'content-type': 'application/json', 'x-shopify-access-token': token.access_token };
  let webhookSubscribed = false;
  try {
    await callShop(`${shopBase(ctx, shop)}/admin/api/${API_VERSION}/webhooks.json`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ webhook: { topic: 'orders/paid', address: webhookUrl(ctx), format: 'json' } }),
    });
    webhookSubscribed = true;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, shop }, 'shopify orders/paid webhook subscription failed');
  }
  let pixelInstalled = false;
  try {
    const out = await callShop(`${shopBase(ctx, shop)}/admin/api/${API_VERSION}/graphql.json`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query:
          'mutation webPixelCreate($webPixel: WebPixelInput!) { webPixelCreate(webPixel: $webPixel) { userErrors { field message } webPixel { id } } }',
        variables: {
          webPixel: {
            settings: JSON.stringify({ accountID: st.advertiser_id, endpoint: `${ctx.urls.api}/pixel/events` }),
          },
        },
      }),
    });
    pixelInstalled = !(out?.data?.webPixelCreate?.userErrors?.length > 0) && !out?.errors;
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, shop }, 'shopify web pixel install failed');
  }
  return {
    advertiserId: st.advertiser_id,
    shop_domain: shop,
    webhook_subscribed: webhookSubscribed,
    pixel_installed: pixelInstalled,
  };
}

/** X-Shopify-Hmac-Sha256: base64 HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function shopifyWebhookHmacValid(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const given = Buffer.from(header.trim(), 'base64');
  const expected = createHmac('sha256', secret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Obj = Record<string, any>;

/** Attribution of an order: its note attributes (cart attributes set by the storefront), else its landing URL. */
function orderAttribution(order: Obj): Record<string, string> {
  const notes: Record<string, string> = {};
  if (Array.isArray(order.note_attributes)) {
    for (const n of order.note_attributes)
      if (n && typeof n.name === 'string' && typeof n.value === 'string') notes[n.name] = n.value;
  }
  const fromNotes = attributionFrom(notes);
  if (fromNotes.grclid || fromNotes.graid) return fromNotes;
  if (typeof order.landing_site === 'string') {
    try {
      return attributionFrom(Object.fromEntries(new URL(order.landing_site, 'https://shop.invalid').searchParams));
    } catch {
      return {};
    }
  }
  return {};
}

export async function handleShopifyOrderPaid(
  ctx: Ctx,
  h: { hmac?: string; shop?: string; topic?: string; webhookId?: string },
  raw: Buffer,
  body: unknown,
): Promise<WebhookOutcome> {
  const { secret } = app(ctx);
  if (!shopifyWebhookHmacValid(secret, raw, h.hmac))
    throw new Unauthorized('X-Shopify-Hmac-Sha256 does not match the body');
  if (!h.shop) throw new BadRequest('Missing X-Shopify-Shop-Domain header');
  const shop = normaliseShop(h.shop);
  if (h.topic && h.topic !== 'orders/paid')
    return { received: true, status: 'ignored', attributed: false, reason: `${h.topic} is not handled` };
  const conn = await repo.findShopConnection(ctx.db, shop);
  if (!conn || conn.is_active !== 1) throw new NotFound('shop connection');
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw Validation.field('body', 'must be an order object');
  const order = body as Obj;
  if (typeof order.id !== 'number' && typeof order.id !== 'string')
    throw Validation.field('id', 'the order id is required');
  // Order ids can exceed 2^53: the GraphQL id carries them exactly as text.
  const gid =
    typeof order.admin_graphql_api_id === 'string' ? /\/(\d+)$/.exec(order.admin_graphql_api_id)?.[1] : undefined;
  const orderId = gid ?? String(order.id);
  const value = Number(order.current_total_price ?? order.total_price);
  const email = typeof order.email === 'string' && order.email.includes('@') ? order.email : order.customer?.email;
  const phone = order.phone ?? order.customer?.phone ?? order.billing_address?.phone;
  const now = ctx.clock.now();
  const paidAt = Date.parse(order.processed_at ?? order.created_at ?? '');
  const at = Number.isFinite(paidAt) && paidAt <= now && paidAt > now - 6 * 86_400_000 ? paidAt : now;
  const event = {
    event_name: 'purchase',
    event_time: Math.floor(at / 1000),
    event_id: orderId,
    action_source: 'website',
    event_source_url: `https://${shop}/`,
    user_data: {
      ...orderAttribution(order),
      ...(typeof email === 'string' && email.includes('@') ? { em: [email] } : {}),
      ...(typeof phone === 'string' && phone.replace(/\D/g, '').length >= 6 ? { ph: [phone] } : {}),
      ...(order.customer?.id ? { external_id: [String(order.customer.id)] } : {}),
    },
    custom_data: {
      ...(Number.isFinite(value) && value >= 0 ? { value } : {}),
      currency: typeof order.currency === 'string' ? order.currency : 'USD',
      order_id: orderId,
    },
  };
  // Replays are refused forever: the receipt is keyed by what the signature covers (the topic and the order id in
  // the signed body), never by X-Shopify-Webhook-Id, which is not signed. Receipts are never purged.
  const receipt = { provider: 'shopify', externalId: `orders/paid:${orderId}`.slice(0, 200) };
  const out = await ingestEvents(ctx, conn.advertiser_id, { data: [event] }, { source: 'shopify', receipt });
  const result = webhookOutcome(out);
  if (result.status === 'ok' || result.status === 'duplicate') await repo.markShopVerified(ctx.db, shop, now);
  return result;
}

export async function disconnectShop(ctx: Ctx, advertiserId: string, id: string) {
  if (!(await repo.deactivateShop(ctx.db, advertiserId, id))) throw new NotFound('shop connection');
  return { id, is_active: false };
}
