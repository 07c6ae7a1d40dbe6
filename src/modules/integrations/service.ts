import type { Ctx } from '../../context.js';
import { NotFound, Validation } from '../../lib/errors.js';
import { decryptField, encryptField } from '../../lib/secrets.js';
import type { GatewayResponse } from '../conversions/schemas.js';
import * as repo from './repo.js';

/** Connected platforms: the secrets they need (encrypted at rest), the integrations report, shared webhook helpers. */

export type Provider = 'stripe';

export async function readSecret(ctx: Ctx, advertiserId: string, provider: Provider): Promise<string | null> {
  const row = await repo.getSecret(ctx.db, advertiserId, provider);
  return row ? decryptField(ctx.secrets.dataKey, row.secret_enc) : null;
}

/** Store the Stripe endpoint's signing secret (`whsec_…`), encrypted with the data key; never shown back. */
export async function setStripeSecret(ctx: Ctx, advertiserId: string, signingSecret: string) {
  const s = signingSecret.trim();
  if (!/^whsec_[A-Za-z0-9+/=_-]{8,200}$/.test(s))
    throw Validation.field('signing_secret', 'must be a Stripe endpoint signing secret (whsec_…)');
  const now = ctx.clock.now();
  await repo.putSecret(ctx.db, advertiserId, 'stripe', encryptField(ctx.secrets.dataKey, s), now);
  return { provider: 'stripe', configured: true, updated_at: new Date(now).toISOString() };
}

export async function deleteStripeSecret(ctx: Ctx, advertiserId: string) {
  if (!(await repo.deleteSecret(ctx.db, advertiserId, 'stripe'))) throw new NotFound('stripe signing secret');
  return { provider: 'stripe', configured: false };
}

export async function stripeStatus(ctx: Ctx, advertiserId: string) {
  const row = await repo.getSecret(ctx.db, advertiserId, 'stripe');
  return {
    provider: 'stripe',
    configured: row !== undefined,
    updated_at: row ? new Date(Number(row.updated_at)).toISOString() : null,
  };
}

/** GET /advertiser-dashboard/integrations (spec 2 "Integrations"): the storefront connections of the account. */
export async function listIntegrations(ctx: Ctx, advertiserId: string) {
  const rows = await repo.listShopConnections(ctx.db, advertiserId);
  return {
    shopify: rows.map((r) => ({
      id: r.id,
      shop_domain: r.shop_domain,
      is_active: r.is_active === 1,
      connected_at: new Date(Number(r.connected_at)).toISOString(),
      verification_status: r.verification_status,
    })),
  };
}

const ATTR_KEYS = ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid'] as const;

/** The attribution values found in a platform's metadata object (strings only, bounded). */
export function attributionFrom(meta: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!meta || typeof meta !== 'object') return out;
  for (const k of ATTR_KEYS) {
    const v = (meta as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim() && v.length <= 200) out[k] = v.trim();
  }
  return out;
}

export interface WebhookOutcome {
  received: true;
  status: 'ok' | 'duplicate' | 'skipped' | 'ignored' | 'error';
  attributed: boolean;
  verified?: boolean;
  reason?: string;
  error?: string;
}

/** A webhook's answer from the gateway result of its one event. */
export function webhookOutcome(
  out: GatewayResponse & { receipt_duplicate?: boolean },
  extra: Partial<WebhookOutcome> = {},
): WebhookOutcome {
  if (out.receipt_duplicate) return { received: true, status: 'duplicate', attributed: false, ...extra };
  const r = out.results[0];
  const status = r.status === 'test_ok' ? 'ok' : r.status;
  return { received: true, status, attributed: r.attributed, ...(r.error ? { error: r.error } : {}), ...extra };
}
