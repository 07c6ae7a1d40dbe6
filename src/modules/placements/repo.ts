import type { Kysely } from 'kysely';
import type { DB, PlacementTable } from '../../db/schema.js';

export const insertPlacement = (db: Kysely<DB>, row: PlacementTable) =>
  db.insertInto('placements').values(row).execute();

export const findBySlug = (db: Kysely<DB>, publisherId: string, slug: string) =>
  db
    .selectFrom('placements')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('slug', '=', slug)
    .executeTakeFirst();

export const listActive = (db: Kysely<DB>) =>
  db.selectFrom('placements').selectAll().where('status', '=', 'active').execute();

export const listForPublisher = (db: Kysely<DB>, publisherId: string) =>
  db
    .selectFrom('placements')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
