import type { Kysely } from 'kysely';
import type { DB, PixelTable } from '../../db/schema.js';

export const insertPixel = (db: Kysely<DB>, row: PixelTable) => db.insertInto('pixels').values(row).execute();

export const findByUrl = (db: Kysely<DB>, advertiserId: string, url: string) =>
  db
    .selectFrom('pixels')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .where('url', '=', url)
    .executeTakeFirst();

export const findPixel = (db: Kysely<DB>, id: string) =>
  db.selectFrom('pixels').selectAll().where('id', '=', id).executeTakeFirst();

export const listPixels = (db: Kysely<DB>, advertiserId: string) =>
  db
    .selectFrom('pixels')
    .selectAll()
    .where('advertiser_id', '=', advertiserId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const updatePixel = (db: Kysely<DB>, id: string, patch: Partial<Omit<PixelTable, 'id'>>) =>
  db.updateTable('pixels').set(patch).where('id', '=', id).execute();

/** Record a verification result unless events have already proven the pixel works. */
export const recordCheck = (db: Kysely<DB>, id: string, functional: boolean, error: string | null, at: number) =>
  db
    .updateTable('pixels')
    .set({ is_functional: functional ? 1 : 0, verification_error: error, last_checked_at: at })
    .where('id', '=', id)
    .where('last_seen_at', 'is', null)
    .execute();

export const markSeen = (db: Kysely<DB>, ids: string[], at: number) =>
  ids.length
    ? db
        .updateTable('pixels')
        .set({ is_functional: 1, verification_error: null, last_seen_at: at })
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([]);
