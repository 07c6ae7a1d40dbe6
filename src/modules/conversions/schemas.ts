import { z } from 'zod';

/** Conversion event names of spec 2 "Events", by their canonical event type (the name reports and filters use). */
export const STANDARD_EVENTS: Record<string, string> = {
  Purchase: 'purchase',
  Lead: 'lead',
  CompleteRegistration: 'complete_registration',
  Subscribe: 'subscribe',
  StartTrial: 'start_trial',
  InitiateCheckout: 'initiate_checkout',
  AddToCart: 'add_to_cart',
  Contact: 'contact',
  Schedule: 'schedule',
};
const BY_FOLDED = new Map<string, string>();
for (const [name, type] of Object.entries(STANDARD_EVENTS)) {
  BY_FOLDED.set(name.toLowerCase(), type);
  BY_FOLDED.set(type, type);
  BY_FOLDED.set(type.replace(/_/g, ''), type);
}

/**
 * The event type stored and reported for an event name: the standard names
 * in any case or in snake case (`Purchase`, `purchase`, `complete_registration`)
 * fold to one type; custom names are kept as sent (trimmed).
 */
export function canonicalEventType(name: string): string {
  const t = name.trim();
  return BY_FOLDED.get(t.toLowerCase()) ?? BY_FOLDED.get(t.toLowerCase().replace(/[_\s-]/g, '')) ?? t;
}

/** Values of action_source accepted besides `website` (the spec shows only `website`). */
export const ACTION_SOURCES = [
  'website',
  'app',
  'email',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
] as const;

const MAX_AMOUNT = 1e9;

const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const shortId = z.string().trim().min(1).max(200);

const AttributionFields = {
  grclid: shortId.nullish(),
  grcpid: shortId.nullish(),
  grpuid: shortId.nullish(),
  gradid: shortId.nullish(),
  grsig: z.string().trim().max(200).nullish(),
  graid: shortId.nullish(),
  visitor_id: z.string().trim().max(100).nullish(),
  session_id: z.string().trim().max(100).nullish(),
  client_user_agent: z.string().max(1000).nullish(),
  opt_out: z.boolean().nullish(),
};

export const UserData = z.looseObject(AttributionFields);

export const CustomData = z.looseObject({
  value: z.number().finite().min(0).max(MAX_AMOUNT).nullish(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as USD')
    .transform((s) => s.toUpperCase())
    .nullish(),
  order_id: z.union([shortId, z.number().int().transform(String)]).nullish(),
  contents: z
    .array(
      z.looseObject({
        id: z.union([z.string().max(200), z.number()]).nullish(),
        quantity: z.number().int().min(0).max(1_000_000).nullish(),
        item_price: z.number().finite().min(0).max(MAX_AMOUNT).nullish(),
        title: z.string().max(500).nullish(),
      }),
    )
    .max(200)
    .nullish(),
  content_name: z.string().max(500).nullish(),
  content_category: z.string().max(500).nullish(),
  predicted_ltv: z.number().finite().min(0).max(MAX_AMOUNT).nullish(),
});

export const ConversionEvent = z.looseObject({
  event_name: z.string().trim().min(1, 'is required').max(100),
  event_time: z
    .number({ error: 'must be an integer Unix time in seconds' })
    .int('must be an integer Unix time in seconds')
    .positive(),
  event_id: z.union([shortId, z.number().int().transform(String)]).nullish(),
  action_source: z.enum(ACTION_SOURCES, { error: `must be one of ${ACTION_SOURCES.join(', ')}` }),
  event_source_url: httpUrl.nullish(),
  user_data: UserData,
  client_context: z.record(z.string(), z.unknown()).nullish(),
  custom_data: CustomData.nullish(),
});
export type ConversionEvent = z.output<typeof ConversionEvent>;

// --- The gateway's hot path: ConversionEvent for the common shape, without Zod.

const ACTION_SOURCE_SET: ReadonlySet<string> = new Set(ACTION_SOURCES);
const CURRENCY = /^[A-Za-z]{3}$/;
const UPPER_CURRENCY = /^[A-Z]{3}$/;

const absent = (v: unknown): v is null | undefined => v === undefined || v === null;
const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};
/** A string that `.trim()` leaves unchanged (else the caller falls back: Zod's output would differ). */
const trimmedLen = (v: unknown, min: number, max: number): boolean =>
  typeof v === 'string' && v.length >= min && v.length <= max && (v.length === 0 || v.trim().length === v.length);
const optTrimmed = (v: unknown, min: number, max: number): boolean => absent(v) || trimmedLen(v, min, max);
const optString = (v: unknown, max: number): boolean => absent(v) || (typeof v === 'string' && v.length <= max);
const optAmount = (v: unknown): boolean =>
  absent(v) || (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_AMOUNT);
/** URLs already seen to parse (an advertiser's events mostly come from a few pages); bounded, cleared when full. */
const parsedUrls = new Set<string>();
function canParseUrl(v: string): boolean {
  if (parsedUrls.has(v)) return true;
  if (!URL.canParse(v)) return false;
  if (parsedUrls.size >= 2000) parsedUrls.clear();
  parsedUrls.add(v);
  return true;
}
const optHttpUrl = (v: unknown): boolean =>
  absent(v) ||
  (typeof v === 'string' &&
    v.length <= 2048 &&
    (v.startsWith('https://') || v.startsWith('http://')) &&
    canParseUrl(v));

function leanUserData(u: unknown): boolean {
  if (!isPlainObject(u)) return false;
  return (
    optTrimmed(u.grclid, 1, 200) &&
    optTrimmed(u.grcpid, 1, 200) &&
    optTrimmed(u.grpuid, 1, 200) &&
    optTrimmed(u.gradid, 1, 200) &&
    optTrimmed(u.graid, 1, 200) &&
    optTrimmed(u.grsig, 0, 200) &&
    optTrimmed(u.visitor_id, 0, 100) &&
    optTrimmed(u.session_id, 0, 100) &&
    optString(u.client_user_agent, 1000) &&
    (absent(u.opt_out) || typeof u.opt_out === 'boolean')
  );
}

function leanContents(v: unknown): boolean {
  if (absent(v)) return true;
  if (!Array.isArray(v) || v.length > 200) return false;
  for (const item of v) {
    if (!isPlainObject(item)) return false;
    const { id, quantity: q } = item;
    if (!(
      absent(id) ||
      (typeof id === 'string' && id.length <= 200) ||
      (typeof id === 'number' && Number.isFinite(id))
    ))
      return false;
    if (!(absent(q) || (Number.isSafeInteger(q) && (q as number) >= 0 && (q as number) <= 1_000_000))) return false;
    if (!optAmount(item.item_price) || !optString(item.title, 500)) return false;
  }
  return true;
}

/** custom_data as ConversionEvent outputs it (the same object, or a copy with the currency upper-cased), or undefined. */
function leanCustomData(c: unknown): Record<string, unknown> | null | undefined {
  if (absent(c)) return c;
  if (!isPlainObject(c)) return undefined;
  const ok =
    optAmount(c.value) &&
    (absent(c.currency) || (typeof c.currency === 'string' && CURRENCY.test(c.currency))) &&
    optTrimmed(c.order_id, 1, 200) &&
    leanContents(c.contents) &&
    optString(c.content_name, 500) &&
    optString(c.content_category, 500) &&
    optAmount(c.predicted_ltv);
  if (!ok) return undefined;
  return typeof c.currency === 'string' && !UPPER_CURRENCY.test(c.currency)
    ? { ...c, currency: c.currency.toUpperCase() }
    : c;
}

/**
 * ConversionEvent for the shape a gateway batch is made of, about ten times
 * cheaper than the Zod parse: it checks the same rules and returns what
 * `ConversionEvent.parse` would (the input object itself, since nothing needs
 * transforming), or `undefined` for anything it does not handle — values to
 * trim, numeric ids, anything invalid — so `ConversionEvent` stays the one
 * definition and writes every error text. It never accepts what
 * ConversionEvent rejects (src/modules/conversions/lean-event.property.test.ts).
 */
export function leanConversionEvent(raw: unknown): ConversionEvent | undefined {
  if (!isPlainObject(raw)) return undefined;
  const e = raw;
  if (!trimmedLen(e.event_name, 1, 100)) return undefined;
  if (!Number.isSafeInteger(e.event_time) || (e.event_time as number) <= 0) return undefined;
  if (!optTrimmed(e.event_id, 1, 200)) return undefined;
  if (typeof e.action_source !== 'string' || !ACTION_SOURCE_SET.has(e.action_source)) return undefined;
  if (!optHttpUrl(e.event_source_url)) return undefined;
  if (!leanUserData(e.user_data)) return undefined;
  if (!(absent(e.client_context) || isPlainObject(e.client_context))) return undefined;
  const custom = leanCustomData(e.custom_data);
  if (custom === undefined && e.custom_data !== undefined) return undefined;
  return (custom === e.custom_data ? e : { ...e, custom_data: custom }) as ConversionEvent;
}

export const GatewayBody = z.object({
  test_event_code: z.string().trim().min(1).max(100).optional(),
  data: z
    .array(z.unknown())
    .min(1, 'must hold at least one event')
    .max(1000, 'must hold at most 1000 events per request'),
});
export type GatewayBody = z.output<typeof GatewayBody>;

export const GatewayResult = z.object({
  event_id: z.string(),
  status: z.enum(['ok', 'duplicate', 'test_ok', 'skipped', 'error']),
  attributed: z.boolean(),
  error: z.string().optional(),
});
export const GatewayResponse = z.object({
  events_received: z.number().int(),
  events_processed: z.number().int(),
  events_errored: z.number().int(),
  results: z.array(GatewayResult),
  test_mode: z.boolean(),
});
export type GatewayResponse = z.output<typeof GatewayResponse>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
export const RangeQuery = {
  days: z.coerce.number().int().min(1).max(365).default(30),
  start_date: date.optional(),
  end_date: date.optional(),
};

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
export const ConversionsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(200).optional(),
    campaign_id: z.string().min(1).max(100).optional(),
    event_type: z.string().min(1).max(100).optional(),
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(3650)
      .optional()
      .describe('only conversions of the last days days up to today'),
    start_date: Day.optional().describe('first day (with end_date; overrides days)'),
    end_date: Day.optional().describe('last day (with start_date)'),
    tz: z.string().min(1).max(64).optional().describe('IANA timezone of the days (default UTC)'),
  })
  .strict();
export type ConversionsQuery = z.output<typeof ConversionsQuery>;

export const AnalyticsQuery = z
  .object({
    ...RangeQuery,
    domain: z.string().min(1).max(253).optional(),
    event_type: z.string().min(1).max(100).optional(),
  })
  .strict();
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

export const StatsQuery = z.object({ ...RangeQuery, event_type: z.string().min(1).max(100).optional() }).strict();
export type StatsQuery = z.output<typeof StatsQuery>;

/** Identities for the suppression list (plaintext accepted, hashed at once; 64-hex taken as hashed). */
export const SuppressionBody = z
  .object({
    em: z.array(z.string().max(320)).max(1000).optional(),
    ph: z.array(z.string().max(64)).max(1000).optional(),
    external_id: z.array(z.string().max(320)).max(1000).optional(),
  })
  .refine(
    (b) => (b.em?.length ?? 0) + (b.ph?.length ?? 0) + (b.external_id?.length ?? 0) > 0,
    'give at least one of em, ph, external_id',
  );

/** Browser pixel events (sent by packages/pixel). */
export const PixelEventsBody = z.object({
  advertiser_id: z.string().min(1).max(100),
  events: z
    .array(
      z.looseObject({
        event_type: z
          .string()
          .trim()
          .min(1)
          .max(64)
          .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits, _ . : - only'),
        url: httpUrl,
        ts: z.number().int().positive().optional(),
        visitor_id: z.string().max(100).nullish(),
        session_id: z.string().max(100).nullish(),
        grclid: z.string().max(200).nullish(),
        /** The six attribution values, sent by the pixel with purchases. */
        attribution: z
          .object({
            grclid: z.string().max(200).nullish(),
            grcpid: z.string().max(200).nullish(),
            grpuid: z.string().max(200).nullish(),
            gradid: z.string().max(200).nullish(),
            grsig: z.string().max(200).nullish(),
            graid: z.string().max(200).nullish(),
          })
          .nullish(),
        props: z
          .looseObject({
            order_id: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
            value: z.number().min(0).max(1e9).optional(),
            currency: z
              .string()
              .regex(/^[A-Za-z]{3}$/)
              .optional(),
          })
          .nullish(),
      }),
    )
    .min(1)
    .max(50),
});
export type PixelEventsBody = z.output<typeof PixelEventsBody>;
