import { newId } from '../../src/lib/ids.js';
import type { TokenCodec } from '../../src/lib/token.js';

/**
 * The impression benches' shared setup (track-imp, track-imp-trials,
 * journal-batches, journal-writer-cost): the ad an impression token names and
 * the tokens themselves, each with its own click id, so every `/track/imp`
 * that carries one is a new impression — a durable write.
 */

/** A desktop browser's user agent (requests without one count as bots, whose hits are never charged). */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** The ad an impression was served for, and where. */
export interface ServedAd {
  campaign: string;
  group: string;
  ad: string;
  publisher: string;
  advertiser: string;
}

/** Ids that name no stored rows: for benches whose impressions need no campaign (nothing checks the budget). */
export const unstoredAd = (): ServedAd => ({
  campaign: newId(),
  group: newId(),
  ad: newId(),
  publisher: newId(),
  advertiser: newId(),
});

/**
 * A minter of impression tokens for `ad` below a response, CPM at $2 with a
 * 70 % revenue share: `mint(n)` seals n tokens issued now, each a new click id.
 */
export function impressionMinter(codec: Pick<TokenCodec, 'seal'>, ad: ServedAd): (n: number) => string[] {
  return (n) => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const out = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      out[i] = codec.seal({
        clickId: newId(),
        campaignId: ad.campaign,
        adGroupId: ad.group,
        adId: ad.ad,
        publisherId: ad.publisher,
        advertiserId: ad.advertiser,
        placementType: 'below_response',
        placementId: 'Chat-Below',
        priceMicros: 2_000_000,
        pricing: 'cpm',
        revenueShareBps: 7000,
        test: false,
        issuedAt,
      });
    }
    return out;
  };
}
