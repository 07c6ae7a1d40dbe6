import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';

/** SQL of the conversion reports and of the browser pixel events. */
export interface ConversionFilter {
  advertiserId: string;
  campaignId?: string;
  eventType?: string;
  /** Conversion time in [from, to) (ms). */
  from?: number;
  to?: number;
}

function filtered<O>(
  q0: SelectQueryBuilder<DB, 'conversions', O>,
  f: ConversionFilter,
): SelectQueryBuilder<DB, 'conversions', O> {
  let q = q0.where('advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('campaign_id', '=', f.campaignId);
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  if (f.from !== undefined) q = q.where('event_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('event_at', '<', f.to);
  return q;
}

/** Newest conversion time first (then newest id); `before`: the position of the last row of the previous page. */
export async function listConversions(
  db: Kysely<DB>,
  f: ConversionFilter & { before?: { at: number; id: string }; limit: number },
) {
  let q = filtered(
    db
      .selectFrom('conversions')
      .select([
        'id',
        'event_type',
        'value_micros',
        'currency',
        'event_at',
        'campaign_id',
        'ad_group_id',
        'order_id',
        'page_url',
        'source',
        'attributed',
        'attribution_note',
      ]),
    f,
  );
  const b = f.before;
  if (b)
    q = q.where((eb) => eb.or([eb('event_at', '<', b.at), eb.and([eb('event_at', '=', b.at), eb('id', '<', b.id)])]));
  return q.orderBy('event_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** The conversion time of one of an advertiser's conversions (for cursors that name only an id). */
export const conversionTime = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db
    .selectFrom('conversions')
    .select('event_at')
    .where('advertiser_id', '=', advertiserId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function countConversions(db: Kysely<DB>, f: ConversionFilter): Promise<number> {
  const r = await filtered(
    db.selectFrom('conversions').select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  ).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Conversions per bucket of `bucketMs` (aligned to the epoch) and per event type, in [from, to). */
export async function conversionSeries(
  db: Kysely<DB>,
  f: { advertiserId: string; from: number; to: number; eventType?: string; bucketMs: number },
) {
  let q = db
    .selectFrom('conversions')
    .select((eb) => [
      sql<number>`(event_at / ${sql.lit(f.bucketMs)})`.as('b'),
      'event_type',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('advertiser_id', '=', f.advertiserId)
    .where('event_at', '>=', f.from)
    .where('event_at', '<', f.to);
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  const rows = await q.groupBy([sql`(event_at / ${sql.lit(f.bucketMs)})`, 'event_type']).execute();
  return rows.map((r) => ({ bucket: Math.floor(Number(r.b)), event_type: r.event_type, n: Number(r.n) }));
}

// --- pixel events

export type PixelEventRow = DB['pixel_events'];
const PIXEL_CHUNK = 300;

export async function insertPixelEvents(db: Kysely<DB>, rows: PixelEventRow[]): Promise<void> {
  for (const part of chunks(rows, PIXEL_CHUNK)) await db.insertInto('pixel_events').values(part).execute();
}

export async function pixelEventSeries(
  db: Kysely<DB>,
  f: { advertiserId: string; from: number; to: number; domain?: string; eventType?: string },
) {
  let q = db
    .selectFrom('pixel_events')
    .select((eb) => [
      sql<number>`(at / 3600000)`.as('h'),
      'domain',
      'event_type',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max<number>('at').as('last_at'),
    ])
    .where('advertiser_id', '=', f.advertiserId)
    .where('at', '>=', f.from)
    .where('at', '<', f.to);
  if (f.domain)
    q = q.where(
      sql<boolean>`lower(domain) like ${'%' + f.domain.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`,
    );
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  const rows = await q.groupBy([sql`(at / 3600000)`, 'domain', 'event_type']).execute();
  return rows.map((r) => ({
    hour: Math.floor(Number(r.h)),
    domain: r.domain,
    event_type: r.event_type,
    n: Number(r.n),
    last_at: Number(r.last_at),
  }));
}

export async function hasPixelEvents(db: Kysely<DB>, advertiserId: string): Promise<boolean> {
  const r = await db
    .selectFrom('pixel_events')
    .select('id')
    .where('advertiser_id', '=', advertiserId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
