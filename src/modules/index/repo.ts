import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  DB,
  IndexClickTable,
  IndexConversionTable,
  IndexLinkTable,
  IndexSearchTable,
  IndexServiceTable,
} from '../../db/schema.js';

/** SQL of the index: services catalog, searches, tracked links, clicks, conversions, session summaries. */
export type ServiceRow = Selectable<IndexServiceTable>;
export type LinkRow = Selectable<IndexLinkTable>;
export type SearchRow = Selectable<IndexSearchTable>;

export async function upsertServices(db: Kysely<DB>, rows: IndexServiceTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('index_services')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          category: eb.ref('excluded.category'),
          description: eb.ref('excluded.description'),
          website_url: eb.ref('excluded.website_url'),
          docs_url: eb.ref('excluded.docs_url'),
          tags_json: eb.ref('excluded.tags_json'),
          install_json: eb.ref('excluded.install_json'),
          env_vars_json: eb.ref('excluded.env_vars_json'),
          credential_setup_url: eb.ref('excluded.credential_setup_url'),
          cpa_campaign_id: eb.ref('excluded.cpa_campaign_id'),
          prominence: eb.ref('excluded.prominence'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export const allServices = (db: Kysely<DB>) => db.selectFrom('index_services').selectAll().orderBy('slug').execute();

export const getService = (db: Kysely<DB>, slug: string) =>
  db.selectFrom('index_services').selectAll().where('slug', '=', slug).executeTakeFirst();

export async function countServices(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('index_services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function deleteServices(db: Kysely<DB>, slugs: string[]): Promise<void> {
  if (slugs.length) await db.deleteFrom('index_services').where('slug', 'in', slugs).execute();
}

/** One search with its tracked links, in one transaction (the response is sent after it commits). */
export async function insertSearch(db: Kysely<DB>, search: IndexSearchTable, links: IndexLinkTable[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('index_searches').values(search).execute();
    for (let i = 0; i < links.length; i += 100)
      await trx
        .insertInto('index_links')
        .values(links.slice(i, i + 100))
        .execute();
  });
}

export const getSearch = (db: Kysely<DB>, id: string) =>
  db.selectFrom('index_searches').selectAll().where('id', '=', id).executeTakeFirst();

export const getLink = (db: Kysely<DB>, id: string) =>
  db.selectFrom('index_links').selectAll().where('id', '=', id).executeTakeFirst();

export const linkByGrclid = (db: Kysely<DB>, grclid: string) =>
  db
    .selectFrom('index_links')
    .selectAll()
    .where('grclid', '=', grclid)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();

export const insertClick = (db: Kysely<DB>, row: IndexClickTable) =>
  db.insertInto('index_clicks').values(row).execute();

/** Insert a conversion unless the same (grclid, kind, dedup key) exists; true when inserted. */
export async function insertConversion(db: Kysely<DB>, row: IndexConversionTable): Promise<boolean> {
  const r = await db
    .insertInto('index_conversions')
    .values(row)
    .onConflict((oc) => oc.columns(['grclid', 'kind', 'dedup_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const conversionByKey = (db: Kysely<DB>, grclid: string, kind: string, dedupKey: string) =>
  db
    .selectFrom('index_conversions')
    .selectAll()
    .where('grclid', '=', grclid)
    .where('kind', '=', kind)
    .where('dedup_key', '=', dedupKey)
    .executeTakeFirst();

export async function getSummary(db: Kysely<DB>, publisherId: string, sessionHash: string): Promise<string | null> {
  const r = await db
    .selectFrom('index_session_summaries')
    .select('summary')
    .where('publisher_id', '=', publisherId)
    .where('session_hash', '=', sessionHash)
    .executeTakeFirst();
  return r?.summary ?? null;
}

export async function putSummary(
  db: Kysely<DB>,
  publisherId: string,
  sessionHash: string,
  summary: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('index_session_summaries')
    .values({ publisher_id: publisherId, session_hash: sessionHash, summary, updated_at: at })
    .onConflict((oc) => oc.columns(['publisher_id', 'session_hash']).doUpdateSet({ summary, updated_at: at }))
    .execute();
}

/** A publisher's index totals over [from, to): searches, human clicks, conversions and money (for reporting). */
export async function publisherTotals(db: Kysely<DB>, publisherId: string, from: number, to: number) {
  const [s, c, v] = await Promise.all([
    db
      .selectFrom('index_searches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('publisher_id', '=', publisherId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirst(),
    db
      .selectFrom('index_clicks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('publisher_id', '=', publisherId)
      .where('is_bot', '=', 0)
      .where('at', '>=', from)
      .where('at', '<', to)
      .executeTakeFirst(),
    db
      .selectFrom('index_conversions')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`coalesce(sum(value_micros), 0)`.as('value'),
        sql<number>`coalesce(sum(revenue_micros), 0)`.as('revenue'),
      ])
      .where('publisher_id', '=', publisherId)
      .where('at', '>=', from)
      .where('at', '<', to)
      .executeTakeFirst(),
  ]);
  return {
    searches: Number(s?.n ?? 0),
    clicks: Number(c?.n ?? 0),
    conversions: Number(v?.n ?? 0),
    value_micros: Number(v?.value ?? 0),
    revenue_micros: Number(v?.revenue ?? 0),
  };
}

export const clicksForSearch = (db: Kysely<DB>, searchId: string) =>
  db.selectFrom('index_clicks').selectAll().where('search_id', '=', searchId).execute();

export const conversionsForSearch = (db: Kysely<DB>, searchId: string) =>
  db.selectFrom('index_conversions').selectAll().where('search_id', '=', searchId).execute();

export const firstLinkOfSearch = (db: Kysely<DB>, searchId: string) =>
  db
    .selectFrom('index_links')
    .selectAll()
    .where('search_id', '=', searchId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

/** The newest `updated_at` of the services catalog, or null when it is empty. */
export async function latestServiceUpdate(db: Kysely<DB>): Promise<number | null> {
  const r = await db
    .selectFrom('index_services')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}
