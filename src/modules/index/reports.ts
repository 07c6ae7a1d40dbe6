import type { Ctx } from '../../context.js';
import { NotFound, Unauthorized } from '../../lib/errors.js';
import { microsToDollars, dollarsToMicros } from '../../lib/money.js';
import * as accounts from '../accounts/service.js';
import { campaignBilling } from '../campaigns/service.js';
import * as catalog from './catalog.js';
import * as core from './core.js';

/**
 * Conversions reported to the index: a merchant's or the operator's order (`reportConversion`), one that
 * reached the gateway (`attributeGatewayConversion`), an integration a publisher reports, and what one
 * search led to (`searchReport`).
 */

/** A merchant (advertiser key) or the operator reports an order carrying an index grclid. */
export async function reportConversion(
  ctx: Ctx,
  key: string | undefined,
  body: {
    grclid: string;
    order_id?: string | null;
    kind?: string | null;
    value?: number | null;
    currency?: string | null;
  },
) {
  if (!key) throw new Unauthorized('Missing API key: send an advertiser key in X-API-Key or Authorization: Bearer');
  const principal = await accounts.authenticate(ctx, key, 'adv');
  // Only the listing's own merchant (the advertiser account of that name) or the service's CPA advertiser may report its orders.
  const link = await core.linkOwner(ctx, body.grclid);
  if (!link || !(await mayReport(ctx, principal.accountId, link))) throw new NotFound('grclid');
  const r = await core.attributeIndexConversion(ctx, body.grclid, {
    kind: body.kind ?? 'purchase',
    valueMicros: body.value != null ? dollarsToMicros(body.value) : 0,
    currency: body.currency ?? undefined,
    orderId: body.order_id ?? undefined,
    source: 'merchant',
  });
  if (!r) throw new NotFound('grclid');
  return { attributed: true, duplicate: r.duplicate, search_id: r.search_id, kind: r.kind };
}

/**
 * A conversion that reached the gateway (or a connected platform) carrying a
 * grclid minted by the index: join it to its search when the reporting
 * advertiser may report orders for that listing. Null when the grclid is not
 * an index click, or belongs to another merchant.
 */
export async function attributeGatewayConversion(
  ctx: Ctx,
  advertiserId: string,
  input: { grclid: string; kind: string; valueMicros: number; currency?: string; orderId?: string },
) {
  const link = await core.linkOwner(ctx, input.grclid);
  if (!link || !(await mayReport(ctx, advertiserId, link))) return null;
  return core.attributeIndexConversion(ctx, input.grclid, {
    kind: input.kind,
    valueMicros: input.valueMicros,
    currency: input.currency,
    orderId: input.orderId,
    source: 'gateway',
  });
}

async function mayReport(
  ctx: Ctx,
  advertiserId: string,
  link: NonNullable<Awaited<ReturnType<typeof core.linkOwner>>>,
): Promise<boolean> {
  if (link.kind === 'product') {
    const adv = await accounts.getAdvertiser(ctx, advertiserId);
    return !!link.merchant_lc && link.merchant_lc === adv.name.trim().toLowerCase();
  }
  const svc = await catalog.serviceBySlug(ctx, link.target_id);
  if (!svc?.cpa_campaign_id) return false;
  const owner = (await campaignBilling(ctx, [svc.cpa_campaign_id])).get(svc.cpa_campaign_id);
  return owner?.advertiser_id === advertiserId;
}

/** platform_index_report_integration: the calling publisher says a user finished integrating a recommended service. */
export async function reportIntegration(
  ctx: Ctx,
  key: string | null | undefined,
  input: { grclid?: string | null; search_id?: string | null; slug?: string | null; notes?: string | null },
) {
  const caller = await core.authorizeCaller(ctx, key);
  let grclid = input.grclid ?? null;
  if (!grclid && input.search_id) {
    const s = await core.ownSearch(ctx, caller.publisherId, input.search_id);
    grclid = await core.grclidOfSearch(ctx, s.id);
  }
  if (!grclid) throw new NotFound('grclid or search_id');
  const link = await core.linkOwner(ctx, grclid);
  if (!link || link.publisher_id !== caller.publisherId) throw new NotFound('grclid');
  const r = await core.attributeIndexConversion(ctx, grclid, {
    kind: 'integration',
    source: 'mcp',
    orderId: input.slug ?? link.target_id,
    detail: input.notes ? { notes: input.notes.slice(0, 500) } : undefined,
  });
  return { recorded: true, duplicate: r?.duplicate ?? false, search_id: link.search_id, service: link.target_id };
}
/** GET /index/searches/{search_id}: what one of the caller's searches led to (human clicks, conversions with the publisher's earnings). */
export async function searchReport(ctx: Ctx, key: string | null | undefined, searchId: string) {
  const caller = await core.authorizeCaller(ctx, key);
  const out = await core.searchOutcomes(ctx, caller.publisherId, searchId);
  return {
    search_id: out.search_id,
    clicks: out.clicks,
    conversions: out.conversions.map((c) => ({
      kind: c.kind,
      grclid: c.grclid,
      value: microsToDollars(c.value_micros),
      publisher_revenue: microsToDollars(c.revenue_micros),
      at: new Date(c.at).toISOString(),
    })),
  };
}
