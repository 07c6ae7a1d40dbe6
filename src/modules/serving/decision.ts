import type { InvAd, InvGroup, Snapshot } from './inventory.js';
import { cpmImpressionCharge } from '../../lib/money.js';

/**
 * Choosing ads for one request: candidates from the inverted index, filtered
 * by targeting, exclusions and budget, scored by relevance, ranked by expected
 * value per impression. One ad per advertiser per request; distinct ads across
 * placements. (Issue "Ad decisioning engine" replaces the scorer and auction.)
 */
export interface Slot {
  placement: string;
  placement_id: string;
  maxAdTextChars: number | null;
}

export interface DecisionInput {
  /** Conversation terms with their weights (recent user turns weigh most). */
  weights: Map<string, number>;
  excluded: Set<string>;
  slots: Slot[];
  device: string;
  country: string;
  relevancy: number;
  spentToday: (campaignId: string) => number;
  floorCpmMicros: number;
  random: () => number;
}

export interface Fill {
  slot: Slot;
  group: InvGroup;
  ad: InvAd;
  score: number;
  priceMicros: number;
}

/** Relevance in [0, 1): saturating in the matched weight, so one strong recent match is enough. */
export const relevanceScore = (matchedWeight: number): number => 1 - Math.exp(-matchedWeight / 3);

/** What one serve can cost the campaign at most (a click, or one impression). */
export const maxChargeMicros = (g: InvGroup): number => (g.pricing === 'cpc' ? g.priceMicros : cpmImpressionCharge(g.priceMicros));

export function decide(snap: Snapshot, input: DecisionInput): Fill[] {
  const matched = new Map<InvGroup, number>();
  for (const [term, w] of input.weights) {
    const groups = snap.byTerm.get(term);
    if (!groups) continue;
    for (const g of groups) matched.set(g, (matched.get(g) ?? 0) + w);
  }
  const ranked: { g: InvGroup; score: number; value: number }[] = [];
  for (const [g, weight] of matched) {
    const score = relevanceScore(weight);
    if (score < input.relevancy) continue;
    if (g.allowedDevices && !g.allowedDevices.has(input.device)) continue;
    if (g.allowedCountries && (!input.country || !g.allowedCountries.has(input.country.toLowerCase()))) continue;
    if (hits(g.negative, input.weights) || hits(input.excluded, g.terms) || hits(g.terms, input.excluded)) continue;
    if (g.ecpmMicros < input.floorCpmMicros) continue;
    if (input.spentToday(g.campaignId) + maxChargeMicros(g) > g.campaignDailyBudgetMicros) continue;
    ranked.push({ g, score, value: g.ecpmMicros * score });
  }
  ranked.sort((a, b) => b.value - a.value || (a.g.id < b.g.id ? -1 : 1));

  const fills: Fill[] = [];
  const usedAdvertisers = new Set<string>();
  const usedAds = new Set<string>();
  for (const slot of input.slots) {
    for (const { g, score } of ranked) {
      if (usedAdvertisers.has(g.advertiserId)) continue;
      const fitting = g.ads.filter((a) => !usedAds.has(a.id) && (slot.maxAdTextChars === null || a.copy.length <= slot.maxAdTextChars));
      if (fitting.length === 0) continue;
      const ad = fitting[Math.floor(input.random() * fitting.length)];
      usedAdvertisers.add(g.advertiserId);
      usedAds.add(ad.id);
      fills.push({ slot, group: g, ad, score, priceMicros: g.priceMicros });
      break;
    }
  }
  return fills;
}

function hits(set: Set<string>, terms: Set<string> | Map<string, unknown>): boolean {
  if (set.size === 0) return false;
  for (const t of terms.keys()) if (set.has(t)) return true;
  return false;
}
