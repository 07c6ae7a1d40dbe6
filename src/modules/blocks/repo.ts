import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type BlockKind = 'advertiser' | 'category';

/** Add a block; a repeat is a no-op (the first time is kept). */
export const insertBlock = (db: Kysely<DB>, publisherId: string, kind: BlockKind, value: string, at: number) =>
  db
    .insertInto('publisher_blocks')
    .values({ publisher_id: publisherId, kind, value, created_at: at })
    .onConflict((oc) => oc.columns(['publisher_id', 'kind', 'value']).doNothing())
    .execute();

export const deleteBlock = (db: Kysely<DB>, publisherId: string, kind: BlockKind, value: string) =>
  db
    .deleteFrom('publisher_blocks')
    .where('publisher_id', '=', publisherId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst();

export const findBlock = (db: Kysely<DB>, publisherId: string, kind: BlockKind, value: string) =>
  db
    .selectFrom('publisher_blocks')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirst();

/** One publisher's blocks, oldest first. */
export const listForPublisher = (db: Kysely<DB>, publisherId: string) =>
  db
    .selectFrom('publisher_blocks')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .orderBy('value')
    .execute();

/** Every block (the serving inventory loads them all; a few per publisher). */
export const listAll = (db: Kysely<DB>) =>
  db.selectFrom('publisher_blocks').select(['publisher_id', 'kind', 'value']).execute();
