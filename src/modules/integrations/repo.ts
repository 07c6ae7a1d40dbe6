import type { Kysely } from 'kysely';
import type { DB, ShopConnectionTable } from '../../db/schema.js';

/** Integration secrets (encrypted by the caller), storefront connections and OAuth states. */

export const getSecret = (db: Kysely<DB>, advertiserId: string, provider: string) =>
  db
    .selectFrom('integration_secrets')
    .select(['secret_enc', 'updated_at'])
    .where('advertiser_id', '=', advertiserId)
    .where('provider', '=', provider)
    .executeTakeFirst();

export async function putSecret(
  db: Kysely<DB>,
  advertiserId: string,
  provider: string,
  secretEnc: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('integration_secrets')
    .values({ advertiser_id: advertiserId, provider, secret_enc: secretEnc, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['advertiser_id', 'provider']).doUpdateSet({ secret_enc: secretEnc, updated_at: now }),
    )
    .execute();
}

export async function deleteSecret(db: Kysely<DB>, advertiserId: string, provider: string): Promise<boolean> {
  const r = await db
    .deleteFrom('integration_secrets')
    .where('advertiser_id', '=', advertiserId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0) > 0;
}

export const listShopConnections = (db: Kysely<DB>, advertiserId: string) =>
  db
    .selectFrom('shop_connections')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .orderBy('connected_at', 'asc')
    .execute();

export const findShopConnection = (db: Kysely<DB>, shopDomain: string) =>
  db.selectFrom('shop_connections').selectAll().where('shop_domain', '=', shopDomain).executeTakeFirst();

/** Connect (or reconnect) a shop; a shop belongs to one advertiser at a time. */
export async function upsertShopConnection(db: Kysely<DB>, row: ShopConnectionTable): Promise<void> {
  await db
    .insertInto('shop_connections')
    .values(row)
    .onConflict((oc) =>
      oc.column('shop_domain').doUpdateSet({
        advertiser_id: row.advertiser_id,
        access_token_enc: row.access_token_enc,
        scopes: row.scopes,
        is_active: 1,
        connected_at: row.connected_at,
        verification_status: 'pending',
        verified_at: null,
      }),
    )
    .execute();
}

export async function markShopVerified(db: Kysely<DB>, shopDomain: string, now: number): Promise<void> {
  await db
    .updateTable('shop_connections')
    .set({ verification_status: 'verified', verified_at: now })
    .where('shop_domain', '=', shopDomain)
    .where('verification_status', '!=', 'verified')
    .execute();
}

export async function deactivateShop(db: Kysely<DB>, advertiserId: string, id: string): Promise<boolean> {
  const r = await db
    .updateTable('shop_connections')
    .set({ is_active: 0 })
    .where('advertiser_id', '=', advertiserId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) > 0;
}

export async function insertOauthState(db: Kysely<DB>, row: DB['shop_oauth_states']): Promise<void> {
  await db
    .deleteFrom('shop_oauth_states')
    .where('expires_at', '<', row.expires_at - 3600_000)
    .execute();
  await db.insertInto('shop_oauth_states').values(row).execute();
}

/** Take a state once: it is deleted as it is read, so a callback cannot be replayed. */
export async function takeOauthState(db: Kysely<DB>, stateHash: string) {
  const row = await db
    .selectFrom('shop_oauth_states')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const del = await db.deleteFrom('shop_oauth_states').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(del.numDeletedRows ?? 0) > 0 ? row : undefined;
}
