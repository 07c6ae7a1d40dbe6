import type { Ctx } from '../../context.js';
import { BadRequest } from '../../lib/errors.js';
import { microsToDollars } from '../../lib/money.js';
import { QUARTER_HOUR_MS } from '../../lib/clock.js';
import {
  decompose,
  dayIntervals,
  dayString,
  DAY_MS,
  localDay,
  parseDay,
  QUARTERS_PER_DAY,
  requireTimeZone,
} from '../../lib/tz.js';
import * as m from '../../lib/metrics.js';
import { DEVICE_TYPES } from '../../lib/placement-types.js';
import * as accounts from '../accounts/service.js';
import { listPublisherPlacements } from '../placements/service.js';
import { invalidTrafficByReason } from '../tracking/service.js';
import { SIVT_REASONS } from '../ivt/rules.js';
import * as repo from './repo.js';
import { COUNTERS, zero, type Counters, type Scope } from './repo.js';
import type { CountriesQuery, RangeQuery } from './schemas.js';

// ---------- ranges ----------

export interface DayRange {
  tz: string;
  firstDay: number;
  lastDay: number;
}

/**
 * The local days a report covers: the last `days` days up to today in `tz`,
 * or start_date..end_date (given together; they override days), at most
 * `maxDays` long. Bad dates, a lone date, end before start or a longer
 * range are 400s naming the parameter.
 */
export function resolveRange(ctx: Ctx, q: RangeQuery, maxDays: number): DayRange {
  const tz = requireTimeZone(q.tz);
  if (q.start_date === undefined && q.end_date === undefined) {
    const lastDay = localDay(tz, ctx.clock.now());
    return { tz, firstDay: lastDay - q.days + 1, lastDay };
  }
  if (q.start_date === undefined || q.end_date === undefined) {
    const field = q.start_date === undefined ? 'start_date' : 'end_date';
    throw new BadRequest(`${field}: start_date and end_date must be given together`, [
      { field, message: 'required with the other date' },
    ]);
  }
  const firstDay = parseDay(q.start_date);
  if (firstDay === null)
    throw new BadRequest(`start_date: "${q.start_date}" is not a calendar date`, [
      { field: 'start_date', message: 'not a calendar date' },
    ]);
  const lastDay = parseDay(q.end_date);
  if (lastDay === null)
    throw new BadRequest(`end_date: "${q.end_date}" is not a calendar date`, [
      { field: 'end_date', message: 'not a calendar date' },
    ]);
  if (lastDay < firstDay)
    throw new BadRequest('end_date: must not be before start_date', [
      { field: 'end_date', message: 'before start_date' },
    ]);
  if (lastDay - firstDay + 1 > maxDays) {
    throw new BadRequest(`end_date: the range covers ${lastDay - firstDay + 1} days; at most ${maxDays} are allowed`, [
      { field: 'end_date', message: `range longer than ${maxDays} days` },
    ]);
  }
  return { tz, firstDay, lastDay };
}

/** The same range as epoch milliseconds [from, to): from the start of its first local day to the end of its last, in its timezone. */
export function resolveRangeMs(ctx: Ctx, q: RangeQuery, maxDays: number): DayRange & { from: number; to: number } {
  const r = resolveRange(ctx, q, maxDays);
  const iv = dayIntervals(r.tz, r.firstDay, r.lastDay);
  return { ...r, from: iv[0].from * QUARTER_HOUR_MS, to: iv[iv.length - 1].to * QUARTER_HOUR_MS };
}

const daysOf = (r: DayRange): number[] => Array.from({ length: r.lastDay - r.firstDay + 1 }, (_, i) => r.firstDay + i);

// ---------- the scope engine ----------

function addInto(into: Counters, from: Counters, sign: 1 | -1, read: readonly repo.Counter[] = COUNTERS): void {
  for (const c of read) into[c] += sign * from[c];
}

/**
 * Counters of some scope ids per local day of a range, dense: the counter
 * `read[k]` of id `ids[i]` on local day `firstDay + d` is
 * `cells[(i * days + d) * read.length + k]` (0 where nothing was recorded).
 */
export interface ScopeGrid {
  ids: string[];
  firstDay: number;
  days: number;
  read: readonly repo.Counter[];
  cells: Float64Array;
}

/** Where one read term lands: the local day index and the sign it is added with. */
type Target = { day: number; sign: 1 | -1 };

/**
 * Counters per scope id per local day of `range`, exact in its timezone: each
 * local day is read as whole UTC days from `rollup_scope_day` plus or minus
 * short quarter-hour ranges from `rollup_scope_qh` (see lib/tz decompose).
 * `ids` fixes the ids and their order (rows of other ids are skipped); without
 * it, every id with rows is listed, in the order first read.
 */
export async function scopeGrid(
  ctx: Ctx,
  scope: Scope,
  parentId: string,
  range: DayRange,
  ids?: readonly string[],
  read: readonly repo.Counter[] = COUNTERS,
): Promise<ScopeGrid> {
  const days = range.lastDay - range.firstDay + 1;
  let minDay = Infinity;
  let maxDay = -Infinity;
  const dayTerms: [number, Target][] = [];
  const rangeIndex = new Map<string, number>();
  const ranges: [number, number][] = [];
  const rangeTargets: Target[][] = [];
  for (const iv of dayIntervals(range.tz, range.firstDay, range.lastDay)) {
    const day = iv.day - range.firstDay;
    for (const t of decompose(iv.from, iv.to)) {
      if ('day' in t) {
        minDay = Math.min(minDay, t.day);
        maxDay = Math.max(maxDay, t.day);
        dayTerms.push([t.day, { day, sign: t.sign }]);
      } else {
        const k = `${t.from}:${t.to}`;
        let i = rangeIndex.get(k);
        if (i === undefined) {
          rangeIndex.set(k, (i = ranges.length));
          ranges.push([t.from, t.to]);
          rangeTargets.push([]);
        }
        rangeTargets[i].push({ day, sign: t.sign });
      }
    }
  }
  // Targets of each UTC day, indexed by day - minDay.
  const dayTargets: Target[][] = minDay <= maxDay ? Array.from({ length: maxDay - minDay + 1 }, () => []) : [];
  for (const [d, t] of dayTerms) dayTargets[d - minDay].push(t);

  const index = new Map<string, number>();
  const list: string[] = [];
  for (const id of ids ?? []) if (!index.has(id)) index.set(id, list.push(id) - 1);
  const R = read.length;
  // With the ids known, rows are added as they are read; otherwise they are kept until every id is known.
  let cells = new Float64Array(ids ? list.length * days * R : 0);
  const later: [Target[], string, number[]][] = [];
  const apply = (targets: Target[], i: number, v: ArrayLike<number>) => {
    for (const t of targets) {
      const at = (i * days + t.day) * R;
      if (t.sign === 1) for (let k = 0; k < R; k++) cells[at + k] += v[k];
      else for (let k = 0; k < R; k++) cells[at + k] -= v[k];
    }
  };
  const sink =
    (targetsOf: (key: number) => Target[]): repo.ScopeSink =>
    (key, id, v) => {
      if (!ids) {
        if (!index.has(id)) index.set(id, list.push(id) - 1);
        later.push([targetsOf(key), id, Array.from(v)]);
        return;
      }
      const i = index.get(id);
      if (i !== undefined) apply(targetsOf(key), i, v);
    };
  await Promise.all([
    minDay <= maxDay &&
      repo.scopeDays(
        ctx.database,
        scope,
        parentId,
        minDay,
        maxDay,
        read,
        sink((d) => dayTargets[d - minDay]),
      ),
    ranges.length &&
      repo.scopeRanges(
        ctx.database,
        scope,
        parentId,
        ranges,
        read,
        ids?.length === 1,
        sink((i) => rangeTargets[i]),
      ),
  ]);
  if (!ids) {
    cells = new Float64Array(list.length * days * R);
    for (const [targets, id, v] of later) apply(targets, index.get(id)!, v);
  }
  return { ids: list, firstDay: range.firstDay, days, read, cells };
}

/**
 * The same as a map: scope id → local day → counters (the counters not read
 * are 0). Days whose counters are all zero are absent.
 */
export async function scopeSeries(
  ctx: Ctx,
  scope: Scope,
  parentId: string,
  range: DayRange,
  ids?: string[],
  read: readonly repo.Counter[] = COUNTERS,
): Promise<Map<string, Map<number, Counters>>> {
  const g = await scopeGrid(ctx, scope, parentId, range, ids, read);
  const R = read.length;
  const out = new Map<string, Map<number, Counters>>();
  g.ids.forEach((id, i) => {
    for (let d = 0; d < g.days; d++) {
      const at = (i * g.days + d) * R;
      let nonZero = false;
      for (let k = 0; k < R; k++) if (g.cells[at + k] !== 0) nonZero = true;
      if (!nonZero) continue;
      const c = zero();
      for (let k = 0; k < R; k++) c[read[k]] = g.cells[at + k];
      let s = out.get(id);
      if (!s) out.set(id, (s = new Map()));
      s.set(g.firstDay + d, c);
    }
  });
  return out;
}

function total(series: Map<number, Counters> | undefined): Counters {
  const t = zero();
  if (series) for (const c of series.values()) addInto(t, c, 1);
  return t;
}

const dollars = microsToDollars;

// ---------- publisher ----------

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

/**
 * Invalid impressions and clicks by reason (ivt/rules.ts) over a report's
 * range, for a publisher or an advertiser, most first: what the reports show
 * beside the `invalid_impressions` / `invalid_clicks` totals.
 */
export async function invalidTraffic(
  ctx: Ctx,
  scope: { publisherId?: string; advertiserId?: string; campaignId?: string },
  range: DayRange,
) {
  const intervals = dayIntervals(range.tz, range.firstDay, range.lastDay);
  if (intervals.length === 0) return [];
  const from = intervals[0].from * QUARTER_HOUR_MS;
  const to = intervals[intervals.length - 1].to * QUARTER_HOUR_MS;
  const byReason = new Map<
    string,
    { reason: string; kind: 'general' | 'sophisticated'; invalid_impressions: number; invalid_clicks: number }
  >();
  for (const r of await invalidTrafficByReason(ctx, scope, from, to)) {
    let e = byReason.get(r.reason);
    if (!e)
      byReason.set(
        r.reason,
        (e = {
          reason: r.reason,
          kind: SIVT_REASONS.has(r.reason) ? 'sophisticated' : 'general',
          invalid_impressions: 0,
          invalid_clicks: 0,
        }),
      );
    if (r.kind === 'imp') e.invalid_impressions += r.n;
    else e.invalid_clicks += r.n;
  }
  return [...byReason.values()].sort(
    (a, b) =>
      b.invalid_clicks + b.invalid_impressions - (a.invalid_clicks + a.invalid_impressions) ||
      a.reason.localeCompare(b.reason),
  );
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

// ---------- operator ----------

/**
 * The platform ledger over a range (operator only): per publisher, the spend
 * charged on its inventory, the publisher's revenue and the platform's take,
 * from the same rollups as every other report; spend = revenue + take.
 */
export async function platformLedger(ctx: Ctx, q: RangeQuery) {
  const range = resolveRange(ctx, q, 3650);
  const publishers = await accounts.listPublishers(ctx);
  const rows = await Promise.all(
    publishers.map(async (p) => {
      const t = total((await scopeSeries(ctx, 'pub', p.id, range, [p.id])).get(p.id));
      return {
        publisher_id: p.id,
        spend: dollars(t.spend_micros),
        publisher_revenue: dollars(t.revenue_micros),
        platform_take: dollars(t.take_micros),
        micros: t,
      };
    }),
  );
  const sum = zero();
  for (const r of rows) addInto(sum, r.micros, 1);
  return {
    start_date: dayString(range.firstDay),
    end_date: dayString(range.lastDay),
    tz: range.tz,
    total_spend: dollars(sum.spend_micros),
    total_publisher_revenue: dollars(sum.revenue_micros),
    total_platform_take: dollars(sum.take_micros),
    publishers: rows.filter((r) => r.micros.spend_micros !== 0).map(({ micros: _m, ...r }) => r),
  };
}
