import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../../db/index.js';
import { placeholders, rawQuery, type PgQuery } from '../../db/raw.js';
import type { AdRequestTable, AdServeTable, ServedAd, TrackingEventTable } from '../../db/schema.js';
import { byDialect } from '../../db/sql.js';
import { clickVersusImpression } from '../ivt/rules.js';
import * as ledger from '../ledger/service.js';
import { RollupAccumulator, type RollupRow } from '../ledger/rollup.js';
import { eventRollup, invalidate } from './record.js';

/**
 * The journal's storage: one transaction per group commit, holding the
 * append-only records and the rollup deltas they cause. The hot path uses
 * prepared statements (SQLite) and multi-row statements (PostgreSQL) directly.
 */
export type EventRow = Omit<TrackingEventTable, 'id'>;

export interface Batch {
  requests: AdRequestTable[];
  serves: AdServeTable[];
  /** Judged and charged inside the transaction (clicks against their impressions, charges at the budget gate): changed in place. */
  events: EventRow[];
  /** Rollup deltas that always count (the ad requests'); the events' are derived from their final rows. */
  rollups: RollupRow[];
}

/** What the journal's transactions judge by (configuration, given to every store). */
export interface JournalRules {
  /** A click sooner than this after its impression is invalid traffic (`too_fast`). */
  minClickDelayMs: number;
}
export const DEFAULT_JOURNAL_RULES: JournalRules = { minClickDelayMs: 0 };

export interface JournalStore {
  /** Commit the batch durably; returns, per event, whether it was newly recorded (not a duplicate). */
  commit(batch: Batch): Promise<boolean[]>;
}

/** Where an ad was served and which ad it was: the columns an event and its serve both record, in this order. */
const SERVED_COLS = [
  'publisher_id',
  'placement_id',
  'placement_type',
  'campaign_id',
  'ad_group_id',
  'ad_id',
  'advertiser_id',
] as const satisfies readonly (keyof ServedAd)[];

export const EVENT_COLS = [
  'kind',
  'click_id',
  'at',
  ...SERVED_COLS,
  'device',
  'country',
  'ip_hash',
  'is_bot',
  'is_test',
  'spend_micros',
  'revenue_micros',
  'take_micros',
  'graid',
  'ivt_reason',
  'overdelivery_micros',
] as const;
export const REQUEST_COLS = [
  'id',
  'publisher_id',
  'at',
  'session_hash',
  'slots',
  'filled',
  'device',
  'country',
  'is_test',
] as const;
export const SERVE_COLS = [
  'click_id',
  'request_id',
  ...SERVED_COLS,
  'pricing',
  'price_micros',
  'at',
  'is_test',
] as const;

/** Human impressions of a batch by click id (a click may commit with its impression). */
function batchImpressions(events: EventRow[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of events) if (e.kind === 'imp' && e.is_bot === 0) m.set(e.click_id, e.at);
  return m;
}

const needsImpression = (e: EventRow): boolean => e.kind === 'click' && e.is_bot === 0 && e.is_test === 0;

/** A repeat of a recorded human click: recorded again as invalid traffic (`duplicate_click`). */
function duplicateOf(e: EventRow): EventRow {
  const d = { ...e };
  invalidate(d, 'duplicate_click');
  return d;
}

/** The rollup deltas of a commit: the requests', and each newly written event's, from its final row. */
function commitRollups(batch: Batch, written: EventRow[]): RollupRow[] {
  const acc = new RollupAccumulator();
  for (const r of batch.rollups) acc.addRow(r);
  for (const e of written) {
    const r = eventRollup(e);
    if (r) acc.addRow(r);
  }
  return acc.drain();
}

/**
 * The journal's SQLite transaction, synchronous, on a connection of the
 * caller's (the writer thread's own, or a shared one). In order: the ad
 * requests and serves; each event — a human click judged against its
 * impression first (ivt/rules.ts), then inserted (a repeat of a recorded
 * human click is recorded again as a `duplicate_click`); the new events'
 * charges through the budget gate (a refused one is updated to overdelivery);
 * the rollup deltas of the final rows. With `logRollups` the deltas go to the
 * rollup log as one row (the writer thread, which folds the log a few times a
 * second); otherwise into the rollups.
 */
export function sqliteJournalTx(
  sqlite: BetterSqlite3.Database,
  opts: { logRollups?: boolean; rules?: JournalRules } = {},
): (batch: Batch) => boolean[] {
  const rules = opts.rules ?? DEFAULT_JOURNAL_RULES;
  const insReq = sqlite.prepare(
    `INSERT INTO ad_requests (${REQUEST_COLS.join(', ')}) VALUES ${placeholders(REQUEST_COLS.length)}`,
  );
  const insServe = sqlite.prepare(
    `INSERT INTO ad_serves (${SERVE_COLS.join(', ')}) VALUES ${placeholders(SERVE_COLS.length)}`,
  );
  const insEvent = sqlite.prepare(
    `INSERT OR IGNORE INTO tracking_events (${EVENT_COLS.join(', ')}) VALUES ${placeholders(EVENT_COLS.length)}`,
  );
  const impressionAt = sqlite
    .prepare("SELECT at FROM tracking_events WHERE click_id = ? AND kind = 'imp' AND is_bot = 0")
    .pluck();
  const unbill = sqlite.prepare(
    'UPDATE tracking_events SET spend_micros = 0, revenue_micros = 0, take_micros = 0, overdelivery_micros = ? WHERE id = ?',
  );
  const writeRollups = ledger.sqliteRollupWriter(sqlite);
  const log = opts.logRollups ? ledger.rollupLogWriter(sqlite) : null;
  const insert = (e: EventRow) => insEvent.run(...EVENT_COLS.map((c) => e[c]));
  const spendLedger = ledger.sqliteLedger(sqlite);
  const tx = sqlite.transaction((batch: Batch): boolean[] => {
    for (const r of batch.requests) insReq.run(...REQUEST_COLS.map((c) => r[c]));
    for (const s of batch.serves) insServe.run(...SERVE_COLS.map((c) => s[c]));
    const events = batch.events;
    const inserted = new Array<boolean>(events.length);
    const written: EventRow[] = [];
    const charged: EventRow[] = [];
    const chargedIds: (number | bigint)[] = [];
    let here: Map<string, number> | null = null;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (needsImpression(e)) {
        here ??= batchImpressions(events);
        const reason = clickVersusImpression(
          e.at,
          here.get(e.click_id) ?? (impressionAt.get(e.click_id) as number | undefined),
          rules.minClickDelayMs,
        );
        if (reason) invalidate(e, reason);
      }
      const r = insert(e);
      inserted[i] = r.changes === 1;
      if (inserted[i]) {
        written.push(e);
        if (e.spend_micros > 0) {
          charged.push(e);
          chargedIds.push(r.lastInsertRowid);
        }
      } else if (e.kind === 'click' && e.is_bot === 0) {
        const d = duplicateOf(e);
        insert(d);
        written.push(d);
      }
    }
    const ledgerRows = ledger.gateChargesSqlite(
      sqlite,
      charged,
      (i) => unbill.run(charged[i].overdelivery_micros, chargedIds[i]),
      { logged: log !== null },
    );
    const rows = commitRollups(batch, written);
    if (!log) writeRollups(rows);
    else log(rows, ledgerRows);
    return inserted;
  });
  return (batch) => {
    const inserted = tx.immediate(batch);
    spendLedger.settled();
    return inserted;
  };
}

/** The journal store on a connection shared with Kysely (benchmarks, tools; the server commits on the writer thread). */
export function sqliteJournalStore(
  sqlite: BetterSqlite3.Database,
  onCommit: () => void = () => {},
  rules: JournalRules = DEFAULT_JOURNAL_RULES,
): JournalStore {
  const tx = sqliteJournalTx(sqlite, { rules });
  return {
    async commit(batch) {
      // The handle is shared with Kysely: never commit inside someone else's open
      // transaction (its rollback would undo records already acknowledged).
      while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
      const inserted = tx(batch);
      onCommit();
      return inserted;
    },
  };
}

async function multiInsert(
  client: pg.PoolClient,
  table: string,
  cols: readonly string[],
  rows: Record<string, unknown>[],
  suffix = '',
): Promise<pg.QueryResult> {
  const params: unknown[] = [];
  const tuples = rows.map((r) => `(${cols.map((c) => (params.push(r[c]), `$${params.length}`)).join(', ')})`);
  return client.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')} ${suffix}`, params);
}

const CHUNK = 1000;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** The journal's transaction on PostgreSQL: the same steps as `sqliteJournalTx`, as multi-row statements. */
export function postgresJournalStore(pool: pg.Pool, rules: JournalRules = DEFAULT_JOURNAL_RULES): JournalStore {
  return {
    async commit(batch) {
      const client = await pool.connect();
      const query: PgQuery = async (text, params) => (await client.query(text, params)).rows;
      try {
        await client.query('BEGIN');
        for (const part of chunks(batch.requests))
          await multiInsert(client, 'ad_requests', REQUEST_COLS, part as never);
        for (const part of chunks(batch.serves)) await multiInsert(client, 'ad_serves', SERVE_COLS, part as never);
        const events = batch.events;
        // Human clicks are judged against their impressions first (recorded before, or in this batch).
        const clicks = events.filter(needsImpression);
        if (clicks.length) {
          const here = batchImpressions(events);
          const missing = [...new Set(clicks.filter((e) => !here.has(e.click_id)).map((e) => e.click_id))];
          if (missing.length) {
            const rows = await query(
              "SELECT click_id, at FROM tracking_events WHERE kind = 'imp' AND is_bot = 0 AND click_id = ANY($1::text[])",
              [missing],
            );
            for (const r of rows as { click_id: string; at: number }[]) here.set(r.click_id, Number(r.at));
          }
          for (const e of clicks) {
            const reason = clickVersusImpression(e.at, here.get(e.click_id), rules.minClickDelayMs);
            if (reason) invalidate(e, reason);
          }
        }
        // Insert events one chunk at a time; RETURNING tells which were new. Human
        // duplicates inside the batch are settled here first (the first one wins).
        const inserted = new Array<boolean>(events.length).fill(false);
        const rowIds = new Array<number>(events.length).fill(0);
        const firstOf = new Map<string, number>();
        const candidates: number[] = [];
        events.forEach((e, i) => {
          if (e.is_bot) return void candidates.push(i);
          const k = `${e.click_id}\u0001${e.kind}`;
          if (!firstOf.has(k)) {
            firstOf.set(k, i);
            candidates.push(i);
          }
        });
        for (const part of chunks(candidates)) {
          const res = await multiInsert(
            client,
            'tracking_events',
            EVENT_COLS,
            part.map((i) => events[i]) as never,
            'ON CONFLICT (click_id, kind) WHERE is_bot = 0 DO NOTHING RETURNING id, click_id, kind, is_bot',
          );
          for (const i of part) if (events[i].is_bot) inserted[i] = true; // bot hits never conflict (and are never charged)
          for (const r of res.rows as { id: number; click_id: string; kind: string; is_bot: number }[]) {
            if (r.is_bot) continue;
            const i = firstOf.get(`${r.click_id}\u0001${r.kind}`)!;
            inserted[i] = true;
            rowIds[i] = Number(r.id);
          }
        }
        const written: EventRow[] = [];
        const duplicates: EventRow[] = [];
        const charged: number[] = [];
        events.forEach((e, i) => {
          if (inserted[i]) {
            written.push(e);
            if (e.spend_micros > 0) charged.push(i);
          } else if (e.kind === 'click' && e.is_bot === 0) duplicates.push(duplicateOf(e));
        });
        for (const part of chunks(duplicates)) await multiInsert(client, 'tracking_events', EVENT_COLS, part as never);
        for (const d of duplicates) written.push(d);
        const refused = await ledger.gateChargesPostgres(
          query,
          charged.map((i) => events[i]),
        );
        if (refused.length) {
          const ids = refused.map((k) => rowIds[charged[k]]);
          const over = refused.map((k) => events[charged[k]].overdelivery_micros);
          await query(
            'UPDATE tracking_events t SET spend_micros = 0, revenue_micros = 0, take_micros = 0, overdelivery_micros = d.o FROM unnest($1::bigint[], $2::bigint[]) AS d(id, o) WHERE t.id = d.id',
            [ids, over],
          );
        }
        await ledger.writeRollupsPostgres((text, params) => client.query(text, params), commitRollups(batch, written));
        await client.query('COMMIT');
        return inserted;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

export function journalStore(database: Database, rules: JournalRules = DEFAULT_JOURNAL_RULES): JournalStore {
  return byDialect(database, {
    sqlite: () => sqliteJournalStore(database.sqlite!, () => database.checkpointer?.active(), rules),
    postgres: () => postgresJournalStore(database.pool!, rules),
  });
}

// --- Conversion attribution support (issue #4): additive; used through tracking/service.ts.

/** A human click as attribution needs it: where it was served and what it was priced at. */
const CLICK_COLS = ['click_id', 'graid', 'at', ...SERVED_COLS, 'device', 'country', 'is_test'] as const;
export type ClickRow = Pick<TrackingEventTable, (typeof CLICK_COLS)[number]> & { pricing: string | null };

const CLICK_SELECT =
  `SELECT ${CLICK_COLS.map((c) => `e.${c}`).join(', ')}, s.pricing FROM tracking_events e ` +
  "LEFT JOIN ad_serves s ON s.click_id = e.click_id WHERE e.kind = 'click' AND e.is_bot = 0";
/** By click id (the unique index on (click_id, kind) of human events) or by graid (the partial graid index, hence the NOT NULL). */
const CLICKS_BY = { click_id: '', graid: 'e.graid IS NOT NULL AND ' } as const;
type ClickKey = keyof typeof CLICKS_BY;
const clickStatements = new WeakMap<BetterSqlite3.Database, Record<ClickKey, BetterSqlite3.Statement>>();

/** Human clicks whose `col` is one of `ids` (distinct): one statement, the ids as one JSON array (SQLite) or one array (PostgreSQL). */
function clicksBy(database: Database, col: ClickKey, ids: string[]): Promise<ClickRow[]> {
  return byDialect(database, {
    sqlite: async () => {
      const sqlite = database.sqlite!;
      let stmts = clickStatements.get(sqlite);
      if (!stmts) {
        const by = (c: ClickKey) =>
          sqlite.prepare(`${CLICK_SELECT} AND ${CLICKS_BY[c]}e.${c} IN (SELECT value FROM json_each(?))`);
        clickStatements.set(sqlite, (stmts = { click_id: by('click_id'), graid: by('graid') }));
      }
      return stmts[col].all(JSON.stringify(ids)) as ClickRow[];
    },
    postgres: async () =>
      (
        await database.db.executeQuery<ClickRow>(
          await rawQuery(`${CLICK_SELECT} AND e.${col} = ANY($1::text[])`, [ids]),
        )
      ).rows,
  });
}

/**
 * Human clicks by click id or by graid, one statement each whatever the
 * number of ids (they go as one JSON array on SQLite, one array on
 * PostgreSQL); on SQLite a statement prepared once per connection.
 */
export async function findClicks(database: Database, q: { clickIds: string[]; graids: string[] }): Promise<ClickRow[]> {
  const out: ClickRow[] = [];
  for (const [col, ids] of [
    ['click_id', q.clickIds],
    ['graid', q.graids],
  ] as const) {
    if (ids.length === 0) continue;
    for (const r of await clicksBy(database, col, [...new Set(ids)])) out.push(r);
  }
  return out;
}

/** Invalid impressions and clicks by reason in [from, to) for one publisher or advertiser (the partial indexes of migration 0012). */
export async function invalidTrafficByReason(
  db: Database['db'],
  scope: { publisherId?: string; advertiserId?: string; campaignId?: string },
  from: number,
  to: number,
): Promise<{ reason: string; kind: string; n: number }[]> {
  let q = db
    .selectFrom('tracking_events')
    .select((eb) => ['ivt_reason', 'kind', eb.fn.countAll<number>().as('n')])
    .where('ivt_reason', 'is not', null)
    .where('at', '>=', from)
    .where('at', '<', to)
    .where('is_test', '=', 0);
  if (scope.publisherId) q = q.where('publisher_id', '=', scope.publisherId);
  if (scope.advertiserId) q = q.where('advertiser_id', '=', scope.advertiserId);
  if (scope.campaignId) q = q.where('campaign_id', '=', scope.campaignId);
  const rows = await q.groupBy(['ivt_reason', 'kind']).execute();
  return rows.map((r) => ({ reason: r.ivt_reason!, kind: r.kind, n: Number(r.n) }));
}
