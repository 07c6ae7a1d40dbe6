import { sql, type Kysely } from 'kysely';
import type { AdFeedbackTable, DB } from '../../db/schema.js';

export const insertFeedback = (db: Kysely<DB>, row: AdFeedbackTable) =>
  db.insertInto('ad_feedback').values(row).execute();

/** Thumbs up / down per ad group and ad since a time. */
export async function sentimentCounts(db: Kysely<DB>, since: number) {
  const res = await sql<{ ad_group_id: string; ad_id: string; up: number; down: number }>`
    SELECT ad_group_id, ad_id,
           SUM(CASE WHEN sentiment = 'thumbs_up' THEN 1 ELSE 0 END) AS up,
           SUM(CASE WHEN sentiment = 'thumbs_down' THEN 1 ELSE 0 END) AS down
    FROM ad_feedback WHERE at >= ${since} GROUP BY ad_group_id, ad_id`.execute(db);
  return res.rows.map((r) => ({ ad_group_id: r.ad_group_id, ad_id: r.ad_id, up: Number(r.up), down: Number(r.down) }));
}

/** Thumbs up / down per ad group of an advertiser in [from, to). */
export async function groupSentiment(db: Kysely<DB>, advertiserId: string, from: number, to: number) {
  const res = await sql<{ ad_group_id: string; up: number; down: number }>`
    SELECT ad_group_id,
           SUM(CASE WHEN sentiment = 'thumbs_up' THEN 1 ELSE 0 END) AS up,
           SUM(CASE WHEN sentiment = 'thumbs_down' THEN 1 ELSE 0 END) AS down
    FROM ad_feedback WHERE advertiser_id = ${advertiserId} AND at >= ${from} AND at < ${to} GROUP BY ad_group_id`.execute(
    db,
  );
  return new Map(res.rows.map((r) => [r.ad_group_id, { thumbs_up: Number(r.up), thumbs_down: Number(r.down) }]));
}

/** A publisher's most recent feedback, newest first, optionally only in [from, to). */
export function recentFeedback(
  db: Kysely<DB>,
  publisherId: string,
  limit: number,
  range?: { from: number; to: number },
) {
  let q = db
    .selectFrom('ad_feedback')
    .select([
      'id',
      'at',
      'sentiment',
      'reasons_json',
      'comment',
      'placement',
      'placement_id',
      'campaign_id',
      'ad_group_id',
      'advertiser_id',
      'ad_id',
      'device',
      'country',
    ])
    .where('publisher_id', '=', publisherId);
  if (range) q = q.where('at', '>=', range.from).where('at', '<', range.to);
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
