import type { Ctx } from '../../context.js';
import { loadServable } from '../campaigns/service.js';
import { listActivePlacements } from '../placements/service.js';
import { listPublishers } from '../accounts/service.js';
import { groupActivitySince } from '../ledger/service.js';
import type { GroupActivity } from '../ledger/service.js';
import type { PricingModel } from '../../lib/token.js';
import { RelevanceModel } from './relevance.js';
import { wordTable } from './word-vectors.js';
import { predictRates, type Rates } from './predict.js';
import { clampFeedback, feedbackScores } from './feedback-seam.js';
import { blocksByPublisher, type PublisherBlocks } from '../blocks/service.js';
import { valueCache } from '../../caches.js';

/**
 * The serving inventory: an in-memory snapshot of everything that may serve —
 * ad groups with their ads, bids, predicted rates (from their own history,
 * smoothed toward priors), effective budgets and targeting — plus the
 * relevance model built over the groups' context. Rebuilt every
 * `inventoryRefreshMs` (so other instances' changes arrive within seconds)
 * and at once on the next request after a change made on this instance.
 */
export interface InvAd {
  id: string;
  headline: string | null;
  copy: string;
  cta: string;
  landingPage: string;
}

/** Fields of one ad in an AdPack, in order. */
const AD_FIELDS = 5;

/**
 * The ads of one group, packed: every field of every ad as UTF-8 in one
 * buffer (outside the JavaScript heap) with a table of byte offsets, and the
 * copy lengths in a typed array (the slot filter reads only those). At
 * 500,000 ads this is a few objects per group instead of 500,000 objects and
 * 2.5 million strings on the heap, so the heap stays small and a major GC
 * has little to mark or move. An `InvAd` is decoded only for the ad that serves.
 */
export class AdPack {
  readonly size: number;

  private constructor(
    private readonly bytes: Buffer,
    private readonly offsets: Uint32Array,
    /** Length of each ad's copy in characters (UTF-16 code units, as `string.length`), by ad position. */
    readonly copyLength: Uint32Array,
    private readonly defaultLanding: string,
  ) {
    this.size = copyLength.length;
  }

  /** Packs ad rows in their order (no copy: '', no CTA: 'Learn more', no landing page: the group's). */
  static of(ads: readonly AdRow[], defaultLanding: string): AdPack {
    const parts: string[] = [];
    const offsets = new Uint32Array(ads.length * AD_FIELDS + 1);
    const copyLength = new Uint32Array(ads.length);
    let at = 0;
    let k = 0;
    ads.forEach((a, i) => {
      const copy = a.copy ?? '';
      copyLength[i] = copy.length;
      const landing = a.landing_page ?? '';
      for (const f of [
        a.id,
        a.headline ?? '',
        copy,
        a.cta ?? 'Learn more',
        landing === defaultLanding ? '' : landing,
      ]) {
        parts.push(f);
        offsets[k++] = at;
        at += Buffer.byteLength(f, 'utf8');
      }
    });
    offsets[k] = at;
    // allocUnsafeSlow: an own backing store, not a slice of Node's shared pool.
    const bytes = Buffer.allocUnsafeSlow(at);
    bytes.write(parts.join(''), 0, 'utf8');
    return new AdPack(bytes, offsets, copyLength, defaultLanding);
  }

  private field(i: number, f: number): string {
    const k = i * AD_FIELDS + f;
    return this.bytes.toString('utf8', this.offsets[k], this.offsets[k + 1]);
  }

  /** The ad at position i, as an object (decoded on demand). */
  at(i: number): InvAd {
    return {
      id: this.field(i, 0),
      headline: this.field(i, 1) || null,
      copy: this.field(i, 2),
      cta: this.field(i, 3),
      landingPage: this.field(i, 4) || this.defaultLanding,
    };
  }
}

/** The columns of an ad row the pack keeps. */
export interface AdRow {
  id: string;
  headline: string | null;
  copy: string | null;
  cta: string | null;
  landing_page: string | null;
}

export interface InvGroup {
  /** Position in `Snapshot.groups` (and in the relevance model). */
  idx: number;
  id: string;
  name: string;
  campaignId: string;
  advertiserId: string;
  brandName: string;
  landingPage: string;
  favicon: string;
  context: string;
  adPrompt: string | null;
  generative: boolean;
  ads: AdPack;
  /** The auction's unit for this group: per click (CPC, also conversion-optimised and CPA-billed) or per thousand impressions. */
  pricing: PricingModel;
  /** The one event kind the campaign is charged on (its billing model): minted into the token and the serve record. */
  billing: PricingModel;
  /** The bid in the pricing unit: a CPC in micros, or a CPM in micros per thousand. */
  bidMicros: number;
  /** Conversion-optimised: the CPC bid is derived from the target cost per conversion × predicted conversion rate. */
  conversionOptimised: boolean;
  rates: Rates;
  /** Expected value of one thousand impressions at the bid, in micros, before relevance and feedback. */
  ecpmMicros: number;
  /** User-feedback multiplier (1 neutral; from the feedback module when present). */
  feedback: number;
  campaignDailyBudgetMicros: number;
  /** Effective daily budget of the group (fixed, or allocated by auto-optimisation within min/max); null: campaign budget only. */
  groupDailyBudgetMicros: number | null;
  allowedCountries: Set<string> | null;
  allowedDevices: Set<string> | null;
  startTime: number | null;
  endTime: number | null;
  /** The campaign's ad category (publishers may block it), null when uncategorised. */
  category: string | null;
}

export interface InvPlacement {
  slug: string;
  type: string;
  device: string;
  maxAdTextChars: number | null;
  floorCpmMicros: number;
}

export interface InvPublisher {
  id: string;
  revenueShareBps: number;
  floorCpmMicros: number;
  active: boolean;
  /** Advertisers and ad categories the publisher blocked (serving/blocks.ts), null when none. */
  blocks: PublisherBlocks | null;
}

export interface Snapshot {
  builtAt: number;
  groups: InvGroup[];
  /**
   * Per group position, packed: `ecpmMicros` and `feedback` of `groups[i]`.
   * Ranking reads these for every matched group (~100 per request at 10,000
   * groups) without touching the group objects, scattered over the heap.
   */
  ecpm: Float64Array;
  feedback: Float64Array;
  model: RelevanceModel;
  placements: Map<string, Map<string, InvPlacement>>; // publisher id -> slug -> placement
  publishers: Map<string, InvPublisher>;
  activeAds: number;
}

/** Default price when a campaign sets no bid (auto-bidding): a CPM in micros. */
export const DEFAULT_CPM_MICROS = 5_000_000;
/** Default click bid of a CPC-billed campaign without a CPC bid: the default CPM at a 2 % click-through. */
export const DEFAULT_CPC_MICROS = 250_000;

/**
 * The one event kind a campaign is charged on: its billing model (explicit
 * since migration 0012); CPA only with a price per conversion. A campaign
 * without one (rows written before 0012 by other tools) is charged as it
 * always was: per click with a CPC bid, else per impression.
 */
export function billingOf(
  c: { billing_model: string | null; max_cpa_micros: number | null; campaign_objective: string | null },
  maxCpc: number | null,
): PricingModel {
  if (c.billing_model === 'cpa' && c.max_cpa_micros) return 'cpa';
  if (c.billing_model === 'cpc' || c.billing_model === 'cpm') return c.billing_model;
  return maxCpc || (c.campaign_objective === 'conversions' && c.max_cpa_micros) ? 'cpc' : 'cpm';
}
/** How far back an ad group's own history informs its predicted rates. */
export const HISTORY_DAYS = 14;

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

const parseDisplayConfig = (json: string | null): { max_ad_text_chars?: unknown; floor_cpm_micros?: unknown } => {
  if (!json) return {};
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Recent activity of every ad group (src/caches.ts `groupHistory`: refreshed once a minute). */
function history(ctx: Ctx): Promise<Map<string, GroupActivity>> {
  const now = ctx.clock.now();
  return valueCache<Map<string, GroupActivity>>(ctx, 'groupHistory').get(now, () =>
    groupActivitySince(ctx, now - HISTORY_DAYS * 86_400_000),
  );
}

/** Forget cached history (tests and the simulation move the clock). */
export const forgetHistory = (ctx: Ctx): void => valueCache(ctx, 'groupHistory').clear();

export async function buildSnapshot(ctx: Ctx): Promise<Snapshot> {
  const [{ campaigns, groups, ads }, placements, publishers, hist, feedback, blocks] = await Promise.all([
    loadServable(ctx),
    listActivePlacements(ctx),
    listPublishers(ctx),
    history(ctx),
    feedbackScores(ctx),
    blocksByPublisher(ctx),
  ]);
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  const landingOf = new Map(
    groups.map((g) => [g.id, g.landing_page || campaignById.get(g.campaign_id)?.landing_page || '']),
  );
  // Ads arrive a few hundred groups at a time (every ad of a group in the same read) and are packed at once,
  // so their rows die young instead of all 500,000 living until the end of the build.
  const packs = new Map<string, AdPack>();
  for await (const chunk of ads) {
    const byGroup = new Map<string, AdRow[]>();
    for (const a of chunk) {
      if (!a.copy && !a.headline) continue;
      const list = byGroup.get(a.ad_group_id);
      if (list) list.push(a);
      else byGroup.set(a.ad_group_id, [a]);
    }
    for (const [id, list] of byGroup) packs.set(id, AdPack.of(list, landingOf.get(id) ?? ''));
  }
  const invGroups: InvGroup[] = [];
  const negatives: (string | null)[] = [];
  const autoRaw = new Map<InvGroup, { min: number | null; max: number | null }>();
  let activeAds = 0;
  for (const g of groups) {
    const c = campaignById.get(g.campaign_id);
    const pack = packs.get(g.id);
    if (!c || !pack) continue;
    const landingPage = g.landing_page || c.landing_page;
    const host = hostOf(landingPage);
    const rates = predictRates(hist.get(g.id));
    const maxCpc = g.max_cpc_micros || c.max_cpc_micros || null;
    const billing = billingOf(c, maxCpc);
    const conversionOptimised =
      billing !== 'cpm' && (c.campaign_objective === 'conversions' || billing === 'cpa') && !!c.max_cpa_micros;
    let pricing: PricingModel;
    let bidMicros: number;
    if (conversionOptimised) {
      // Bid per click = target cost per conversion × predicted conversions per click, never above an explicit CPC cap.
      // A CPA-billed campaign ranks by it too, but is charged only per conversion (the token says `cpa`).
      pricing = 'cpc';
      const derived = Math.max(1, Math.round(c.max_cpa_micros! * rates.cvr));
      bidMicros = maxCpc ? Math.min(maxCpc, derived) : derived;
    } else if (billing === 'cpc') {
      pricing = 'cpc';
      bidMicros = maxCpc ?? DEFAULT_CPC_MICROS;
    } else {
      pricing = 'cpm';
      bidMicros = c.max_cpm_micros || DEFAULT_CPM_MICROS;
    }
    const entry: InvGroup = {
      idx: invGroups.length,
      id: g.id,
      name: g.name,
      campaignId: c.id,
      advertiserId: c.advertiser_id,
      brandName: g.brand_name || host,
      landingPage,
      favicon: c.custom_favicon_url || (host ? `https://${host}/favicon.ico` : ''),
      context: g.context ?? '',
      adPrompt: g.ad_prompt,
      generative: g.group_type === 'generative',
      ads: pack,
      pricing,
      billing,
      bidMicros,
      conversionOptimised,
      rates,
      ecpmMicros: pricing === 'cpc' ? bidMicros * 1000 * rates.ctr : bidMicros,
      feedback: clampFeedback(feedback.get(g.id) ?? 1),
      campaignDailyBudgetMicros: c.daily_budget_micros,
      groupDailyBudgetMicros: null,
      allowedCountries: parseList(g.allowed_countries_json) ?? parseList(c.allowed_countries_json),
      allowedDevices: parseList(g.allowed_devices_json) ?? parseList(c.allowed_devices_json),
      startTime: c.start_time,
      endTime: c.end_time,
      category: c.category ?? null,
    };
    if (g.auto_optimize_budget) autoRaw.set(entry, { min: g.min_daily_budget_micros, max: g.max_daily_budget_micros });
    else if (g.daily_budget_micros) entry.groupDailyBudgetMicros = g.daily_budget_micros;
    activeAds += entry.ads.size;
    invGroups.push(entry);
    negatives.push(g.negative_context);
  }
  allocateGroupBudgets(autoRaw);

  const placementMap = new Map<string, Map<string, InvPlacement>>();
  for (const p of placements) {
    let m = placementMap.get(p.publisher_id);
    if (!m) placementMap.set(p.publisher_id, (m = new Map()));
    const dc = parseDisplayConfig(p.display_config_json);
    m.set(p.slug, {
      slug: p.slug,
      type: p.placement_type,
      device: p.device,
      maxAdTextChars: typeof dc.max_ad_text_chars === 'number' ? dc.max_ad_text_chars : null,
      floorCpmMicros:
        typeof dc.floor_cpm_micros === 'number' && dc.floor_cpm_micros > 0 ? Math.round(dc.floor_cpm_micros) : 0,
    });
  }
  const pubMap = new Map<string, InvPublisher>(
    publishers.map((p) => [
      p.id,
      {
        id: p.id,
        revenueShareBps: p.revenue_share_bps,
        floorCpmMicros: p.floor_cpm_micros,
        active: p.status === 'active',
        blocks: blocks.get(p.id) ?? null,
      },
    ]),
  );
  // The word table (term specificity, word vectors) is loaded here, with the build, not by the first request that needs it.
  wordTable();
  const model = new RelevanceModel(
    invGroups.map((g, i) => ({ name: g.name, context: g.context, negativeContext: negatives[i] })),
    { semantic: ctx.config.semanticWeight > 0 },
  );
  const ecpm = Float64Array.from(invGroups, (g) => g.ecpmMicros);
  const feedbackOf = Float64Array.from(invGroups, (g) => g.feedback);
  return {
    builtAt: ctx.clock.now(),
    groups: invGroups,
    ecpm,
    feedback: feedbackOf,
    model,
    placements: placementMap,
    publishers: pubMap,
    activeAds,
  };
}

/**
 * Auto-optimised groups share their campaign's daily budget in proportion to
 * their expected value per impression (better performers get more), each
 * clamped to its own min/max. Groups with a fixed budget keep it.
 */
export function allocateGroupBudgets(auto: Map<InvGroup, { min: number | null; max: number | null }>): void {
  const byCampaign = new Map<string, InvGroup[]>();
  for (const g of auto.keys()) {
    const list = byCampaign.get(g.campaignId) ?? [];
    list.push(g);
    byCampaign.set(g.campaignId, list);
  }
  for (const list of byCampaign.values()) {
    if (list.length === 1 && auto.get(list[0])!.min === null && auto.get(list[0])!.max === null) continue;
    const total = list.reduce((a, g) => a + Math.max(g.ecpmMicros, 1), 0);
    for (const g of list) {
      const { min, max } = auto.get(g)!;
      const share = Math.round((g.campaignDailyBudgetMicros * Math.max(g.ecpmMicros, 1)) / total);
      g.groupDailyBudgetMicros = Math.min(max ?? g.campaignDailyBudgetMicros, Math.max(min ?? 0, share));
    }
  }
}

/**
 * Periodic rebuilds take at most this share of the process's time: a rebuild
 * that took B ms is not repeated by the timer within (1/share − 1) × B ms.
 * Small inventories (a build of a few ms) refresh at every tick as before; at
 * 500,000 ads, where reading the servable rows takes seconds, the refresh
 * slows down instead of rebuilding back to back. Local changes still rebuild
 * on the next request.
 */
const REBUILD_SHARE = 0.1;

export class Inventory {
  private snap: Snapshot | null = null;
  private dirty = true;
  private building: Promise<Snapshot> | null = null;
  private followUp: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Wall time (performance.now) the last build ended, and how long it took. */
  private builtAt = -Infinity;
  private buildMs = 0;

  constructor(private readonly ctx: () => Ctx) {}

  /** The current snapshot, rebuilt first when a local change made it stale. */
  async current(): Promise<Snapshot> {
    if (this.snap && !this.dirty) return this.snap;
    return this.rebuild();
  }

  invalidate(): void {
    this.dirty = true;
  }

  /**
   * Another instance changed what serves: rebuild in the background (this
   * snapshot serves meanwhile; a build in flight may predate the change, so
   * one follows it). While rebuilds are expensive (REBUILD_SHARE) the timer's
   * next due rebuild picks the change up instead.
   */
  refreshSoon(): void {
    if (!this.snap) return;
    if (this.building) {
      if (!this.followUp)
        this.followUp = this.building
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() => {
            this.followUp = null;
            this.refreshSoon();
          });
      return;
    }
    if (performance.now() - this.builtAt < this.buildMs * (1 / REBUILD_SHARE - 1)) return;
    this.rebuild().catch((err) => this.ctx().log.error({ err }, 'inventory refresh failed'));
  }

  rebuild(): Promise<Snapshot> {
    if (this.building) return this.building;
    this.dirty = false;
    const started = performance.now();
    this.building = buildSnapshot(this.ctx())
      .then((s) => {
        this.builtAt = performance.now();
        this.buildMs = this.builtAt - started;
        return (this.snap = s);
      })
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
      if (!this.dirty && performance.now() - this.builtAt < this.buildMs * (1 / REBUILD_SHARE - 1)) return;
      this.rebuild().catch((err) => this.ctx().log.error({ err }, 'inventory refresh failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
