import type { Ctx } from '../../context.js';
import { newId, isUuid } from '../../lib/ids.js';
import { dollarsToMicros, splitCharge } from '../../lib/money.js';
import { deviceType } from '../../lib/request-facts.js';
import { notifyCharges } from '../tracking/service.js';
import { chargeGates, rollupWriters } from '../ledger/service.js';
import { CHARGING_SOURCES, type ConversionSource } from './caps.js';
import { RollupAccumulator } from '../ledger/rollup.js';
import { campaignBilling } from '../campaigns/service.js';
import { getPublisher } from '../accounts/service.js';
import { attributeGatewayConversion } from '../index/service.js';
import { IdentityError, matchableHashes } from './identity.js';
import { canonicalEventType, type GatewayBody, type GatewayResponse } from './schemas.js';
import { attribute, batchClicks, type Attribution } from './attribution.js';
import { DEDUP_WINDOW_MS, firstOccurrences, maybePurge } from './dedup.js';
import { echoId, prepare, type Prepared } from './prepare.js';
import * as repo from './repo.js';
import { hasSuppressions, suppressedAmong } from './suppressions-repo.js';

export interface IngestOptions {
  source: ConversionSource;
  /** False for deliveries whose signature failed (Cal): recorded, flagged, never counted or charged. */
  verified?: boolean;
  /** Browser-sourced conversions attribute only with a valid grsig. */
  requireSignature?: boolean;
  /** Store only attributed events; the others are reported `skipped` (public sources such as the pixel). */
  attributedOnly?: boolean;
  /** Idempotency key of a webhook delivery. */
  receipt?: { provider: string; externalId: string };
}

interface Outcome {
  event_id: string;
  status: 'ok' | 'duplicate' | 'test_ok' | 'skipped' | 'error';
  attributed: boolean;
  error?: string;
}

type Charge = ReturnType<typeof splitCharge>;
const NO_CHARGE: Charge = Object.freeze({ spend: 0, revenue: 0, take: 0 });

/** Origin and path only: query strings and fragments can carry personal data (emails in sign-up links). */
function pageUrl(u: string, seen: Map<string, string>): string {
  let page = seen.get(u);
  if (page === undefined) {
    const url = new URL(u);
    page = `${url.origin}${url.pathname}`;
    seen.set(u, page);
  }
  return page;
}

/**
 * The conversion gateway (spec 2): up to 1,000 events, each processed on its
 * own. Validation and hashing happen first; attribution, suppression and
 * campaign facts are read in bulk; then the whole batch — dedup keys, records,
 * rollups with CPA charges, gateway activity — is written in one transaction.
 * Integrations (Stripe, Cal.com, Shopify, the pixel) come through here too.
 */
export async function ingestEvents(
  ctx: Ctx,
  advertiserId: string,
  body: GatewayBody,
  opts: IngestOptions = { source: 'capi' },
): Promise<GatewayResponse & { receipt_duplicate?: boolean }> {
  const { response, receiptDuplicate } = await ingest(ctx, advertiserId, body, opts);
  return receiptDuplicate ? { ...response, receipt_duplicate: true } : response;
}

/** `ingestEvents` with what the commit decided: how many were counted and charged (after the caps and the budget gate). */
export async function ingest(
  ctx: Ctx,
  advertiserId: string,
  body: GatewayBody,
  opts: IngestOptions,
): Promise<{ response: GatewayResponse; receiptDuplicate: boolean; counted: number; charged: number }> {
  const now = ctx.clock.now();
  const test = body.test_event_code !== undefined;
  const n = body.data.length;
  const out: Outcome[] = new Array(n);
  const prepared: (Prepared | null)[] = new Array(n).fill(null);
  const valid: number[] = [];
  for (let i = 0; i < n; i++) {
    const raw = body.data[i];
    try {
      prepared[i] = prepare(raw, now, ctx.config.conversionValueMaxDollars);
      valid.push(i);
    } catch (err) {
      if (!(err instanceof IdentityError)) throw err;
      out[i] = { event_id: echoId(raw), status: 'error', attributed: false, error: err.message };
    }
  }

  // Bulk reads: clicks, suppression list, campaign billing facts.
  const clicks = await batchClicks(
    ctx,
    valid.map((i) => prepared[i]!),
  );
  let suppressed = new Set<string>();
  if (valid.length && (await hasSuppressions(ctx.db, advertiserId))) {
    const hashes: string[] = [];
    for (const i of valid) hashes.push(...matchableHashes(prepared[i]!.identity));
    if (hashes.length) suppressed = await suppressedAmong(ctx.db, advertiserId, hashes);
  }
  const attribution: Attribution[] = new Array(n);
  const campaignIds = new Set<string>();
  for (const i of valid) {
    const a = attribute(ctx, advertiserId, prepared[i]!, clicks, opts.requireSignature ?? false);
    attribution[i] = a;
    if (a.click) campaignIds.add(a.click.campaign_id);
  }
  const campaigns = await campaignBilling(ctx, [...campaignIds]);

  const candidates: number[] = [];
  let skipped = 0;
  for (const i of valid) {
    const p = prepared[i]!;
    const attributed = attribution[i].click !== null;
    const eventId = p.event.event_id ?? p.dedupId ?? '';
    if (test) out[i] = { event_id: eventId, status: 'test_ok', attributed };
    else if (
      (opts.attributedOnly && !attributed) ||
      p.event.user_data.opt_out === true ||
      (suppressed.size > 0 && matchableHashes(p.identity).some((h) => suppressed.has(h)))
    ) {
      out[i] = { event_id: eventId, status: 'skipped', attributed: false };
      skipped++;
    } else {
      out[i] = { event_id: eventId, status: 'ok', attributed };
      candidates.push(i);
    }
  }

  const processed = valid.length;
  const response = (): GatewayResponse => ({
    events_received: n,
    events_processed: processed,
    events_errored: n - processed,
    results: out,
    test_mode: test,
  });
  if (test) return { response: response(), receiptDuplicate: false, counted: 0, charged: 0 };

  // Duplicates inside the batch: the first occurrence goes to the database, the rest are duplicates of it.
  const { toWrite, duplicates } = firstOccurrences(candidates, prepared);
  for (const i of duplicates) out[i].status = 'duplicate';

  const shares = new Map<string, number>();
  const pages = new Map<string, string>();
  const rows: repo.ConversionRow[] = [];
  const dedupIds: (string | null)[] = [];
  const charges: { campaignId: string; adGroupId: string; spendMicros: number; at: number }[] = [];
  for (const i of toWrite) {
    const p = prepared[i]!;
    const { click, note } = attribution[i];
    const cd = p.event.custom_data ?? {};
    const verified = opts.verified ?? true;
    const counted = click !== null && verified && click.is_test === 0;
    let split: Charge = NO_CHARGE;
    let chargeNote: string | null = null;
    if (counted) {
      // One billing model per campaign: a CPA is charged only on a click served as CPA (the serve's pricing; the
      // campaign's billing model when the serve record is missing), at max_cpa, for the campaign's conversion type.
      const camp = campaigns.get(click.campaign_id);
      const billing = click.pricing ?? camp?.billing_model?.toLowerCase();
      const cpa = camp && billing === 'cpa' ? Number(camp.max_cpa_micros ?? 0) : 0;
      const typeMatches = !camp?.conversion_type || canonicalEventType(camp.conversion_type) === p.eventType;
      if (cpa > 0 && typeMatches) {
        if (!CHARGING_SOURCES.has(opts.source)) chargeNote = 'browser_source';
        else {
          if (!shares.has(click.publisher_id))
            shares.set(click.publisher_id, (await getPublisher(ctx, click.publisher_id)).revenue_share_bps);
          split = splitCharge(cpa, shares.get(click.publisher_id)!);
        }
      }
    }
    const u = p.event.user_data;
    // An unverified delivery (a Cal.com signature that failed) is recorded but takes no dedup key: a forgery must not
    // make the real delivery of the same booking a duplicate.
    dedupIds.push(verified ? p.dedupId : null);
    rows.push({
      id: newId(),
      advertiser_id: advertiserId,
      source: opts.source,
      event_type: p.eventType,
      event_name: p.event.event_name,
      event_id: p.event.event_id ?? null,
      event_at: Math.min(p.eventAt, now),
      received_at: now,
      action_source: p.event.action_source,
      page_url: p.event.event_source_url ? pageUrl(p.event.event_source_url, pages) : null,
      value_micros: cd.value ? dollarsToMicros(cd.value) : 0,
      currency: cd.currency ?? 'USD',
      order_id: cd.order_id ?? null,
      custom_json: p.event.custom_data ? JSON.stringify(p.event.custom_data) : null,
      identity_json: p.identityJson,
      visitor_id: u.visitor_id ?? null,
      session_id: u.session_id ?? null,
      device: u.client_user_agent ? deviceType(u.client_user_agent) : (click?.device ?? ''),
      client_context_json: p.contextJson,
      attributed: click ? 1 : 0,
      attribution_note: note,
      click_id: click?.click_id ?? null,
      campaign_id: click?.campaign_id ?? null,
      ad_group_id: click?.ad_group_id ?? null,
      ad_id: click?.ad_id ?? null,
      publisher_id: click?.publisher_id ?? null,
      placement_id: click?.placement_id ?? null,
      verified: verified ? 1 : 0,
      counted: counted ? 1 : 0,
      spend_micros: split.spend,
      revenue_micros: split.revenue,
      take_micros: split.take,
      charge_note: chargeNote,
      overdelivery_micros: 0,
    });
  }

  const result = await repo.commitConversions(ctx.database, {
    advertiserId,
    now,
    windowMs: DEDUP_WINDOW_MS,
    rows,
    dedupIds,
    activity: opts.source === 'capi' ? candidates.length + skipped : 0,
    receipt: opts.receipt ? { ...opts.receipt, outcome: 'conversion' } : undefined,
    // The rows are final here: the per-click caps and the budget gate have run in the commit's transaction.
    rollups: (outcomes) => {
      const acc = new RollupAccumulator();
      rows.forEach((row, j) => {
        const confirmed = outcomes[j] === 'confirmed';
        if (!(outcomes[j] === 'new' && row.counted) && !confirmed) return;
        const click = attribution[toWrite[j]].click!;
        acc.add(
          row.event_at,
          {
            publisher_id: click.publisher_id,
            placement_id: click.placement_id,
            placement_type: click.placement_type,
            advertiser_id: advertiserId,
            campaign_id: click.campaign_id,
            ad_group_id: click.ad_group_id,
            ad_id: click.ad_id,
            device: click.device,
            country: click.country,
          },
          {
            // A confirmation charges a conversion counted before: money only.
            conversions: confirmed ? 0 : 1,
            conversion_value_micros: confirmed ? 0 : row.value_micros,
            spend_micros: row.spend_micros,
            revenue_micros: row.revenue_micros,
            take_micros: row.take_micros,
            overdelivery_micros: row.overdelivery_micros,
          },
        );
        if (row.spend_micros > 0)
          charges.push({
            campaignId: click.campaign_id,
            adGroupId: click.ad_group_id,
            spendMicros: row.spend_micros,
            at: row.event_at,
          });
      });
      return acc.drain();
    },
    writeRollups: rollupWriters,
    gate: chargeGates,
    perClick: ctx.config.conversionsPerClick,
  });
  if (result.receiptDuplicate) {
    for (const i of toWrite) out[i].status = 'duplicate';
    return { response: response(), receiptDuplicate: true, counted: 0, charged: 0 };
  }
  toWrite.forEach((i, j) => {
    if (result.outcomes[j] === 'duplicate') out[i].status = 'duplicate';
  });
  notifyCharges(ctx, charges);
  // A grclid that is not an ad click may be an index click (a search's tracked link): join it to its search.
  for (const [j, i] of toWrite.entries()) {
    const grclid = prepared[i]!.event.user_data.grclid;
    const r = rows[j];
    if (!result.isNew[j] || r.attributed || !grclid || !isUuid(grclid)) continue;
    const joined = await attributeGatewayConversion(ctx, advertiserId, {
      grclid,
      kind: r.event_type,
      valueMicros: r.value_micros,
      currency: r.currency,
      orderId: r.order_id ?? r.event_id ?? undefined,
    });
    if (joined?.attributed) out[i].attributed = true;
  }
  maybePurge(ctx, now);
  // How many were counted and charged after the per-click caps and the budget gate (the rows are final).
  let counted = 0;
  let charged = 0;
  rows.forEach((r, j) => {
    if (result.outcomes[j] === 'new' && r.counted) counted++;
    if (result.outcomes[j] !== 'duplicate' && r.spend_micros > 0) charged++;
  });
  return { response: response(), receiptDuplicate: false, counted, charged };
}

/** Record a webhook delivery that produces no conversion (ignored event types), idempotently. */
export async function recordIgnoredDelivery(
  ctx: Ctx,
  advertiserId: string,
  receipt: { provider: string; externalId: string },
): Promise<boolean> {
  const r = await repo.commitConversions(ctx.database, {
    advertiserId,
    now: ctx.clock.now(),
    windowMs: DEDUP_WINDOW_MS,
    rows: [],
    dedupIds: [],
    activity: 0,
    rollups: () => [],
    writeRollups: rollupWriters,
    gate: chargeGates,
    perClick: ctx.config.conversionsPerClick,
    receipt: { ...receipt, outcome: 'ignored' },
  });
  return !r.receiptDuplicate;
}
