import type { Kysely } from 'kysely';
import type { DB, AdvertiserTable, ApiKeyTable, CreditTable, PublisherTable } from '../../db/schema.js';

export const insertPublisher = (db: Kysely<DB>, row: PublisherTable) =>
  db.insertInto('publishers').values(row).execute();
export const insertAdvertiser = (db: Kysely<DB>, row: AdvertiserTable) =>
  db.insertInto('advertisers').values(row).execute();
export const insertApiKey = (db: Kysely<DB>, row: ApiKeyTable) => db.insertInto('api_keys').values(row).execute();

export const findPublisher = (db: Kysely<DB>, id: string) =>
  db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
export const findAdvertiser = (db: Kysely<DB>, id: string) =>
  db.selectFrom('advertisers').selectAll().where('id', '=', id).executeTakeFirst();

/** Names of some advertisers (ids that do not exist are left out). */
export const advertiserNames = (db: Kysely<DB>, ids: string[]) =>
  ids.length
    ? db.selectFrom('advertisers').select(['id', 'name']).where('id', 'in', ids).execute()
    : Promise.resolve([]);
export const setPublisherIndexAccess = (db: Kysely<DB>, id: string, on: boolean) =>
  db
    .updateTable('publishers')
    .set({ index_approved: on ? 1 : 0 })
    .where('id', '=', id)
    .executeTakeFirst();

export const listPublishers = (db: Kysely<DB>) =>
  db.selectFrom('publishers').selectAll().orderBy('created_at').execute();
export const listAdvertisers = (db: Kysely<DB>) =>
  db.selectFrom('advertisers').selectAll().orderBy('created_at').execute();

export const findKeyByHash = (db: Kysely<DB>, keyHash: string) =>
  db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();

export const findKey = (db: Kysely<DB>, id: string) =>
  db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();

export const listKeys = (db: Kysely<DB>, accountId: string) =>
  db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();

export const revokeKey = (db: Kysely<DB>, id: string, at: number) =>
  db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();

export const revokeKeysByLabel = (db: Kysely<DB>, accountId: string, label: string, at: number) =>
  db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('label', '=', label)
    .where('revoked_at', 'is', null)
    .execute();

/** Insert a credit; false when its `external_id` (a Checkout session) was credited already. */
export async function insertCredit(db: Kysely<DB>, row: CreditTable): Promise<boolean> {
  const r = await db
    .insertInto('credits')
    .values(row)
    .onConflict((oc) => oc.column('external_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const listCredits = (db: Kysely<DB>, advertiserId: string) =>
  db
    .selectFrom('credits')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();

export const findCredit = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db
    .selectFrom('credits')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .where('id', '=', id)
    .executeTakeFirst();

export const setStripeCustomer = (db: Kysely<DB>, advertiserId: string, customerId: string) =>
  db.updateTable('advertisers').set({ stripe_customer_id: customerId }).where('id', '=', advertiserId).execute();

export async function creditsTotal(db: Kysely<DB>, advertiserId: string): Promise<number> {
  const r = await db
    .selectFrom('credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_micros'), eb.lit(0)).as('total'))
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();
  return Number(r?.total ?? 0);
}

export const setPaymentMethod = (db: Kysely<DB>, advertiserId: string, has: boolean) =>
  db
    .updateTable('advertisers')
    .set({ has_payment_method: has ? 1 : 0 })
    .where('id', '=', advertiserId)
    .execute();
