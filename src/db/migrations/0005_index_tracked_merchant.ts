import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';

/** The index: the merchant of a product link (lower-cased), so only that merchant can report its orders. */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('index_links').addColumn('merchant_lc', 'text').execute();
}
