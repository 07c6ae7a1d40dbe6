import type { Kysely } from 'kysely';
import type { AdGroupTable, AdTable, CampaignTable, DB } from '../../db/schema.js';

/** Campaigns that may serve now: active, approved, not archived, inside their schedule. */
export async function servableRows(db: Kysely<DB>, now: number) {
  const campaigns = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('status', '=', 'active')
    .where('is_active', '=', 1)
    .where('is_archived', '=', 0)
    .where('review_status', '=', 'approved')
    .where((eb) => eb.or([eb('start_time', 'is', null), eb('start_time', '<=', now)]))
    .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
    .execute();
  if (campaigns.length === 0) return { campaigns, groups: [], ads: [] };
  const ids = campaigns.map((c) => c.id);
  const groups = [];
  const ads = [];
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    groups.push(...(await db.selectFrom('ad_groups').selectAll().where('campaign_id', 'in', part).where('status', '=', 'active').execute()));
    ads.push(
      ...(await db
        .selectFrom('ads')
        .selectAll()
        .where('campaign_id', 'in', part)
        .where('status', '=', 'active')
        .where('review_status', '=', 'approved')
        .execute()),
    );
  }
  return { campaigns, groups, ads };
}

/** Where a click on this ad lands, whether or not the ad still serves. */
export async function adDestination(db: Kysely<DB>, adId: string) {
  return db
    .selectFrom('ads')
    .innerJoin('ad_groups', 'ad_groups.id', 'ads.ad_group_id')
    .innerJoin('campaigns', 'campaigns.id', 'ads.campaign_id')
    .select([
      'ads.landing_page as ad_landing_page',
      'ad_groups.landing_page as group_landing_page',
      'campaigns.landing_page as campaign_landing_page',
      'campaigns.utm_params_json as utm_params_json',
    ])
    .where('ads.id', '=', adId)
    .executeTakeFirst();
}

export const insertCampaign = (db: Kysely<DB>, row: CampaignTable) =>
  db.insertInto('campaigns').values(row).execute();
export const insertAdGroup = (db: Kysely<DB>, row: AdGroupTable) =>
  db.insertInto('ad_groups').values(row).execute();
export const insertAds = (db: Kysely<DB>, rows: AdTable[]) =>
  rows.length ? db.insertInto('ads').values(rows).execute() : Promise.resolve([]);

/** Owner and conversion-billing facts of campaigns (for conversion attribution and CPA charges). */
export async function campaignBilling(db: Kysely<DB>, ids: string[]) {
  const out = [];
  const uniq = [...new Set(ids)];
  for (let i = 0; i < uniq.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('campaigns')
        .select(['id', 'advertiser_id', 'billing_model', 'max_cpa_micros', 'conversion_type'])
        .where('id', 'in', uniq.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}
