import { timingSafeEqual } from 'node:crypto';
import type { Ctx } from '../../context.js';
import { isUuid } from '../../lib/ids.js';
import { attributionSignature, findClicks } from '../tracking/service.js';
import type { Prepared } from './prepare.js';

/** Clicks older than this (before the conversion) do not attribute; equals the tracking token lifetime default. */
export const ATTRIBUTION_WINDOW_MS = 30 * 24 * 3600 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export type Click = Awaited<ReturnType<typeof findClicks>>[number];

/** The clicks a batch names, by click id and by graid, and the grsig checks already made. */
export interface BatchClicks {
  byId: Map<string, Click>;
  byGraid: Map<string, Click>;
  signatures: Map<string, boolean>;
}

export interface Attribution {
  click: Click | null;
  note: string | null;
}
const UNATTRIBUTED: Attribution = Object.freeze({ click: null, note: null });

/** Bulk read of the clicks the events name: by grclid, then by graid for what grclid did not resolve. */
export async function batchClicks(ctx: Ctx, events: Prepared[]): Promise<BatchClicks> {
  const clickIds = new Set<string>();
  for (const p of events) {
    const u = p.event.user_data;
    if (u.grclid && isUuid(u.grclid)) clickIds.add(u.grclid);
  }
  const found = clickIds.size ? await findClicks(ctx, { clickIds: [...clickIds], graids: [] }) : [];
  const byId = new Map(found.map((c) => [c.click_id, c]));
  // graid resolves only what grclid did not.
  const graids = new Set<string>();
  for (const p of events) {
    const u = p.event.user_data;
    if (u.graid && !(u.grclid && byId.has(u.grclid))) graids.add(u.graid);
  }
  if (graids.size)
    for (const c of await findClicks(ctx, { clickIds: [], graids: [...graids] })) byId.set(c.click_id, c);
  const byGraid = new Map([...byId.values()].filter((c) => c.graid).map((c) => [c.graid!, c]));
  return { byId, byGraid, signatures: new Map<string, boolean>() };
}

/**
 * Constant-time check of a presented grsig against the expected one. The
 * lengths compared first are public (an HMAC's encoding has a fixed length),
 * so no digest of both sides is needed (safeEqual's way, for secrets of any length).
 */
function signatureMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Join a conversion to its click: by grclid, else by graid (which resolves to
 * the others). The click must be a human click of this advertiser, before the
 * conversion and inside the attribution window; ids sent alongside must agree
 * with it; a grsig, when sent, must verify (constant-time compare). Anything
 * else leaves the conversion unattributed, with the reason noted.
 */
export function attribute(
  ctx: Ctx,
  advertiserId: string,
  e: Prepared,
  clicks: BatchClicks,
  requireSignature: boolean,
): Attribution {
  const u = e.event.user_data;
  if (!u.grclid && !u.graid) return UNATTRIBUTED;
  const click =
    (u.grclid ? clicks.byId.get(u.grclid) : undefined) ?? (u.graid ? clicks.byGraid.get(u.graid) : undefined);
  if (!click) return { click: null, note: 'click_not_found' };
  if (click.advertiser_id !== advertiserId) return { click: null, note: 'click_not_found' };
  if ((u.grclid && u.grclid !== click.click_id) || (u.graid && click.graid && u.graid !== click.graid)) {
    return { click: null, note: 'ids_mismatch' };
  }
  if (
    (u.grcpid && u.grcpid !== click.campaign_id) ||
    (u.grpuid && u.grpuid !== click.publisher_id) ||
    (u.gradid && u.gradid !== click.ad_id)
  ) {
    return { click: null, note: 'ids_mismatch' };
  }
  if (u.grsig) {
    // A batch often holds several conversions of one click: each (click, grsig) is verified once.
    const key = `${click.click_id}\u0000${u.grsig}`;
    let valid = clicks.signatures.get(key);
    if (valid === undefined) {
      const expected = attributionSignature(ctx, {
        grclid: click.click_id,
        grcpid: click.campaign_id,
        grpuid: click.publisher_id,
        gradid: click.ad_id,
      });
      valid = signatureMatches(u.grsig, expected);
      clicks.signatures.set(key, valid);
    }
    if (!valid) return { click: null, note: 'bad_signature' };
  } else if (requireSignature) {
    return { click: null, note: 'signature_required' };
  }
  if (e.eventAt < click.at - CLOCK_SKEW_MS) return { click: null, note: 'before_click' };
  if (e.eventAt - click.at > ATTRIBUTION_WINDOW_MS) return { click: null, note: 'outside_window' };
  return { click, note: u.grsig ? 'signed' : u.grclid ? 'grclid' : 'graid' };
}
