import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../db/index.js';
import type { ConversionTable, DB } from '../../db/schema.js';
import type { RollupRow } from '../tracking/rollup.js';
import type { RollupWriters } from '../tracking/service.js';

/**
 * Storage of conversions. A batch is written in one transaction: the webhook
 * receipt (idempotency), dedup keys (unique per advertiser × event type ×
 * event id; a key older than the window is taken over by the next event), the
 * new records, their rollup deltas and the gateway activity. On SQLite the
 * whole write is synchronous inside one immediate transaction with prepared
 * statements (nothing else can interleave on the shared connection); on
 * PostgreSQL it is one transaction of multi-row statements, dedup keys taken
 * in one sorted order so concurrent writers never deadlock.
 */
const CHUNK = 300;
const chunks = <T>(rows: T[], n = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += n) out.push(rows.slice(i, i + n));
  return out;
};

export type ConversionRow = ConversionTable;

const CONVERSION_COLS = [
  'id',
  'advertiser_id',
  'source',
  'event_type',
  'event_name',
  'event_id',
  'event_at',
  'received_at',
  'action_source',
  'page_url',
  'value_micros',
  'currency',
  'order_id',
  'custom_json',
  'identity_json',
  'visitor_id',
  'session_id',
  'device',
  'client_context_json',
  'attributed',
  'attribution_note',
  'click_id',
  'campaign_id',
  'ad_group_id',
  'ad_id',
  'publisher_id',
  'placement_id',
  'verified',
  'counted',
  'spend_micros',
  'revenue_micros',
  'take_micros',
] as const satisfies readonly (keyof ConversionRow)[];

export interface CommitInput {
  advertiserId: string;
  now: number;
  windowMs: number;
  /** Rows in batch order. */
  rows: ConversionRow[];
  /** Per row, the dedup event id (keyed with the row's event_type); null: not deduplicated (no event id). */
  dedupIds: (string | null)[];
  /** Rollup deltas of the rows that turned out new. */
  rollups: (isNew: boolean[]) => RollupRow[];
  /** Writes them with their mirrors in this commit's transaction (tracking's `rollupWriters`). */
  writeRollups: RollupWriters;
  /** Real events received (for the gateway status); 0 writes nothing. */
  activity: number;
  /** Idempotency of a webhook delivery: when already seen, nothing else is written. */
  receipt?: { provider: string; externalId: string; outcome: string };
}

export interface CommitResult {
  isNew: boolean[];
  receiptDuplicate: boolean;
}

const SQL = {
  receipt:
    'INSERT INTO webhook_receipts (provider, advertiser_id, external_id, outcome, received_at) VALUES (?, ?, ?, ?, ?) ' +
    'ON CONFLICT (provider, advertiser_id, external_id) DO NOTHING RETURNING provider',
  dedup:
    'INSERT INTO conversion_dedup (advertiser_id, event_type, event_id, seen_at, conversion_id) VALUES (?, ?, ?, ?, ?) ' +
    'ON CONFLICT (advertiser_id, event_type, event_id) DO NOTHING',
  dedupTakeOver:
    'UPDATE conversion_dedup SET seen_at = ?, conversion_id = ? WHERE advertiser_id = ? AND event_type = ? AND event_id = ? AND seen_at <= ?',
  conversion: `INSERT INTO conversions (${CONVERSION_COLS.join(', ')}) VALUES (${CONVERSION_COLS.map(() => '?').join(', ')})`,
  activity:
    'INSERT INTO gateway_activity (advertiser_id, first_received_at, last_received_at, events_total) VALUES (?, ?, ?, ?) ' +
    'ON CONFLICT (advertiser_id) DO UPDATE SET last_received_at = excluded.last_received_at, events_total = gateway_activity.events_total + excluded.events_total',
};

const prepared = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();
function stmt(sqlite: BetterSqlite3.Database, text: string): BetterSqlite3.Statement {
  let cache = prepared.get(sqlite);
  if (!cache) prepared.set(sqlite, (cache = new Map()));
  let st = cache.get(text);
  if (!st) {
    st = sqlite.prepare(text);
    if (cache.size > 100) cache.clear();
    cache.set(text, st);
  }
  return st;
}

function commitSqlite(sqlite: BetterSqlite3.Database, input: CommitInput): CommitResult {
  const tx = sqlite.transaction((): CommitResult => {
    if (input.receipt) {
      const r = input.receipt;
      if (!stmt(sqlite, SQL.receipt).get(r.provider, input.advertiserId, r.externalId, r.outcome, input.now)) {
        return { isNew: input.rows.map(() => false), receiptDuplicate: true };
      }
    }
    const dedup = stmt(sqlite, SQL.dedup);
    const takeOver = stmt(sqlite, SQL.dedupTakeOver);
    const insert = stmt(sqlite, SQL.conversion);
    const threshold = input.now - input.windowMs;
    const adv = input.advertiserId;
    const n = input.rows.length;
    const isNew: boolean[] = new Array(n);
    // One parameter array for every row (better-sqlite3 reads it during run()).
    const params: unknown[] = new Array(CONVERSION_COLS.length);
    for (let i = 0; i < n; i++) {
      const row = input.rows[i];
      const k = input.dedupIds[i];
      // A new key, or a key past the window taken over; a live key is a duplicate.
      if (
        k !== null &&
        dedup.run(adv, row.event_type, k, input.now, row.id).changes === 0 &&
        takeOver.run(input.now, row.id, adv, row.event_type, k, threshold).changes === 0
      ) {
        isNew[i] = false;
        continue;
      }
      for (let c = 0; c < CONVERSION_COLS.length; c++) params[c] = row[CONVERSION_COLS[c]];
      insert.run(params);
      isNew[i] = true;
    }
    input.writeRollups.sqlite(sqlite, input.rollups(isNew));
    if (input.activity > 0) stmt(sqlite, SQL.activity).run(input.advertiserId, input.now, input.now, input.activity);
    return { isNew, receiptDuplicate: false };
  });
  return tx.immediate();
}

async function commitPostgres(db: Kysely<DB>, input: CommitInput): Promise<CommitResult> {
  return db.transaction().execute(async (trx) => {
    if (input.receipt) {
      const got = await trx
        .insertInto('webhook_receipts')
        .values({
          provider: input.receipt.provider,
          advertiser_id: input.advertiserId,
          external_id: input.receipt.externalId,
          outcome: input.receipt.outcome,
          received_at: input.now,
        })
        .onConflict((oc) => oc.columns(['provider', 'advertiser_id', 'external_id']).doNothing())
        .returning('provider')
        .execute();
      if (got.length === 0) return { isNew: input.rows.map(() => false), receiptDuplicate: true };
    }
    const keyed = input.rows
      .flatMap((r, i) => {
        const k = input.dedupIds[i];
        return k === null ? [] : [{ key: { event_type: r.event_type, event_id: k }, id: r.id }];
      })
      .sort((a, b) => (a.key.event_type + '\u0001' + a.key.event_id < b.key.event_type + '\u0001' + b.key.event_id ? -1 : 1));
    const fresh = new Set<string>();
    const threshold = input.now - input.windowMs;
    for (const part of chunks(keyed, 500)) {
      const got = await trx
        .insertInto('conversion_dedup')
        .values(part.map((k) => ({ advertiser_id: input.advertiserId, event_type: k.key.event_type, event_id: k.key.event_id, seen_at: input.now, conversion_id: k.id })))
        .onConflict((oc) =>
          oc
            .columns(['advertiser_id', 'event_type', 'event_id'])
            .doUpdateSet((eb) => ({ seen_at: eb.ref('excluded.seen_at'), conversion_id: eb.ref('excluded.conversion_id') }))
            .where('conversion_dedup.seen_at', '<=', threshold),
        )
        .returning('conversion_id')
        .execute();
      for (const g of got) fresh.add(g.conversion_id);
    }
    const isNew = input.rows.map((r, i) => input.dedupIds[i] === null || fresh.has(r.id));
    const newRows = input.rows.filter((_, i) => isNew[i]);
    for (const part of chunks(newRows)) await trx.insertInto('conversions').values(part).execute();
    await input.writeRollups.postgres(trx, input.rollups(isNew));
    if (input.activity > 0) {
      await trx
        .insertInto('gateway_activity')
        .values({ advertiser_id: input.advertiserId, first_received_at: input.now, last_received_at: input.now, events_total: input.activity })
        .onConflict((oc) =>
          oc.column('advertiser_id').doUpdateSet((eb) => ({
            last_received_at: eb.ref('excluded.last_received_at'),
            events_total: eb('gateway_activity.events_total', '+', eb.ref('excluded.events_total')),
          })),
        )
        .execute();
    }
    return { isNew, receiptDuplicate: false };
  });
}

export async function commitConversions(database: Database, input: CommitInput): Promise<CommitResult> {
  const sqlite = database.sqlite;
  if (!sqlite) return commitPostgres(database.db, input);
  // Another module's Kysely transaction may be open on the shared connection: wait for it to end.
  while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
  const result = commitSqlite(sqlite, input);
  // A batch is ~1 MB of WAL: checkpoints run off the event loop while conversions are written, as for the journal.
  database.checkpointer?.active();
  return result;
}

/** Forget dedup keys older than the window (they can no longer match). */
export async function purgeDedup(db: Kysely<DB>, before: number): Promise<number> {
  const r = await db.deleteFrom('conversion_dedup').where('seen_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

// --- suppression lists

export async function suppressedAmong(db: Kysely<DB>, advertiserId: string, hashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(hashes)], 500)) {
    const rows = await db
      .selectFrom('conversion_suppressions')
      .select('identity_hash')
      .where('advertiser_id', '=', advertiserId)
      .where('identity_hash', 'in', part)
      .execute();
    for (const r of rows) out.add(r.identity_hash);
  }
  return out;
}

export async function hasSuppressions(db: Kysely<DB>, advertiserId: string): Promise<boolean> {
  const r = await db.selectFrom('conversion_suppressions').select('identity_hash').where('advertiser_id', '=', advertiserId).limit(1).executeTakeFirst();
  return r !== undefined;
}

export async function addSuppressions(db: Kysely<DB>, advertiserId: string, hashes: string[], now: number): Promise<number> {
  let added = 0;
  for (const part of chunks([...new Set(hashes)], 500)) {
    const r = await db
      .insertInto('conversion_suppressions')
      .values(part.map((h) => ({ advertiser_id: advertiserId, identity_hash: h, created_at: now })))
      .onConflict((oc) => oc.columns(['advertiser_id', 'identity_hash']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function removeSuppressions(db: Kysely<DB>, advertiserId: string, hashes: string[]): Promise<number> {
  let removed = 0;
  for (const part of chunks([...new Set(hashes)], 500)) {
    const r = await db
      .deleteFrom('conversion_suppressions')
      .where('advertiser_id', '=', advertiserId)
      .where('identity_hash', 'in', part)
      .executeTakeFirst();
    removed += Number(r.numDeletedRows ?? 0);
  }
  return removed;
}

export async function countSuppressions(db: Kysely<DB>, advertiserId: string): Promise<number> {
  const r = await db
    .selectFrom('conversion_suppressions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// --- reads for reports

export interface ConversionFilter {
  advertiserId: string;
  campaignId?: string;
  eventType?: string;
  /** Conversion time in [from, to) (ms). */
  from?: number;
  to?: number;
}

function filtered<O>(q0: SelectQueryBuilder<DB, 'conversions', O>, f: ConversionFilter): SelectQueryBuilder<DB, 'conversions', O> {
  let q = q0.where('advertiser_id', '=', f.advertiserId);
  if (f.campaignId) q = q.where('campaign_id', '=', f.campaignId);
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  if (f.from !== undefined) q = q.where('event_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('event_at', '<', f.to);
  return q;
}

/** Newest conversion time first (then newest id); `before`: the position of the last row of the previous page. */
export async function listConversions(db: Kysely<DB>, f: ConversionFilter & { before?: { at: number; id: string }; limit: number }) {
  let q = filtered(
    db
      .selectFrom('conversions')
      .select(['id', 'event_type', 'value_micros', 'currency', 'event_at', 'campaign_id', 'ad_group_id', 'order_id', 'page_url', 'source', 'attributed', 'attribution_note']),
    f,
  );
  const b = f.before;
  if (b) q = q.where((eb) => eb.or([eb('event_at', '<', b.at), eb.and([eb('event_at', '=', b.at), eb('id', '<', b.id)])]));
  return q.orderBy('event_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** The conversion time of one of an advertiser's conversions (for cursors that name only an id). */
export const conversionTime = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db.selectFrom('conversions').select('event_at').where('advertiser_id', '=', advertiserId).where('id', '=', id).executeTakeFirst();

export async function countConversions(db: Kysely<DB>, f: ConversionFilter): Promise<number> {
  const r = await filtered(db.selectFrom('conversions').select((eb) => eb.fn.countAll<number>().as('n')), f).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Conversions per bucket of `bucketMs` (aligned to the epoch) and per event type, in [from, to). */
export async function conversionSeries(
  db: Kysely<DB>,
  f: { advertiserId: string; from: number; to: number; eventType?: string; bucketMs: number },
) {
  let q = db
    .selectFrom('conversions')
    .select((eb) => [sql<number>`(event_at / ${sql.lit(f.bucketMs)})`.as('b'), 'event_type', eb.fn.countAll<number>().as('n')])
    .where('advertiser_id', '=', f.advertiserId)
    .where('event_at', '>=', f.from)
    .where('event_at', '<', f.to);
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  const rows = await q.groupBy([sql`(event_at / ${sql.lit(f.bucketMs)})`, 'event_type']).execute();
  return rows.map((r) => ({ bucket: Math.floor(Number(r.b)), event_type: r.event_type, n: Number(r.n) }));
}

// --- pixel events

export type PixelEventRow = DB['pixel_events'];

export async function insertPixelEvents(db: Kysely<DB>, rows: PixelEventRow[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('pixel_events').values(part).execute();
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
  if (f.domain) q = q.where(sql<boolean>`lower(domain) like ${'%' + f.domain.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`);
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  const rows = await q.groupBy([sql`(at / 3600000)`, 'domain', 'event_type']).execute();
  return rows.map((r) => ({ hour: Math.floor(Number(r.h)), domain: r.domain, event_type: r.event_type, n: Number(r.n), last_at: Number(r.last_at) }));
}

export async function hasPixelEvents(db: Kysely<DB>, advertiserId: string): Promise<boolean> {
  const r = await db.selectFrom('pixel_events').select('id').where('advertiser_id', '=', advertiserId).limit(1).executeTakeFirst();
  return r !== undefined;
}

// --- gateway activity

export const gatewayActivity = (db: Kysely<DB>, advertiserId: string) =>
  db.selectFrom('gateway_activity').selectAll().where('advertiser_id', '=', advertiserId).executeTakeFirst();
