import { z } from 'zod';

/** Spec 2 leaves the pixel field names unshown: the body is `{ url, name? }`. */
export const PixelCreate = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2048, 'must be at most 2048 characters')
    .describe('site URL; https:// is prepended when no scheme is given'),
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(200, 'must be at most 200 characters')
    .optional()
    .describe('default "Untitled Pixel"'),
});

export const PixelView = z.object({
  pixel_id: z.string(),
  name: z.string(),
  url: z.string(),
  domain: z.string(),
  is_functional: z.boolean().nullable().describe('null until the background verification ran'),
  verification_error: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  last_event_at: z.string().nullable(),
  created_at: z.string(),
  snippet: z.string().describe('HTML to install on the site'),
});
export type PixelView = z.infer<typeof PixelView>;
