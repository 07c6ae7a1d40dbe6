import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { requireAdmin } from '../accounts/http.js';
import * as campaigns from '../campaigns/service.js';
import { CampaignView } from '../campaigns/schemas.js';
import { ITEM_KINDS, type ItemKind } from '../campaigns/review.js';

/** The operator's campaign review (admin token): the queue, and approve/reject with notes. */
export async function reviewRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (req) => requireAdmin(ctx, req));
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  r.get(
    '/admin/reviews',
    {
      schema: {
        tags,
        security,
        summary: 'Campaigns by review status (default: waiting for review)',
        querystring: z.object({
          review_status: z.enum(['pending_review', 'approved', 'rejected', 'not_submitted']).optional(),
        }),
        response: {
          200: z.array(
            z.object({
              campaign_id: z.string(),
              advertiser_id: z.string(),
              name: z.string(),
              landing_page: z.string(),
              status: z.string(),
              review_status: z.string(),
              deployment_status: z.string(),
              submitted_for_review_at: z.string().nullable(),
            }),
          ),
          400: ErrorBody,
          401: ErrorBody,
        },
      },
    },
    async (req) => campaigns.listForReview(ctx, req.query.review_status),
  );

  const Change = z.object({ field: z.string(), serving: z.unknown(), proposed: z.unknown() });
  const Item = z.object({
    kind: z.enum(ITEM_KINDS as [ItemKind, ...ItemKind[]]),
    id: z.string(),
    campaign_id: z.string(),
    campaign_name: z.string(),
    advertiser_id: z.string(),
    name: z.string().nullable(),
    review_status: z.string(),
    submitted_for_review_at: z.string().nullable(),
    serving: z.boolean().describe('an approved version of this item serves while this one waits'),
    changes: z
      .array(Change)
      .describe('reviewed fields that differ from the serving version (all fields for new content)'),
    version: z.string().describe('names the proposed version; pass it with the decision'),
  });
  r.get(
    '/admin/review-queue',
    {
      schema: {
        tags,
        security,
        summary: 'Items waiting for review (campaign fields, ad groups, ads), oldest first',
        description:
          'Each item shows what serves now and what is proposed. Approved items keep serving while edits wait.',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(500) }),
        response: { 200: z.array(Item), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => campaigns.reviewQueue(ctx, req.query.limit),
  );

  r.post(
    '/admin/reviews/:kind/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Approve or reject one item waiting for review',
        description:
          'approve: the item as it is now becomes its serving version; reject: the previously approved version (if any) keeps serving. Pass the version shown in the queue to get 409 if the item changed since.',
        params: z.object({ kind: z.enum(ITEM_KINDS as [ItemKind, ...ItemKind[]]), id: z.string().min(1).max(64) }),
        body: z.strictObject({
          decision: z.enum(['approve', 'reject']),
          notes: z.string().max(2000).nullable().optional(),
          version: z
            .string()
            .max(64)
            .optional()
            .describe('the version shown in the queue: 409 when the item changed since'),
        }),
        response: {
          200: Item.extend({
            reviewed_at: z.string().nullable(),
            review_notes: z.string().nullable(),
            serving_version: z.record(z.string(), z.unknown()).nullable(),
          }),
          400: ErrorBody,
          401: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (req) =>
      campaigns.decideReviewItem(ctx, req.params.kind, req.params.id, {
        approve: req.body.decision === 'approve',
        notes: req.body.notes,
        version: req.body.version,
      }),
  );

  r.post(
    '/admin/campaigns/:campaign_id/review',
    {
      schema: {
        tags,
        security,
        summary: 'Approve or reject everything of a campaign waiting for review',
        description:
          'The campaign (when in review) and its waiting ad groups, ads and ad units at once. approve: they become the serving versions (review_status approved, deployment_status deployed); reject: review_status rejected with the notes (approved versions keep serving). 409 when nothing waits.',
        params: z.object({ campaign_id: z.string().min(1).max(64) }),
        body: z.strictObject({
          decision: z.enum(['approve', 'reject']),
          notes: z.string().max(2000).nullable().optional(),
        }),
        response: { 200: CampaignView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) =>
      campaigns.reviewCampaign(ctx, req.params.campaign_id, {
        approve: req.body.decision === 'approve',
        notes: req.body.notes,
      }),
  );
}
