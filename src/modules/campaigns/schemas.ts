import { z } from 'zod';
import { AD_CATEGORY_IDS } from '../../lib/ad-categories.js';

/**
 * Wire shapes of the advertiser management API (spec 2): dollars and ISO 8601
 * timestamps without offset at the edge; the services convert to micros and
 * epoch milliseconds. Bodies are strict: an unknown field is a 422 naming it.
 */

// ---------- edge conversions (the one home for them) ----------

/** ISO 8601 without offset, as the spec shows timestamps: `2026-01-31T12:00:00.000` (UTC). */
export const isoNoOffset = (ms: number): string => new Date(ms).toISOString().slice(0, -1);
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : isoNoOffset(ms));

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Epoch ms of an ISO 8601 date or date-time; no offset means UTC. Null when it does not parse or names an impossible date. */
export function parseTimestamp(s: string): number | null {
  const m = TIMESTAMP.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', zone] = m;
  const ms = frac ? Number(`0.${frac}`) * 1000 : 0;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), Math.floor(ms));
  const check = new Date(base);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59
  ) {
    return null;
  }
  if (!zone || zone === 'Z') return base;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  return base - sign * offset;
}

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

// ---------- field types ----------

export const MAX_DAILY_BUDGET = 1_000_000;
export const MAX_BID = 10_000;

export const HttpUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an http(s) URL');
export const Timestamp = z
  .string()
  .max(40)
  .refine((s) => parseTimestamp(s) !== null, 'must be an ISO 8601 date or date-time, e.g. 2026-01-31T09:00:00')
  .describe('ISO 8601; without an offset it is UTC');
export const Dollars = (max: number) => z.number().min(0, 'must not be negative').max(max, `must be at most ${max}`);
export const Countries = z
  .array(z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166 country code'))
  .max(250)
  .describe('ISO 3166-1 alpha-2 codes; empty or null means everywhere');
export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export const Devices = z.array(z.enum(DEVICES)).max(3).describe('empty or null means every device');
export const UtmParams = z
  .array(
    z.strictObject({
      key: z
        .string()
        .min(1)
        .max(100)
        .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, _ . or -'),
      value: z.string().max(500),
    }),
  )
  .max(30)
  .superRefine((pairs, c) => {
    const seen = new Set<string>();
    pairs.forEach((p, i) => {
      if (seen.has(p.key)) c.addIssue({ code: 'custom', path: [i, 'key'], message: `duplicate key "${p.key}"` });
      seen.add(p.key);
    });
  })
  .describe('key/value pairs appended to the landing page of clicks');
export const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

/** Every field of a shape made optional, in the same order: bodies that send only what they set or change. */
export const optionalFields = <T extends Record<string, z.ZodType>>(
  shape: T,
): { [K in keyof T]: z.ZodOptional<T[K]> } =>
  Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused'] as const;
export const OBJECTIVES = ['conversions', 'clicks', 'traffic', 'awareness', 'leads', 'sales'] as const;
export const BILLING_MODELS = ['cpc', 'cpm', 'cpa'] as const;
export const BID_STRATEGIES = ['lowest_cost', 'manual_cpc', 'maximize_conversions', 'target_cpa'] as const;

export const AD_HEADLINE_MAX = 80;
export const AD_COPY_MAX = 500;
export const AD_CTA_MAX = 80;

// ---------- review state (campaigns/review.ts) ----------

/** Per item: the approved version that serves, and the reviewed fields whose edit waits for review. */
export const ReviewState = {
  serving_version: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      'the reviewed fields as approved: what serves and where clicks land; null while no version is approved (the item does not serve)',
    ),
  changes_in_review: z
    .array(z.string())
    .describe('reviewed fields edited since the serving version, waiting for review'),
};

// ---------- ads ----------

/** An ad's authored fields (ad units of ad-units-schemas.ts share the text limits). */
export const adText = {
  name: z.string().trim().max(200, 'must be at most 200 characters').nullable(),
  headline: z.string().trim().max(AD_HEADLINE_MAX, `must be at most ${AD_HEADLINE_MAX} characters`).nullable(),
  copy: z.string().trim().max(AD_COPY_MAX, `must be at most ${AD_COPY_MAX} characters`).nullable(),
  cta: z.string().trim().max(AD_CTA_MAX, `must be at most ${AD_CTA_MAX} characters`).nullable(),
  description: z.string().trim().max(1000, 'must be at most 1000 characters').nullable(),
  landing_page: HttpUrl.nullable(),
  image_url: HttpUrl.nullable(),
  status: z.enum(['active', 'paused']),
};

export const AdCreate = z.strictObject(optionalFields(adText)).superRefine((a, c) => {
  if (!a.headline && !a.copy) c.addIssue({ code: 'custom', path: ['copy'], message: 'an ad needs a headline or copy' });
});
export type AdCreate = z.infer<typeof AdCreate>;

export const AdPatch = z.strictObject(optionalFields(adText));
export type AdPatch = z.infer<typeof AdPatch>;

export const AdView = z.object({
  id: z.string(),
  ad_group_id: z.string(),
  campaign_id: z.string(),
  name: z.string().nullable(),
  headline: z.string().nullable(),
  copy: z.string().nullable(),
  cta: z.string().nullable(),
  description: z.string().nullable(),
  landing_page: z.string().nullable(),
  image_url: z.string().nullable(),
  source: z.enum(['manual', 'generated']),
  status: z.string(),
  review_status: z.string().describe('pending (this version waits for review), approved or rejected'),
  review_notes: z.string().nullable(),
  ...ReviewState,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdView = z.infer<typeof AdView>;

// ---------- ad groups ----------

const groupKind = {
  name: Name,
  group_type: z
    .enum(['generative', 'manual'])
    .describe('generative (default): the service writes the ads; manual: you author them'),
};

/** An ad group's settings, after its name, type and status in every body. */
const groupSettings = {
  context: z
    .string()
    .max(5000, 'must be at most 5000 characters')
    .nullable()
    .describe('conversations this group should match'),
  ad_prompt: z.string().max(2000, 'must be at most 2000 characters').nullable().describe('guides ad generation'),
  negative_context: z
    .string()
    .max(5000, 'must be at most 5000 characters')
    .nullable()
    .describe('conversations to avoid'),
  landing_page: HttpUrl.nullable(),
  brand_name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').nullable(),
  daily_budget: Dollars(MAX_DAILY_BUDGET).nullable(),
  auto_optimize_budget: z.boolean(),
  min_daily_budget: Dollars(MAX_DAILY_BUDGET).nullable(),
  max_daily_budget: Dollars(MAX_DAILY_BUDGET).nullable(),
  max_cpc: Dollars(MAX_BID).nullable().describe('dollars per click; 0 or null means unset'),
  allowed_countries: Countries.nullable(),
  allowed_devices: Devices.nullable(),
  sort_order: z.number().int().min(0).max(1_000_000),
};

const budgetBounds = (
  g: { min_daily_budget?: number | null; max_daily_budget?: number | null },
  c: z.RefinementCtx,
) => {
  if (g.min_daily_budget != null && g.max_daily_budget != null && g.min_daily_budget > g.max_daily_budget) {
    c.addIssue({ code: 'custom', path: ['max_daily_budget'], message: 'must not be below min_daily_budget' });
  }
};

const groupCreateShape = {
  name: groupKind.name,
  group_type: groupKind.group_type.optional(),
  status: z.enum(['active', 'paused']).optional(),
  ...optionalFields(groupSettings),
  ads: z
    .array(AdCreate)
    .max(100, 'at most 100 ads per request')
    .optional()
    .describe('authored ads (manual groups only)'),
};

/** An ad group inside a campaign create request (no campaign_id). */
export const NestedAdGroupCreate = z.strictObject(groupCreateShape).superRefine(budgetBounds);
export type NestedAdGroupCreate = z.infer<typeof NestedAdGroupCreate>;

export const AdGroupCreate = z
  .strictObject({
    campaign_id: z.string().min(1).max(64).describe('must be a campaign of this account'),
    ...groupCreateShape,
  })
  .superRefine(budgetBounds);
export type AdGroupCreate = z.infer<typeof AdGroupCreate>;

export const AdGroupPatch = z
  .strictObject({
    ...optionalFields(groupKind),
    status: z.enum(['active', 'paused', 'archived']).optional(),
    ...optionalFields(groupSettings),
  })
  .superRefine(budgetBounds);
export type AdGroupPatch = z.infer<typeof AdGroupPatch>;

export const AdGroupView = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  group_type: z.enum(['generative', 'manual']),
  status: z.string(),
  context: z.string().nullable(),
  ad_prompt: z.string().nullable(),
  negative_context: z.string().nullable(),
  landing_page: z.string().nullable(),
  brand_name: z.string().nullable(),
  daily_budget: z.number().nullable(),
  auto_optimize_budget: z.boolean(),
  min_daily_budget: z.number().nullable(),
  max_daily_budget: z.number().nullable(),
  max_cpc: z.number().nullable(),
  allowed_countries: z.array(z.string()).nullable(),
  allowed_devices: z.array(z.string()).nullable(),
  sort_order: z.number(),
  review_status: z.string().describe('not_submitted, pending (this version waits for review), approved or rejected'),
  review_notes: z.string().nullable(),
  ...ReviewState,
  created_at: z.string(),
  updated_at: z.string(),
  ads: z.array(AdView).describe('live ads, at most 100'),
  ads_total: z.number().describe('count of live ads'),
});
export type AdGroupView = z.infer<typeof AdGroupView>;

export const AdGroupListQuery = z.object({
  campaign_id: z.string().min(1).max(64).optional(),
  include_archived: z.enum(['true', 'false', '1', '0']).optional().describe('default false'),
});

// ---------- campaigns ----------

/** The campaign's ad category, one of lib/ad-categories (publishers can block a category in their app). */
export const AdCategoryField = z.enum(AD_CATEGORY_IDS, {
  error: 'must be one of the ad categories (see GET /ad-categories)',
});

const REJECTED = {
  keywords: 'is not accepted',
  network_type: 'is not accepted: network selection is server-managed',
  network_config: 'is not accepted: network selection is server-managed',
} as const;

/** Optional ceiling on a campaign's spend over its life (dollars); null clears it. */
const LifetimeBudget = z
  .number()
  .positive('must be greater than 0')
  .max(MAX_DAILY_BUDGET * 1000, `must be at most ${MAX_DAILY_BUDGET * 1000}`)
  .describe("dollars over the campaign's life: a hard ceiling (never billed past)");

export const CampaignCreate = z
  .strictObject({
    name: Name,
    landing_page: HttpUrl,
    daily_budget: z
      .number()
      .positive('must be greater than 0')
      .max(MAX_DAILY_BUDGET, `must be at most ${MAX_DAILY_BUDGET}`)
      .describe('dollars'),
    status: z
      .enum(CAMPAIGN_STATUSES)
      .optional()
      .describe('default draft; active runs the billing gate and submits for review'),
    campaign_objective: z.enum(OBJECTIVES).optional(),
    billing_model: z.enum(BILLING_MODELS).optional(),
    bid_strategy: z.enum(BID_STRATEGIES).optional(),
    is_active: z.boolean().optional(),
    start_time: Timestamp.nullable().optional(),
    end_time: Timestamp.nullable().optional(),
    click_goal: z.number().int().min(0).max(1e12).nullable().optional(),
    impression_goal: z.number().int().min(0).max(1e12).nullable().optional(),
    max_cpc: Dollars(MAX_BID).nullable().optional().describe('dollars per click; 0 means unset'),
    max_cpm: Dollars(MAX_BID).nullable().optional(),
    conversion_type: z.string().max(100).nullable().optional(),
    max_cpa: Dollars(MAX_DAILY_BUDGET).nullable().optional(),
    lifetime_budget: LifetimeBudget.nullable().optional(),
    demographics: z.record(z.string(), z.unknown()).nullable().optional(),
    utm_params: UtmParams.nullable().optional(),
    allowed_countries: Countries.nullable().optional(),
    allowed_devices: Devices.nullable().optional(),
    custom_favicon_url: HttpUrl.nullable().optional(),
    category: AdCategoryField.nullable().optional(),
    ad_groups: z.array(NestedAdGroupCreate).max(100, 'at most 100 ad groups per request').optional(),
    ad_unit_ids: z.array(z.string().min(1).max(64)).max(100).optional().describe('legacy ad units to link'),
    keywords: z.unknown().optional().describe('not accepted'),
    network_type: z.unknown().optional().describe('not accepted'),
    network_config: z.unknown().optional().describe('not accepted'),
  })
  .superRefine((b, c) => {
    for (const [k, msg] of Object.entries(REJECTED))
      if (k in b) c.addIssue({ code: 'custom', path: [k], message: msg });
    // One billing model per campaign: CPA is charged per conversion at max_cpa, so it needs one.
    if (b.billing_model === 'cpa' && !b.max_cpa)
      c.addIssue({
        code: 'custom',
        path: ['max_cpa'],
        message: 'is required when billing_model is cpa (the price per conversion)',
      });
    if (!b.ad_groups?.length && !b.ad_unit_ids?.length) {
      c.addIssue({
        code: 'custom',
        path: ['ad_groups'],
        message: 'at least one of ad_groups and ad_unit_ids must be present and non-empty',
      });
    }
  });
export type CampaignCreate = z.infer<typeof CampaignCreate>;

export const CampaignPatch = z
  .strictObject({
    name: Name.optional(),
    landing_page: HttpUrl.optional(),
    daily_budget: z
      .number()
      .positive('must be greater than 0')
      .max(MAX_DAILY_BUDGET, `must be at most ${MAX_DAILY_BUDGET}`)
      .optional(),
    lifetime_budget: LifetimeBudget.nullable().optional(),
    campaign_objective: z.enum(OBJECTIVES).optional(),
    max_cpc: Dollars(MAX_BID).nullable().optional().describe('null or 0 clears it; editing re-syncs live ad groups'),
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    start_time: Timestamp.nullable().optional(),
    end_time: Timestamp.nullable().optional(),
    allowed_countries: Countries.nullable().optional(),
    allowed_devices: Devices.nullable().optional(),
    utm_params: UtmParams.nullable().optional(),
    custom_favicon_url: HttpUrl.nullable().optional(),
    category: AdCategoryField.nullable().optional(),
    network_type: z.unknown().optional().describe('not accepted'),
    network_config: z.unknown().optional().describe('not accepted'),
  })
  .superRefine((b, c) => {
    for (const k of ['network_type', 'network_config'] as const)
      if (k in b) c.addIssue({ code: 'custom', path: [k], message: REJECTED[k] });
  });
export type CampaignPatch = z.infer<typeof CampaignPatch>;

export const CampaignView = z.object({
  campaign_id: z.string(),
  user_id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  is_active: z.boolean(),
  is_archived: z.boolean(),
  daily_budget: z.number(),
  daily_budget_remaining: z.number(),
  landing_page: z.string(),
  campaign_objective: z.string().nullable(),
  billing_model: z.string(),
  bid_strategy: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  click_goal: z.number().nullable(),
  impression_goal: z.number().nullable(),
  max_cpc: z.number().nullable(),
  max_cpm: z.number().nullable(),
  conversion_type: z.string().nullable(),
  max_cpa: z.number().nullable(),
  lifetime_budget: z.number().nullable(),
  demographics: z.record(z.string(), z.unknown()).nullable(),
  allowed_countries: z.array(z.string()),
  allowed_devices: z.array(z.string()),
  utm_params: z.record(z.string(), z.string()).nullable(),
  custom_favicon_url: z.string().nullable(),
  deployment_status: z.string(),
  review_status: z.string(),
  submitted_for_review_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  review_notes: z.string().nullable(),
  ...ReviewState,
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  spend: z.number(),
  conversion_value: z.number(),
  ad_unit_ids: z.array(z.string()).describe('linked legacy ad units'),
  category: z.string().nullable().describe('ad category (publishers can block categories); null when uncategorised'),
});
export type CampaignView = z.infer<typeof CampaignView>;

export const CampaignWithGroups = CampaignView.extend({ ad_groups: z.array(AdGroupView) });

export const CampaignListQuery = z.object({ status: z.enum(CAMPAIGN_STATUSES).optional() });
export const CampaignIdParams = z.object({ campaign_id: z.string().min(1).max(64) });
export const AdGroupIdParams = z.object({ ad_group_id: z.string().min(1).max(64) });
export const AdIdParams = z.object({ ad_id: z.string().min(1).max(64) });
