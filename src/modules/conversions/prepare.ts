import { hashIdentity, IdentityError, identityJson, type HashedIdentity } from './identity.js';
import { canonicalEventType, ConversionEvent, leanConversionEvent } from './schemas.js';

/**
 * One gateway event validated completely before anything is read or written:
 * shape (the lean check, else the Zod schema, which writes every error text),
 * time bounds, size of the client context, identity hashing.
 */
const MAX_EVENT_AGE_MS = 7 * 24 * 3600 * 1000;
const MAX_FUTURE_MS = 10 * 60 * 1000;
const MAX_CONTEXT_BYTES = 4096;

export interface Prepared {
  event: ConversionEvent;
  eventType: string;
  eventAt: number;
  identity: HashedIdentity;
  identityJson: string;
  dedupId: string | null;
  contextJson: string | null;
}

const issueText = (issues: { path: PropertyKey[]; message: string }[]): string =>
  issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || 'event'}: ${i.message}`)
    .join('; ');

/** The id an errored event is reported under: its event_id, else its order id, else ''. */
export const echoId = (raw: unknown): string => {
  if (!raw || typeof raw !== 'object') return '';
  const r = raw as { event_id?: unknown; custom_data?: { order_id?: unknown } };
  const v = r.event_id ?? r.custom_data?.order_id;
  return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 200) : '';
};

/** The full ConversionEvent parse: events the lean check does not take, and every error text. */
function parseEvent(raw: unknown): ConversionEvent {
  const parsed = ConversionEvent.safeParse(raw);
  if (!parsed.success) throw new IdentityError(issueText(parsed.error.issues));
  return parsed.data;
}

/** Validate one event completely (shape, time bounds, identity hashing); throws a message naming the field. */
export function prepare(raw: unknown, now: number, maxValue: number): Prepared {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new IdentityError('event: must be an object');
  const event = leanConversionEvent(raw) ?? parseEvent(raw);
  if (event.custom_data?.value && event.custom_data.value > maxValue) {
    throw new IdentityError(`custom_data.value: above the largest value accepted for one conversion (${maxValue})`);
  }
  if (event.event_time > 1e11)
    throw new IdentityError('event_time: looks like milliseconds; send Unix time in seconds');
  const eventAt = event.event_time * 1000;
  if (eventAt > now + MAX_FUTURE_MS) throw new IdentityError('event_time: is in the future');
  if (eventAt < now - MAX_EVENT_AGE_MS) throw new IdentityError('event_time: is older than 7 days');
  const contextJson = event.client_context ? JSON.stringify(event.client_context) : null;
  if (contextJson && contextJson.length > MAX_CONTEXT_BYTES)
    throw new IdentityError(`client_context: larger than ${MAX_CONTEXT_BYTES} bytes`);
  const identity = hashIdentity(event.user_data as Record<string, unknown>);
  const dedupId = event.event_id ?? event.custom_data?.order_id ?? null;
  return {
    event,
    eventType: canonicalEventType(event.event_name),
    eventAt,
    identity,
    identityJson: identityJson(identity),
    dedupId,
    contextJson,
  };
}
