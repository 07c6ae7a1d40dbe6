import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { PLACEMENT_TYPES } from '../../lib/placement-types.js';
import { requireKey } from '../accounts/http.js';
import { createPlacement, placementView } from './service.js';

export const PlacementBody = z
  .object({
    name: z
      .string()
      .max(100, 'must be at most 100 characters')
      .refine((s) => s.trim().length > 0, 'must not be empty')
      .refine((s) => /[\p{L}\p{N}]/u.test(s), 'must contain a letter or digit')
      .describe('display name; its slug (the placement_id of ad requests) is derived from it, case kept'),
    placement_type: z.enum(PLACEMENT_TYPES).default('below_response'),
    device: z.enum(['all', 'desktop', 'mobile', 'tablet']).default('all'),
    framework: z.enum(['any', 'react', 'nextjs', 'vite', 'react-native', 'swift', 'vanilla', 'other']).default('any'),
    page_url: z.string().max(2048).optional().describe('URL of the page or screen holding the slot'),
    description: z.string().max(2000).optional(),
    display_config: z
      .object({
        max_ad_text_chars: z
          .number()
          .int()
          .min(120, 'must be at least 120')
          .max(100_000)
          .optional()
          .describe('caps ad body length for the slot'),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

const PlacementRecord = z.object({
  id: z.string(),
  publisher_id: z.string(),
  name: z.string(),
  slug: z.string(),
  placement_type: z.string(),
  device: z.string(),
  framework: z.string(),
  page_url: z.string(),
  description: z.string().nullable(),
  screenshot_url: z.string().nullable(),
  screenshot_region: z.unknown().nullable(),
  status: z.string(),
  display_config: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** POST /publisher-dashboard/placements (spec 1). Serves at once on this instance, within the inventory refresh on others. */
export async function placementRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/publisher-dashboard/placements',
    {
      schema: {
        tags: ['publisher'],
        summary: 'Create a placement',
        description:
          'Creates an ad slot; its slug is the placement_id of ad requests. Auth: publisher key in X-API-Key.',
        body: PlacementBody,
        response: { 201: PlacementRecord, 401: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (req, reply) => {
      const who = await requireKey(ctx, req, 'pub');
      const row = await createPlacement(ctx, who.accountId, req.body);
      return reply.code(201).send(placementView(row));
    },
  );
}
