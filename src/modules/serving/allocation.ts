import type { InvAd, InvGroup } from './inventory.js';
import { chargeOf, type Candidate, type Pricing, type Ranking, type Slot } from './decision.js';

/**
 * Allocating the ranked candidates of one request (decision.ts `rankCandidates`) to its slots, and pricing each
 * winner: steps 4 and 5 of decision.ts.
 */

/**
 * The winner's price in its pricing unit (CPC micros, or CPM micros per
 * thousand): second price against the best remaining competitor, at least
 * the floor, never above the bid.
 */
export function clearingPrice(
  winner: Candidate,
  runnerUp: Candidate | undefined,
  floorCpmMicros: number,
  rule: Pricing,
): number {
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
}

export interface Allocation {
  fills: Fill[];
  /** Why ranked candidates did not win, by group id. */
  lost: Map<string, string>;
}

/** Whether ad i of a group fits a slot (its copy within the slot's text limit). */
const adFits = (g: InvGroup, slot: Slot, i: number): boolean =>
  slot.maxAdTextChars === null || g.ads.copyLength[i] <= slot.maxAdTextChars;

export async function allocate(ranking: Ranking, input: AllocationInput): Promise<Allocation> {
  const fills: Fill[] = [];
  const lost = new Map<string, string>();
  const usedAdvertisers = new Set<string>();
  // Ads already placed in this request, as positions in their group's pack (an ad belongs to one group).
  const usedAds = new Map<InvGroup, Set<number>>();
  const refused = new Set<Candidate>();
  for (const slot of input.slots) {
    const floor = input.floorFor(slot);
    for (let i = 0; ; i++) {
      const c = ranking.at(i);
      if (!c) break;
      if (refused.has(c)) continue;
      if (usedAdvertisers.has(c.g.advertiserId)) {
        if (!lost.has(c.g.id)) lost.set(c.g.id, 'advertiser_already_shown');
        continue;
      }
      if (c.ecpm < floor) {
        lost.set(c.g.id, `below_floor (ecpm ${Math.round(c.ecpm)} < ${floor})`);
        continue;
      }
      const used = usedAds.get(c.g);
      let fitting = 0;
      for (let a = 0; a < c.g.ads.size; a++) if (adFits(c.g, slot, a) && !used?.has(a)) fitting++;
      if (fitting === 0) {
        lost.set(c.g.id, 'no_ad_fits_slot');
        continue;
      }
      // The best competitor still in play: a later candidate of another advertiser not yet used.
      let runnerUp: Candidate | undefined;
      for (let k = i + 1; ; k++) {
        const r = ranking.at(k);
        if (!r) break;
        if (
          r.g.advertiserId !== c.g.advertiserId &&
          !usedAdvertisers.has(r.g.advertiserId) &&
          !refused.has(r) &&
          r.ecpm >= floor
        ) {
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
      // The n-th fitting ad, n drawn uniformly.
      let n = Math.floor(input.random() * fitting) % fitting;
      let pick = 0;
      for (; pick < c.g.ads.size; pick++) if (adFits(c.g, slot, pick) && !used?.has(pick) && n-- === 0) break;
      usedAdvertisers.add(c.g.advertiserId);
      if (used) used.add(pick);
      else usedAds.set(c.g, new Set([pick]));
      lost.delete(c.g.id);
      fills.push({
        slot,
        candidate: c,
        ad: c.g.ads.at(pick),
        priceMicros: price,
        runnerUpGroupId: runnerUp?.g.id ?? null,
      });
      break;
    }
  }
  for (const c of ranking.ranked) {
    if (!lost.has(c.g.id) && !fills.some((f) => f.candidate === c)) lost.set(c.g.id, 'outranked');
  }
  return { fills, lost };
}
