import { z } from 'zod';
import { PLACEMENT_TYPES } from '../../lib/placement-types.js';

/** The most slots one request may fill. */
export const MAX_PLACEMENTS = 10;

/**
 * POST /api/v1/ad — compatible with the request shape existing AI-chat ad SDKs
 * send (src/modules/serving/sdk-contract.happy.test.ts drives their bodies): the
 * public clients' optional fields are accepted with their documented types —
 * `relevancy: null` (the clients' default, "no threshold"), `numAds`,
 * `render_context`, `chatId`, `excludedTopics: null`, and extra keys in `user`
 * and `device`; unknown top-level keys are ignored.
 */
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
    .max(MAX_PLACEMENTS, `at most ${MAX_PLACEMENTS} placements per request`),
  userId: z.string().max(256).optional(),
  user: z
    .looseObject({
      id: z.string().max(256).optional(),
      /** The user id field of the public clients' user object. */
      uid: z.string().max(256).optional(),
      hashed_email: z.string().max(256).optional(),
    })
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
  excludedTopics: z.array(z.string().max(200)).max(100).nullable().optional(),
  relevancy: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .optional()
    .describe('minimum match score 0-1; null or absent: no floor beyond the platform minimum'),
  testAd: z
    .boolean()
    .optional()
    .describe('answer a clearly marked test ad (never billed or counted), whatever the inventory'),
  numAds: z
    .number()
    .int()
    .min(1)
    .max(MAX_PLACEMENTS)
    .optional()
    .describe('fill at most this many of the placements (in order)'),
  render_context: z
    .looseObject({})
    .optional()
    .describe("the client's rendering capabilities (accepted; placements come from `placements`)"),
  chatId: z.string().max(256).optional(),
});
export type AdRequestBody = z.infer<typeof AdRequestBody>;

const PLACEMENT_SET: ReadonlySet<string> = new Set(PLACEMENT_TYPES);
const BODY_KEYS: ReadonlySet<string> = new Set([
  'messages',
  'sessionId',
  'placements',
  'userId',
  'user',
  'device',
  'excludedTopics',
  'relevancy',
  'testAd',
  'numAds',
  'render_context',
  'chatId',
]);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const optString = (v: unknown, max: number): boolean => v === undefined || (typeof v === 'string' && v.length <= max);
/** No key but `a` and `b` (a strict object with no unknown key for Zod to strip). */
const hasOnly = (o: Record<string, unknown>, a: string, b: string): boolean => {
  for (const k of Object.keys(o)) if (k !== a && k !== b) return false;
  return true;
};

/**
 * AdRequestBody for the bodies ad requests are made of, several times cheaper
 * than the Zod parse: the same rules, returning what `AdRequestBody.parse`
 * would (the input itself: there is nothing to transform), or `undefined` for
 * anything else — an invalid body, or unknown keys Zod would strip — so the
 * schema stays the one definition and writes every error.
 * src/modules/serving/lean-ad-request.property.test.ts holds it to the schema.
 */
export function leanAdRequest(raw: unknown): AdRequestBody | undefined {
  if (!isPlainObject(raw)) return undefined;
  for (const k of Object.keys(raw)) if (!BODY_KEYS.has(k)) return undefined;
  const { messages, sessionId, placements } = raw;
  if (!Array.isArray(messages) || messages.length < 1 || messages.length > 500) return undefined;
  let said = false;
  for (const m of messages as unknown[]) {
    if (!isPlainObject(m) || !hasOnly(m, 'role', 'content')) return undefined;
    if ((m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'string' || m.content.length > 100_000)
      return undefined;
    if (!said && m.content.trim().length > 0) said = true;
  }
  if (!said) return undefined;
  if (typeof sessionId !== 'string' || sessionId.length < 1 || sessionId.length > 256) return undefined;
  if (!Array.isArray(placements) || placements.length < 1 || placements.length > MAX_PLACEMENTS) return undefined;
  for (const p of placements as unknown[]) {
    if (!isPlainObject(p) || !hasOnly(p, 'placement', 'placement_id')) return undefined;
    if (typeof p.placement !== 'string' || !PLACEMENT_SET.has(p.placement)) return undefined;
    if (typeof p.placement_id !== 'string' || p.placement_id.length < 1 || p.placement_id.length > 128)
      return undefined;
  }
  if (!optString(raw.userId, 256) || !optString(raw.chatId, 256)) return undefined;
  const { user, device, excludedTopics, relevancy, testAd, numAds, render_context } = raw;
  if (
    user !== undefined &&
    !(isPlainObject(user) && optString(user.id, 256) && optString(user.uid, 256) && optString(user.hashed_email, 256))
  )
    return undefined;
  if (
    device !== undefined &&
    !(
      isPlainObject(device) &&
      optString(device.ip, 64) &&
      optString(device.ua, 1024) &&
      optString(device.country, 64) &&
      optString(device.os, 64) &&
      optString(device.ifa, 128)
    )
  ) {
    return undefined;
  }
  if (excludedTopics !== undefined && excludedTopics !== null) {
    if (!Array.isArray(excludedTopics) || excludedTopics.length > 100) return undefined;
    for (const t of excludedTopics as unknown[]) if (typeof t !== 'string' || t.length > 200) return undefined;
  }
  if (
    relevancy !== undefined &&
    relevancy !== null &&
    !(typeof relevancy === 'number' && Number.isFinite(relevancy) && relevancy >= 0 && relevancy <= 1)
  )
    return undefined;
  if (testAd !== undefined && typeof testAd !== 'boolean') return undefined;
  if (
    numAds !== undefined &&
    !(Number.isInteger(numAds) && (numAds as number) >= 1 && (numAds as number) <= MAX_PLACEMENTS)
  )
    return undefined;
  if (render_context !== undefined && !isPlainObject(render_context)) return undefined;
  return raw as AdRequestBody;
}

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
