import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { requireAdmin } from '../accounts/http.js';
import { ErrorBody } from '../../http/errors.js';
import { explainDecision } from './service.js';

const Candidate = z.object({
  groupId: z.string(),
  campaignId: z.string(),
  advertiserId: z.string(),
  relevance: z.number(),
  quality: z.number(),
  ecpmMicros: z.number(),
  score: z.number(),
  pricing: z.string(),
  bidMicros: z.number(),
  predictedCtr: z.number(),
  outcome: z.enum(['won', 'lost']),
  reason: z.string().optional(),
  priceMicros: z.number().optional(),
  placementId: z.string().optional(),
  runnerUpGroupId: z.string().nullable().optional(),
});

export const DecisionBody = z.object({
  requestId: z.string(),
  at: z.number(),
  publisherId: z.string(),
  test: z.boolean(),
  device: z.string(),
  country: z.string(),
  relevanceFloor: z.number(),
  pricing: z.string(),
  noAdReason: z.string().nullable(),
  safety: z.object({
    category: z.string().nullable().describe('the sensitive-topic category that blocked every ad, or null'),
    source: z.enum(['lexicon', 'model', 'llm']).nullable(),
    detail: z.string().nullable(),
    publisherExcluded: z.boolean().describe("the publisher's excludedTopics named the category"),
    language: z.string(),
    informational: z.number().describe('probability that the chat is informational (no commercial need)'),
  }),
  slots: z.array(
    z.object({
      placement: z.string(),
      placement_id: z.string(),
      floorCpmMicros: z.number().nullable(),
      filledBy: z.string().nullable(),
      reason: z.string().optional(),
    }),
  ),
  candidates: z.array(Candidate),
  filtered: z.array(
    z.object({
      groupId: z.string(),
      campaignId: z.string(),
      reason: z.string(),
      relevance: z.number().optional(),
      detail: z.string().optional(),
    }),
  ),
  filteredCounts: z.record(z.string(), z.number()),
  unchecked: z
    .number()
    .describe(
      'Groups at or above the relevance floor ranked below every candidate the auction needed, so never checked',
    ),
});

/** GET /admin/decisions/{id}: why an ad request got the ads it got (admin token). */
export async function decisionDebugRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/decisions/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Explain an ad decision',
        description:
          'The candidates of a recent ad request (by the `X-Orbit-Request-Id` of its answer), their relevance, expected value, score, the winner and price, and why the others lost or were filtered. Kept in memory by the process that served it (the last `ORBIT_DECISION_LOG_SIZE` decisions).',
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[A-Za-z0-9-]+$/, 'id must be a request id'),
        }),
        response: { 200: DecisionBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      requireAdmin(ctx, req);
      return explainDecision(ctx, req.params.id);
    },
  );
}
