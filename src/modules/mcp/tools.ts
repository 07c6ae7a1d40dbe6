import { z } from 'zod';
import type { Ctx } from '../../context.js';
import type { KeyKind } from '../../lib/ids.js';
import * as S from '../reporting/schemas.js';
import * as pub from '../reporting/service.js';
import * as adv from '../reporting/advertiser.js';
import * as campaigns from '../campaigns/service.js';
import { CampaignIdParams, CampaignListQuery, CampaignView } from '../campaigns/schemas.js';
import * as conversions from '../conversions/service.js';
import { AnalyticsQuery, ConversionsQuery, StatsQuery as ConversionStatsQuery } from '../conversions/schemas.js';
import { listIntegrations } from '../integrations/service.js';

/**
 * The read-only tools of the tool server. Each mirrors one reporting endpoint:
 * its input is that endpoint's query schema (the JSON Schema is generated from
 * it), and it calls the same service function, so a tool's result is the
 * endpoint's response body.
 */
export interface ToolDef {
  name: string;
  kind: KeyKind;
  description: string;
  input: z.ZodObject;
  run(ctx: Ctx, accountId: string, args: never): Promise<unknown>;
  /** The endpoint's response schema, when it has one: the result is shaped by it exactly as the REST reply is. */
  output?: z.ZodType;
}

const tool = <Q extends z.ZodObject>(
  kind: KeyKind,
  name: string,
  description: string,
  input: Q,
  run: (ctx: Ctx, accountId: string, args: z.output<Q>) => Promise<unknown>,
  output?: z.ZodType,
): ToolDef => ({ kind, name, description, input, run: run as ToolDef['run'], output });

export const TOOLS: ToolDef[] = [
  tool(
    'pub',
    'publisher_get_info',
    'Publisher profile with lifetime impressions and clicks (GET /publisher-dashboard/info).',
    S.NoQuery,
    pub.publisherInfo,
  ),
  tool(
    'pub',
    'publisher_get_stats',
    'Revenue, impressions, clicks, CPM, CPC and CTR (percent) per day, days bucketed in tz (GET /publisher-dashboard/stats).',
    S.StatsQuery,
    pub.publisherStats,
  ),
  tool(
    'pub',
    'publisher_get_activity',
    'Ad requests, wins and impressions per day with fill rate and show rate (GET /publisher-dashboard/activity).',
    S.ActivityQuery,
    pub.publisherActivity,
  ),
  tool(
    'pub',
    'publisher_get_placements',
    'Performance per placement, UTC days (GET /publisher-dashboard/placements).',
    S.PlacementsQuery,
    pub.publisherPlacements,
  ),
  tool(
    'pub',
    'publisher_get_devices',
    'Performance per device type, UTC days (GET /publisher-dashboard/devices).',
    S.DevicesQuery,
    pub.publisherDevices,
  ),
  tool(
    'pub',
    'publisher_get_geography',
    'Performance per country, UTC days (GET /publisher-dashboard/geography).',
    S.GeographyQuery,
    pub.publisherGeography,
  ),
  tool(
    'pub',
    'publisher_get_countries',
    'Top countries by requests over the last 30 days, with ads served and unique users (GET /publisher-dashboard/countries).',
    S.CountriesQuery,
    pub.publisherCountries,
  ),
  tool(
    'adv',
    'advertiser_get_info',
    'Advertiser profile: id, name, contact email (GET /advertiser-dashboard/info).',
    S.NoQuery,
    adv.advertiserInfo,
  ),
  tool(
    'adv',
    'advertiser_get_metrics',
    'Daily impressions, clicks, conversions, spend, revenue, CTR, CPC, CPM, conversion rate, CPA and ROAS, days bucketed in tz (GET /advertiser-dashboard/metrics).',
    S.MetricsQuery,
    adv.advertiserMetrics,
  ),
  tool(
    'adv',
    'advertiser_get_ad_group_metrics',
    'Delivery and conversions per ad group, 2,000 per call; page with offset while truncated is true (GET /advertiser-dashboard/ad-group-metrics).',
    S.AdGroupMetricsQuery,
    adv.adGroupMetrics,
  ),
  tool(
    'adv',
    'advertiser_list_campaigns',
    'Campaigns with lifetime impressions, clicks, conversions, spend and conversion value; optional status filter (GET /advertiser-dashboard/campaigns).',
    CampaignListQuery,
    (ctx, id, q) => campaigns.listCampaigns(ctx, id, { status: q.status }),
    z.array(CampaignView),
  ),
  tool(
    'adv',
    'advertiser_get_campaign',
    'One campaign with lifetime stats (GET /advertiser-dashboard/campaigns/{campaign_id}).',
    CampaignIdParams,
    (ctx, id, q) => campaigns.getCampaign(ctx, id, q.campaign_id),
    CampaignView,
  ),
  tool(
    'adv',
    'advertiser_get_conversions',
    'Conversion records, newest first; pass next_cursor as cursor while has_more (GET /advertiser-dashboard/conversions).',
    ConversionsQuery,
    conversions.listConversions,
  ),
  tool(
    'adv',
    'advertiser_get_events_analytics',
    'Browser pixel events by domain, hour and event type (GET /advertiser-dashboard/events/analytics).',
    AnalyticsQuery,
    conversions.eventsAnalytics,
  ),
  tool(
    'adv',
    'advertiser_get_conversion_stats',
    'Conversions over time and by event type (GET /advertiser-dashboard/events/conversion-stats).',
    ConversionStatsQuery,
    conversions.conversionStats,
  ),
  tool(
    'adv',
    'advertiser_get_integrations',
    'Storefront connections of the account (GET /advertiser-dashboard/integrations).',
    z.object({}).strict(),
    listIntegrations,
  ),
  tool(
    'adv',
    'advertiser_get_billing',
    'Total spend, billed, unbilled and credits in dollars (GET /advertiser-dashboard/billing).',
    S.NoQuery,
    adv.advertiserBilling,
  ),
];
