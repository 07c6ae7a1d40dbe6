import type { Ctx } from '../../context.js';
import type { AdServeTable } from '../../db/schema.js';
import type { PlacementType } from '../../lib/placement-types.js';
import { newId } from '../../lib/ids.js';
import type { Fill } from './allocation.js';
import type { Slot } from './decision.js';
import type { DecisionRecord } from './explain.js';
import type { InvAd, InvGroup } from './inventory.js';
import type { AdObject, AdRequestBody } from './schemas.js';
import { houseTestAd } from './test-ad.js';

/** What a request's records need to know about it. */
export interface ServeFacts {
  publisherId: string;
  revenueShareBps: number;
  requestId: string;
  now: number;
  test: boolean;
  placements: AdRequestBody['placements'];
  /** The decision record's slot notes: each filled slot is marked with its group. */
  slotNotes: DecisionRecord['slots'];
  random: () => number;
}

/**
 * The answer and the journal's rows for the fills of one request: per fill a
 * sealed token, the ad object and its serve row (the request's rollup deltas are
 * made from these rows where the journal commits, tracking/journal-batch.ts
 * `requestRollups`); and, for a
 * `testAd` request, the house test ad in every placement left empty
 * (serving/test-ad.ts).
 */
export function serveRecords(
  ctx: Ctx,
  fills: readonly Fill[],
  finalAds: readonly InvAd[],
  f: ServeFacts,
): { serves: AdServeTable[]; ads: AdObject[] } {
  const serves: AdServeTable[] = [];
  const ads: AdObject[] = [];
  const { test, now } = f;
  fills.forEach((fill, i) => {
    const g = fill.candidate.g;
    const ad = finalAds[i];
    const clickId = newId();
    const token = ctx.codec.seal({
      clickId,
      campaignId: g.campaignId,
      adGroupId: g.id,
      adId: ad.id,
      publisherId: f.publisherId,
      advertiserId: g.advertiserId,
      placementType: fill.slot.placement as PlacementType,
      placementId: fill.slot.placement_id,
      priceMicros: fill.priceMicros,
      pricing: g.billing,
      revenueShareBps: f.revenueShareBps,
      test,
      issuedAt: Math.floor(now / 1000),
    });
    serves.push({
      click_id: clickId,
      request_id: f.requestId,
      publisher_id: f.publisherId,
      placement_id: fill.slot.placement_id,
      placement_type: fill.slot.placement,
      campaign_id: g.campaignId,
      ad_group_id: g.id,
      ad_id: ad.id,
      advertiser_id: g.advertiserId,
      pricing: g.billing,
      price_micros: fill.priceMicros,
      at: now,
      is_test: test ? 1 : 0,
    });
    const note = f.slotNotes.find((s) => s.placement_id === fill.slot.placement_id && s.filledBy === null);
    if (note) note.filledBy = g.id;
    ads.push(adObject(ctx, g, ad, fill.slot, token, test, f.random() < ctx.config.feedbackPromptRate));
  });

  // testAd: every placement left empty gets the house test ad, whatever the inventory (serving/test-ad.ts).
  if (test) {
    const filled = new Set(fills.map((x) => x.slot.placement_id));
    for (const p of f.placements) {
      if (filled.has(p.placement_id)) continue;
      filled.add(p.placement_id);
      const house = houseTestAd(ctx, p, {
        publisherId: f.publisherId,
        revenueShareBps: f.revenueShareBps,
        requestId: f.requestId,
        now,
      });
      serves.push(house.serve);
      ads.push(house.ad);
    }
  }
  return { serves, ads };
}

function adObject(
  ctx: Ctx,
  g: InvGroup,
  ad: InvAd,
  slot: Slot,
  token: string,
  test: boolean,
  feedbackPrompt: boolean,
): AdObject {
  const title = ad.headline || g.brandName;
  const o: AdObject = {
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
    feedbackPrompt,
  };
  // Set after the others (it is last in the JSON), without a spread: spreads take V8's slow copy path.
  if (test) o.isTest = true;
  return o;
}
