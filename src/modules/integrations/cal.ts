import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.js';
import { Validation } from '../../lib/errors.js';
import { hmacSha256 } from '../../lib/hash.js';
import { ingestEvents } from '../conversions/service.js';
import { attributionFrom, webhookOutcome, type WebhookOutcome } from './service.js';

/** Scheduling triggers and the conversion event each gives (spec 2 "Events"). */
export const CAL_TRIGGERS: Record<string, string> = {
  BOOKING_CREATED: 'booking_created',
  BOOKING_CONFIRMED: 'booking_confirmed',
  BOOKING_RESCHEDULED: 'booking_rescheduled',
  BOOKING_CANCELLED: 'booking_cancelled',
  MEETING_ENDED: 'meeting_ended',
};

/** `x-cal-signature-256`: hex HMAC-SHA256 of the raw body keyed with the advertiser key, compared in constant time. */
export function calSignatureValid(apiKey: string, raw: Buffer, header: string | undefined): boolean {
  if (!header || !/^[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = hmacSha256(apiKey, raw);
  return timingSafeEqual(expected, Buffer.from(header.trim(), 'hex'));
}

type Obj = Record<string, any>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * POST /cal/booking?api_key=: a booking whose signature fails is still
 * recorded, flagged unverified (and then neither counted nor charged).
 * Attendee email and phone are hashed by the gateway before storage.
 */
export async function handleCalBooking(
  ctx: Ctx,
  advertiserId: string,
  apiKey: string,
  raw: Buffer,
  body: unknown,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const verified = calSignatureValid(apiKey, raw, signature);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw Validation.field('body', 'must be a JSON object');
  const b = body as Obj;
  const trigger = str(b.triggerEvent);
  if (!trigger) throw Validation.field('triggerEvent', 'is required');
  const eventName = CAL_TRIGGERS[trigger];
  if (!eventName)
    return {
      received: true,
      status: 'ignored',
      attributed: false,
      verified,
      reason: `${trigger} is not a conversion trigger`,
    };
  const p: Obj = b.payload && typeof b.payload === 'object' ? b.payload : {};
  const uid = str(p.uid) ?? (typeof p.bookingId === 'number' ? String(p.bookingId) : str(p.bookingId));
  if (!uid) throw Validation.field('payload.uid', 'is required (the booking uid)');
  const attendees: Obj[] = Array.isArray(p.attendees)
    ? p.attendees.filter((a: unknown) => a && typeof a === 'object')
    : [];
  const emails = attendees
    .map((a) => str(a.email))
    .filter((x): x is string => x !== null && x.includes('@'))
    .slice(0, 10);
  const phones = [
    ...attendees.map((a) => str(a.phoneNumber)),
    str(p.responses?.attendeePhoneNumber?.value),
    str(p.responses?.phone?.value),
    str(p.smsReminderNumber),
  ]
    .filter((x): x is string => x !== null && x.replace(/\D/g, '').length >= 6)
    .slice(0, 10);
  const now = ctx.clock.now();
  const created = typeof b.createdAt === 'string' ? Date.parse(b.createdAt) : NaN;
  const at = Number.isFinite(created) && created <= now && created > now - 6 * 86_400_000 ? created : now;
  const event = {
    event_name: eventName,
    event_time: Math.floor(at / 1000),
    event_id: uid,
    action_source: 'website',
    user_data: {
      ...attributionFrom(p.metadata?.attribution),
      ...(emails.length ? { em: emails } : {}),
      ...(phones.length ? { ph: phones } : {}),
    },
    custom_data: { order_id: uid, ...(str(p.title) ? { content_name: str(p.title)!.slice(0, 500) } : {}) },
  };
  // Cal.com signs the body without a timestamp: a verified delivery is kept as a receipt keyed by its trigger and
  // booking uid (both signed) forever, so a replay, however late, is a duplicate. Unverified ones are recorded
  // flagged and never counted, and take no receipt (a forgery must not block the real delivery).
  const receipt = verified ? { provider: 'cal', externalId: `${trigger}:${uid}`.slice(0, 200) } : undefined;
  const out = await ingestEvents(ctx, advertiserId, { data: [event] }, { source: 'cal', verified, receipt });
  return webhookOutcome(out, { verified });
}
