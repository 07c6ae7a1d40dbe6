import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';
import { ROLLUP_COUNTER_COLUMNS, zeroCounters } from '../tracking/rollup.js';

/**
 * The read side of the rollups. Every report reads `rollup_scope_day` and
 * `rollup_scope_qh` (scope totals, kept by triggers on `rollups`) or, for the
 * publisher's per-placement/device/country breakdowns, `rollups` itself;
 * never the event tables (except distinct sessions for unique users).
 *
 * The counters are the rollups' own list (owned by the write side).
 */
export const COUNTERS = ROLLUP_COUNTER_COLUMNS;
export type Counter = (typeof COUNTERS)[number];
export type Counters = Record<Counter, number>;
export type Scope = 'pub' | 'cmp' | 'grp';

export const zero = (): Counters => zeroCounters();

const sums = COUNTERS.map((c) => `SUM(${c}) AS ${c}`).join(', ');

function counters(r: Record<string, unknown>): Counters {
  const out = zero();
  for (const c of COUNTERS) out[c] = Number(r[c] ?? 0);
  return out;
}

/*
 * Scope ids are filtered by the caller, not in SQL: a `scope_id IN (…)` term
 * tempts SQLite into an automatic index over the whole table, while the rows
 * of one parent in a range are already one primary-key range.
 */

export interface DayRow extends Counters {
  day: number;
  scope_id: string;
}

/** Scope rows per UTC day, days fromDay..toDay inclusive. */
export async function scopeDays(
  db: Kysely<DB>,
  scope: Scope,
  parentId: string,
  fromDay: number,
  toDay: number,
  read: readonly Counter[] = COUNTERS,
): Promise<DayRow[]> {
  const res = await sql<Record<string, unknown>>`
    SELECT day, scope_id, ${sql.raw(read.join(', '))} FROM rollup_scope_day
    WHERE scope = ${scope} AND parent_id = ${parentId} AND day >= ${fromDay} AND day <= ${toDay}`.execute(db);
  return res.rows.map((r) => ({ day: Number(r.day), scope_id: String(r.scope_id), ...counters(r) }));
}

export interface RangeRow extends Counters {
  from: number;
  to: number;
  scope_id: string;
}

const RANGE_CHUNK = 400;

/**
 * Scope sums over each bucket range [from, to), one index range scan per
 * range. PostgreSQL needs a LATERAL join to plan it that way (a plain join
 * scans every row of the parent); SQLite plans the plain join so by itself.
 */
export async function scopeRanges(
  db: Kysely<DB>,
  dialect: Dialect,
  scope: Scope,
  parentId: string,
  ranges: [number, number][],
  read: readonly Counter[] = COUNTERS,
): Promise<RangeRow[]> {
  const out: RangeRow[] = [];
  const picked = (alias: string) => sql.raw(read.map((c) => `SUM(${alias}${c}) AS ${c}`).join(', '));
  for (let i = 0; i < ranges.length; i += RANGE_CHUNK) {
    const part = ranges.slice(i, i + RANGE_CHUNK);
    const res =
      dialect === 'postgres'
        ? await sql<Record<string, unknown>>`
      SELECT r.a AS a, r.b AS b, x.* FROM unnest(CAST(${part.map((p) => p[0])} AS bigint[]), CAST(${part.map((p) => p[1])} AS bigint[])) AS r(a, b)
      CROSS JOIN LATERAL (
        SELECT q.scope_id AS scope_id, ${picked('q.')} FROM rollup_scope_qh q
        WHERE q.scope = ${scope} AND q.parent_id = ${parentId} AND q.bucket >= r.a AND q.bucket < r.b
        GROUP BY q.scope_id) x`.execute(db)
        : await sql<Record<string, unknown>>`
      WITH r(a, b) AS (VALUES ${sql.join(part.map(([a, b]) => sql`(CAST(${a} AS bigint), CAST(${b} AS bigint))`))})
      SELECT r.a AS a, r.b AS b, q.scope_id AS scope_id, ${picked('q.')}
      FROM r JOIN rollup_scope_qh q
        ON q.scope = ${scope} AND q.parent_id = ${parentId} AND q.bucket >= r.a AND q.bucket < r.b
      GROUP BY r.a, r.b, q.scope_id`.execute(db);
    for (const r of res.rows) out.push({ from: Number(r.a), to: Number(r.b), scope_id: String(r.scope_id), ...counters(r) });
  }
  return out;
}

/** Lifetime totals per scope id under a parent. */
export async function scopeLifetime(db: Kysely<DB>, scope: Scope, parentId: string): Promise<(Counters & { scope_id: string })[]> {
  const res = await sql<Record<string, unknown>>`
    SELECT scope_id, ${sql.raw(sums)} FROM rollup_scope_day
    WHERE scope = ${scope} AND parent_id = ${parentId} GROUP BY scope_id`.execute(db);
  return res.rows.map((r) => ({ scope_id: String(r.scope_id), ...counters(r) }));
}

export type PublisherDim = 'placement' | 'device' | 'country';

export interface DimRow {
  day: number;
  key: string;
  placement_type: string;
  impressions: number;
  clicks: number;
  revenue_micros: number;
}

/** A publisher's delivery per UTC day and one dimension, from `rollups`, buckets [fromBucket, toBucket). */
export async function publisherByDim(
  db: Kysely<DB>,
  publisherId: string,
  dim: PublisherDim,
  fromBucket: number,
  toBucket: number,
): Promise<DimRow[]> {
  const col = dim === 'placement' ? 'placement_id' : dim;
  const typeCol = dim === 'placement' ? 'placement_type' : "''";
  const res = await sql<Record<string, unknown>>`
    SELECT bucket / 96 AS day, ${sql.raw(col)} AS k, ${sql.raw(typeCol)} AS t,
           SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(revenue_micros) AS revenue_micros
    FROM rollups
    WHERE publisher_id = ${publisherId} AND bucket >= ${fromBucket} AND bucket < ${toBucket}
      AND (impressions <> 0 OR clicks <> 0 OR revenue_micros <> 0)
    GROUP BY bucket / 96, ${sql.raw(col)}${sql.raw(dim === 'placement' ? ', placement_type' : '')}`.execute(db);
  return res.rows.map((r) => ({
    day: Number(r.day),
    key: String(r.k),
    placement_type: String(r.t),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    revenue_micros: Number(r.revenue_micros),
  }));
}

/** Requests and wins per country, buckets [fromBucket, toBucket). */
export async function publisherCountryTraffic(db: Kysely<DB>, publisherId: string, fromBucket: number, toBucket: number) {
  const res = await sql<Record<string, unknown>>`
    SELECT country, SUM(requests) AS requests, SUM(wins) AS wins FROM rollups
    WHERE publisher_id = ${publisherId} AND bucket >= ${fromBucket} AND bucket < ${toBucket} AND (requests <> 0 OR wins <> 0)
    GROUP BY country`.execute(db);
  return res.rows.map((r) => ({ country: String(r.country), requests: Number(r.requests), wins: Number(r.wins) }));
}

/** Distinct sessions per country among a publisher's counted ad requests in [fromMs, toMs). */
export async function publisherUniqueSessions(db: Kysely<DB>, publisherId: string, fromMs: number, toMs: number) {
  const res = await sql<Record<string, unknown>>`
    SELECT country, COUNT(DISTINCT session_hash) AS users FROM ad_requests
    WHERE publisher_id = ${publisherId} AND at >= ${fromMs} AND at < ${toMs} AND is_test = 0
    GROUP BY country`.execute(db);
  return new Map(res.rows.map((r) => [String(r.country), Number(r.users)]));
}

/** Delivery of some ads (legacy ad units serve as ads) per campaign and bucket, buckets [fromBucket, toBucket). */
export async function adsByBucket(db: Kysely<DB>, advertiserId: string, adIds: string[], fromBucket: number, toBucket: number) {
  if (adIds.length === 0) return [];
  const res = await sql<Record<string, unknown>>`
    SELECT campaign_id, ad_id, bucket, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(spend_micros) AS spend_micros
    FROM rollups
    WHERE advertiser_id = ${advertiserId} AND ad_id IN (${sql.join(adIds)}) AND bucket >= ${fromBucket} AND bucket < ${toBucket}
      AND (impressions <> 0 OR clicks <> 0 OR spend_micros <> 0)
    GROUP BY campaign_id, ad_id, bucket`.execute(db);
  return res.rows.map((r) => ({
    campaign_id: String(r.campaign_id),
    ad_id: String(r.ad_id),
    bucket: Number(r.bucket),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    spend_micros: Number(r.spend_micros),
  }));
}
