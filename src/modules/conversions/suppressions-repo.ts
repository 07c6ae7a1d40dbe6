import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';

/** SQL of the suppression (opt-out) list: identity hashes per advertiser. */
export async function suppressedAmong(db: Kysely<DB>, advertiserId: string, hashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(hashes)], 500)) {
    const rows = await db
      .selectFrom('conversion_suppressions')
      .select('identity_hash')
      .where('advertiser_id', '=', advertiserId)
      .where('identity_hash', 'in', part)
      .execute();
    for (const r of rows) out.add(r.identity_hash);
  }
  return out;
}

export async function hasSuppressions(db: Kysely<DB>, advertiserId: string): Promise<boolean> {
  const r = await db
    .selectFrom('conversion_suppressions')
    .select('identity_hash')
    .where('advertiser_id', '=', advertiserId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export async function addSuppressions(
  db: Kysely<DB>,
  advertiserId: string,
  hashes: string[],
  now: number,
): Promise<number> {
  let added = 0;
  for (const part of chunks([...new Set(hashes)], 500)) {
    const r = await db
      .insertInto('conversion_suppressions')
      .values(part.map((h) => ({ advertiser_id: advertiserId, identity_hash: h, created_at: now })))
      .onConflict((oc) => oc.columns(['advertiser_id', 'identity_hash']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function removeSuppressions(db: Kysely<DB>, advertiserId: string, hashes: string[]): Promise<number> {
  let removed = 0;
  for (const part of chunks([...new Set(hashes)], 500)) {
    const r = await db
      .deleteFrom('conversion_suppressions')
      .where('advertiser_id', '=', advertiserId)
      .where('identity_hash', 'in', part)
      .executeTakeFirst();
    removed += Number(r.numDeletedRows ?? 0);
  }
  return removed;
}

export async function countSuppressions(db: Kysely<DB>, advertiserId: string): Promise<number> {
  const r = await db
    .selectFrom('conversion_suppressions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
