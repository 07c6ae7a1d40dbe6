/** Response shapes of the publisher reporting API (spec 1). */
export interface Daily {
  date: string;
  impressions: number;
  clicks: number;
  ctr: number;
  revenue: number;
  cpm: number;
  cpc: number;
}

export interface Stats {
  totalImpressions: number;
  totalClicks: number;
  totalRevenue: number;
  avgCpm: number;
  avgCpc: number;
  avgCtr: number;
  /** Invalid traffic in the range: recorded, never paid (issue 25). */
  invalid_impressions: number;
  invalid_clicks: number;
  timeSeries: Daily[];
}

export interface Info {
  publisher_id: string;
  name: string;
  url: string;
  payout_model: string;
  total_impressions: number;
  total_clicks: number;
}

export interface ActivityResp {
  data: { date: string; requests: number; wins: number; impressions: number }[];
  total_requests: number;
  total_wins: number;
  total_impressions: number;
  fill_rate: number;
  show_rate: number;
}

export interface PlacementPerf extends Omit<Daily, 'date'> {
  placement: string;
  placement_id: string;
  name: string;
  device: string | null;
  status: string | null;
  created_at: string | null;
  requests: number;
  wins: number;
  fill_rate: number;
  daily: Daily[];
}

export interface UnknownPlacementsResp {
  unknown_placements: { placement_id: string; placement: string; requests: number; last_seen_at: string }[];
  window_hours: number;
}

export interface PlacementsResp {
  placements: PlacementPerf[];
  period_days: number;
}

export interface DevicesResp {
  devices: (Omit<Daily, 'date'> & { device_type: string; daily: (Daily & { device_type: string })[] })[];
  period_days: number;
}

export interface GeoResp {
  countries: (Omit<Daily, 'date'> & { country_code: string })[];
  period_days: number;
}

export interface CountriesResp {
  countries: {
    country_code: string;
    requests: number;
    ads_served: number;
    unique_users: number;
    pct_requests: number;
  }[];
}

export interface PlacementRecord {
  id: string;
  name: string;
  slug: string;
  placement_type: string;
  device: string;
  framework: string;
  page_url: string | null;
  status: string;
  created_at: string;
}
