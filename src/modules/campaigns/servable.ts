import type { Ctx } from '../../context.js';
import type { AdGroupTable, CampaignTable } from '../../db/schema.js';
import * as repo from './repo.js';
import { servableUnits } from './ad-units.js';
import { approvedOf, AS_IS, live } from './review.js';
import { defaultAdGroupRow } from './group-row.js';

/** Ad groups whose ads one read takes while the inventory is built: bounds the rows alive at once. */
const SERVABLE_ADS_GROUPS_PER_READ = 500;

/**
 * Everything that may serve now: approved, active campaigns with their live
 * groups and approved ads, plus their linked legacy ad units, each shown to
 * the inventory as a one-ad group (group id = ad id = unit id).
 *
 * The ads (only the columns serving keeps) are read when `ads` is iterated,
 * for 500 groups at a time, with a turn of the event loop between reads: an
 * inventory of 500,000 ads never holds them all as rows at once (the rows of
 * one read are garbage once packed), and requests are answered while it loads.
 */
export async function loadServable(ctx: Ctx): Promise<{
  campaigns: CampaignTable[];
  groups: AdGroupTable[];
  ads: AsyncIterable<repo.ServableAd[]>;
}> {
  // Only approved versions serve: each row with its approved values over any edit in review (campaigns/review.ts).
  const rows = await repo.servableRows(ctx.db, ctx.clock.now());
  const campaigns = rows.campaigns.map((c) => live('campaign', c)).filter((c): c is CampaignTable => c !== null);
  const groups = rows.groups.map((g) => live('ad_group', g)).filter((g): g is AdGroupTable => g !== null);
  const groupIds = groups.map((g) => g.id);
  const unitAds: repo.ServableAd[] = [];
  if (campaigns.length > 0) {
    const units = await servableUnits(
      ctx,
      campaigns.map((c) => c.id),
    );
    const seenAds = new Set<string>();
    for (const u of units) {
      groups.push(
        defaultAdGroupRow({
          id: u.id,
          campaign_id: u.campaign_id,
          advertiser_id: u.advertiser_id,
          name: u.name,
          context: u.context,
          landing_page: u.landing_page,
          brand_name: u.brand_name,
          created_at: u.created_at,
          updated_at: u.updated_at,
          review_status: 'approved',
        }),
      );
      if (seenAds.has(u.id)) continue;
      seenAds.add(u.id);
      unitAds.push({
        id: u.id,
        ad_group_id: u.id,
        headline: u.headline,
        copy: u.ad_text,
        cta: u.cta,
        landing_page: u.landing_page,
      });
    }
  }
  async function* ads(): AsyncGenerator<repo.ServableAd[]> {
    for (let i = 0; i < groupIds.length; i += SERVABLE_ADS_GROUPS_PER_READ) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      const rows = await repo.servableAds(ctx.db, groupIds.slice(i, i + SERVABLE_ADS_GROUPS_PER_READ));
      // Each ad as approved (an edit in review does not serve before its approval).
      // A row approved as it is is taken as read; one with an edit in review serves its approved version (review.ts).
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k];
        if (r.approved_json === AS_IS) continue;
        const v = approvedOf('ad', r as never);
        if (v) rows[k] = { ...r, headline: v.headline, copy: v.copy, cta: v.cta, landing_page: v.landing_page };
      }
      yield rows;
    }
    if (unitAds.length > 0) yield unitAds;
  }
  return { campaigns, groups, ads: ads() };
}
