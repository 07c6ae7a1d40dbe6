import type { Ctx } from '../../context.js';
import type { AdServeTable } from '../../db/schema.js';
import type { PlacementType } from '../../lib/placement-types.js';
import { newId } from '../../lib/ids.js';
import { TEST_AD_ID, testAdLanding } from '../../lib/test-ad.js';
import type { AdObject } from './schemas.js';

/**
 * The house test ad for one placement of a `testAd: true` request that no
 * campaign filled (src/lib/test-ad.ts): a real token (its impression and click
 * URLs work end to end) marked `test`, so tracking records it but never bills
 * or counts it.
 */
export function houseTestAd(
  ctx: Ctx,
  slot: { placement: string; placement_id: string },
  facts: { publisherId: string; revenueShareBps: number; requestId: string; now: number },
): { ad: AdObject; serve: AdServeTable } {
  const clickId = newId();
  const token = ctx.codec.seal({
    clickId,
    campaignId: TEST_AD_ID,
    adGroupId: TEST_AD_ID,
    adId: TEST_AD_ID,
    publisherId: facts.publisherId,
    advertiserId: TEST_AD_ID,
    placementType: slot.placement as PlacementType,
    placementId: slot.placement_id,
    priceMicros: 0,
    pricing: 'cpm',
    revenueShareBps: facts.revenueShareBps,
    test: true,
    issuedAt: Math.floor(facts.now / 1000),
  });
  const landing = testAdLanding(ctx.urls.platform);
  return {
    ad: {
      adText: 'This is an Orbit test ad: your integration works. Test ads are never billed or counted.',
      title: '[Test] Orbit test ad',
      cta: 'Learn more',
      brandName: 'Orbit (test)',
      url: landing,
      favicon: '',
      impUrl: `${ctx.urls.api}/track/imp?p=${token}`,
      clickUrl: `${ctx.urls.api}/track/click?p=${token}`,
      placement: slot.placement,
      placement_id: slot.placement_id,
      campaignId: TEST_AD_ID,
      feedbackPrompt: false,
      isTest: true,
    },
    serve: {
      click_id: clickId,
      request_id: facts.requestId,
      publisher_id: facts.publisherId,
      placement_id: slot.placement_id,
      placement_type: slot.placement,
      campaign_id: TEST_AD_ID,
      ad_group_id: TEST_AD_ID,
      ad_id: TEST_AD_ID,
      advertiser_id: TEST_AD_ID,
      pricing: 'cpm',
      price_micros: 0,
      at: facts.now,
      is_test: 1,
    },
  };
}

/** The landing page of the house test ad: says what happened, records nothing. */
export const TEST_AD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Orbit test ad</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}code{background:#f1f5f9;padding:0 .25rem}</style></head>
<body><h1>Orbit test ad</h1><p>You clicked a test ad served because the ad request had <code>testAd: true</code>. The click went through Orbit's click URL and landed here, so click tracking works.</p>
<p>Test ads are recorded for debugging but never billed or counted in reports. Remove <code>testAd</code> to receive real ads.</p></body></html>`;
