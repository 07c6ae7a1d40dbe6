import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type BetterSqlite3 from 'better-sqlite3';
import { settleRollups, type Database, type Dialect } from '../../db/index.js';
import { byDialect } from '../../db/sql.js';
import { ROLLUP_COUNTER_COLUMNS, zeroCounters } from '../ledger/rollup.js';

/**
 * The read side of the rollups. Every report reads `rollup_scope_day` and
 * `rollup_scope_qh` (scope totals, written in the same transaction as every
 * rollup by tracking's rollup writer) or, for the publisher's
 * per-placement/device/country breakdowns, `rollups` itself;
 * never the event tables (except distinct sessions for unique users).
 * Each reader first settles the rollups (`settleRollups`: the ad request
 * records the journal still holds back are committed, and on SQLite, deltas
 * still in the writer thread's rollup log are folded in).
 *
 * The counters are the rollups' own list (owned by the write side).
 */
export const COUNTERS = ROLLUP_COUNTER_COLUMNS;
export type Counter = (typeof COUNTERS)[number];
export type Counters = Record<Counter, number>;
export type Scope = 'pub' | 'cmp' | 'grp';

export const zero = (): Counters => zeroCounters();

const lifetimeSums = COUNTERS.map((c) => `SUM(${c}) AS ${c}`).join(', ');

function counters(r: Record<string, unknown>): Counters {
  const out = zero();
  for (const c of COUNTERS) out[c] = Number(r[c] ?? 0);
  return out;
}

/*
 * Scope ids are filtered by the caller, not in SQL: a `scope_id IN (…)` term
 * tempts SQLite into an automatic index over the whole table, while the rows
 * of one parent in a range are already one primary-key range.
 *
 * The two scope reads below return their rows packed: one text per UTC day
 * (or per bucket range) holding `counter,counter,…,scope_id` records
 * separated by U+001E, handed here to a sink row by row. An advertiser's 2,000
 * ad groups over 30 days are ~60,000 rows; building a driver row (object or
 * array) for each cost several times the query itself, packing them ~1/5.
 */

/**
 * Receives each row read from a scope table: its key (a UTC day, or a range's
 * index), scope id and counters (in the order read; a scratch array, valid
 * during the call only).
 */
export type ScopeSink = (key: number, id: string, values: Float64Array) => void;

const statements = new WeakMap<NonNullable<Database['sqlite']>, Map<string, BetterSqlite3.Statement>>();

/** Rows as arrays. `text` uses `?` placeholders (numbered for PostgreSQL here). */
function rawRows(database: Database, text: string, params: unknown[]): Promise<unknown[][]> {
  return byDialect(database, {
    sqlite: () => sqliteRawRows(database.sqlite!, text, params),
    postgres: () => postgresRawRows(database.pool!, text, params),
  });
}

async function sqliteRawRows(
  sqlite: NonNullable<Database['sqlite']>,
  text: string,
  params: unknown[],
): Promise<unknown[][]> {
  // Never read inside another module's open transaction on the shared handle (it could still roll back).
  while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let st = cache.get(text);
  if (!st) {
    if (cache.size > 200) cache.clear();
    cache.set(text, (st = sqlite.prepare(text).raw(true)));
  }
  return st.all(...params) as unknown[][];
}

async function postgresRawRows(
  pool: NonNullable<Database['pool']>,
  text: string,
  params: unknown[],
): Promise<unknown[][]> {
  let n = 0;
  const res = await pool.query({ text: text.replace(/\?/g, () => `$${++n}`), values: params, rowMode: 'array' });
  return res.rows as unknown[][];
}

/** The text aggregate of the packed records: `group_concat` on SQLite, `string_agg` on PostgreSQL. */
const stringAgg = (dialect: Dialect) =>
  byDialect(dialect, { sqlite: () => 'group_concat', postgres: () => 'string_agg' });

/** The record separator U+001E as SQL: `char(30)` on SQLite, `chr(30)` on PostgreSQL. */
const recordSeparator = (dialect: Dialect) =>
  byDialect(dialect, { sqlite: () => 'char(30)', postgres: () => 'chr(30)' });

/** The SQL of one packed record of a row of table alias `q`. */
const packed = (dialect: Database['dialect'], read: readonly Counter[]) =>
  `${read.map((c) => `q.${c}`).join(" || ',' || ")} || ',' || q.scope_id, ${recordSeparator(dialect)}`;

/** Hands each record of one packed text (null: no rows) to `sink`. */
function unpack(sink: ScopeSink, key: number, text: unknown, values: Float64Array): void {
  if (text === null || text === undefined) return;
  const s = String(text);
  const end = s.length;
  const width = values.length;
  let p = 0;
  while (p < end) {
    for (let k = 0; k < width; k++) {
      let c = s.charCodeAt(p);
      const neg = c === 45;
      if (neg) c = s.charCodeAt(++p);
      let v = 0;
      const start = p;
      while (c >= 48 && c <= 57) {
        v = v * 10 + (c - 48);
        c = s.charCodeAt(++p);
      }
      if (p === start || c !== 44) throw new Error(`scope rows: not an integer counter at ${p} of a packed row`);
      values[k] = neg ? -v : v;
      p++;
    }
    let e = s.indexOf('\x1e', p);
    if (e < 0) e = end;
    sink(key, s.slice(p, e), values);
    p = e + 1;
  }
}

/** Scope rows per UTC day, days fromDay..toDay inclusive (key: the UTC day). */
export async function scopeDays(
  database: Database,
  scope: Scope,
  parentId: string,
  fromDay: number,
  toDay: number,
  read: readonly Counter[],
  sink: ScopeSink,
): Promise<void> {
  await settleRollups(database.db);
  const rows = await rawRows(
    database,
    `SELECT q.day, ${stringAgg(database.dialect)}(${packed(database.dialect, read)}) FROM rollup_scope_day q
     WHERE q.scope = ? AND q.parent_id = ? AND q.day >= ? AND q.day <= ? GROUP BY q.day`,
    [scope, parentId, fromDay, toDay],
  );
  const values = new Float64Array(read.length);
  for (const r of rows) unpack(sink, Number(r[0]), r[1], values);
}

const RANGE_CHUNK = 400;

/**
 * Scope rows in bucket ranges [from, to) of the quarter-hour table, one index
 * range scan per range (key: the range's index in `ranges`); a row in two
 * ranges is listed twice: each range is packed by its own subquery (a
 * LATERAL join on PostgreSQL), not by grouping the joined rows per range and
 * id, which sorted them. `summed`: the rows of each id in a range are summed
 * in SQL into one (for reads of a single id — a publisher's stats — that is
 * one row per range instead of up to 48; PostgreSQL plans it as before).
 * PostgreSQL needs the LATERAL join to read one index range per range (a
 * plain join scans every row of the parent); SQLite plans the join so itself.
 */
export async function scopeRanges(
  database: Database,
  scope: Scope,
  parentId: string,
  ranges: readonly (readonly [number, number])[],
  read: readonly Counter[],
  summed: boolean,
  sink: ScopeSink,
): Promise<void> {
  await settleRollups(database.db);
  const values = new Float64Array(read.length);
  const where = 'q.scope = ? AND q.parent_id = ? AND q.bucket >= r.a AND q.bucket < r.b';
  // Summed: [i, ...sums, scope_id] rows, few enough to need no packing. Otherwise one packed text per range.
  const sums = read.map((c) => `SUM(q.${c}) AS ${c}`).join(', ');
  const sql = summed
    ? `SELECT ${sums}, q.scope_id AS scope_id FROM rollup_scope_qh q WHERE ${where} GROUP BY q.scope_id`
    : `SELECT ${stringAgg(database.dialect)}(${packed(database.dialect, read)}) AS s FROM rollup_scope_qh q WHERE ${where}`;
  for (let i = 0; i < ranges.length; i += RANGE_CHUNK) {
    const part = ranges.slice(i, i + RANGE_CHUNK);
    const rows = await scopeRangeChunk(database, { part, first: i, sql, where, sums, summed, scope, parentId });
    if (!summed) {
      for (const r of rows) unpack(sink, Number(r[0]), r[1], values);
      continue;
    }
    for (const r of rows) {
      for (let k = 0; k < values.length; k++) values[k] = Number(r[1 + k]);
      sink(Number(r[0]), String(r[1 + values.length]), values);
    }
  }
}

/**
 * One chunk of `scopeRanges`: its ranges `part` (numbered from `first`) joined
 * to the per-range query `sql`. PostgreSQL: a LATERAL join over `unnest` of
 * the ranges. SQLite: a `VALUES` table of them, joined (summed) or with the
 * query as a scalar subquery per range.
 */
function scopeRangeChunk(
  database: Database,
  q: {
    part: readonly (readonly [number, number])[];
    first: number;
    sql: string;
    where: string;
    sums: string;
    summed: boolean;
    scope: Scope;
    parentId: string;
  },
): Promise<unknown[][]> {
  const { part, first: i, sql, where, sums, summed, scope, parentId } = q;
  return byDialect(database, {
    postgres: () =>
      rawRows(
        database,
        `SELECT r.i, x.* FROM unnest(CAST(? AS int[]), CAST(? AS bigint[]), CAST(? AS bigint[])) AS r(i, a, b) CROSS JOIN LATERAL (${sql}) x`,
        [part.map((_, k) => i + k), part.map((p) => p[0]), part.map((p) => p[1]), scope, parentId],
      ),
    sqlite: () =>
      rawRows(
        database,
        `WITH r(i, a, b) AS (VALUES ${part.map(() => '(?, CAST(? AS bigint), CAST(? AS bigint))').join(', ')})
           ${summed ? `SELECT r.i, ${sums}, q.scope_id FROM r JOIN rollup_scope_qh q ON ${where} GROUP BY r.i, q.scope_id` : `SELECT r.i, (${sql}) FROM r`}`,
        [...part.flatMap((p, k) => [i + k, p[0], p[1]]), scope, parentId],
      ),
  });
}

/** Lifetime totals per scope id under a parent. */
export async function scopeLifetime(
  db: Kysely<DB>,
  scope: Scope,
  parentId: string,
): Promise<(Counters & { scope_id: string })[]> {
  await settleRollups(db);
  const res = await sql<Record<string, unknown>>`
    SELECT scope_id, ${sql.raw(lifetimeSums)} FROM rollup_scope_day
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
  await settleRollups(db);
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

/**
 * Requests and wins of a publisher's rollups per `cols`, buckets [fromBucket,
 * toBucket), with the last bucket that saw either; groups with neither are
 * left out.
 */
async function publisherTraffic(
  db: Kysely<DB>,
  publisherId: string,
  fromBucket: number,
  toBucket: number,
  cols: readonly ('placement_id' | 'placement_type' | 'country')[],
) {
  await settleRollups(db);
  const group = sql.raw(cols.join(', '));
  const res = await sql<Record<string, unknown>>`
    SELECT ${group}, SUM(requests) AS requests, SUM(wins) AS wins, MAX(bucket) AS last_bucket FROM rollups
    WHERE publisher_id = ${publisherId} AND bucket >= ${fromBucket} AND bucket < ${toBucket} AND (requests <> 0 OR wins <> 0)
    GROUP BY ${group}`.execute(db);
  return res.rows.map((r) => ({
    r,
    requests: Number(r.requests),
    wins: Number(r.wins),
    last_bucket: Number(r.last_bucket),
  }));
}

/**
 * Requests and wins per placement slug (and the type the requests named),
 * buckets [fromBucket, toBucket), with the last bucket that saw a request.
 * Every ad request records its slots here, unknown slugs included, so this
 * is also where recent requests for slugs that are not placements show.
 */
export async function publisherPlacementTraffic(
  db: Kysely<DB>,
  publisherId: string,
  fromBucket: number,
  toBucket: number,
) {
  const rows = await publisherTraffic(db, publisherId, fromBucket, toBucket, ['placement_id', 'placement_type']);
  return rows.map(({ r, ...t }) => ({
    placement_id: String(r.placement_id),
    placement_type: String(r.placement_type),
    ...t,
  }));
}

/** Requests and wins per country, buckets [fromBucket, toBucket). */
export async function publisherCountryTraffic(
  db: Kysely<DB>,
  publisherId: string,
  fromBucket: number,
  toBucket: number,
) {
  const rows = await publisherTraffic(db, publisherId, fromBucket, toBucket, ['country']);
  return rows.map(({ r, requests, wins }) => ({ country: String(r.country), requests, wins }));
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
export async function adsByBucket(
  db: Kysely<DB>,
  advertiserId: string,
  adIds: string[],
  fromBucket: number,
  toBucket: number,
) {
  await settleRollups(db);
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

/**
 * The onboarding check's facts (reporting/onboarding.ts): when Orbit first saw
 * an ad request of the publisher (test requests included: `ad_requests` by
 * publisher and time) and its first test impression (a partial index of test
 * events); counted impressions come from the lifetime rollups.
 */
export async function publisherFirstTraffic(
  db: Kysely<DB>,
  publisherId: string,
): Promise<{ firstRequestAt: number | null; firstTestImpressionAt: number | null }> {
  const [req, imp] = await Promise.all([
    db
      .selectFrom('ad_requests')
      .select('at')
      .where('publisher_id', '=', publisherId)
      .orderBy('at')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('tracking_events')
      .select((eb) => eb.fn.min<number>('at').as('at'))
      .where('publisher_id', '=', publisherId)
      .where('kind', '=', 'imp')
      // A literal, so both planners see the partial index's own condition.
      .where(sql<boolean>`is_test = 1`)
      .executeTakeFirst(),
  ]);
  return {
    firstRequestAt: req ? Number(req.at) : null,
    firstTestImpressionAt: imp?.at == null ? null : Number(imp.at),
  };
}
