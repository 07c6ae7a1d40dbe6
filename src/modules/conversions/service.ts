import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { newId, isUuid } from '../../lib/ids.js';
import { dollarsToMicros, microsToCents, splitCharge } from '../../lib/money.js';
import { deviceType } from '../../lib/request-facts.js';
import { attributionSignature, chargeGates, findClicks, notifyCharges, rollupWriters } from '../tracking/service.js';
import { CHARGING_SOURCES } from './caps.js';
import { RollupAccumulator } from '../tracking/rollup.js';
import { campaignBilling } from '../campaigns/service.js';
import { getAdvertiser, getPublisher } from '../accounts/service.js';
import { attributeGatewayConversion } from '../index/service.js';
import { hashEmail, hashExternalId, hashIdentity, hashPhone, IdentityError, identityJson, matchableHashes, type HashedIdentity } from './identity.js';
import {
  canonicalEventType,
  ConversionEvent,
  leanConversionEvent,
  type AnalyticsQuery,
  type ConversionsQuery,
  type GatewayBody,
  type GatewayResponse,
  type PixelEventsBody,
  type StatsQuery,
} from './schemas.js';
import { utcRange } from './range.js';
import { resolveRangeMs } from '../reporting/service.js';
import * as repo from './repo.js';
import { mapCache, stateOf } from '../../caches.js';

export const DEDUP_WINDOW_MS = 48 * 3600 * 1000;
/** Clicks older than this (before the conversion) do not attribute; equals the tracking token lifetime default. */
export const ATTRIBUTION_WINDOW_MS = 30 * 24 * 3600 * 1000;
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;
const MAX_FUTURE_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const GONE_QUIET_MS = 7 * 24 * 3600 * 1000;
const MAX_CONTEXT_BYTES = 4096;

export type ConversionSource = 'capi' | 'pixel' | 'stripe' | 'cal' | 'shopify';

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

type Click = Awaited<ReturnType<typeof findClicks>>[number];

interface Prepared {
  event: ConversionEvent;
  eventType: string;
  eventAt: number;
  identity: HashedIdentity;
  identityJson: string;
  dedupId: string | null;
  contextJson: string | null;
}

interface Outcome {
  event_id: string;
  status: 'ok' | 'duplicate' | 'test_ok' | 'skipped' | 'error';
  attributed: boolean;
  error?: string;
}

const issueText = (issues: { path: PropertyKey[]; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'event'}: ${i.message}`)
    .join('; ');

const echoId = (raw: unknown): string => {
  if (!raw || typeof raw !== 'object') return '';
  const r = raw as { event_id?: unknown; custom_data?: { order_id?: unknown } };
  const v = r.event_id ?? r.custom_data?.order_id;
  return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 200) : '';
};

/** The full ConversionEvent parse: events the lean check does not take, and every error text. */
function parseEvent(raw: unknown): ConversionEvent {
  const parsed = ConversionEvent.safeParse(raw);
  if (!parsed.success) throw new IdentityError(issueText(parsed.error.issues));
  return parsed.data;
}

/** Validate one event completely (shape, time bounds, identity hashing); throws a message naming the field. */
function prepare(raw: unknown, now: number, maxValue: number): Prepared {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new IdentityError('event: must be an object');
  const event = leanConversionEvent(raw) ?? parseEvent(raw);
  if (event.custom_data?.value && event.custom_data.value > maxValue) {
    throw new IdentityError(`custom_data.value: above the largest value accepted for one conversion (${maxValue})`);
  }
  if (event.event_time > 1e11) throw new IdentityError('event_time: looks like milliseconds; send Unix time in seconds');
  const eventAt = event.event_time * 1000;
  if (eventAt > now + MAX_FUTURE_MS) throw new IdentityError('event_time: is in the future');
  if (eventAt < now - MAX_EVENT_AGE_MS) throw new IdentityError('event_time: is older than 7 days');
  const contextJson = event.client_context ? JSON.stringify(event.client_context) : null;
  if (contextJson && contextJson.length > MAX_CONTEXT_BYTES) throw new IdentityError(`client_context: larger than ${MAX_CONTEXT_BYTES} bytes`);
  const identity = hashIdentity(event.user_data as Record<string, unknown>);
  const dedupId = event.event_id ?? event.custom_data?.order_id ?? null;
  return { event, eventType: canonicalEventType(event.event_name), eventAt, identity, identityJson: identityJson(identity), dedupId, contextJson };
}

interface Attribution {
  click: Click | null;
  note: string | null;
}
const UNATTRIBUTED: Attribution = Object.freeze({ click: null, note: null });

type Charge = ReturnType<typeof splitCharge>;
const NO_CHARGE: Charge = Object.freeze({ spend: 0, revenue: 0, take: 0 });

/**
 * Constant-time check of a presented grsig against the expected one. The
 * lengths compared first are public (an HMAC's encoding has a fixed length),
 * so no digest of both sides is needed (safeEqual's way, for secrets of any length).
 */
function signatureMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Join a conversion to its click: by grclid, else by graid (which resolves to
 * the others). The click must be a human click of this advertiser, before the
 * conversion and inside the attribution window; ids sent alongside must agree
 * with it; a grsig, when sent, must verify (constant-time compare). Anything
 * else leaves the conversion unattributed, with the reason noted.
 */
function attribute(
  ctx: Ctx,
  advertiserId: string,
  e: Prepared,
  clicks: { byId: Map<string, Click>; byGraid: Map<string, Click>; signatures: Map<string, boolean> },
  requireSignature: boolean,
): Attribution {
  const u = e.event.user_data;
  if (!u.grclid && !u.graid) return UNATTRIBUTED;
  const click = (u.grclid ? clicks.byId.get(u.grclid) : undefined) ?? (u.graid ? clicks.byGraid.get(u.graid) : undefined);
  if (!click) return { click: null, note: 'click_not_found' };
  if (click.advertiser_id !== advertiserId) return { click: null, note: 'click_not_found' };
  if ((u.grclid && u.grclid !== click.click_id) || (u.graid && click.graid && u.graid !== click.graid)) {
    return { click: null, note: 'ids_mismatch' };
  }
  if ((u.grcpid && u.grcpid !== click.campaign_id) || (u.grpuid && u.grpuid !== click.publisher_id) || (u.gradid && u.gradid !== click.ad_id)) {
    return { click: null, note: 'ids_mismatch' };
  }
  if (u.grsig) {
    // A batch often holds several conversions of one click: each (click, grsig) is verified once.
    const key = `${click.click_id}\u0000${u.grsig}`;
    let valid = clicks.signatures.get(key);
    if (valid === undefined) {
      const expected = attributionSignature(ctx, { grclid: click.click_id, grcpid: click.campaign_id, grpuid: click.publisher_id, gradid: click.ad_id });
      valid = signatureMatches(u.grsig, expected);
      clicks.signatures.set(key, valid);
    }
    if (!valid) return { click: null, note: 'bad_signature' };
  } else if (requireSignature) {
    return { click: null, note: 'signature_required' };
  }
  if (e.eventAt < click.at - CLOCK_SKEW_MS) return { click: null, note: 'before_click' };
  if (e.eventAt - click.at > ATTRIBUTION_WINDOW_MS) return { click: null, note: 'outside_window' };
  return { click, note: u.grsig ? 'signed' : u.grclid ? 'grclid' : 'graid' };
}

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

function dedupKeyOf(p: Prepared): string | null {
  return p.dedupId === null ? null : `${p.eventType}\u0001${p.dedupId}`;
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
async function ingest(
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
  const clickIds = new Set<string>();
  for (const i of valid) {
    const u = prepared[i]!.event.user_data;
    if (u.grclid && isUuid(u.grclid)) clickIds.add(u.grclid);
  }
  const found = clickIds.size ? await findClicks(ctx, { clickIds: [...clickIds], graids: [] }) : [];
  const byId = new Map(found.map((c) => [c.click_id, c]));
  // graid resolves only what grclid did not.
  const graids = new Set<string>();
  for (const i of valid) {
    const u = prepared[i]!.event.user_data;
    if (u.graid && !(u.grclid && byId.has(u.grclid))) graids.add(u.graid);
  }
  if (graids.size) for (const c of await findClicks(ctx, { clickIds: [], graids: [...graids] })) byId.set(c.click_id, c);
  const byGraid = new Map([...byId.values()].filter((c) => c.graid).map((c) => [c.graid!, c]));
  let suppressed = new Set<string>();
  if (valid.length && (await repo.hasSuppressions(ctx.db, advertiserId))) {
    const hashes: string[] = [];
    for (const i of valid) hashes.push(...matchableHashes(prepared[i]!.identity));
    if (hashes.length) suppressed = await repo.suppressedAmong(ctx.db, advertiserId, hashes);
  }
  const clicks = { byId, byGraid, signatures: new Map<string, boolean>() };
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
  const firstOf = new Set<string>();
  const toWrite: number[] = [];
  for (const i of candidates) {
    const k = dedupKeyOf(prepared[i]!);
    if (k !== null && firstOf.has(k)) {
      out[i].status = 'duplicate';
      continue;
    }
    if (k !== null) firstOf.add(k);
    toWrite.push(i);
  }

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
          if (!shares.has(click.publisher_id)) shares.set(click.publisher_id, (await getPublisher(ctx, click.publisher_id)).revenue_share_bps);
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
      device: u.client_user_agent ? deviceType(u.client_user_agent) : click?.device ?? '',
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
        if (row.spend_micros > 0) charges.push({ campaignId: click.campaign_id, adGroupId: click.ad_group_id, spendMicros: row.spend_micros, at: row.event_at });
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

/** Dedup keys past the window can never match again; drop them at most hourly per process (failures only logged). */
function maybePurge(ctx: Ctx, now: number): void {
  const purge = stateOf(ctx, 'dedupPurge', () => ({ last: 0 }));
  if (now - purge.last < 3600_000) return;
  purge.last = now;
  void repo.purgeDedup(ctx.db, now - DEDUP_WINDOW_MS).catch((err) => ctx.log.warn({ err }, 'conversion dedup purge failed'));
}

/** Record a webhook delivery that produces no conversion (ignored event types), idempotently. */
export async function recordIgnoredDelivery(ctx: Ctx, advertiserId: string, receipt: { provider: string; externalId: string }): Promise<boolean> {
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

// --- gateway status

export async function gatewayStatus(ctx: Ctx, advertiserId: string) {
  const a = await repo.gatewayActivity(ctx.db, advertiserId);
  if (!a) return { status: 'no_data' as const, label: 'No data yet', last_received_at: null, events_total: 0 };
  const quiet = ctx.clock.now() - Number(a.last_received_at) >= GONE_QUIET_MS;
  return {
    status: quiet ? ('gone_quiet' as const) : ('active' as const),
    label: quiet ? 'Gone quiet' : 'Active',
    last_received_at: new Date(Number(a.last_received_at)).toISOString(),
    events_total: Number(a.events_total),
  };
}

// --- suppression list

function suppressionHashes(input: { em?: string[]; ph?: string[]; external_id?: string[] }): string[] {
  const out: string[] = [];
  const add = (field: string, values: string[] | undefined, fn: (v: string) => string) =>
    values?.forEach((v, i) => {
      try {
        out.push(fn(v));
      } catch (err) {
        if (err instanceof IdentityError) throw new BadRequest(`${field}[${i}]: ${err.message}`, [{ field: `${field}.${i}`, message: err.message }]);
        throw err;
      }
    });
  add('em', input.em, hashEmail);
  add('ph', input.ph, hashPhone);
  add('external_id', input.external_id, hashExternalId);
  return out;
}

export async function addSuppressions(ctx: Ctx, advertiserId: string, input: { em?: string[]; ph?: string[]; external_id?: string[] }) {
  const added = await repo.addSuppressions(ctx.db, advertiserId, suppressionHashes(input), ctx.clock.now());
  return { added, total: await repo.countSuppressions(ctx.db, advertiserId) };
}

export async function removeSuppressions(ctx: Ctx, advertiserId: string, input: { em?: string[]; ph?: string[]; external_id?: string[] }) {
  const removed = await repo.removeSuppressions(ctx.db, advertiserId, suppressionHashes(input));
  return { removed, total: await repo.countSuppressions(ctx.db, advertiserId) };
}

export const suppressionCount = async (ctx: Ctx, advertiserId: string) => ({ total: await repo.countSuppressions(ctx.db, advertiserId) });

// --- reporting (spec 2 "Reporting shapes")

/*
 * Cursors: `c2:<conversion time ms>:<id>` (the position of the last row of a
 * page); `c1:<id>` cursors of earlier versions still work (the time is looked up).
 */
const encodeCursor = (at: number, id: string) => Buffer.from(`c2:${at}:${id}`, 'utf8').toString('base64url');
async function decodeCursor(ctx: Ctx, advertiserId: string, cursor: string): Promise<{ at: number; id: string }> {
  const s = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bad = () => new BadRequest('cursor: not a cursor returned by this endpoint (pass next_cursor unchanged)', [{ field: 'cursor', message: 'invalid cursor' }]);
  const v2 = /^c2:(\d{1,16}):(.+)$/.exec(s);
  if (v2 && isUuid(v2[2])) return { at: Number(v2[1]), id: v2[2] };
  const id = s.startsWith('c1:') ? s.slice(3) : '';
  if (!isUuid(id)) throw bad();
  const row = await repo.conversionTime(ctx.db, advertiserId, id);
  if (!row) throw bad();
  return { at: Number(row.event_at), id };
}

async function assertOwnCampaign(ctx: Ctx, advertiserId: string, campaignId: string): Promise<void> {
  const c = (await campaignBilling(ctx, [campaignId])).get(campaignId);
  if (!c || c.advertiser_id !== advertiserId) throw new NotFound('campaign');
}

/**
 * GET /advertiser-dashboard/conversions: newest conversion time first,
 * cursor-paginated; by campaign, event type and (days or start_date/end_date
 * in tz) conversion date.
 */
export async function listConversions(ctx: Ctx, advertiserId: string, q: ConversionsQuery) {
  const before = q.cursor ? await decodeCursor(ctx, advertiserId, q.cursor) : undefined;
  if (q.campaign_id) await assertOwnCampaign(ctx, advertiserId, q.campaign_id);
  const dated = q.days !== undefined || q.start_date !== undefined || q.end_date !== undefined;
  if (q.tz !== undefined && !dated) throw new BadRequest('tz: only with days or start_date/end_date (it sets the days they mean)', [{ field: 'tz', message: 'needs days or start_date/end_date' }]);
  const range = dated ? resolveRangeMs(ctx, { days: q.days ?? 30, start_date: q.start_date, end_date: q.end_date, tz: q.tz }, 3650) : undefined;
  const filter = {
    advertiserId,
    campaignId: q.campaign_id,
    eventType: q.event_type ? canonicalEventType(q.event_type) : undefined,
    from: range?.from,
    to: range?.to,
  };
  const rows = await repo.listConversions(ctx.db, { ...filter, before, limit: q.limit + 1 });
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    conversions: page.map((r) => ({
      conversion_id: r.id,
      event_type: r.event_type,
      value_cents: microsToCents(Number(r.value_micros)),
      currency: r.currency,
      conversion_timestamp: new Date(Number(r.event_at)).toISOString(),
      campaign_id: r.campaign_id,
      ad_group_id: r.ad_group_id,
      order_id: r.order_id,
      page_url: r.page_url,
      source: r.source,
      is_attributed: r.attributed === 1,
      attribution: r.attribution_note,
    })),
    total_conversions: await repo.countConversions(ctx.db, filter),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(Number(last.event_at), last.id) : null,
  };
}

/** GET /advertiser-dashboard/events/analytics: pixel events by domain, hour and type. */
export async function eventsAnalytics(ctx: Ctx, advertiserId: string, q: AnalyticsQuery) {
  const { from, to } = utcRange(ctx, q);
  const rows = await repo.pixelEventSeries(ctx.db, { advertiserId, from, to, domain: q.domain, eventType: q.event_type });
  const domains = new Map<string, number>();
  const hours = new Map<number, number>();
  const types = new Map<string, { total: number; last: number }>();
  for (const r of rows) {
    domains.set(r.domain, (domains.get(r.domain) ?? 0) + r.n);
    hours.set(r.hour, (hours.get(r.hour) ?? 0) + r.n);
    const t = types.get(r.event_type) ?? { total: 0, last: 0 };
    t.total += r.n;
    t.last = Math.max(t.last, r.last_at);
    types.set(r.event_type, t);
  }
  return {
    domains: [...domains].map(([domain, events]) => ({ domain, events })).sort((a, b) => b.events - a.events || a.domain.localeCompare(b.domain)),
    time_series: [...hours].sort((a, b) => a[0] - b[0]).map(([h, events]) => ({ date: new Date(h * 3600_000).toISOString(), events })),
    event_types: [...types]
      .map(([event_type, t]) => ({ event_type, total: t.total, last_received: new Date(t.last).toISOString() }))
      .sort((a, b) => b.total - a.total || a.event_type.localeCompare(b.event_type)),
    has_historical_data: rows.length > 0 || (await repo.hasPixelEvents(ctx.db, advertiserId)),
  };
}

/** GET /advertiser-dashboard/events/conversion-stats: conversions per UTC day and per event type. */
export async function conversionStats(ctx: Ctx, advertiserId: string, q: StatsQuery) {
  const { from, to } = utcRange(ctx, q);
  const rows = await repo.conversionSeries(ctx.db, {
    advertiserId,
    from,
    to,
    eventType: q.event_type ? canonicalEventType(q.event_type) : undefined,
    bucketMs: 86_400_000,
  });
  const days = new Map<number, number>();
  const types = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    days.set(r.bucket, (days.get(r.bucket) ?? 0) + r.n);
    types.set(r.event_type, (types.get(r.event_type) ?? 0) + r.n);
    total += r.n;
  }
  return {
    time_series: [...days].sort((a, b) => a[0] - b[0]).map(([d, conversions]) => ({ date: new Date(d * 86_400_000).toISOString(), conversions })),
    total,
    by_event_type: [...types].map(([event_type, t]) => ({ event_type, total: t })).sort((a, b) => b.total - a.total || a.event_type.localeCompare(b.event_type)),
  };
}

// --- browser pixel events


/** Events sent by the browser pixel (public: identified by the advertiser id, as every pixel is). */
export async function recordPixelEvents(ctx: Ctx, body: PixelEventsBody): Promise<{ accepted: number; conversions: number }> {
  const now = ctx.clock.now();
  // Advertiser ids seen to exist (src/caches.ts `knownAdvertisers`), so pixel traffic does not read the accounts on every event.
  const known = mapCache<true>(ctx, 'knownAdvertisers');
  if (known.get(body.advertiser_id, now) === undefined) {
    if (!isUuid(body.advertiser_id)) throw new NotFound('advertiser');
    await getAdvertiser(ctx, body.advertiser_id);
    known.set(body.advertiser_id, true, now);
  }
  const rows = body.events.map((e) => {
    const u = new URL(e.url);
    // Only the host and path are kept: query strings can carry personal data.
    const at = e.ts && Math.abs(e.ts - now) < 3600_000 ? e.ts : now;
    return {
      id: newId(),
      advertiser_id: body.advertiser_id,
      event_type: e.event_type.toLowerCase(),
      domain: u.hostname.toLowerCase(),
      path: u.pathname.slice(0, 500),
      visitor_id: e.visitor_id ?? null,
      session_id: e.session_id ?? null,
      click_id: e.grclid && isUuid(e.grclid) ? e.grclid : null,
      at,
    };
  });
  await repo.insertPixelEvents(ctx.db, rows);

  // Purchases seen by a checkout pixel become conversions when their click attribution verifies (a valid
  // grsig): the pixel is public, so nothing unsigned is counted. The order id is the event id, so the
  // storefront's orders/paid webhook (or the advertiser's backend) and the pixel give one conversion.
  const purchases = body.events
    .filter((e) => PIXEL_PURCHASES.has(e.event_type.toLowerCase()) && e.props?.order_id !== undefined && e.attribution?.grsig)
    .map((e) => ({
      event_name: 'purchase',
      event_time: Math.floor((e.ts && Math.abs(e.ts - now) < 3600_000 ? e.ts : now) / 1000),
      event_id: String(e.props!.order_id),
      action_source: 'website',
      event_source_url: e.url,
      user_data: { ...e.attribution, visitor_id: e.visitor_id ?? null, session_id: e.session_id ?? null },
      custom_data: { value: e.props!.value ?? undefined, currency: e.props!.currency ?? undefined, order_id: String(e.props!.order_id) },
    }));
  let conversions = 0;
  if (purchases.length) {
    // Counted at most once per click and type, and never charged on the pixel's word alone (conversions/caps.ts).
    const out = await ingest(ctx, body.advertiser_id, { data: purchases }, { source: 'pixel', requireSignature: true, attributedOnly: true });
    conversions = out.counted;
  }
  return { accepted: rows.length, conversions };
}

const PIXEL_PURCHASES = new Set(['purchase', 'checkout_completed']);
