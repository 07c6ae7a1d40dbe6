import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/** The index: an editorial prominence (0–100) per service, a small prior in /search ranking. */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('index_services')
    .addColumn('prominence', 'integer', (c) => c.notNull().defaultTo(50))
    .execute();
}
