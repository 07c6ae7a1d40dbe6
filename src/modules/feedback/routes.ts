import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { sha256Hex } from '../../lib/hash.js';
import { requireKey, presentedKey } from '../accounts/http.js';
import { listRecentFeedback, submitFeedback } from './service.js';
import { FormatParam, sendCsv } from '../../http/csv.js';
import { assertOriginAllowed } from '../origins/service.js';
import { corsHook, preflightRoute } from '../origins/http.js';

export const FeedbackBody = z.object({
  sessionId: z.string().min(1).max(256).describe('the session identifier passed when the ad was requested'),
  impUrl: z.string().min(1).max(4096).describe('the exact impUrl of the ad'),
  sentiment: z.enum(['thumbs_up', 'thumbs_down']),
  reasons: z.array(z.string().max(100)).max(20).optional(),
  comment: z.string().max(1000, 'must be at most 1,000 characters').optional(),
  placement: z.string().max(64).optional(),
  placementId: z.string().max(255).optional(),
  userId: z.string().max(256).optional(),
  device: z.record(z.string(), z.unknown()).optional().describe('same shape as the device object of the ad request'),
});

const day = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .optional()
    .describe(`${what} (YYYY-MM-DD)`);
const RecentQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .describe('only the last days days up to today (1-365); none: no date limit'),
  start_date: day('first day, with end_date; overrides days'),
  end_date: day('last day, with start_date'),
  tz: z.string().min(1).max(64).optional().describe('IANA timezone of the days (default UTC)'),
  format: FormatParam,
});
const RecentFeedback = z.object({
  feedback: z.array(
    z.object({
      feedback_id: z.string(),
      created_at: z.string(),
      sentiment: z.string(),
      reasons: z.array(z.string()),
      comment: z.string().nullable(),
      placement: z.string().nullable(),
      placement_id: z.string().nullable(),
      campaign_id: z.string(),
      campaign_name: z.string().nullable(),
      ad_group_id: z.string(),
      ad_id: z.string(),
      ad_title: z.string().nullable(),
      advertiser_id: z.string(),
      advertiser_name: z.string().nullable(),
      category: z.string().nullable().describe('the campaign’s ad category'),
      device: z.string(),
      country: z.string(),
    }),
  ),
});

const Receipt = z.object({ status: z.literal('ok'), feedbackId: z.string() });

/** Submissions per session per minute (spec 1). */
export const FEEDBACK_PER_SESSION_PER_MINUTE = 30;

export async function feedbackRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  preflightRoute(app, ctx, '/ad-feedback', 'POST, OPTIONS');
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ad-feedback',
    {
      onRequest: corsHook(ctx),
      schema: {
        tags: ['publisher'],
        summary: 'End-user feedback on a served ad',
        description:
          'Thumbs up or down with optional reasons and comment. Never counts as a click. Auth: publisher key in X-API-Key.',
        body: FeedbackBody,
        response: { 200: Receipt, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      config: {
        // After body validation, keyed by the session (and the key presenting it); the Redis store makes it hold across instances.
        rateLimit: {
          max: FEEDBACK_PER_SESSION_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (req) =>
            `fb:${sha256Hex(`${presentedKey(req) ?? ''}\u0000${(req.body as { sessionId?: string } | undefined)?.sessionId ?? ''}`)}`,
        },
      },
    },
    async (req) => {
      const who = await requireKey(ctx, req, 'pub');
      await assertOriginAllowed(ctx, who.accountId, req.headers.origin);
      return submitFeedback(ctx, who.accountId, req.body, { ip: req.ip, ua: req.headers['user-agent'] });
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/publisher-dashboard/feedback',
    {
      schema: {
        tags: ['publisher'],
        summary: 'Recent end-user feedback on your ads (newest first)',
        description:
          'Each entry names the ad, campaign, advertiser and ad category. Auth: publisher key in X-API-Key. limit 1-100, default 20; days or start_date/end_date (with tz) limit the dates; format=csv downloads the same rows.',
        querystring: RecentQuery,
        response: { 200: RecentFeedback, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      const who = await requireKey(ctx, req, 'pub');
      const { format, ...q } = req.query;
      const out = await listRecentFeedback(ctx, who.accountId, q);
      return format === 'csv' ? sendCsv(reply, 'feedback', out.feedback) : out;
    },
  );
}
