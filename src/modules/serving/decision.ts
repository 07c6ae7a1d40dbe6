import type { InvAd, InvGroup, Snapshot } from './inventory.js';
import type { PhraseSet } from '../../lib/text.js';
import type { Query } from './relevance.js';
import { cpmImpressionCharge } from '../../lib/money.js';

/**
 * Choosing ads for one request.
 *
 * 1. Match: the relevance model scores the groups the conversation touches;
 *    negative context, excluded topics and the relevance floor drop groups.
 * 2. Filter: schedule, country, device, frequency caps, budget room.
 * 3. Rank by expected value per impression × quality, where expected value
 *    is the CPM bid, or the CPC bid × predicted CTR (conversion-optimised
 *    groups bid target-CPA × predicted conversion rate per click), and
 *    quality = relevance × user-feedback multiplier.
 * 4. Allocate slot by slot: one ad per advertiser per request, distinct ads
 *    across slots, the ad must fit the slot's text limit, the group's
 *    maximum charge must be reservable against its budgets.
 * 5. Price (second price): the winner pays the least that would still have
 *    won — the runner-up's score divided by the winner's quality, or the
 *    floor (max of platform reserve, publisher and placement floor) when that
 *    is higher — converted to the winner's pricing unit, never above its bid.
 */
export interface Slot {
  placement: string;
  placement_id: string;
  maxAdTextChars: number | null;
  floorCpmMicros: number;
}

export type Pricing = 'second' | 'first';

export interface DecisionInput {
  query: Query;
  excluded: PhraseSet;
  now: number;
  device: string;
  country: string;
  /** Effective relevance floor (platform minimum, raised by the request's `relevancy`). */
  floor: number;
  /** Ads of a campaign already shown to this session / user (frequency caps). */
  sessionCounts: Record<string, number>;
  userCounts: Record<string, number>;
  sessionCap: number;
  userCap: number;
  /** Whether the group's maximum charge still fits its budgets (ignoring reservations, which allocation checks). */
  budgetRoom: (g: InvGroup, chargeMicros: number) => boolean;
  /** Optional embedding blend of the lexical relevance (the floor then applies to the blend). */
  blend?: (g: InvGroup, lexical: number) => number;
}

export interface Candidate {
  g: InvGroup;
  relevance: number;
  quality: number;
  /** Expected value per thousand impressions, in micros (at the bid). */
  ecpm: number;
  /** Rank score: ecpm × quality. */
  score: number;
}

export interface Rejection {
  groupId: string;
  campaignId: string;
  reason: string;
  relevance?: number;
  detail?: string;
}

export interface Ranking {
  ranked: Candidate[];
  rejected: Rejection[];
  /** Groups the conversation touched below the relevance floor (counted, not listed). */
  belowFloor: number;
}

/** What one serve of this group can cost at most (a click at the bid, or one impression). */
export const maxChargeMicros = (g: InvGroup): number => chargeOf(g, g.bidMicros);

/** One charge at a price in the group's pricing unit. */
export const chargeOf = (g: InvGroup, priceMicros: number): number => (g.pricing === 'cpc' ? priceMicros : cpmImpressionCharge(priceMicros));

export function rankCandidates(snap: Snapshot, input: DecisionInput): Ranking {
  const { verdicts, belowFloor } = snap.model.judge(input.query, input.excluded, input.blend ? 0 : input.floor);
  const ranked: Candidate[] = [];
  const rejected: Rejection[] = [];
  const reject = (g: InvGroup, reason: string, relevance?: number, detail?: string) =>
    rejected.push({ groupId: g.id, campaignId: g.campaignId, reason, relevance, detail });
  for (const [idx, v] of verdicts) {
    const g = snap.groups[idx];
    if (!v.ok) {
      reject(g, v.reason, v.relevance, v.detail);
      continue;
    }
    const relevance = input.blend ? input.blend(g, v.relevance) : v.relevance;
    if (relevance < input.floor) {
      reject(g, 'below_relevance', relevance);
      continue;
    }
    if ((g.startTime !== null && g.startTime > input.now) || (g.endTime !== null && g.endTime <= input.now)) {
      reject(g, 'outside_schedule', v.relevance);
      continue;
    }
    if (g.allowedDevices && !g.allowedDevices.has(input.device)) {
      reject(g, 'device_not_targeted', v.relevance, input.device);
      continue;
    }
    if (g.allowedCountries && (!input.country || !g.allowedCountries.has(input.country.toLowerCase()))) {
      reject(g, 'country_not_targeted', v.relevance, input.country || 'unknown');
      continue;
    }
    if (input.sessionCap > 0 && (input.sessionCounts[g.campaignId] ?? 0) >= input.sessionCap) {
      reject(g, 'session_frequency_cap', v.relevance);
      continue;
    }
    if (input.userCap > 0 && (input.userCounts[g.campaignId] ?? 0) >= input.userCap) {
      reject(g, 'user_frequency_cap', v.relevance);
      continue;
    }
    if (!input.budgetRoom(g, maxChargeMicros(g))) {
      reject(g, 'budget_exhausted_or_paced', v.relevance);
      continue;
    }
    const quality = relevance * g.feedback;
    ranked.push({ g, relevance, quality, ecpm: g.ecpmMicros, score: g.ecpmMicros * quality });
  }
  ranked.sort((a, b) => b.score - a.score || (a.g.id < b.g.id ? -1 : 1));
  return { ranked, rejected, belowFloor };
}

/**
 * The winner's price in its pricing unit (CPC micros, or CPM micros per
 * thousand): second price against the best remaining competitor, at least
 * the floor, never above the bid.
 */
export function clearingPrice(winner: Candidate, runnerUp: Candidate | undefined, floorCpmMicros: number, rule: Pricing): number {
  const g = winner.g;
  if (rule === 'first') return g.bidMicros;
  // The least expected value per thousand that still wins.
  const needEcpm = Math.max(runnerUp ? runnerUp.score / winner.quality : 0, floorCpmMicros);
  const price = g.pricing === 'cpc' ? needEcpm / (1000 * g.rates.ctr) : needEcpm;
  return Math.min(g.bidMicros, Math.max(1, Math.ceil(price)));
}

export interface Fill {
  slot: Slot;
  candidate: Candidate;
  ad: InvAd;
  priceMicros: number;
  /** The runner-up that set the price (if any). */
  runnerUpGroupId: string | null;
}

export interface AllocationInput {
  slots: Slot[];
  /** Effective floor of a slot: max(platform reserve, publisher floor, placement floor). */
  floorFor: (slot: Slot) => number;
  rule: Pricing;
  random: () => number;
  /** Reserve the charge against the group's budgets; null when reserved, else why not. */
  reserve: (c: Candidate, chargeMicros: number) => Promise<string | null>;
  /** Ads of a group usable in a slot (text that fits; generated copy may be shortened to fit). */
  adsFor: (g: InvGroup, slot: Slot) => InvAd[];
}

export interface Allocation {
  fills: Fill[];
  /** Why ranked candidates did not win, by group id. */
  lost: Map<string, string>;
}

export async function allocate(ranking: Ranking, input: AllocationInput): Promise<Allocation> {
  const fills: Fill[] = [];
  const lost = new Map<string, string>();
  const usedAdvertisers = new Set<string>();
  const usedAds = new Set<string>();
  const refused = new Set<Candidate>();
  const { ranked } = ranking;
  for (const slot of input.slots) {
    const floor = input.floorFor(slot);
    for (let i = 0; i < ranked.length; i++) {
      const c = ranked[i];
      if (refused.has(c)) continue;
      if (usedAdvertisers.has(c.g.advertiserId)) {
        if (!lost.has(c.g.id)) lost.set(c.g.id, 'advertiser_already_shown');
        continue;
      }
      if (c.ecpm < floor) {
        lost.set(c.g.id, `below_floor (ecpm ${Math.round(c.ecpm)} < ${floor})`);
        continue;
      }
      const fitting = input.adsFor(c.g, slot).filter((a) => !usedAds.has(a.id));
      if (fitting.length === 0) {
        lost.set(c.g.id, 'no_ad_fits_slot');
        continue;
      }
      // The best competitor still in play: a later candidate of another advertiser not yet used.
      let runnerUp: Candidate | undefined;
      for (let k = i + 1; k < ranked.length; k++) {
        const r = ranked[k];
        if (r.g.advertiserId !== c.g.advertiserId && !usedAdvertisers.has(r.g.advertiserId) && !refused.has(r) && r.ecpm >= floor) {
          runnerUp = r;
          break;
        }
      }
      const price = clearingPrice(c, runnerUp, floor, input.rule);
      const why = await input.reserve(c, chargeOf(c.g, price));
      if (why) {
        refused.add(c);
        lost.set(c.g.id, why);
        continue;
      }
      const ad = fitting[Math.floor(input.random() * fitting.length) % fitting.length];
      usedAdvertisers.add(c.g.advertiserId);
      usedAds.add(ad.id);
      lost.delete(c.g.id);
      fills.push({ slot, candidate: c, ad, priceMicros: price, runnerUpGroupId: runnerUp?.g.id ?? null });
      break;
    }
  }
  for (const c of ranked) {
    if (!lost.has(c.g.id) && !fills.some((f) => f.candidate === c)) lost.set(c.g.id, 'outranked');
  }
  return { fills, lost };
}
