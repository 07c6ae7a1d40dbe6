import type { Ctx } from '../../context.js';
import type { Principal } from '../accounts/service.js';
import { newId } from '../../lib/ids.js';
import { sha256Hex } from '../../lib/hash.js';
import { terms } from '../../lib/text.js';
import { deviceType, normaliseCountry } from '../../lib/request-facts.js';
import type { PlacementType } from '../../lib/placement-types.js';
import { Forbidden } from '../../lib/errors.js';
import { rollupRow, type RollupRow } from '../tracking/rollup.js';
import type { AdServeTable } from '../../db/schema.js';
import { decide, type Slot } from './decision.js';
import type { AdObject, AdRequestBody } from './schemas.js';
import type { InvGroup } from './inventory.js';

/** How much of a conversation is read: the last turns, the last characters. */
const MAX_TURNS = 8;
const MAX_CHARS_PER_TURN = 2000;
/** Words that mean no ad may show, whatever the advertiser wants. */
const SENSITIVE = new Set(
  terms('suicide suicidal self-harm selfharm overdose kill myself cutting myself abuse molest child porn rape emergency 911 heart attack stroke'),
);

/** Weigh the conversation: recent turns most, the user's words more than the assistant's. */
export function conversationWeights(messages: AdRequestBody['messages']): Map<string, number> {
  const weights = new Map<string, number>();
  const recent = messages.slice(-MAX_TURNS);
  recent.forEach((m, i) => {
    const age = recent.length - 1 - i;
    const w = (m.role === 'user' ? 3 : 1) * Math.pow(0.6, age);
    for (const t of new Set(terms(m.content, MAX_CHARS_PER_TURN))) weights.set(t, (weights.get(t) ?? 0) + w);
  });
  return weights;
}

export interface RequestFacts {
  ip: string;
  ua: string | undefined;
}

export async function requestAds(ctx: Ctx, who: Principal, body: AdRequestBody, facts: RequestFacts): Promise<AdObject[]> {
  const snap = await ctx.inventory.current();
  const publisher = snap.publishers.get(who.accountId);
  if (!publisher?.active) throw new Forbidden('publisher account is not active');
  const now = ctx.clock.now();
  const ua = body.device?.ua ?? facts.ua;
  const device = deviceType(ua);
  const country = normaliseCountry(body.device?.country);
  const test = body.testAd === true;
  const pubPlacements = snap.placements.get(who.accountId);

  // Slots the publisher has created (unknown slugs never fill) that suit this device.
  const slots: Slot[] = [];
  for (const p of body.placements) {
    const known = pubPlacements?.get(p.placement_id);
    if (!known) continue;
    if (known.device !== 'all' && known.device !== device) continue;
    slots.push({ placement: p.placement, placement_id: p.placement_id, maxAdTextChars: known.maxAdTextChars });
  }

  const weights = conversationWeights(body.messages);
  const sensitive = [...weights.keys()].some((t) => SENSITIVE.has(t));
  const fills =
    slots.length === 0 || sensitive
      ? []
      : decide(snap, {
          weights,
          excluded: new Set((body.excludedTopics ?? []).flatMap((t) => terms(t))),
          slots,
          device,
          country,
          relevancy: body.relevancy ?? 0,
          spentToday: (id) => ctx.spend.today(id),
          floorCpmMicros: publisher.floorCpmMicros,
          random: Math.random,
        });

  const requestId = newId();
  const base = { publisher_id: who.accountId, device, country };
  const serves: AdServeTable[] = [];
  const rollups: RollupRow[] = [];
  const ads: AdObject[] = [];
  if (!test) {
    for (const s of body.placements) {
      rollups.push(
        rollupRow(now, { ...base, placement_id: s.placement_id, placement_type: s.placement, ...NO_AD }, { requests: 1 }),
      );
    }
  }
  for (const f of fills) {
    const clickId = newId();
    const token = ctx.codec.seal({
      clickId,
      campaignId: f.group.campaignId,
      adGroupId: f.group.id,
      adId: f.ad.id,
      publisherId: who.accountId,
      advertiserId: f.group.advertiserId,
      placementType: f.slot.placement as PlacementType,
      placementId: f.slot.placement_id,
      priceMicros: f.priceMicros,
      pricing: f.group.pricing,
      revenueShareBps: publisher.revenueShareBps,
      test,
      issuedAt: Math.floor(now / 1000),
    });
    serves.push({
      click_id: clickId,
      request_id: requestId,
      publisher_id: who.accountId,
      placement_id: f.slot.placement_id,
      placement_type: f.slot.placement,
      campaign_id: f.group.campaignId,
      ad_group_id: f.group.id,
      ad_id: f.ad.id,
      advertiser_id: f.group.advertiserId,
      pricing: f.group.pricing,
      price_micros: f.priceMicros,
      at: now,
      is_test: test ? 1 : 0,
    });
    if (!test) {
      rollups.push(
        rollupRow(
          now,
          { ...base, placement_id: f.slot.placement_id, placement_type: f.slot.placement, ...adDims(f.group, f.ad.id) },
          { wins: 1 },
        ),
      );
    }
    ads.push(adObject(ctx, f.group, f.ad, f.slot, token, test));
  }

  await ctx.journal.append({
    type: 'request',
    request: {
      id: requestId,
      publisher_id: who.accountId,
      at: now,
      session_hash: sha256Hex(body.sessionId),
      slots: body.placements.length,
      filled: fills.length,
      device,
      country,
      is_test: test ? 1 : 0,
    },
    serves,
    rollups,
  });
  return ads;
}

const NO_AD = { advertiser_id: '', campaign_id: '', ad_group_id: '', ad_id: '' };
const adDims = (g: InvGroup, adId: string) => ({
  advertiser_id: g.advertiserId,
  campaign_id: g.campaignId,
  ad_group_id: g.id,
  ad_id: adId,
});

function adObject(ctx: Ctx, g: InvGroup, ad: InvGroup['ads'][number], slot: Slot, token: string, test: boolean): AdObject {
  const title = ad.headline || g.brandName;
  return {
    adText: ad.copy,
    title: test ? `[Test] ${title}` : title,
    cta: ad.cta,
    brandName: g.brandName,
    url: ad.landingPage,
    favicon: g.favicon,
    impUrl: `${ctx.urls.api}/track/imp?p=${token}`,
    clickUrl: `${ctx.urls.api}/track/click?p=${token}`,
    placement: slot.placement,
    placement_id: slot.placement_id,
    campaignId: g.campaignId,
    feedbackPrompt: false,
    ...(test ? { isTest: true } : {}),
  };
}
