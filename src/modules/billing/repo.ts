import type { Kysely } from 'kysely';
import type { BillingCheckoutTable, DB } from '../../db/schema.js';

export const insertCheckout = (db: Kysely<DB>, row: BillingCheckoutTable) =>
  db.insertInto('billing_checkouts').values(row).execute();

export const findCheckout = (db: Kysely<DB>, id: string) =>
  db.selectFrom('billing_checkouts').selectAll().where('id', '=', id).executeTakeFirst();

export const completeCheckout = (db: Kysely<DB>, id: string, at: number) =>
  db.updateTable('billing_checkouts').set({ status: 'complete', completed_at: at }).where('id', '=', id).execute();

/** Record a webhook event as handled; false when it was handled before (the same event id). */
export async function insertEvent(
  db: Kysely<DB>,
  row: { id: string; type: string; received_at: number },
): Promise<boolean> {
  const r = await db
    .insertInto('billing_events')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}
