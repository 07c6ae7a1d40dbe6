import { z } from 'zod';
import { adText, HttpUrl, Name, UtmParams } from './schemas.js';

/**
 * Legacy ad units (spec 2). Field names the spec leaves unshown: the four
 * fields required at submit time are `ad_text`, `cta`, `landing_page` and
 * `context`; the favicon and image are `favicon_url` and `image_url`.
 */
export const SUBMIT_FIELDS = ['ad_text', 'cta', 'landing_page', 'context'] as const;

export const SERVER_MANAGED = [
  'ad_text_mode',
  'source',
  'status',
  'review_status',
  'review_reason',
  'metadata',
  'generate_static_text',
] as const;

export const AdUnitCreate = z
  .strictObject({
    name: Name,
    headline: adText.headline.optional(),
    ad_text: adText.copy.optional().describe('required at submit time'),
    cta: adText.cta.optional().describe('required at submit time'),
    landing_page: adText.landing_page.optional().describe('required at submit time'),
    context: z.string().max(5000).nullable().optional().describe('conversations to match; required at submit time'),
    favicon_url: HttpUrl.nullable().optional(),
    image_url: adText.image_url.optional(),
    brand_name: z.string().trim().min(1).max(100).nullable().optional(),
    utm_params: UtmParams.nullable().optional(),
    ...Object.fromEntries(SERVER_MANAGED.map((k) => [k, z.unknown().optional().describe('server-managed; rejected')])),
  })
  .superRefine((b, c) => {
    for (const k of SERVER_MANAGED) {
      if (k in b)
        c.addIssue({
          code: 'custom',
          path: [k],
          message: k === 'ad_text_mode' ? 'is not accepted' : 'is server-managed and cannot be set',
        });
    }
  });
export type AdUnitCreate = {
  name: string;
  headline?: string | null;
  ad_text?: string | null;
  cta?: string | null;
  landing_page?: string | null;
  context?: string | null;
  favicon_url?: string | null;
  image_url?: string | null;
  brand_name?: string | null;
  utm_params?: { key: string; value: string }[] | null;
};

export const AdUnitGenerate = z.strictObject({
  landing_page: HttpUrl.describe('page to write the ad units from'),
  count: z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5').optional().describe('1-5, default 3'),
});

export const AdUnitLink = z.strictObject({
  ad_unit_ids: z.array(z.string().min(1).max(64)).max(100).describe('duplicates are removed'),
});

export const AdUnitView = z.object({
  ad_unit_id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  ad_text: z.string().nullable(),
  cta: z.string().nullable(),
  landing_page: z.string().nullable(),
  context: z.string().nullable(),
  favicon_url: z.string().nullable(),
  image_url: z.string().nullable(),
  brand_name: z.string().nullable(),
  utm_params: z.record(z.string(), z.string()).nullable(),
  source: z.string(),
  status: z.string(),
  review_status: z.string(),
  review_reason: z.string().nullable(),
  is_archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdUnitView = z.infer<typeof AdUnitView>;

export const LinkResult = z.object({
  campaign_id: z.string(),
  ad_unit_ids: z.array(z.string()),
  review_status: z.string(),
  deployment_status: z.string(),
});

export const ArchiveResult = z.object({ ad_unit_id: z.string(), is_archived: z.boolean(), status: z.string() });
