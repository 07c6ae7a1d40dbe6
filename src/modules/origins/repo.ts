import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Every publisher's allowed browser origins (JSON arrays), for the per-process cache. */
export const allOrigins = (db: Kysely<DB>) =>
  db
    .selectFrom('publishers')
    .select(['id', 'allowed_origins_json'])
    .where('allowed_origins_json', 'is not', null)
    .execute();

export async function publisherOrigins(db: Kysely<DB>, publisherId: string): Promise<string | null | undefined> {
  const r = await db
    .selectFrom('publishers')
    .select('allowed_origins_json')
    .where('id', '=', publisherId)
    .executeTakeFirst();
  return r ? r.allowed_origins_json : undefined;
}

export const setPublisherOrigins = (db: Kysely<DB>, publisherId: string, json: string | null) =>
  db.updateTable('publishers').set({ allowed_origins_json: json }).where('id', '=', publisherId).execute();
