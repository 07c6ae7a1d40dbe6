import type { Ctx } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import { newId, isUuid } from '../../lib/ids.js';
import { getAdvertiser } from '../accounts/service.js';
import { ingest } from './ingest.js';
import type { PixelEventsBody } from './schemas.js';
import { insertPixelEvents } from './reports-repo.js';
import { mapCache } from '../../caches.js';

/** Events sent by the browser pixel (public: identified by the advertiser id, as every pixel is). */
export async function recordPixelEvents(
  ctx: Ctx,
  body: PixelEventsBody,
): Promise<{ accepted: number; conversions: number }> {
  const now = ctx.clock.now();
  // Advertiser ids seen to exist (src/caches.ts `knownAdvertisers`), so pixel traffic does not read the accounts on every event.
  const known = mapCache<true>(ctx, 'knownAdvertisers');
  if (known.get(body.advertiser_id, now) === undefined) {
    if (!isUuid(body.advertiser_id)) throw new NotFound('advertiser');
    await getAdvertiser(ctx, body.advertiser_id);
    known.set(body.advertiser_id, true, now);
  }
  const rows = body.events.map((e) => {
    const u = new URL(e.url);
    // Only the host and path are kept: query strings can carry personal data.
    const at = e.ts && Math.abs(e.ts - now) < 3600_000 ? e.ts : now;
    return {
      id: newId(),
      advertiser_id: body.advertiser_id,
      event_type: e.event_type.toLowerCase(),
      domain: u.hostname.toLowerCase(),
      path: u.pathname.slice(0, 500),
      visitor_id: e.visitor_id ?? null,
      session_id: e.session_id ?? null,
      click_id: e.grclid && isUuid(e.grclid) ? e.grclid : null,
      at,
    };
  });
  await insertPixelEvents(ctx.db, rows);

  // Purchases seen by a checkout pixel become conversions when their click attribution verifies (a valid
  // grsig): the pixel is public, so nothing unsigned is counted. The order id is the event id, so the
  // storefront's orders/paid webhook (or the advertiser's backend) and the pixel give one conversion.
  const purchases = body.events
    .filter(
      (e) => PIXEL_PURCHASES.has(e.event_type.toLowerCase()) && e.props?.order_id !== undefined && e.attribution?.grsig,
    )
    .map((e) => ({
      event_name: 'purchase',
      event_time: Math.floor((e.ts && Math.abs(e.ts - now) < 3600_000 ? e.ts : now) / 1000),
      event_id: String(e.props!.order_id),
      action_source: 'website',
      event_source_url: e.url,
      user_data: { ...e.attribution, visitor_id: e.visitor_id ?? null, session_id: e.session_id ?? null },
      custom_data: {
        value: e.props!.value ?? undefined,
        currency: e.props!.currency ?? undefined,
        order_id: String(e.props!.order_id),
      },
    }));
  let conversions = 0;
  if (purchases.length) {
    // Counted at most once per click and type, and never charged on the pixel's word alone (conversions/caps.ts).
    const out = await ingest(
      ctx,
      body.advertiser_id,
      { data: purchases },
      { source: 'pixel', requireSignature: true, attributedOnly: true },
    );
    conversions = out.counted;
  }
  return { accepted: rows.length, conversions };
}

const PIXEL_PURCHASES = new Set(['purchase', 'checkout_completed']);
