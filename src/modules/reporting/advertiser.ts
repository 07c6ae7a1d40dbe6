import type { Ctx } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { microsToDollars } from '../../lib/money.js';
import { decryptField } from '../../lib/secrets.js';
import * as m from '../../lib/metrics.js';
import { dayIntervals, dayOfBucket, dayString } from '../../lib/tz.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import * as accounts from '../accounts/service.js';
import * as campaigns from '../campaigns/service.js';
import * as ledger from '../ledger/service.js';
import { groupFeedback } from '../feedback/service.js';
import * as repo from './repo.js';
import { zero, type Counters } from './repo.js';
import { daysOf, resolveRange } from './range.js';
import { scopeGrid, scopeSeries } from './scope.js';
import { invalidTraffic } from './invalid-traffic.js';
import { JsonBody, JsonWriter, literal } from './json.js';
import type { AdGroupMetricsQuery, AdUnitMetricsQuery, MetricsQuery } from './schemas.js';

const dollars = microsToDollars;

export async function advertiserInfo(ctx: Ctx, advertiserId: string) {
  const a = await accounts.getAdvertiser(ctx, advertiserId);
  return {
    advertiser_id: a.id,
    name: a.name,
    email: a.email_enc ? decryptField(ctx.secrets.dataKey, a.email_enc) : null,
  };
}

/** Sum of every campaign's series per day. */
function sumSeries(series: Map<string, Map<number, Counters>>): Map<number, Counters> {
  const out = new Map<number, Counters>();
  for (const s of series.values()) {
    for (const [d, c] of s) {
      let t = out.get(d);
      if (!t) out.set(d, (t = zero()));
      for (const k of Object.keys(c) as (keyof Counters)[]) t[k] += c[k];
    }
  }
  return out;
}

/** Daily metrics of spec 2: revenue is the conversion value; formulas from lib/metrics. */
export async function advertiserMetrics(ctx: Ctx, advertiserId: string, q: MetricsQuery) {
  const range = resolveRange(ctx, q, 365);
  if (q.campaign_id) await campaigns.requireCampaign(ctx, advertiserId, q.campaign_id);
  const perCampaign = await scopeSeries(ctx, 'cmp', advertiserId, range, q.campaign_id ? [q.campaign_id] : undefined);
  const byDay = sumSeries(perCampaign);
  const t = zero();
  const data = daysOf(range).map((d) => {
    const c = byDay.get(d) ?? zero();
    for (const k of Object.keys(c) as (keyof Counters)[]) t[k] += c[k];
    return {
      date: dayString(d),
      impressions: c.impressions,
      clicks: c.clicks,
      conversions: c.conversions,
      spend: dollars(c.spend_micros),
      revenue: dollars(c.conversion_value_micros),
      ctr: m.ctr(c.clicks, c.impressions),
      cpc: m.cpc(c.spend_micros, c.clicks),
      cpm: m.cpm(c.spend_micros, c.impressions),
      conversion_rate: m.conversionRate(c.conversions, c.clicks),
      cpa: m.cpa(c.spend_micros, c.conversions) ?? 0,
      roas: m.roas(c.conversion_value_micros, c.spend_micros),
      invalid_impressions: c.invalid_impressions,
      invalid_clicks: c.invalid_clicks,
      overdelivery: dollars(c.overdelivery_micros),
    };
  });
  return {
    data,
    total_impressions: t.impressions,
    total_clicks: t.clicks,
    total_spend: dollars(t.spend_micros),
    total_conversions: t.conversions,
    total_revenue: dollars(t.conversion_value_micros),
    // Issue 25: invalid traffic (recorded, never charged) and overdelivery past a budget (delivered, never billed).
    total_invalid_impressions: t.invalid_impressions,
    total_invalid_clicks: t.invalid_clicks,
    total_overdelivery: dollars(t.overdelivery_micros),
    invalid_traffic: await invalidTraffic(ctx, { advertiserId, campaignId: q.campaign_id }, range),
  };
}

/** What the ad-group report reads (revenue and ROAS stay campaign-level). */
const GROUP_COUNTERS = ['impressions', 'clicks', 'spend_micros', 'conversions'] as const;

/** Ad groups per ad-group-metrics call (spec 2 limit). */
export const AD_GROUP_PAGE = 2000;

export interface AdGroupDay {
  date: string;
  impressions: number;
  clicks: number;
  spend: number;
  conversions: number;
  ctr: number;
  cpc: number;
  cpm: number;
}

/** The ad-group report's body (spec 2, "Reporting shapes"). */
export interface AdGroupMetrics {
  ad_groups: {
    ad_group_id: string;
    campaign_id: string;
    name: string;
    group_type: string;
    status: string;
    total_impressions: number;
    total_clicks: number;
    total_spend: number;
    total_conversions: number;
    cpa: number | null;
    feedback: { thumbs_up: number; thumbs_down: number };
    data: AdGroupDay[];
  }[];
  total_ad_groups: number;
  offset: number;
  truncated: boolean;
}

/** What the ad-group report is written from: the page of groups and their counters per local day (GROUP_COUNTERS order). */
export interface AdGroupReportInput {
  groups: readonly campaigns.ReportGroup[];
  /** Counters of `groups[i]` on day d at `cells[(i * days + d) * 4 + k]`, k in GROUP_COUNTERS order. */
  cells: Float64Array;
  firstDay: number;
  days: number;
  feedback: ReadonlyMap<string, { thumbs_up: number; thumbs_down: number }>;
  totalGroups: number;
  offset: number;
}

/** The report's fixed JSON text, encoded once. */
const GROUP_JSON = {
  start: literal('{"ad_groups":['),
  group: literal('{"ad_group_id":'),
  nextGroup: literal(',{"ad_group_id":'),
  campaign: literal(',"campaign_id":'),
  name: literal(',"name":'),
  type: literal(',"group_type":'),
  status: literal(',"status":'),
  totalImpressions: literal(',"total_impressions":'),
  totalClicks: literal(',"total_clicks":'),
  totalSpend: literal(',"total_spend":'),
  totalConversions: literal(',"total_conversions":'),
  cpa: literal(',"cpa":'),
  null: literal('null'),
  up: literal(',"feedback":{"thumbs_up":'),
  down: literal(',"thumbs_down":'),
  data: literal('},"data":['),
  comma: literal(','),
  clicks: literal(',"clicks":'),
  spend: literal(',"spend":'),
  conversions: literal(',"conversions":'),
  ctr: literal(',"ctr":'),
  cpc: literal(',"cpc":'),
  cpm: literal(',"cpm":'),
  close: literal('}'),
  endGroup: literal(']}'),
  total: literal('],"total_ad_groups":'),
  offset: literal(',"offset":'),
  truncated: literal(',"truncated":true}'),
  complete: literal(',"truncated":false}'),
};

/**
 * The ad-group report as JSON, written directly (no object per day): the same
 * bytes JSON.stringify gives for the `AdGroupMetrics` object — keys in that
 * order, numbers as JSON writes them, days in date order, days without
 * delivery left out, totals over the range, `cpa` null without conversions.
 */
export function writeAdGroupReport(r: AdGroupReportInput): Buffer {
  const { cells, days } = r;
  // ~300 bytes a group and ~115 a day with delivery; sized for every day delivering.
  const w = new JsonWriter(100 + r.groups.length * (300 + days * 115));
  const L = GROUP_JSON;
  const datePrefix = Array.from({ length: days }, (_, d) =>
    literal(`{"date":"${dayString(r.firstDay + d)}","impressions":`),
  );
  w.raw(L.start);
  for (let i = 0; i < r.groups.length; i++) {
    const g = r.groups[i];
    let imps = 0;
    let clicks = 0;
    let spend = 0;
    let convs = 0;
    for (let d = 0, at = i * days * 4; d < days; d++, at += 4) {
      imps += cells[at];
      clicks += cells[at + 1];
      spend += cells[at + 2];
      convs += cells[at + 3];
    }
    const f = r.feedback.get(g.id);
    const cpa = m.cpa(spend, convs);
    w.raw(i ? L.nextGroup : L.group).string(g.id);
    w.raw(L.campaign).string(g.campaign_id);
    w.raw(L.name).string(g.name);
    w.raw(L.type).string(g.group_type);
    w.raw(L.status).string(g.status);
    w.raw(L.totalImpressions).number(imps);
    w.raw(L.totalClicks).number(clicks);
    w.raw(L.totalSpend).fixed(dollars(spend), 6);
    w.raw(L.totalConversions).number(convs);
    w.raw(L.cpa);
    if (cpa === null) w.raw(L.null);
    else w.fixed(cpa, 6);
    w.raw(L.up).number(f?.thumbs_up ?? 0);
    w.raw(L.down).number(f?.thumbs_down ?? 0);
    w.raw(L.data);
    let first = true;
    for (let d = 0, at = i * days * 4; d < days; d++, at += 4) {
      const ci = cells[at];
      const cc = cells[at + 1];
      const cs = cells[at + 2];
      const cv = cells[at + 3];
      if (ci === 0 && cc === 0 && cs === 0 && cv === 0) continue;
      if (!first) w.raw(L.comma);
      first = false;
      w.raw(datePrefix[d]).number(ci);
      w.raw(L.clicks).number(cc);
      w.raw(L.spend).fixed(dollars(cs), 6);
      w.raw(L.conversions).number(cv);
      w.raw(L.ctr).fixed(m.ctr(cc, ci), 4);
      w.raw(L.cpc).fixed(m.cpc(cs, cc), 6);
      w.raw(L.cpm).fixed(m.cpm(cs, ci), 6);
      w.raw(L.close);
    }
    w.raw(L.endGroup);
  }
  w.raw(L.total).number(r.totalGroups);
  w.raw(L.offset).number(r.offset);
  w.raw(r.offset + r.groups.length < r.totalGroups ? L.truncated : L.complete);
  return w.done();
}

/** The ad-group report (spec 2) as JSON: what the endpoint sends. */
export async function adGroupMetricsJson(ctx: Ctx, advertiserId: string, q: AdGroupMetricsQuery): Promise<JsonBody> {
  const range = resolveRange(ctx, q, 365);
  const groups = await campaigns.adGroupsForReport(ctx, advertiserId, {
    campaignId: q.campaign_id,
    adGroupId: q.ad_group_id,
    includeArchived: q.include_archived,
  });
  const page = groups.slice(q.offset, q.offset + AD_GROUP_PAGE);
  const days = range.lastDay - range.firstDay + 1;
  let cells: Float64Array = new Float64Array(0);
  let feedback = new Map<string, { thumbs_up: number; thumbs_down: number }>();
  if (page.length) {
    const intervals = dayIntervals(range.tz, range.firstDay, range.lastDay);
    const [grid, fb] = await Promise.all([
      scopeGrid(
        ctx,
        'grp',
        advertiserId,
        range,
        page.map((g) => g.id),
        GROUP_COUNTERS,
      ),
      groupFeedback(
        ctx,
        advertiserId,
        intervals[0].from * QUARTER_HOUR_MS,
        intervals[intervals.length - 1].to * QUARTER_HOUR_MS,
      ),
    ]);
    cells = grid.cells;
    feedback = fb;
  }
  return new JsonBody(
    writeAdGroupReport({
      groups: page,
      cells,
      firstDay: range.firstDay,
      days,
      feedback,
      totalGroups: groups.length,
      offset: q.offset,
    }),
  );
}

/** The ad-group report as an object (the MCP tool's result): the endpoint's JSON, parsed. */
export async function adGroupMetrics(ctx: Ctx, advertiserId: string, q: AdGroupMetricsQuery): Promise<AdGroupMetrics> {
  return (await adGroupMetricsJson(ctx, advertiserId, q)).parse() as AdGroupMetrics;
}

type Delivery = { impressions: number; clicks: number; spend_micros: number };

const unitDay = (date: string, c: Delivery) => ({
  date,
  impressions: c.impressions,
  clicks: c.clicks,
  spend: dollars(c.spend_micros),
  ctr: m.ctr(c.clicks, c.impressions),
  cpc: m.cpc(c.spend_micros, c.clicks),
  cpm: m.cpm(c.spend_micros, c.impressions),
});

/**
 * Per legacy ad unit (one entry per campaign link): its own delivery
 * (`ad_unit_stats`), or — for a campaign whose single linked unit has no rows
 * of its own — the campaign's daily totals (`campaign_fallback`).
 */
export async function adUnitMetrics(ctx: Ctx, advertiserId: string, q: AdUnitMetricsQuery) {
  const range = resolveRange(ctx, q, 365);
  if (q.campaign_id) await campaigns.requireCampaign(ctx, advertiserId, q.campaign_id);
  const units = await campaigns.listAdUnits(ctx, advertiserId, { includeArchived: true });
  const unitById = new Map(units.map((u) => [u.ad_unit_id, u]));
  if (q.ad_unit_id && !unitById.has(q.ad_unit_id)) throw new NotFound('ad unit');
  const campaignIds = q.campaign_id
    ? [q.campaign_id]
    : (await campaigns.listCampaigns(ctx, advertiserId)).map((c) => c.campaign_id);
  const links = await campaigns.linkedUnitIds(ctx, campaignIds);
  const pairs: { campaignId: string; unitId: string; single: boolean }[] = [];
  for (const [campaignId, ids] of links) {
    for (const unitId of ids) {
      if (q.ad_unit_id && unitId !== q.ad_unit_id) continue;
      if (unitById.has(unitId)) pairs.push({ campaignId, unitId, single: ids.length === 1 });
    }
  }
  const intervals = dayIntervals(range.tz, range.firstDay, range.lastDay);
  const toDay = dayOfBucket(intervals);
  const rows = intervals.length
    ? await repo.adsByBucket(
        ctx.db,
        advertiserId,
        [...new Set(pairs.map((p) => p.unitId))],
        intervals[0].from,
        intervals[intervals.length - 1].to,
      )
    : [];
  const own = new Map<string, Map<number, Delivery>>();
  for (const r of rows) {
    const day = toDay(r.bucket);
    if (day === null) continue;
    const k = `${r.campaign_id}|${r.ad_id}`;
    let s = own.get(k);
    if (!s) own.set(k, (s = new Map()));
    let c = s.get(day);
    if (!c) s.set(day, (c = { impressions: 0, clicks: 0, spend_micros: 0 }));
    c.impressions += r.impressions;
    c.clicks += r.clicks;
    c.spend_micros += r.spend_micros;
  }
  const fallbackIds = pairs.filter((p) => p.single && !own.has(`${p.campaignId}|${p.unitId}`)).map((p) => p.campaignId);
  const fallback = fallbackIds.length
    ? await scopeSeries(ctx, 'cmp', advertiserId, range, fallbackIds)
    : new Map<string, Map<number, Counters>>();
  return {
    ad_units: pairs.map((p) => {
      const mine = own.get(`${p.campaignId}|${p.unitId}`);
      const source = mine ? 'ad_unit_stats' : p.single ? 'campaign_fallback' : 'ad_unit_stats';
      const s: Map<number, Delivery> =
        mine ?? (source === 'campaign_fallback' ? (fallback.get(p.campaignId) ?? new Map()) : new Map());
      const t = { impressions: 0, clicks: 0, spend_micros: 0 };
      const data = [...s.keys()]
        .sort((a, b) => a - b)
        .map((d) => {
          const c = s.get(d)!;
          t.impressions += c.impressions;
          t.clicks += c.clicks;
          t.spend_micros += c.spend_micros;
          return unitDay(dayString(d), c);
        })
        .filter((e) => e.impressions !== 0 || e.clicks !== 0 || e.spend !== 0);
      return {
        ad_unit_id: p.unitId,
        campaign_id: p.campaignId,
        name: unitById.get(p.unitId)!.name,
        data_source: source,
        total_impressions: t.impressions,
        total_clicks: t.clicks,
        total_spend: dollars(t.spend_micros),
        data,
      };
    }),
  };
}

/**
 * Billing: spend is the ledger's all-time figure (written with every charge,
 * so current as of the read; the activation gate reads the same); credits are drawn first, so billed = the spend
 * credits covered and unbilled = spend beyond the credits (owed by the
 * payment method).
 */
export async function advertiserBilling(ctx: Ctx, advertiserId: string) {
  const adv = await accounts.getAdvertiser(ctx, advertiserId);
  const [spend, credits] = await Promise.all([
    ledger.advertiserLifetimeSpend(ctx, advertiserId),
    accounts.creditsTotal(ctx, advertiserId),
  ]);
  const billed = Math.min(spend, Math.max(0, credits));
  return {
    total_spend_dollars: dollars(spend),
    total_billed_dollars: dollars(billed),
    unbilled_dollars: dollars(spend - billed),
    credits_dollars: dollars(credits),
    /** Credits added minus lifetime spend: what campaigns can still spend before the payment method is charged. */
    balance_dollars: dollars(credits - spend),
    /** The account's currency (every amount here is in it). */
    currency: adv.currency,
    has_payment_method: adv.has_payment_method === 1,
    last_spend_sync_at: new Date(ctx.clock.now()).toISOString(),
  };
}

/** Spend per UTC day and campaign over the last `days` days (days without spend left out), oldest first. */
export async function advertiserDailySpend(
  ctx: Ctx,
  advertiserId: string,
  days: number,
): Promise<{ date: string; campaign_id: string; spend: number }[]> {
  const range = resolveRange(ctx, { days }, 365);
  const perCampaign = await scopeSeries(ctx, 'cmp', advertiserId, range, undefined, ['spend_micros']);
  const out: { day: number; date: string; campaign_id: string; spend: number }[] = [];
  for (const [campaignId, byDay] of perCampaign) {
    for (const [d, c] of byDay)
      if (c.spend_micros !== 0)
        out.push({ day: d, date: dayString(d), campaign_id: campaignId, spend: dollars(c.spend_micros) });
  }
  out.sort((a, b) => a.day - b.day || a.campaign_id.localeCompare(b.campaign_id));
  return out.map(({ day: _d, ...r }) => r);
}
