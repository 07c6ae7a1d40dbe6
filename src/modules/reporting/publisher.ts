import type { Ctx } from '../../context.js';
import { microsToDollars } from '../../lib/money.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import { dayString, DAY_MS, QUARTERS_PER_DAY } from '../../lib/tz.js';
import * as m from '../../lib/metrics.js';
import { DEVICE_TYPES } from '../../lib/placement-types.js';
import * as accounts from '../accounts/service.js';
import { listPublisherPlacements } from '../placements/service.js';
import * as repo from './repo.js';
import { zero, type Counters } from './repo.js';
import { daysOf, resolveRange } from './range.js';
import { scopeSeries, total } from './scope.js';
import { invalidTraffic } from './invalid-traffic.js';
import type { CountriesQuery, RangeQuery } from './schemas.js';

/** The publisher dashboard's reports: info, stats, activity, placements, devices, geography, countries. */

const dollars = microsToDollars;

export async function publisherInfo(ctx: Ctx, publisherId: string) {
  const p = await accounts.getPublisher(ctx, publisherId);
  const life = (await repo.scopeLifetime(ctx.db, 'pub', publisherId))[0] ?? zero();
  return {
    publisher_id: p.id,
    name: p.name,
    url: p.url,
    payout_model: p.payout_model,
    total_impressions: life.impressions,
    total_clicks: life.clicks,
  };
}

/** Publisher figures: revenue is the publisher's share; its cpm and cpc are earnings per thousand impressions and per click. */
const pubFigures = (c: Pick<Counters, 'impressions' | 'clicks' | 'revenue_micros'>) => ({
  ctr: m.ctr(c.clicks, c.impressions),
  revenue: dollars(c.revenue_micros),
  cpm: m.cpm(c.revenue_micros, c.impressions),
  cpc: m.cpc(c.revenue_micros, c.clicks),
});

export async function publisherStats(ctx: Ctx, publisherId: string, q: RangeQuery) {
  const range = resolveRange(ctx, q, 3650);
  const series = (await scopeSeries(ctx, 'pub', publisherId, range, [publisherId])).get(publisherId);
  const t = total(series);
  const f = pubFigures(t);
  return {
    totalImpressions: t.impressions,
    totalClicks: t.clicks,
    totalRevenue: f.revenue,
    avgCpm: f.cpm,
    avgCpc: f.cpc,
    avgCtr: f.ctr,
    // Invalid traffic (issue 25): recorded, never charged nor paid, and not in the figures above.
    invalid_impressions: t.invalid_impressions,
    invalid_clicks: t.invalid_clicks,
    invalid_traffic: await invalidTraffic(ctx, { publisherId }, range),
    timeSeries: daysOf(range).map((d) => {
      const c = series?.get(d) ?? zero();
      const g = pubFigures(c);
      return {
        date: dayString(d),
        impressions: c.impressions,
        clicks: c.clicks,
        revenue: g.revenue,
        cpm: g.cpm,
        cpc: g.cpc,
        ctr: g.ctr,
        invalid_impressions: c.invalid_impressions,
        invalid_clicks: c.invalid_clicks,
      };
    }),
  };
}

export async function publisherActivity(ctx: Ctx, publisherId: string, q: RangeQuery) {
  const range = resolveRange(ctx, q, 30);
  const series = (await scopeSeries(ctx, 'pub', publisherId, range, [publisherId])).get(publisherId);
  const t = total(series);
  return {
    data: daysOf(range).map((d) => {
      const c = series?.get(d) ?? zero();
      return { date: dayString(d), requests: c.requests, wins: c.wins, impressions: c.impressions };
    }),
    total_requests: t.requests,
    total_wins: t.wins,
    total_impressions: t.impressions,
    fill_rate: m.fillRate(t.wins, t.requests),
    show_rate: m.showRate(t.impressions, t.wins),
  };
}

type Delivery = { impressions: number; clicks: number; revenue_micros: number };
const noDelivery = (): Delivery => ({ impressions: 0, clicks: 0, revenue_micros: 0 });

/** UTC-day breakdown of a publisher's delivery by one dimension (placements, devices, geography take no tz). */
async function breakdown(ctx: Ctx, publisherId: string, dim: repo.PublisherDim, q: RangeQuery, maxDays: number) {
  const range = resolveRange(ctx, { ...q, tz: undefined }, maxDays);
  const rows = await repo.publisherByDim(
    ctx.db,
    publisherId,
    dim,
    range.firstDay * QUARTERS_PER_DAY,
    (range.lastDay + 1) * QUARTERS_PER_DAY,
  );
  const byKey = new Map<string, { type: string; total: Delivery; days: Map<number, Delivery> }>();
  for (const r of rows) {
    let e = byKey.get(r.key);
    if (!e) byKey.set(r.key, (e = { type: r.placement_type, total: noDelivery(), days: new Map() }));
    let d = e.days.get(r.day);
    if (!d) e.days.set(r.day, (d = noDelivery()));
    for (const k of ['impressions', 'clicks', 'revenue_micros'] as const) {
      d[k] += r[k];
      e.total[k] += r[k];
    }
  }
  return { range, byKey };
}

export async function publisherPlacements(ctx: Ctx, publisherId: string, q: RangeQuery) {
  const [{ range, byKey }, placements] = await Promise.all([
    breakdown(ctx, publisherId, 'placement', q, 365),
    listPublisherPlacements(ctx, publisherId),
  ]);
  const traffic = new Map<string, { requests: number; wins: number }>();
  for (const t of await repo.publisherPlacementTraffic(
    ctx.db,
    publisherId,
    range.firstDay * QUARTERS_PER_DAY,
    (range.lastDay + 1) * QUARTERS_PER_DAY,
  )) {
    const e = traffic.get(t.placement_id) ?? { requests: 0, wins: 0 };
    e.requests += t.requests;
    e.wins += t.wins;
    traffic.set(t.placement_id, e);
  }
  const known = new Map(placements.map((p) => [p.slug, p]));
  const slugs = [...new Set([...placements.map((p) => p.slug), ...byKey.keys()])];
  return {
    placements: slugs.map((slug) => {
      const e = byKey.get(slug);
      const p = known.get(slug);
      const t = e?.total ?? noDelivery();
      const tr = traffic.get(slug) ?? { requests: 0, wins: 0 };
      return {
        placement: p?.placement_type ?? e?.type ?? 'below_response',
        placement_id: slug,
        name: p?.name ?? slug,
        device: p?.device ?? null,
        status: p?.status ?? null,
        created_at: p ? new Date(p.created_at).toISOString() : null,
        requests: tr.requests,
        wins: tr.wins,
        fill_rate: m.fillRate(tr.wins, tr.requests),
        impressions: t.impressions,
        clicks: t.clicks,
        ...pubFigures(t),
        daily: daysOf(range).map((d) => {
          const c = e?.days.get(d) ?? noDelivery();
          return { date: dayString(d), impressions: c.impressions, clicks: c.clicks, ...pubFigures(c) };
        }),
      };
    }),
    period_days: range.lastDay - range.firstDay + 1,
  };
}

/** How far back requests for unknown placement slugs are listed. */
export const UNKNOWN_PLACEMENTS_WINDOW_HOURS = 24;

/**
 * Slugs that ad requests named in the last 24 hours which are not placements
 * of this publisher (such slots never fill: a typo, or a placement not created
 * yet), most requested first, read from the request counts every ad request
 * already records (no extra work on the ad request path).
 */
export async function publisherUnknownPlacements(ctx: Ctx, publisherId: string) {
  const now = ctx.clock.now();
  const to = Math.floor(now / QUARTER_HOUR_MS) + 1;
  const from = to - (UNKNOWN_PLACEMENTS_WINDOW_HOURS * 3_600_000) / QUARTER_HOUR_MS;
  const [rows, placements] = await Promise.all([
    repo.publisherPlacementTraffic(ctx.db, publisherId, from, to),
    listPublisherPlacements(ctx, publisherId),
  ]);
  const known = new Set(placements.map((p) => p.slug));
  const bySlug = new Map<string, { placement_id: string; placement: string; requests: number; last_bucket: number }>();
  for (const r of rows) {
    if (known.has(r.placement_id) || r.requests === 0) continue;
    const e = bySlug.get(r.placement_id);
    if (!e)
      bySlug.set(r.placement_id, {
        placement_id: r.placement_id,
        placement: r.placement_type,
        requests: r.requests,
        last_bucket: r.last_bucket,
      });
    else {
      e.requests += r.requests;
      if (r.last_bucket > e.last_bucket) Object.assign(e, { last_bucket: r.last_bucket, placement: r.placement_type });
    }
  }
  return {
    unknown_placements: [...bySlug.values()]
      .sort((a, b) => b.requests - a.requests || a.placement_id.localeCompare(b.placement_id))
      .slice(0, 50)
      .map(({ last_bucket, ...u }) => ({
        ...u,
        last_seen_at: new Date(Math.min(now, (last_bucket + 1) * QUARTER_HOUR_MS)).toISOString(),
      })),
    window_hours: UNKNOWN_PLACEMENTS_WINDOW_HOURS,
  };
}

export async function publisherDevices(ctx: Ctx, publisherId: string, q: RangeQuery) {
  const { range, byKey } = await breakdown(ctx, publisherId, 'device', q, 365);
  return {
    devices: DEVICE_TYPES.map((device_type) => {
      const e = byKey.get(device_type);
      const t = e?.total ?? noDelivery();
      return {
        device_type,
        impressions: t.impressions,
        clicks: t.clicks,
        ...pubFigures(t),
        daily: daysOf(range).map((d) => {
          const c = e?.days.get(d) ?? noDelivery();
          return { date: dayString(d), device_type, impressions: c.impressions, clicks: c.clicks, ...pubFigures(c) };
        }),
      };
    }),
    period_days: range.lastDay - range.firstDay + 1,
  };
}

/** Country code for reports: ISO 3166-1 alpha-2, `ZZ` (unknown region) when it could not be determined. */
const countryCode = (c: string): string => c || 'ZZ';

export async function publisherGeography(ctx: Ctx, publisherId: string, q: RangeQuery) {
  const { range, byKey } = await breakdown(ctx, publisherId, 'country', q, 365);
  const countries = [...byKey.entries()]
    .map(([country, e]) => ({
      country_code: countryCode(country),
      impressions: e.total.impressions,
      clicks: e.total.clicks,
      ...pubFigures(e.total),
    }))
    .sort(
      (a, b) => b.impressions - a.impressions || b.clicks - a.clicks || a.country_code.localeCompare(b.country_code),
    );
  return { countries, period_days: range.lastDay - range.firstDay + 1 };
}

/** Window of the top-countries report (it takes no days parameter): the last 30 UTC days including today. */
export const COUNTRIES_WINDOW_DAYS = 30;

export async function publisherCountries(ctx: Ctx, publisherId: string, q: CountriesQuery) {
  const today = Math.floor(ctx.clock.now() / DAY_MS);
  const firstDay = today - COUNTRIES_WINDOW_DAYS + 1;
  const fromMs = firstDay * DAY_MS;
  const toMs = (today + 1) * DAY_MS;
  const [traffic, users] = await Promise.all([
    repo.publisherCountryTraffic(ctx.db, publisherId, fromMs / QUARTER_HOUR_MS, toMs / QUARTER_HOUR_MS),
    repo.publisherUniqueSessions(ctx.db, publisherId, fromMs, toMs),
  ]);
  const all = traffic.reduce((a, r) => a + r.requests, 0);
  const countries = traffic
    .map((r) => ({
      country_code: countryCode(r.country),
      requests: r.requests,
      ads_served: r.wins,
      unique_users: users.get(r.country) ?? 0,
      pct_requests: m.percentOf(r.requests, all),
    }))
    .sort((a, b) => b.requests - a.requests || a.country_code.localeCompare(b.country_code))
    .slice(0, q.limit);
  return { countries, period_days: COUNTRIES_WINDOW_DAYS };
}
