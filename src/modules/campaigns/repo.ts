import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AdGroupTable, AdTable, CampaignTable, DB } from '../../db/schema.js';

/** Campaigns that may serve now (active, with an approved version, not archived, inside their schedule) and their live approved groups. */
export async function servableRows(db: Kysely<DB>, now: number) {
  const campaigns = await db
    .selectFrom('campaigns')
    .selectAll()
    .where('status', '=', 'active')
    .where('is_active', '=', 1)
    .where('is_archived', '=', 0)
    .where('approved_json', 'is not', null)
    .where((eb) => eb.or([eb('start_time', 'is', null), eb('start_time', '<=', now)]))
    .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', now)]))
    .execute();
  if (campaigns.length === 0) return { campaigns, groups: [] };
  const ids = campaigns.map((c) => c.id);
  const groups = [];
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    // Appended row by row: spreading 100,000+ rows into push() overflows the call stack.
    const rows = await db
      .selectFrom('ad_groups')
      .selectAll()
      .where('campaign_id', 'in', part)
      .where('status', '=', 'active')
      .where('approved_json', 'is not', null)
      .execute();
    for (const g of rows) groups.push(g);
  }
  return { campaigns, groups };
}

/** The columns of a servable ad that serving keeps. */
export type ServableAd = Pick<AdTable, 'id' | 'ad_group_id' | 'headline' | 'copy' | 'cta' | 'landing_page'>;

/** The active ads of some ad groups that have an approved version: the columns serving keeps and that version. */
export const servableAds = (
  db: Kysely<DB>,
  groupIds: string[],
): Promise<(ServableAd & { approved_json: string | null })[]> =>
  db
    .selectFrom('ads')
    .select(['id', 'ad_group_id', 'headline', 'copy', 'cta', 'landing_page', 'approved_json'])
    .where('ad_group_id', 'in', groupIds)
    .where('status', '=', 'active')
    .where('approved_json', 'is not', null)
    .execute();

/** Ads joined to their ad group and campaign. */
const adsInContext = (db: Kysely<DB>) =>
  db
    .selectFrom('ads')
    .innerJoin('ad_groups', 'ad_groups.id', 'ads.ad_group_id')
    .innerJoin('campaigns', 'campaigns.id', 'ads.campaign_id');

/** Some ads with their group's and campaign's names and the campaign's category (any status: they may have served). */
export const adDescriptions = (db: Kysely<DB>, adIds: string[]) =>
  adIds.length
    ? adsInContext(db)
        .select([
          'ads.id as ad_id',
          'ads.headline as headline',
          'ad_groups.brand_name as brand_name',
          'ad_groups.name as ad_group_name',
          'campaigns.id as campaign_id',
          'campaigns.name as campaign_name',
          'campaigns.category as category',
        ])
        .where('ads.id', 'in', adIds)
        .execute()
    : Promise.resolve([]);

/** The approved versions a click on this ad lands by (whether or not the ad still serves). */
export async function adDestination(db: Kysely<DB>, adId: string) {
  return adsInContext(db)
    .select([
      'ads.landing_page as ad_landing_page',
      'ad_groups.landing_page as group_landing_page',
      'campaigns.landing_page as campaign_landing_page',
      'campaigns.utm_params_json as utm_params_json',
      'ads.approved_json as ad_approved_json',
      'ad_groups.approved_json as group_approved_json',
      'campaigns.approved_json as campaign_approved_json',
    ])
    .where('ads.id', '=', adId)
    .executeTakeFirst();
}

export const insertCampaign = (db: Kysely<DB>, row: CampaignTable) => db.insertInto('campaigns').values(row).execute();
export const insertAdGroup = (db: Kysely<DB>, row: AdGroupTable) => db.insertInto('ad_groups').values(row).execute();
export const insertAds = (db: Kysely<DB>, rows: AdTable[]) => bulkInsert(db, 'ads', rows);

// Bulk inserts skip the query builder: building and compiling a 200-row insert
// node by node costs more than running it. Placeholders follow the dialect.
const placeholderStyle = new WeakMap<object, 'pg' | 'sqlite'>();
function styleOf(db: Kysely<DB>): 'pg' | 'sqlite' {
  const executor = db.getExecutor();
  let style = placeholderStyle.get(executor.adapter);
  if (!style) {
    style = db.selectFrom('ads').select('id').where('id', '=', '').compile().sql.includes('$1') ? 'pg' : 'sqlite';
    placeholderStyle.set(executor.adapter, style);
  }
  return style;
}

/** Insert plain rows (all with the same keys) in chunks of up to 500 per statement. */
export async function bulkInsert<T extends keyof DB>(db: Kysely<DB>, table: T, rows: DB[T][]): Promise<void> {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0] as object);
  const pg = styleOf(db) === 'pg';
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const tuples = part.map((r) => {
      const rec = r as unknown as Record<string, unknown>;
      return `(${cols.map((c) => (params.push(rec[c] ?? null), pg ? `$${params.length}` : '?')).join(', ')})`;
    });
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into "${String(table)}" (${cols.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`,
        params,
      ),
    );
  }
}

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

// ---------- advertiser management ----------

type Patch<T> = Partial<Omit<T, 'id'>>;

export const findCampaign = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();

export const findCampaignById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();

export function listCampaigns(db: Kysely<DB>, advertiserId: string, status?: string) {
  let q = db.selectFrom('campaigns').selectAll().where('advertiser_id', '=', advertiserId);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export const campaignsForReview = (db: Kysely<DB>, reviewStatus: string) =>
  db
    .selectFrom('campaigns')
    .selectAll()
    .where('review_status', '=', reviewStatus)
    .orderBy('submitted_for_review_at')
    .execute();

/** Another live (not archived) campaign of the advertiser with this name, compared case-insensitively. */
export async function campaignNameTaken(
  db: Kysely<DB>,
  advertiserId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('campaigns')
    .select('id')
    .where('advertiser_id', '=', advertiserId)
    .where('is_archived', '=', 0)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const updateCampaign = (db: Kysely<DB>, id: string, patch: Patch<CampaignTable>) =>
  db.updateTable('campaigns').set(patch).where('id', '=', id).execute();

export const insertAdGroups = (db: Kysely<DB>, rows: AdGroupTable[]) => bulkInsert(db, 'ad_groups', rows);

export const findAdGroup = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db
    .selectFrom('ad_groups')
    .selectAll()
    .where('id', '=', id)
    .where('advertiser_id', '=', advertiserId)
    .executeTakeFirst();

export function listAdGroups(
  db: Kysely<DB>,
  advertiserId: string,
  opts: { campaignIds?: string[]; includeArchived: boolean },
) {
  let q = db.selectFrom('ad_groups').selectAll().where('advertiser_id', '=', advertiserId);
  if (opts.campaignIds) q = q.where('campaign_id', 'in', opts.campaignIds);
  if (!opts.includeArchived) q = q.where('status', '!=', 'archived');
  return q.orderBy('campaign_id').orderBy('sort_order').orderBy('created_at').orderBy('id').execute();
}

/** Another live group of the campaign with this name (case-insensitive). */
export async function groupNameTaken(
  db: Kysely<DB>,
  campaignId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('ad_groups')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', '!=', 'archived')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export const updateAdGroup = (db: Kysely<DB>, id: string, patch: Patch<AdGroupTable>) =>
  db.updateTable('ad_groups').set(patch).where('id', '=', id).execute();

/** Give every live group of a campaign the campaign's per-click bid (null clears it). */
export const syncGroupsMaxCpc = (db: Kysely<DB>, campaignId: string, micros: number | null, now: number) =>
  db
    .updateTable('ad_groups')
    .set({ max_cpc_micros: micros, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('status', '!=', 'archived')
    .execute();

export const archiveAdsOfGroup = (db: Kysely<DB>, groupId: string, now: number) =>
  db
    .updateTable('ads')
    .set({ status: 'archived', updated_at: now })
    .where('ad_group_id', '=', groupId)
    .where('status', '!=', 'archived')
    .execute();

/** Up to `perGroup` live ads of each group (oldest first) and the live count of each. */
export async function liveAdsOfGroups(db: Kysely<DB>, groupIds: string[], perGroup: number) {
  const ads: AdTable[] = [];
  const totals = new Map<string, number>();
  for (let i = 0; i < groupIds.length; i += 500) {
    const part = groupIds.slice(i, i + 500);
    const ranked = db
      .selectFrom('ads')
      .selectAll()
      .select(sql<number>`row_number() over (partition by ad_group_id order by created_at, id)`.as('rn'))
      .where('ad_group_id', 'in', part)
      .where('status', '!=', 'archived')
      .as('r');
    const rows = await db
      .selectFrom(ranked)
      .selectAll()
      .where('r.rn', '<=', perGroup)
      .orderBy('r.ad_group_id')
      .orderBy('r.rn')
      .execute();
    for (const { rn: _rn, ...row } of rows) ads.push(row as AdTable);
    const counts = await db
      .selectFrom('ads')
      .select((eb) => ['ad_group_id', eb.fn.countAll<number>().as('n')])
      .where('ad_group_id', 'in', part)
      .where('status', '!=', 'archived')
      .groupBy('ad_group_id')
      .execute();
    for (const c of counts) totals.set(c.ad_group_id, Number(c.n));
  }
  return { ads, totals };
}

/** One group's ads by status (live: not archived), newest first. */
export function adsOfGroup(db: Kysely<DB>, groupId: string, status: 'live' | 'archived' | 'all', limit: number) {
  let q = db.selectFrom('ads').selectAll().where('ad_group_id', '=', groupId);
  if (status === 'live') q = q.where('status', '!=', 'archived');
  if (status === 'archived') q = q.where('status', '=', 'archived');
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function liveManualAdCount(db: Kysely<DB>, groupId: string): Promise<number> {
  const r = await db
    .selectFrom('ads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ad_group_id', '=', groupId)
    .where('source', '=', 'manual')
    .where('status', '!=', 'archived')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function liveContentCount(db: Kysely<DB>, campaignId: string): Promise<number> {
  const r = await db
    .selectFrom('ads')
    .innerJoin('ad_groups', 'ad_groups.id', 'ads.ad_group_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ads.campaign_id', '=', campaignId)
    .where('ads.status', '!=', 'archived')
    .where('ad_groups.status', '!=', 'archived')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const findAd = (db: Kysely<DB>, advertiserId: string, id: string) =>
  db.selectFrom('ads').selectAll().where('id', '=', id).where('advertiser_id', '=', advertiserId).executeTakeFirst();

export const updateAd = (db: Kysely<DB>, id: string, patch: Patch<AdTable>) =>
  db.updateTable('ads').set(patch).where('id', '=', id).execute();

// ---------- review by item (campaigns/review.ts) ----------

const ITEM_TABLE = { campaign: 'campaigns', ad_group: 'ad_groups', ad: 'ads' } as const;
type ItemKind = keyof typeof ITEM_TABLE;

/**
 * A campaign (re)submitted for review takes its items with it: ad groups that
 * waited for its submission, and ad groups and ads rejected with it.
 */
export async function submitItems(db: Kysely<DB>, campaignId: string, now: number): Promise<void> {
  await db
    .updateTable('ad_groups')
    .set({ review_status: 'pending', submitted_for_review_at: now })
    .where('campaign_id', '=', campaignId)
    .where('review_status', 'in', ['not_submitted', 'rejected'])
    .where('status', '!=', 'archived')
    .execute();
  await db
    .updateTable('ads')
    .set({ review_status: 'pending', submitted_for_review_at: now })
    .where('campaign_id', '=', campaignId)
    .where('review_status', '=', 'rejected')
    .where('status', '!=', 'archived')
    .execute();
}

export async function findItem(
  db: Kysely<DB>,
  kind: ItemKind,
  id: string,
): Promise<(CampaignTable | AdGroupTable | AdTable) | undefined> {
  if (kind === 'campaign') return findCampaignById(db, id);
  if (kind === 'ad_group') return db.selectFrom('ad_groups').selectAll().where('id', '=', id).executeTakeFirst();
  return db.selectFrom('ads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Write a review decision, only if the item is still the version read (`updated_at`); false when it changed. */
export async function setItemReview(
  db: Kysely<DB>,
  kind: ItemKind,
  id: string,
  readUpdatedAt: number,
  patch: Record<string, unknown>,
): Promise<boolean> {
  const r = await db
    .updateTable(ITEM_TABLE[kind] as 'ads')
    .set(patch as Patch<AdTable>)
    .where('id', '=', id)
    .where('updated_at', '=', readUpdatedAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The waiting live rows of `table` (ad groups or ads) whose campaign is in
 * review or was submitted (or approved) once, with the campaign's name; a
 * draft campaign's items wait for its activation.
 */
const waitingItems = (db: Kysely<DB>, table: 'ad_groups' | 'ads', limit: number) =>
  db
    // One query for both tables (aliased; typed as the ads table, whose review columns they share).
    .selectFrom(`${table} as i` as 'ads as i')
    .innerJoin('campaigns', 'campaigns.id', 'i.campaign_id')
    .selectAll('i')
    .select('campaigns.name as campaign_name')
    .where('i.review_status', '=', 'pending')
    .where('i.status', '!=', 'archived')
    .where((eb) =>
      eb.or([eb('campaigns.review_status', '!=', 'not_submitted'), eb('campaigns.approved_json', 'is not', null)]),
    )
    .orderBy('i.submitted_for_review_at')
    .limit(limit)
    .execute();

/** Every item waiting for review: campaigns in review, and the waiting live ad groups and ads of submitted campaigns. */
export async function pendingItems(db: Kysely<DB>, limit: number) {
  const [campaigns, groups, ads] = await Promise.all([
    db
      .selectFrom('campaigns')
      .selectAll()
      .where('review_status', '=', 'pending_review')
      .orderBy('submitted_for_review_at')
      .limit(limit)
      .execute(),
    waitingItems(db, 'ad_groups', limit) as unknown as Promise<(AdGroupTable & { campaign_name: string })[]>,
    waitingItems(db, 'ads', limit),
  ]);
  return { campaigns, groups, ads };
}

/** The waiting live ad groups and ads of one campaign. */
export async function pendingOfCampaign(db: Kysely<DB>, campaignId: string) {
  const [groups, ads] = await Promise.all([
    db
      .selectFrom('ad_groups')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('review_status', '=', 'pending')
      .where('status', '!=', 'archived')
      .execute(),
    db
      .selectFrom('ads')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('review_status', '=', 'pending')
      .where('status', '!=', 'archived')
      .execute(),
  ]);
  return { groups, ads };
}
