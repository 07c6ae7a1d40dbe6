import type { Kysely } from 'kysely';
import type { AdUnitTable, DB } from '../../db/schema.js';

export const insertAdUnits = (db: Kysely<DB>, rows: AdUnitTable[]) =>
  rows.length ? db.insertInto('ad_units').values(rows).execute() : Promise.resolve([]);

export const findAdUnit = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db
    .selectFrom('ad_units')
    .selectAll()
    .where('id', '=', id)
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();

export const findAdUnits = (db: Kysely<DB>, advertiserId: string, ids: string[]) =>
  ids.length
    ? db.selectFrom('ad_units').selectAll().where('advertiser_id', '=', advertiserId).where('id', 'in', ids).execute()
    : Promise.resolve([]);

export function listAdUnits(db: Kysely<DB>, advertiserId: string, includeArchived: boolean) {
  let q = db.selectFrom('ad_units').selectAll().where('advertiser_id', '=', advertiserId);
  if (!includeArchived) q = q.where('is_archived', '=', 0);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export const updateAdUnit = (db: Kysely<DB>, id: string, patch: Partial<Omit<AdUnitTable, 'id'>>) =>
  db.updateTable('ad_units').set(patch).where('id', '=', id).execute();

export const updateAdUnits = (db: Kysely<DB>, ids: string[], patch: Partial<Omit<AdUnitTable, 'id'>>) =>
  ids.length ? db.updateTable('ad_units').set(patch).where('id', 'in', ids).execute() : Promise.resolve([]);

export async function links(db: Kysely<DB>, campaignIds: string[]) {
  const out: { campaign_id: string; ad_unit_id: string; position: number }[] = [];
  for (let i = 0; i < campaignIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('campaign_ad_units')
        .select(['campaign_id', 'ad_unit_id', 'position'])
        .where('campaign_id', 'in', campaignIds.slice(i, i + 500))
        .orderBy('campaign_id')
        .orderBy('position')
        .execute()),
    );
  }
  return out;
}

export const insertLinks = (
  db: Kysely<DB>,
  rows: { campaign_id: string; ad_unit_id: string; advertiser_id: string; position: number; created_at: number }[],
) => (rows.length ? db.insertInto('campaign_ad_units').values(rows).execute() : Promise.resolve([]));

export const deleteLinks = (db: Kysely<DB>, campaignId: string, unitIds: string[]) =>
  unitIds.length
    ? db
        .deleteFrom('campaign_ad_units')
        .where('campaign_id', '=', campaignId)
        .where('ad_unit_id', 'in', unitIds)
        .execute()
    : Promise.resolve([]);

/** Pending units linked to a campaign. */
export const pendingUnitIdsOf = async (db: Kysely<DB>, campaignId: string) =>
  (
    await db
      .selectFrom('campaign_ad_units')
      .innerJoin('ad_units', 'ad_units.id', 'campaign_ad_units.ad_unit_id')
      .select('ad_units.id')
      .where('campaign_ad_units.campaign_id', '=', campaignId)
      .where('ad_units.review_status', '=', 'pending')
      .execute()
  ).map((r) => r.id);

/** Approved, live units linked to the given campaigns, with the campaign each serves for. */
export async function servableUnits(db: Kysely<DB>, campaignIds: string[]) {
  const out = [];
  for (let i = 0; i < campaignIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('campaign_ad_units')
        .innerJoin('ad_units', 'ad_units.id', 'campaign_ad_units.ad_unit_id')
        .selectAll('ad_units')
        .select('campaign_ad_units.campaign_id')
        .where('campaign_ad_units.campaign_id', 'in', campaignIds.slice(i, i + 500))
        .where('ad_units.review_status', '=', 'approved')
        .where('ad_units.is_archived', '=', 0)
        .execute()),
    );
  }
  return out;
}

export const findUnitForDestination = (db: Kysely<DB>, id: string) =>
  db.selectFrom('ad_units').select(['landing_page', 'utm_params_json']).where('id', '=', id).executeTakeFirst();
