import type { Ctx } from '../../context.js';
import { NotFound, PaymentRequired, Unauthorized, Validation } from '../../lib/errors.js';
import { advertiserLifetimeSpend } from '../ledger/service.js';
import { apiKeyKind, newApiKey, newId, type KeyKind } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/hash.js';
import { encryptField } from '../../lib/secrets.js';
import { dollarsToMicros, microsToDollars } from '../../lib/money.js';
import * as repo from './repo.js';
import { invalidate, mapCache } from '../../caches.js';

export interface Principal {
  kind: KeyKind;
  accountId: string;
  keyId: string;
}

const KIND_NAME: Record<KeyKind, string> = { pub: 'publisher', adv: 'advertiser' };

export async function createPublisher(
  ctx: Ctx,
  input: { name: string; url?: string; revenueShareBps?: number; indexApproved?: boolean },
) {
  const name = input.name.trim();
  if (!name) throw Validation.field('name', 'must not be empty');
  const share = input.revenueShareBps;
  if (share !== undefined && !(Number.isInteger(share) && share >= 0 && share <= 10_000)) {
    throw Validation.field('revenue_share', 'must be a fraction between 0 and 1');
  }
  const row = {
    id: newId(),
    name,
    url: input.url ?? '',
    payout_model: 'revenue_share',
    revenue_share_bps: input.revenueShareBps ?? ctx.config.defaultRevenueShareBps,
    status: 'active',
    // Index access is open by default (spec 3 §5); the operator can switch it off per publisher.
    index_approved: input.indexApproved === false ? 0 : 1,
    floor_cpm_micros: 0,
    created_at: ctx.clock.now(),
    allowed_origins_json: null,
  };
  await repo.insertPublisher(ctx.db, row);
  invalidate(ctx, 'inventory'); // a publisher serves once the snapshot knows it
  const key = await createApiKey(ctx, { accountId: row.id, kind: 'pub', label: 'default' });
  return { publisher: row, apiKey: key.key, keyId: key.id };
}

export async function createAdvertiser(ctx: Ctx, input: { name: string; email?: string; hasPaymentMethod?: boolean }) {
  const name = input.name.trim();
  if (!name) throw Validation.field('name', 'must not be empty');
  const email = input.email?.trim().toLowerCase();
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw Validation.field('email', 'is not an email address');
  const row = {
    id: newId(),
    name,
    email_enc: email ? encryptField(ctx.secrets.dataKey, email) : null,
    email_hash: email ? sha256Hex(email) : null,
    has_payment_method: input.hasPaymentMethod ? 1 : 0,
    status: 'active',
    created_at: ctx.clock.now(),
    currency: ctx.config.billingCurrency,
    stripe_customer_id: null,
  };
  await repo.insertAdvertiser(ctx.db, row);
  const key = await createApiKey(ctx, { accountId: row.id, kind: 'adv', label: 'default' });
  return { advertiser: row, apiKey: key.key, keyId: key.id };
}

/** Which kind of account an id belongs to, or NotFound. */
export async function accountKind(ctx: Ctx, accountId: string): Promise<KeyKind> {
  if (await repo.findPublisher(ctx.db, accountId)) return 'pub';
  if (await repo.findAdvertiser(ctx.db, accountId)) return 'adv';
  throw new NotFound('account');
}

/** Mint a key. The plaintext is returned once; only its SHA-256 is stored. */
export async function createApiKey(ctx: Ctx, input: { accountId: string; kind?: KeyKind; label?: string }) {
  const kind = input.kind ?? (await accountKind(ctx, input.accountId));
  const key = newApiKey(kind);
  const id = newId();
  await repo.insertApiKey(ctx.db, {
    id,
    kind,
    account_id: input.accountId,
    key_hash: sha256Hex(key),
    display_prefix: key.slice(0, 12),
    label: input.label ?? null,
    created_at: ctx.clock.now(),
    revoked_at: null,
  });
  return { id, key, kind, accountId: input.accountId };
}

export async function revokeApiKey(ctx: Ctx, keyId: string): Promise<void> {
  const key = await repo.findKey(ctx.db, keyId);
  if (!key) throw new NotFound('key');
  await repo.revokeKey(ctx.db, keyId, ctx.clock.now());
  invalidate(ctx, 'apiKeys', key.key_hash);
}

/** Revoke every live key of an account with this label (used to rotate the demo keys). */
export async function revokeLabelledKeys(ctx: Ctx, accountId: string, label: string): Promise<void> {
  await repo.revokeKeysByLabel(ctx.db, accountId, label, ctx.clock.now());
  invalidate(ctx, 'apiKeys');
}

/** Key hash → its account, or null with why it is refused ('Invalid API key', 'API key has been revoked'). */
interface KeyVerdict {
  principal: Principal | null;
  refusal?: string;
}

/**
 * Resolve a presented key to its account. Keys are looked up by hash (the
 * database compares digests, never the secret); results are cached briefly so
 * the hot path does not hit storage (src/caches.ts `apiKeys`), and revocation
 * clears the cache on every instance.
 */
export async function authenticate(ctx: Ctx, presented: string | undefined, want: KeyKind): Promise<Principal> {
  if (!presented)
    throw new Unauthorized(`Missing API key: send the ${KIND_NAME[want]} key in X-API-Key or Authorization: Bearer`);
  const kind = apiKeyKind(presented);
  if (!kind) throw new Unauthorized('Invalid API key');
  if (kind !== want) {
    throw new Unauthorized(`This endpoint needs a ${KIND_NAME[want]} key; a ${KIND_NAME[kind]} key was given`);
  }
  const hash = sha256Hex(presented);
  const now = ctx.clock.now();
  const keys = mapCache<KeyVerdict>(ctx, 'apiKeys');
  const cached = keys.get(hash, now);
  if (cached !== undefined) {
    if (!cached.principal) throw new Unauthorized(cached.refusal ?? 'Invalid API key');
    return cached.principal;
  }
  const row = await repo.findKeyByHash(ctx.db, hash);
  const principal =
    row && row.revoked_at === null ? { kind: row.kind as KeyKind, accountId: row.account_id, keyId: row.id } : null;
  // A refused key gets the same message while cached as on its first refusal.
  const refusal = principal ? undefined : row ? 'API key has been revoked' : 'Invalid API key';
  keys.set(hash, { principal, refusal }, now);
  if (!principal) throw new Unauthorized(refusal);
  return principal;
}

/**
 * Add credits to an advertiser (the operator's CLI and admin API, or a paid
 * Stripe Checkout with its session id as `externalId`: a session is credited
 * once, `credited` is false for a repeat). Negative amounts correct mistakes.
 */
export async function addCredits(
  ctx: Ctx,
  input: {
    advertiserId: string;
    amountDollars: number;
    note?: string;
    source?: 'operator' | 'stripe';
    externalId?: string;
  },
) {
  const adv = await repo.findAdvertiser(ctx.db, input.advertiserId);
  if (!adv) throw new NotFound('advertiser');
  if (!Number.isFinite(input.amountDollars) || input.amountDollars === 0 || Math.abs(input.amountDollars) > 1e9) {
    throw Validation.field('amount', 'must be a non-zero number of dollars below one billion');
  }
  const id = newId();
  const credited = await repo.insertCredit(ctx.db, {
    id,
    advertiser_id: input.advertiserId,
    amount_micros: dollarsToMicros(input.amountDollars),
    note: input.note ?? null,
    created_at: ctx.clock.now(),
    source: input.source ?? 'operator',
    external_id: input.externalId ?? null,
    currency: adv.currency,
  });
  return {
    advertiser_id: input.advertiserId,
    credit_id: credited ? id : null,
    credited,
    credits_dollars: microsToDollars(await repo.creditsTotal(ctx.db, input.advertiserId)),
  };
}

/** An advertiser's credits, newest first (at most 1,000). */
export const listCredits = (ctx: Ctx, advertiserId: string) => repo.listCredits(ctx.db, advertiserId);

/** One credit of an advertiser (another account's id is a 404). */
export async function getCredit(ctx: Ctx, advertiserId: string, creditId: string) {
  const c = await repo.findCredit(ctx.db, advertiserId, creditId);
  if (!c) throw new NotFound('credit');
  return c;
}

export const setStripeCustomer = (ctx: Ctx, advertiserId: string, customerId: string) =>
  repo.setStripeCustomer(ctx.db, advertiserId, customerId);

export async function setPaymentMethod(ctx: Ctx, advertiserId: string, has: boolean) {
  if (!(await repo.findAdvertiser(ctx.db, advertiserId))) throw new NotFound('advertiser');
  await repo.setPaymentMethod(ctx.db, advertiserId, has);
}

export const getPublisher = async (ctx: Ctx, id: string) => {
  const p = await repo.findPublisher(ctx.db, id);
  if (!p) throw new NotFound('publisher');
  return p;
};

export const getAdvertiser = async (ctx: Ctx, id: string) => {
  const a = await repo.findAdvertiser(ctx.db, id);
  if (!a) throw new NotFound('advertiser');
  return a;
};

/** Advertiser id → name, for the ids that exist. */
export const advertiserNames = async (ctx: Ctx, ids: string[]): Promise<Map<string, string>> =>
  new Map((await repo.advertiserNames(ctx.db, [...new Set(ids)])).map((a) => [a.id, a.name]));
/**
 * The operator's per-publisher index switch. Index access is on by default
 * (spec 3 §5: any production-approved publisher key works); switched off, the
 * publisher's /search and /shop/search calls get 403 publisher_not_approved.
 */
export async function setIndexAccess(ctx: Ctx, publisherId: string, on: boolean) {
  await getPublisher(ctx, publisherId);
  await repo.setPublisherIndexAccess(ctx.db, publisherId, on);
  return getPublisher(ctx, publisherId);
}

export const listPublishers = (ctx: Ctx) => repo.listPublishers(ctx.db);
export const listAdvertisers = (ctx: Ctx) => repo.listAdvertisers(ctx.db);
export const creditsTotal = (ctx: Ctx, advertiserId: string) => repo.creditsTotal(ctx.db, advertiserId);

/**
 * The billing gate of campaign activation (spec 2): a payment method on file,
 * or a credit balance (credits added minus lifetime spend) above zero.
 * Throws PaymentRequired naming what is missing.
 */
export async function assertCanActivate(ctx: Ctx, advertiserId: string): Promise<void> {
  const adv = await repo.findAdvertiser(ctx.db, advertiserId);
  if (!adv) throw new NotFound('advertiser');
  if (adv.has_payment_method === 1) return;
  const balance = (await repo.creditsTotal(ctx.db, advertiserId)) - (await advertiserLifetimeSpend(ctx, advertiserId));
  if (balance > 0) return;
  throw new PaymentRequired(
    'Activation needs a payment method on file or a positive credit balance; add credits or a payment method first',
  );
}
