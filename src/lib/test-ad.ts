/**
 * The house test ad: what `testAd: true` answers for a placement the
 * inventory leaves empty, so an integrator with an empty or unrelated
 * inventory still sees a (clearly marked) ad. Its campaign, ad group, ad and
 * advertiser are this fixed id, which no real row ever has (ids are UUID v7);
 * its clicks land on `/test-ad` of the platform. Test ads are never billed or
 * counted (the token says `test`).
 */
export const TEST_AD_ID = '00000000-0000-7000-8000-000000000000';

export const TEST_AD_PATH = '/test-ad';

/** Where a click on the house test ad lands. */
export const testAdLanding = (platformUrl: string): string => `${platformUrl}${TEST_AD_PATH}`;
