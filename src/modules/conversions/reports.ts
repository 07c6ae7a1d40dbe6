import type { Ctx } from '../../context.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { microsToCents } from '../../lib/money.js';
import { campaignBilling } from '../campaigns/service.js';
import { resolveRangeMs } from '../reporting/service.js';
import { canonicalEventType, type AnalyticsQuery, type ConversionsQuery, type StatsQuery } from './schemas.js';
import { utcRange } from './range.js';
import { gatewayActivity } from './repo.js';
import * as repo from './reports-repo.js';

/** The advertiser's conversion reports (spec 2 "Reporting shapes") and the gateway status. */
const GONE_QUIET_MS = 7 * 24 * 3600 * 1000;

export async function gatewayStatus(ctx: Ctx, advertiserId: string) {
  const a = await gatewayActivity(ctx.db, advertiserId);
  if (!a) return { status: 'no_data' as const, label: 'No data yet', last_received_at: null, events_total: 0 };
  const quiet = ctx.clock.now() - Number(a.last_received_at) >= GONE_QUIET_MS;
  return {
    status: quiet ? ('gone_quiet' as const) : ('active' as const),
    label: quiet ? 'Gone quiet' : 'Active',
    last_received_at: new Date(Number(a.last_received_at)).toISOString(),
    events_total: Number(a.events_total),
  };
}

/*
 * Cursors: `c2:<conversion time ms>:<id>` (the position of the last row of a
 * page); `c1:<id>` cursors of earlier versions still work (the time is looked up).
 */
const encodeCursor = (at: number, id: string) => Buffer.from(`c2:${at}:${id}`, 'utf8').toString('base64url');
async function decodeCursor(ctx: Ctx, advertiserId: string, cursor: string): Promise<{ at: number; id: string }> {
  const s = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bad = () =>
    new BadRequest('cursor: not a cursor returned by this endpoint (pass next_cursor unchanged)', [
      { field: 'cursor', message: 'invalid cursor' },
    ]);
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
  if (q.tz !== undefined && !dated)
    throw new BadRequest('tz: only with days or start_date/end_date (it sets the days they mean)', [
      { field: 'tz', message: 'needs days or start_date/end_date' },
    ]);
  const range = dated
    ? resolveRangeMs(ctx, { days: q.days ?? 30, start_date: q.start_date, end_date: q.end_date, tz: q.tz }, 3650)
    : undefined;
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
  const rows = await repo.pixelEventSeries(ctx.db, {
    advertiserId,
    from,
    to,
    domain: q.domain,
    eventType: q.event_type,
  });
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
    domains: [...domains]
      .map(([domain, events]) => ({ domain, events }))
      .sort((a, b) => b.events - a.events || a.domain.localeCompare(b.domain)),
    time_series: [...hours]
      .sort((a, b) => a[0] - b[0])
      .map(([h, events]) => ({ date: new Date(h * 3600_000).toISOString(), events })),
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
    time_series: [...days]
      .sort((a, b) => a[0] - b[0])
      .map(([d, conversions]) => ({ date: new Date(d * 86_400_000).toISOString(), conversions })),
    total,
    by_event_type: [...types]
      .map(([event_type, t]) => ({ event_type, total: t }))
      .sort((a, b) => b.total - a.total || a.event_type.localeCompare(b.event_type)),
  };
}
