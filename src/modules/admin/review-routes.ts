import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { requireAdmin } from '../accounts/http.js';
import * as campaigns from '../campaigns/service.js';
import { CampaignView } from '../campaigns/schemas.js';

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
        querystring: z.object({ review_status: z.enum(['pending_review', 'approved', 'rejected', 'not_submitted']).optional() }),
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

  r.post(
    '/admin/campaigns/:campaign_id/review',
    {
      schema: {
        tags,
        security,
        summary: 'Approve or reject a campaign waiting for review',
        description: 'approve: review_status approved, deployment_status deployed, pending ads and ad units approved; reject: review_status rejected with the notes.',
        params: z.object({ campaign_id: z.string().min(1).max(64) }),
        body: z.strictObject({ decision: z.enum(['approve', 'reject']), notes: z.string().max(2000).nullable().optional() }),
        response: { 200: CampaignView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req) => campaigns.reviewCampaign(ctx, req.params.campaign_id, { approve: req.body.decision === 'approve', notes: req.body.notes }),
  );
}
