import type { Ctx } from '../../context.js';
import { loadServable } from '../campaigns/service.js';
import { listActivePlacements } from '../placements/service.js';
import { listPublishers } from '../accounts/service.js';
import { terms } from '../../lib/text.js';
import type { PricingModel } from '../../lib/token.js';

/**
 * The serving inventory: an in-memory snapshot of everything that may serve,
 * with an inverted index from conversation terms to ad groups. Rebuilt every
 * `inventoryRefreshMs` (so other instances' changes arrive within seconds) and
 * at once on the next request after a change made on this instance.
 */
export interface InvAd {
  id: string;
  headline: string | null;
  copy: string;
  cta: string;
  landingPage: string;
}

export interface InvGroup {
  id: string;
  campaignId: string;
  advertiserId: string;
  brandName: string;
  landingPage: string;
  favicon: string;
  terms: Set<string>;
  negative: Set<string>;
  ads: InvAd[];
  pricing: PricingModel;
  priceMicros: number;
  /** Expected value of one impression, in micros per thousand, before relevance. */
  ecpmMicros: number;
  campaignDailyBudgetMicros: number;
  allowedCountries: Set<string> | null;
  allowedDevices: Set<string> | null;
}

export interface InvPlacement {
  slug: string;
  type: string;
  device: string;
  maxAdTextChars: number | null;
}

export interface InvPublisher {
  id: string;
  revenueShareBps: number;
  floorCpmMicros: number;
  active: boolean;
}

export interface Snapshot {
  builtAt: number;
  groups: InvGroup[];
  byTerm: Map<string, InvGroup[]>;
  placements: Map<string, Map<string, InvPlacement>>; // publisher id -> slug -> placement
  publishers: Map<string, InvPublisher>;
  activeAds: number;
}

/** Default price when a campaign sets no bid (auto-bidding): a CPM in micros. */
export const DEFAULT_CPM_MICROS = 5_000_000;
/** Prior click-through rate used to compare CPC bids with CPM bids. */
export const PRIOR_CTR = 0.02;

const parseList = (json: string | null): Set<string> | null => {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) && v.length > 0 ? new Set(v.map((x) => String(x).toLowerCase())) : null;
  } catch {
    return null;
  }
};

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

export async function buildSnapshot(ctx: Ctx): Promise<Snapshot> {
  const [{ campaigns, groups, ads }, placements, publishers] = await Promise.all([
    loadServable(ctx),
    listActivePlacements(ctx),
    listPublishers(ctx),
  ]);
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  const adsByGroup = new Map<string, InvAd[]>();
  for (const a of ads) {
    if (!a.copy && !a.headline) continue;
    const list = adsByGroup.get(a.ad_group_id) ?? [];
    list.push({ id: a.id, headline: a.headline, copy: a.copy ?? '', cta: a.cta ?? 'Learn more', landingPage: a.landing_page ?? '' });
    adsByGroup.set(a.ad_group_id, list);
  }
  const invGroups: InvGroup[] = [];
  const byTerm = new Map<string, InvGroup[]>();
  let activeAds = 0;
  for (const g of groups) {
    const c = campaignById.get(g.campaign_id);
    const groupAds = adsByGroup.get(g.id);
    if (!c || !groupAds?.length) continue;
    const landingPage = g.landing_page || c.landing_page;
    const cpc = g.max_cpc_micros || c.max_cpc_micros;
    const pricing: PricingModel = cpc ? 'cpc' : 'cpm';
    const priceMicros = cpc || c.max_cpm_micros || DEFAULT_CPM_MICROS;
    const host = hostOf(landingPage);
    const entry: InvGroup = {
      id: g.id,
      campaignId: c.id,
      advertiserId: c.advertiser_id,
      brandName: g.brand_name || host,
      landingPage,
      favicon: c.custom_favicon_url || (host ? `https://${host}/favicon.ico` : ''),
      terms: new Set(terms(`${g.context ?? ''} ${g.name}`)),
      negative: new Set(terms(g.negative_context ?? '')),
      ads: groupAds.map((a) => ({ ...a, landingPage: a.landingPage || landingPage })),
      pricing,
      priceMicros,
      ecpmMicros: pricing === 'cpc' ? priceMicros * 1000 * PRIOR_CTR : priceMicros,
      campaignDailyBudgetMicros: c.daily_budget_micros,
      allowedCountries: parseList(g.allowed_countries_json) ?? parseList(c.allowed_countries_json),
      allowedDevices: parseList(g.allowed_devices_json) ?? parseList(c.allowed_devices_json),
    };
    activeAds += entry.ads.length;
    invGroups.push(entry);
    for (const t of entry.terms) {
      const list = byTerm.get(t) ?? [];
      list.push(entry);
      byTerm.set(t, list);
    }
  }
  const placementMap = new Map<string, Map<string, InvPlacement>>();
  for (const p of placements) {
    let m = placementMap.get(p.publisher_id);
    if (!m) placementMap.set(p.publisher_id, (m = new Map()));
    let maxChars: number | null = null;
    if (p.display_config_json) {
      const dc = JSON.parse(p.display_config_json) as { max_ad_text_chars?: number };
      maxChars = typeof dc.max_ad_text_chars === 'number' ? dc.max_ad_text_chars : null;
    }
    m.set(p.slug, { slug: p.slug, type: p.placement_type, device: p.device, maxAdTextChars: maxChars });
  }
  const pubMap = new Map<string, InvPublisher>(
    publishers.map((p) => [
      p.id,
      { id: p.id, revenueShareBps: p.revenue_share_bps, floorCpmMicros: p.floor_cpm_micros, active: p.status === 'active' },
    ]),
  );
  return { builtAt: ctx.clock.now(), groups: invGroups, byTerm, placements: placementMap, publishers: pubMap, activeAds };
}

export class Inventory {
  private snap: Snapshot | null = null;
  private dirty = true;
  private building: Promise<Snapshot> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: () => Ctx) {}

  /** The current snapshot, rebuilt first when a local change made it stale. */
  async current(): Promise<Snapshot> {
    if (this.snap && !this.dirty) return this.snap;
    return this.rebuild();
  }

  invalidate(): void {
    this.dirty = true;
  }

  rebuild(): Promise<Snapshot> {
    if (this.building) return this.building;
    this.dirty = false;
    this.building = buildSnapshot(this.ctx())
      .then((s) => (this.snap = s))
      .catch((err) => {
        this.dirty = true;
        throw err;
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.rebuild().catch((err) => this.ctx().log.error({ err }, 'inventory refresh failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
