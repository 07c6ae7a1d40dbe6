import { z } from 'zod';
import { PLACEMENT_TYPES } from '../../lib/placement-types.js';

/** POST /api/v1/ad — compatible with the request shape existing AI-chat ad SDKs send. */
export const AdRequestBody = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(100_000, 'message content is longer than 100,000 characters'),
      }),
    )
    .min(1, 'at least one message is required')
    .max(500, 'at most 500 messages')
    .refine((ms) => ms.some((m) => m.content.trim().length > 0), 'messages are all empty'),
  sessionId: z.string().min(1, 'sessionId is required').max(256),
  placements: z
    .array(
      z.object({
        placement: z.enum(PLACEMENT_TYPES),
        placement_id: z.string().min(1).max(128),
      }),
    )
    .min(1, 'at least one placement is required')
    .max(10, 'at most 10 placements per request'),
  userId: z.string().max(256).optional(),
  user: z
    .looseObject({ id: z.string().max(256).optional(), hashed_email: z.string().max(256).optional() })
    .optional(),
  device: z
    .looseObject({
      ip: z.string().max(64).optional(),
      ua: z.string().max(1024).optional(),
      country: z.string().max(64).optional(),
      os: z.string().max(64).optional(),
      ifa: z.string().max(128).optional(),
    })
    .optional(),
  excludedTopics: z.array(z.string().max(200)).max(100).optional(),
  relevancy: z.number().min(0).max(1).optional(),
  testAd: z.boolean().optional(),
});
export type AdRequestBody = z.infer<typeof AdRequestBody>;

export const AdObject = z.object({
  adText: z.string(),
  title: z.string(),
  cta: z.string(),
  brandName: z.string(),
  url: z.string(),
  favicon: z.string(),
  impUrl: z.string(),
  clickUrl: z.string(),
  placement: z.string(),
  placement_id: z.string(),
  campaignId: z.string(),
  feedbackPrompt: z.boolean(),
  isTest: z.boolean().optional(),
});
export type AdObject = z.infer<typeof AdObject>;
