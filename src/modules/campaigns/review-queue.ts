import type { Ctx } from '../../context.js';
import { sha256Hex } from '../../lib/hash.js';
import { Conflict, NotFound, Validation } from '../../lib/errors.js';
import type { AdGroupTable, AdTable, CampaignTable } from '../../db/schema.js';
import * as repo from './repo.js';
import { settlePendingUnits } from './ad-units.js';
import { servingChanged } from './destinations.js';
import { withTransaction } from './tx.js';
import { decorate, servingVersion } from './views.js';
import { approvedOf, AS_IS, fieldName, pendingChanges, snapshot, type ItemKind } from './review.js';
import { isoOrNull, type CampaignView } from './schemas.js';

type CampaignRow = CampaignTable;
type GroupRow = AdGroupTable;
type AdRow = AdTable;

/**
 * The operator's review (admin API and CLI): the queue of items waiting and the decisions on them.
 * What an approval means for serving: review.ts.
 */
/** Campaigns by their own review status (the admin list; the item queue is `reviewQueue`). */
export async function listForReview(ctx: Ctx, reviewStatus = 'pending_review') {
  const rows = await repo.campaignsForReview(ctx.db, reviewStatus);
  return rows.map((c) => ({
    campaign_id: c.id,
    advertiser_id: c.advertiser_id,
    name: c.name,
    landing_page: c.landing_page,
    status: c.status,
    review_status: c.review_status,
    deployment_status: c.deployment_status,
    submitted_for_review_at: isoOrNull(c.submitted_for_review_at),
  }));
}

/** One item waiting for review, as the operator's queue shows it. */
export interface ReviewItem {
  kind: ItemKind;
  id: string;
  campaign_id: string;
  campaign_name: string;
  advertiser_id: string;
  name: string | null;
  review_status: string;
  submitted_for_review_at: string | null;
  /** True when an approved version of the item serves while this one waits (an edit); false for new content. */
  serving: boolean;
  /** The reviewed fields that differ from the approved version (all, for new content): what serves now and what is proposed. */
  changes: { field: string; serving: unknown; proposed: unknown }[];
  /** Names the proposed version: pass it with a decision to get 409 if the item changed since it was shown. */
  version: string;
}

type ItemRow = (CampaignRow | GroupRow | AdRow) & { campaign_name?: string };

function queueItem(kind: ItemKind, row: ItemRow): ReviewItem {
  const a = approvedOf(kind, row as never) as Record<string, unknown> | null;
  const r = row as unknown as Record<string, unknown>;
  const isCampaign = kind === 'campaign';
  return {
    kind,
    id: row.id,
    campaign_id: isCampaign ? row.id : (row as GroupRow).campaign_id,
    campaign_name: isCampaign ? (row as CampaignRow).name : (row.campaign_name ?? ''),
    advertiser_id: row.advertiser_id,
    name: row.name,
    review_status: row.review_status,
    submitted_for_review_at: isoOrNull(row.submitted_for_review_at),
    serving: a !== null,
    changes: pendingChanges(kind, row as never).map((f) => ({
      field: fieldName(f),
      serving: a ? (a[f] ?? null) : null,
      proposed: r[f] ?? null,
    })),
    version: itemVersion(kind, row),
  };
}

/** A short digest of an item's proposed reviewed values. */
const itemVersion = (kind: ItemKind, row: ItemRow): string => sha256Hex(snapshot(kind, row as never)).slice(0, 16);

/**
 * The operator's review queue: every item waiting — a campaign's own fields,
 * an ad group, an ad — oldest first, each with what serves now and what is
 * proposed. Items of campaigns never submitted wait for their activation.
 */
export async function reviewQueue(ctx: Ctx, limit = 500): Promise<ReviewItem[]> {
  const { campaigns, groups, ads } = await repo.pendingItems(ctx.db, limit);
  const items = [
    ...campaigns.map((c) => queueItem('campaign', c)),
    ...groups.map((g) => queueItem('ad_group', g)),
    ...ads.map((a) => queueItem('ad', a)),
  ];
  items.sort(
    (x, y) =>
      (x.submitted_for_review_at ?? '').localeCompare(y.submitted_for_review_at ?? '') || x.id.localeCompare(y.id),
  );
  return items.slice(0, limit);
}

const PENDING: Record<ItemKind, string> = { campaign: 'pending_review', ad_group: 'pending', ad: 'pending' };

function reviewNotes(notes: string | null | undefined): string | null {
  const n = notes?.trim() || null;
  if (n && n.length > 2000) throw Validation.field('notes', 'must be at most 2000 characters');
  return n;
}

/**
 * Approve or reject one item's version in review. Approving makes the row's
 * reviewed fields its approved (serving) version; rejecting keeps the version
 * that served before, if any. The write holds only if the item is unchanged
 * since it was read: an edit meanwhile stays in review.
 */
async function settle(
  db: Ctx['db'],
  kind: ItemKind,
  row: ItemRow,
  approve: boolean,
  now: number,
  notes: string | null,
): Promise<boolean> {
  const patch: Record<string, unknown> = approve
    ? { review_status: 'approved', approved_json: AS_IS, reviewed_at: now, review_notes: notes }
    : { review_status: 'rejected', reviewed_at: now, review_notes: notes };
  if (kind === 'campaign') patch.deployment_status = approve || row.approved_json ? 'deployed' : 'not_deployed';
  return repo.setItemReview(db, kind, row.id, row.updated_at, patch);
}

/** The operator's decision on one item of the queue (admin API and CLI). */
export async function decideReviewItem(
  ctx: Ctx,
  kind: ItemKind,
  id: string,
  input: { approve: boolean; notes?: string | null; version?: string },
): Promise<
  ReviewItem & {
    reviewed_at: string | null;
    review_notes: string | null;
    serving_version: Record<string, unknown> | null;
  }
> {
  const notes = reviewNotes(input.notes);
  const row = await repo.findItem(ctx.db, kind, id);
  if (!row) throw new NotFound(kind.replace('_', ' '));
  if (row.review_status !== PENDING[kind])
    throw new Conflict(
      `This ${kind.replace('_', ' ')} is not waiting for review (review_status is ${row.review_status})`,
    );
  if (input.version !== undefined && input.version !== itemVersion(kind, row)) {
    throw new Conflict(
      'The item was changed since it was shown (its version differs): reload the queue and review the new version',
    );
  }
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    if (!(await settle(tx.db, kind, row, input.approve, now, notes))) {
      throw new Conflict(
        'The item was changed while it was being reviewed: reload the queue and review the new version',
      );
    }
    if (kind === 'campaign') await settlePendingUnits(tx, row.id, input.approve ? 'approved' : 'rejected', notes);
  });
  servingChanged(ctx);
  const after = (await repo.findItem(ctx.db, kind, id))!;
  return {
    ...queueItem(kind, after),
    reviewed_at: isoOrNull(after.reviewed_at),
    review_notes: after.review_notes,
    serving_version: servingVersion(kind, after),
  };
}

/**
 * The operator's decision on everything of a campaign waiting for review
 * (admin API and CLI): the campaign's own fields when in review, and its
 * waiting ad groups, ads and legacy ad units. 409 when nothing waits.
 */
export async function reviewCampaign(
  ctx: Ctx,
  campaignId: string,
  input: { approve: boolean; notes?: string | null },
): Promise<CampaignView> {
  const notes = reviewNotes(input.notes);
  const c = await repo.findCampaignById(ctx.db, campaignId);
  if (!c) throw new NotFound('campaign');
  const { groups, ads } = await repo.pendingOfCampaign(ctx.db, c.id);
  if (c.review_status !== 'pending_review' && groups.length === 0 && ads.length === 0) {
    throw new Conflict(
      `Campaign is not waiting for review (review_status is ${c.review_status}) and none of its ad groups or ads is`,
    );
  }
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    if (c.review_status === 'pending_review' && !(await settle(tx.db, 'campaign', c, input.approve, now, notes))) {
      throw new Conflict('The campaign was changed while it was being reviewed: review it again');
    }
    // An item edited meanwhile keeps waiting (settle holds only for the version read).
    for (const g of groups) await settle(tx.db, 'ad_group', g, input.approve, now, notes);
    for (const a of ads) await settle(tx.db, 'ad', a, input.approve, now, notes);
    await settlePendingUnits(tx, c.id, input.approve ? 'approved' : 'rejected', notes);
  });
  servingChanged(ctx);
  return (await decorate(ctx, c.advertiser_id, [(await repo.findCampaignById(ctx.db, c.id))!]))[0];
}
