import type { Ctx } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { microsToDollars } from '../../lib/money.js';
import { decryptField } from '../../lib/secrets.js';
import * as m from '../../lib/metrics.js';
import { dayIntervals, dayOfBucket, dayString } from '../../lib/tz.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import * as accounts from '../accounts/service.js';
import * as campaigns from '../campaigns/service.js';
import * as adunits from '../adunits/service.js';
import { groupFeedback } from '../feedback/service.js';
import * as repo from './repo.js';
import { zero, type Counters } from './repo.js';
import { resolveRange, scopeSeries, type DayRange } from './service.js';
import type { AdGroupMetricsQuery, AdUnitMetricsQuery, MetricsQuery } from './schemas.js';

const dollars = microsToDollars;
const daysOf = (r: DayRange): number[] => Array.from({ length: r.lastDay - r.firstDay + 1 }, (_, i) => r.firstDay + i);

export async function advertiserInfo(ctx: Ctx, advertiserId: string) {
  const a = await accounts.getAdvertiser(ctx, advertiserId);
  return { advertiser_id: a.id, name: a.name, email: a.email_enc ? decryptField(ctx.secrets.dataKey, a.email_enc) : null };
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
    };
  });
  return {
    data,
    total_impressions: t.impressions,
    total_clicks: t.clicks,
    total_spend: dollars(t.spend_micros),
    total_conversions: t.conversions,
    total_revenue: dollars(t.conversion_value_micros),
  };
}

/** What the ad-group report reads (revenue and ROAS stay campaign-level). */
const GROUP_COUNTERS = ['impressions', 'clicks', 'spend_micros', 'conversions'] as const;

/** Ad groups per ad-group-metrics call (spec 2 limit). */
export const AD_GROUP_PAGE = 2000;

export async function adGroupMetrics(ctx: Ctx, advertiserId: string, q: AdGroupMetricsQuery) {
  const range = resolveRange(ctx, q, 365);
  const groups = await campaigns.adGroupsForReport(ctx, advertiserId, {
    campaignId: q.campaign_id,
    adGroupId: q.ad_group_id,
    includeArchived: q.include_archived,
  });
  const page = groups.slice(q.offset, q.offset + AD_GROUP_PAGE);
  const intervals = dayIntervals(range.tz, range.firstDay, range.lastDay);
  const [series, feedback] = page.length
    ? await Promise.all([
        scopeSeries(ctx, 'grp', advertiserId, range, page.map((g) => g.id), GROUP_COUNTERS),
        groupFeedback(ctx, advertiserId, intervals[0].from * QUARTER_HOUR_MS, intervals[intervals.length - 1].to * QUARTER_HOUR_MS),
      ])
    : [new Map<string, Map<number, Counters>>(), new Map<string, { thumbs_up: number; thumbs_down: number }>()];
  return {
    ad_groups: page.map((g) => {
      const s = series.get(g.id);
      const t = zero();
      const data: { date: string; impressions: number; clicks: number; spend: number; conversions: number; ctr: number; cpc: number; cpm: number }[] = [];
      if (s) {
        for (const d of [...s.keys()].sort((a, b) => a - b)) {
          const c = s.get(d)!;
          t.impressions += c.impressions;
          t.clicks += c.clicks;
          t.spend_micros += c.spend_micros;
          t.conversions += c.conversions;
          if (c.impressions === 0 && c.clicks === 0 && c.spend_micros === 0 && c.conversions === 0) continue;
          data.push({
            date: dayString(d),
            impressions: c.impressions,
            clicks: c.clicks,
            spend: dollars(c.spend_micros),
            conversions: c.conversions,
            ctr: m.ctr(c.clicks, c.impressions),
            cpc: m.cpc(c.spend_micros, c.clicks),
            cpm: m.cpm(c.spend_micros, c.impressions),
          });
        }
      }
      return {
        ad_group_id: g.id,
        campaign_id: g.campaign_id,
        name: g.name,
        group_type: g.group_type,
        status: g.status,
        total_impressions: t.impressions,
        total_clicks: t.clicks,
        total_spend: dollars(t.spend_micros),
        total_conversions: t.conversions,
        cpa: m.cpa(t.spend_micros, t.conversions),
        feedback: feedback.get(g.id) ?? { thumbs_up: 0, thumbs_down: 0 },
        data,
      };
    }),
    total_ad_groups: groups.length,
    offset: q.offset,
    truncated: q.offset + page.length < groups.length,
  };
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
  const units = await adunits.listAdUnits(ctx, advertiserId, { includeArchived: true });
  const unitById = new Map(units.map((u) => [u.ad_unit_id, u]));
  if (q.ad_unit_id && !unitById.has(q.ad_unit_id)) throw new NotFound('ad unit');
  const campaignIds = q.campaign_id ? [q.campaign_id] : (await campaigns.listCampaigns(ctx, advertiserId)).map((c) => c.campaign_id);
  const links = await adunits.linkedUnitIds(ctx, campaignIds);
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
    ? await repo.adsByBucket(ctx.db, advertiserId, [...new Set(pairs.map((p) => p.unitId))], intervals[0].from, intervals[intervals.length - 1].to)
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
  const fallback = fallbackIds.length ? await scopeSeries(ctx, 'cmp', advertiserId, range, fallbackIds) : new Map<string, Map<number, Counters>>();
  return {
    ad_units: pairs.map((p) => {
      const mine = own.get(`${p.campaignId}|${p.unitId}`);
      const source = mine ? 'ad_unit_stats' : p.single ? 'campaign_fallback' : 'ad_unit_stats';
      const s: Map<number, Delivery> = mine ?? (source === 'campaign_fallback' ? (fallback.get(p.campaignId) ?? new Map()) : new Map());
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
 * Billing: spend is read from the rollups (written with every charge, so it
 * is current as of the read); credits are drawn first, so billed = the spend
 * credits covered and unbilled = spend beyond the credits (owed by the
 * payment method).
 */
export async function advertiserBilling(ctx: Ctx, advertiserId: string) {
  await accounts.getAdvertiser(ctx, advertiserId);
  const [life, credits] = await Promise.all([repo.scopeLifetime(ctx.db, 'cmp', advertiserId), accounts.creditsTotal(ctx, advertiserId)]);
  const spend = life.reduce((a, r) => a + r.spend_micros, 0);
  const billed = Math.min(spend, Math.max(0, credits));
  return {
    total_spend_dollars: dollars(spend),
    total_billed_dollars: dollars(billed),
    unbilled_dollars: dollars(spend - billed),
    credits_dollars: dollars(credits),
    last_spend_sync_at: new Date(ctx.clock.now()).toISOString(),
  };
}
