/**
 * The campaigns module's entry point: other modules and the routes call it
 * here. The work is split by operation:
 * - create.ts: a campaign with its ad groups and ads (`createCampaign`, `billingModelOf`);
 * - update.ts: `updateCampaign`; archive.ts: archiving campaigns, ad groups and ads;
 * - ad-groups.ts: ad group create and update, and the preparation of groups and their ads;
 * - ads.ts: authored ads; reads.ts: lists, details and the reads of reports;
 * - review.ts: what an approval means for serving; review-queue.ts: the operator's queue and decisions;
 * - servable.ts: the serving inventory (`loadServable`); destinations.ts: a click's landing page
 *   (`adDestination`, cached in src/caches.ts) and the invalidation of what serves;
 * - ad-units.ts: legacy ad units (deprecated), served as one-ad groups; routes: ad-units-routes.ts;
 * - views.ts: the API's shapes; fields.ts: input fields as stored; lookups.ts: ownership (404);
 * - group-row.ts: a whole ad-group row at its defaults (`defaultAdGroupRow`) for the paths that write one raw;
 * - seed.ts: approved campaigns for the demo, tests and benches (operator paths, not the API).
 * SQL: repo.ts, ad-units-repo.ts.
 */
export { createCampaign, billingModelOf } from './create.js';
export { updateCampaign } from './update.js';
export { archiveAd, archiveAdGroup, toggleArchiveCampaign } from './archive.js';
export { createAdGroup, updateAdGroup } from './ad-groups.js';
export { createAd, updateAd } from './ads.js';
export {
  adGroupsForReport,
  campaignBilling,
  describeAds,
  getAdGroup,
  getCampaign,
  listAdGroups,
  listCampaigns,
  listGroupAds,
  type ReportGroup,
} from './reads.js';
export { requireCampaign } from './lookups.js';
export { decideReviewItem, listForReview, reviewCampaign, reviewQueue, type ReviewItem } from './review-queue.js';
export { loadServable } from './servable.js';
export { adDestination } from './destinations.js';
export {
  createAdUnit,
  generateAdUnits,
  linkedUnitIds,
  listAdUnits,
  setCampaignAdUnits,
  toggleArchiveAdUnit,
} from './ad-units.js';
