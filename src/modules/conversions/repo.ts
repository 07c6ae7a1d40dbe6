import type { Kysely } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../../db/index.js';
import type { ConversionTable, DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import type { RollupRow } from '../ledger/rollup.js';
import type { ChargeGates, RollupWriters } from '../ledger/service.js';
import { capConversion, confirmsBrowserConversion, emptyClick, type ClickConversions } from './caps.js';

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
  'charge_note',
  'overdelivery_micros',
] as const satisfies readonly (keyof ConversionRow)[];

export interface CommitInput {
  advertiserId: string;
  now: number;
  windowMs: number;
  /** Rows in batch order. */
  rows: ConversionRow[];
  /** Per row, the dedup event id (keyed with the row's event_type); null: not deduplicated (no event id). */
  dedupIds: (string | null)[];
  /** Rollup deltas of the rows, by outcome (rows are final: caps and the budget gate have run). */
  rollups: (outcomes: Outcome[]) => RollupRow[];
  /** Writes them with their mirrors in this commit's transaction (the ledger's `rollupWriters`). */
  writeRollups: RollupWriters;
  /** The budget gate every charge passes, in this commit's transaction (the ledger's `chargeGates`). */
  gate: ChargeGates;
  /** Counted conversions per click (conversions/caps.ts). */
  perClick: number;
  /** Real events received (for the gateway status); 0 writes nothing. */
  activity: number;
  /** Idempotency of a webhook delivery: when already seen, nothing else is written. */
  receipt?: { provider: string; externalId: string; outcome: string };
}

/**
 * What became of a row: written (`new`), a duplicate of a stored one, or the
 * charging source's report of a conversion the browser pixel already counted,
 * which charged the stored one (`confirmed`; conversions/caps.ts).
 */
export type Outcome = 'new' | 'duplicate' | 'confirmed';

export interface CommitResult {
  isNew: boolean[];
  outcomes: Outcome[];
  receiptDuplicate: boolean;
}

/** A stored conversion holding a dedup key, as a charging report of the same conversion sees it. */
interface Holder {
  id: string;
  source: string;
  click_id: string | null;
  counted: number;
  spend_micros: number;
  event_type: string;
}

/** The per-click state the caps start from: counted conversions of the batch's clicks, as stored. */
function clickStates(
  rows: { click_id: string; event_type: string; source: string; spend_micros: number }[],
): Map<string, ClickConversions> {
  const m = new Map<string, ClickConversions>();
  for (const r of rows) {
    let c = m.get(r.click_id);
    if (!c) m.set(r.click_id, (c = emptyClick()));
    c.counted++;
    if (Number(r.spend_micros) > 0) c.charged.add(r.event_type);
    if (r.source === 'pixel') c.browser.add(r.event_type);
  }
  return m;
}
const clickIdsOf = (rows: ConversionRow[]): string[] => [
  ...new Set(rows.flatMap((r) => (r.click_id && r.counted ? [r.click_id] : []))),
];
const stateOf = (m: Map<string, ClickConversions>, clickId: string): ClickConversions => {
  let c = m.get(clickId);
  if (!c) m.set(clickId, (c = emptyClick()));
  return c;
};

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
  clickConversions:
    'SELECT click_id, event_type, source, spend_micros FROM conversions WHERE click_id IN (SELECT value FROM json_each(?)) AND counted = 1',
  holder:
    'SELECT c.id, c.source, c.click_id, c.counted, c.spend_micros, c.event_type FROM conversion_dedup d JOIN conversions c ON c.id = d.conversion_id ' +
    'WHERE d.advertiser_id = ? AND d.event_type = ? AND d.event_id = ?',
  charge:
    'UPDATE conversions SET spend_micros = ?, revenue_micros = ?, take_micros = ?, overdelivery_micros = overdelivery_micros + ?, charge_note = ? WHERE id = ?',
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

/** The rows that charge (new ones with spend, and confirmations of browser conversions), for the budget gate. */
function chargesOf(rows: ConversionRow[], outcomes: Outcome[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) if (outcomes[i] !== 'duplicate' && rows[i].spend_micros > 0) out.push(i);
  return out;
}
const asChargeable = (r: ConversionRow) =>
  Object.assign(r, { at: r.event_at }) as ConversionRow & {
    at: number;
    campaign_id: string | null;
    ad_group_id: string | null;
  };

function commitSqlite(sqlite: BetterSqlite3.Database, input: CommitInput): CommitResult {
  const tx = sqlite.transaction((): CommitResult => {
    const n = input.rows.length;
    if (input.receipt) {
      const r = input.receipt;
      if (!stmt(sqlite, SQL.receipt).get(r.provider, input.advertiserId, r.externalId, r.outcome, input.now)) {
        return {
          isNew: input.rows.map(() => false),
          outcomes: input.rows.map(() => 'duplicate'),
          receiptDuplicate: true,
        };
      }
    }
    const dedup = stmt(sqlite, SQL.dedup);
    const takeOver = stmt(sqlite, SQL.dedupTakeOver);
    const insert = stmt(sqlite, SQL.conversion);
    const threshold = input.now - input.windowMs;
    const adv = input.advertiserId;
    const ids = clickIdsOf(input.rows);
    const clicks = clickStates(
      ids.length ? (stmt(sqlite, SQL.clickConversions).all(JSON.stringify(ids)) as never[]) : [],
    );
    const isNew: boolean[] = new Array(n);
    const outcomes: Outcome[] = new Array(n);
    const confirmedIds = new Map<number, string>();
    // One parameter array for every row (better-sqlite3 reads it during run()).
    const params: unknown[] = new Array(CONVERSION_COLS.length);
    const write = (row: ConversionRow) => {
      for (let c = 0; c < CONVERSION_COLS.length; c++) params[c] = row[CONVERSION_COLS[c]];
      insert.run(params);
    };
    for (let i = 0; i < n; i++) {
      const row = input.rows[i];
      const k = input.dedupIds[i];
      isNew[i] = false;
      // A new key, or a key past the window taken over; a live key is a duplicate (or a charging report of a browser conversion).
      if (
        k !== null &&
        dedup.run(adv, row.event_type, k, input.now, row.id).changes === 0 &&
        takeOver.run(input.now, row.id, adv, row.event_type, k, threshold).changes === 0
      ) {
        const held =
          row.spend_micros > 0
            ? (stmt(sqlite, SQL.holder).get(adv, row.event_type, k) as Holder | undefined)
            : undefined;
        if (held && confirmsBrowserConversion(held, row, stateOf(clicks, row.click_id ?? ''))) {
          stateOf(clicks, row.click_id!).charged.add(row.event_type);
          outcomes[i] = 'confirmed';
          confirmedIds.set(i, held.id);
        } else outcomes[i] = 'duplicate';
        continue;
      }
      if (row.click_id) capConversion(row, stateOf(clicks, row.click_id), input.perClick);
      write(row);
      isNew[i] = true;
      outcomes[i] = 'new';
    }
    const charging = chargesOf(input.rows, outcomes);
    const refused = new Set(
      input.gate
        .sqlite(
          sqlite,
          charging.map((i) => asChargeable(input.rows[i])),
        )
        .map((k) => charging[k]),
    );
    const charge = stmt(sqlite, SQL.charge);
    for (const i of charging) {
      const r = input.rows[i];
      if (refused.has(i)) r.charge_note = 'over_budget';
      if (refused.has(i) || confirmedIds.has(i)) {
        charge.run(
          r.spend_micros,
          r.revenue_micros,
          r.take_micros,
          refused.has(i) ? r.overdelivery_micros : 0,
          r.charge_note,
          confirmedIds.get(i) ?? r.id,
        );
      }
    }
    input.writeRollups.sqlite(sqlite, input.rollups(outcomes));
    if (input.activity > 0) stmt(sqlite, SQL.activity).run(input.advertiserId, input.now, input.now, input.activity);
    return { isNew, outcomes, receiptDuplicate: false };
  });
  return tx.immediate();
}

async function commitPostgres(db: Kysely<DB>, input: CommitInput): Promise<CommitResult> {
  return db.transaction().execute(async (trx) => {
    const n = input.rows.length;
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
      if (got.length === 0)
        return {
          isNew: input.rows.map(() => false),
          outcomes: input.rows.map(() => 'duplicate' as const),
          receiptDuplicate: true,
        };
    }
    const keyed = input.rows
      .flatMap((r, i) => {
        const k = input.dedupIds[i];
        return k === null ? [] : [{ key: { event_type: r.event_type, event_id: k }, id: r.id }];
      })
      .sort((a, b) =>
        a.key.event_type + '\u0001' + a.key.event_id < b.key.event_type + '\u0001' + b.key.event_id ? -1 : 1,
      );
    const fresh = new Set<string>();
    const threshold = input.now - input.windowMs;
    for (const part of chunks(keyed, 500)) {
      const got = await trx
        .insertInto('conversion_dedup')
        .values(
          part.map((k) => ({
            advertiser_id: input.advertiserId,
            event_type: k.key.event_type,
            event_id: k.key.event_id,
            seen_at: input.now,
            conversion_id: k.id,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['advertiser_id', 'event_type', 'event_id'])
            .doUpdateSet((eb) => ({
              seen_at: eb.ref('excluded.seen_at'),
              conversion_id: eb.ref('excluded.conversion_id'),
            }))
            .where('conversion_dedup.seen_at', '<=', threshold),
        )
        .returning('conversion_id')
        .execute();
      for (const g of got) fresh.add(g.conversion_id);
    }
    const isNew = input.rows.map((r, i) => input.dedupIds[i] === null || fresh.has(r.id));
    const ids = clickIdsOf(input.rows);
    const clicks = clickStates(
      ids.length
        ? ((await trx
            .selectFrom('conversions')
            .select(['click_id', 'event_type', 'source', 'spend_micros'])
            .where('click_id', 'in', ids)
            .where('counted', '=', 1)
            .execute()) as { click_id: string; event_type: string; source: string; spend_micros: number }[])
        : [],
    );
    const outcomes: Outcome[] = new Array(n);
    const confirmedIds = new Map<number, string>();
    for (let i = 0; i < n; i++) {
      const row = input.rows[i];
      if (isNew[i]) {
        if (row.click_id) capConversion(row, stateOf(clicks, row.click_id), input.perClick);
        outcomes[i] = 'new';
        continue;
      }
      outcomes[i] = 'duplicate';
      if (row.spend_micros <= 0 || input.dedupIds[i] === null) continue;
      const held = (await trx
        .selectFrom('conversion_dedup as d')
        .innerJoin('conversions as c', 'c.id', 'd.conversion_id')
        .select(['c.id', 'c.source', 'c.click_id', 'c.counted', 'c.spend_micros', 'c.event_type'])
        .where('d.advertiser_id', '=', input.advertiserId)
        .where('d.event_type', '=', row.event_type)
        .where('d.event_id', '=', input.dedupIds[i])
        .executeTakeFirst()) as Holder | undefined;
      if (held && confirmsBrowserConversion(held, row, stateOf(clicks, row.click_id ?? ''))) {
        stateOf(clicks, row.click_id!).charged.add(row.event_type);
        outcomes[i] = 'confirmed';
        confirmedIds.set(i, held.id);
      }
    }
    const charging = chargesOf(input.rows, outcomes);
    const refused = new Set(
      (
        await input.gate.postgres(
          trx,
          charging.map((i) => asChargeable(input.rows[i])),
        )
      ).map((k) => charging[k]),
    );
    for (const i of charging) if (refused.has(i)) input.rows[i].charge_note = 'over_budget';
    const newRows = input.rows.filter((_, i) => isNew[i]);
    for (const part of chunks(newRows, CHUNK))
      await trx.insertInto('conversions').values(part.map(conversionValues)).execute();
    for (const [i, id] of confirmedIds) {
      const r = input.rows[i];
      await trx
        .updateTable('conversions')
        .set({
          spend_micros: r.spend_micros,
          revenue_micros: r.revenue_micros,
          take_micros: r.take_micros,
          charge_note: r.charge_note,
        })
        .set((eb) => ({ overdelivery_micros: eb('overdelivery_micros', '+', r.overdelivery_micros) }))
        .where('id', '=', id)
        .execute();
    }
    await input.writeRollups.postgres(trx, input.rollups(outcomes));
    if (input.activity > 0) {
      await trx
        .insertInto('gateway_activity')
        .values({
          advertiser_id: input.advertiserId,
          first_received_at: input.now,
          last_received_at: input.now,
          events_total: input.activity,
        })
        .onConflict((oc) =>
          oc.column('advertiser_id').doUpdateSet((eb) => ({
            last_received_at: eb.ref('excluded.last_received_at'),
            events_total: eb('gateway_activity.events_total', '+', eb.ref('excluded.events_total')),
          })),
        )
        .execute();
    }
    return { isNew, outcomes, receiptDuplicate: false };
  });
}

/** A row's stored columns only (the gate adds `at` to the objects it judges). */
function conversionValues(r: ConversionRow): ConversionRow {
  const out: Record<string, unknown> = {};
  for (const c of CONVERSION_COLS) out[c] = r[c];
  return out as unknown as ConversionRow;
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

// --- gateway activity

export const gatewayActivity = (db: Kysely<DB>, advertiserId: string) =>
  db.selectFrom('gateway_activity').selectAll().where('advertiser_id', '=', advertiserId).executeTakeFirst();
