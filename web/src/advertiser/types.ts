/** Response shapes of the advertiser dashboard API (spec 2). */
export interface Campaign {
  campaign_id: string;
  name: string;
  status: string;
  is_active: boolean;
  is_archived: boolean;
  category: string | null;
  daily_budget: number;
  daily_budget_remaining?: number;
  landing_page: string;
  campaign_objective: string | null;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  allowed_countries: string[] | null;
  allowed_devices: string[] | null;
  utm_params: Record<string, string> | null;
  custom_favicon_url: string | null;
  deployment_status: string;
  review_status: string;
  review_notes: string | null;
  max_cpc?: number | null;
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
  conversion_value: number;
  ad_groups?: AdGroup[];
}

export interface Ad {
  id: string;
  ad_group_id: string;
  campaign_id: string;
  name: string | null;
  headline: string | null;
  copy: string | null;
  cta: string | null;
  description: string | null;
  landing_page: string | null;
  image_url: string | null;
  source: string;
  status: string;
  review_status: string;
}

export interface AdGroup {
  id: string;
  campaign_id: string;
  name: string;
  group_type: 'generative' | 'manual';
  status: string;
  context: string | null;
  ad_prompt: string | null;
  landing_page: string | null;
  brand_name: string | null;
  max_cpc: number | null;
  ads: Ad[];
  ads_total: number;
  review_status?: string;
}

export interface MetricsDay {
  date: string;
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
  revenue: number;
  ctr: number;
  cpc: number;
  cpm: number;
  conversion_rate: number;
  cpa: number;
  roas: number;
  /** Invalid clicks (recorded, never charged: issue 25). */
  invalid_clicks: number;
}

export interface Metrics {
  data: MetricsDay[];
  total_impressions: number;
  total_clicks: number;
  total_spend: number;
  total_conversions: number;
  total_revenue: number;
}

export interface GroupMetrics {
  ad_groups: {
    ad_group_id: string;
    name: string;
    group_type: string;
    status: string;
    total_impressions: number;
    total_clicks: number;
    total_spend: number;
    total_conversions: number;
    cpa: number | null;
    /** End-user feedback on the group's ads in the range (when the server reports it). */
    feedback?: { thumbs_up: number; thumbs_down: number };
  }[];
  total_ad_groups: number;
  truncated: boolean;
}
