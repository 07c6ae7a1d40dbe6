import type { InvGroup, Snapshot } from './inventory.js';
import type { PhraseSet } from '../../lib/text.js';
import { excludedIn, type Query } from './relevance.js';
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
 *    quality = relevance^RELEVANCE_POWER × user-feedback multiplier: the
 *    click rate an ad can expect rises steeply with how well it fits, so
 *    relevance dominates money. Only candidates within `relativeFloor` of
 *    the best relevance among those that pass step 2 compete at all (an
 *    ad-rank threshold): a much richer bid cannot buy its way past a clearly
 *    better fit, and a best fit that cannot serve keeps no rival out.
 * 4. Allocate slot by slot: one ad per advertiser per request, distinct ads
 *    across slots, the ad must fit the slot's text limit, the group's
 *    maximum charge must be reservable against its budgets.
 * 5. Price (second price): the winner pays the least that would still have
 *    won — the runner-up's score divided by the winner's quality, or the
 *    floor (max of platform reserve, publisher and placement floor) when that
 *    is higher — converted to the winner's pricing unit, never above its bid.
 *
 * Steps 1 to 3 are here (`rankCandidates`); 4 and 5 in allocation.ts (`allocate`).
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
  /**
   * Optional embedding blend of the lexical relevance (the floor then applies to the blend), of the group at
   * snapshot index d: an index, not the group, so a blend that reads only packed per-index data (the offline
   * vectors) never loads the group's object (a cache miss per group on a large inventory).
   */
  blend?: (d: number, lexical: number) => number;
  /** With a blend: called with the snapshot indices of the groups about to be blended, before the first (memory read-ahead). */
  prefetch?: (docs: ArrayLike<number>) => void;
  /** Optional per-request eligibility (the publisher's blocks, serving/blocks.ts): a reason to skip the group, or null. */
  eligible?: (g: InvGroup) => string | null;
  /** With a blend: the least lexical relevance that can still blend up to the floor (default 0: every touched group). */
  lexicalFloor?: number;
  /**
   * With a blend: the second signal's share w, so that a blend never exceeds
   * (1 − w) × lexical + w. Groups whose ceiling is below the floor or the
   * relative floor are then never blended (default 1: no bound, every group blended).
   */
  blendWeight?: number;
  /** Share of the best relevance among candidates that pass the checks a candidate needs to compete (0: no relative floor). */
  relativeFloor?: number;
}

/** How steeply quality (the predicted click rate's factor) rises with relevance. */
export const RELEVANCE_POWER = 3;
/** quality's relevance factor: relevance^RELEVANCE_POWER. */
export const relevanceFactor = (r: number): number => r * r * r;

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

/** What one serve of this group can cost at most (a click at the bid, or one impression). */
export const maxChargeMicros = (g: InvGroup): number => chargeOf(g, g.bidMicros);

/** One charge at a price in the group's pricing unit. */
export const chargeOf = (g: InvGroup, priceMicros: number): number =>
  g.pricing === 'cpc' ? priceMicros : cpmImpressionCharge(priceMicros);

/** A group's verdict on this request's checks: why it cannot serve (with a detail), or null when it can. */
type Verdict = { reason: string; detail?: string } | null;

/**
 * The per-request checks of a matched group (negative context, excluded
 * topics, the publisher's blocks, schedule, targeting, frequency caps, budget
 * room), memoised by snapshot index: the relative floor's search for the best
 * eligible candidate and the lazy rank order read the same verdicts, each
 * group checked at most once.
 */
class Checks {
  private readonly memo = new Map<number, Verdict>();
  private readonly convExcluded: string | null;

  constructor(
    private readonly snap: Snapshot,
    private readonly input: DecisionInput,
  ) {
    this.convExcluded = excludedIn(input.query, input.excluded);
  }

  /** Group d's verdict (d: its index in the snapshot). */
  of(d: number): Verdict {
    let v = this.memo.get(d);
    if (v === undefined) {
      const { snap, input } = this;
      const g = snap.groups[d];
      const ex = snap.model.exclusion(g.idx, input.query, input.excluded, this.convExcluded);
      const reason = ex?.reason ?? rejection(g, input);
      v = reason ? { reason, detail: ex?.detail ?? rejectionDetail(reason, input) } : null;
      this.memo.set(d, v);
    }
    return v;
  }
}

/**
 * Candidates in rank order (score descending, then group id), judged lazily.
 *
 * A group's score (eCPM × relevance × feedback) is known as soon as the
 * lexical pass has scored it; the per-group checks (negative context,
 * excluded topics, schedule, targeting, frequency caps, budget room) can
 * only remove groups, never reorder them. So the groups at or above the
 * relevance floor are kept in a binary heap by score, and `at(i)` pops and
 * checks groups until the i-th passing candidate exists: an auction that
 * needs the winner and its runner-up checks a handful of groups instead of
 * every group the conversation touches, and gets exactly the candidates,
 * order and prices that checking all of them first would give (`all()` is
 * that exhaustive path; src/modules/serving/topk.happy.test.ts holds them equal).
 */
export class Ranking {
  /** Passing candidates found so far, in rank order. */
  readonly ranked: Candidate[] = [];
  /** Groups checked and filtered out so far. */
  readonly rejected: Rejection[] = [];
  private readonly heap: number[];

  constructor(
    private readonly snap: Snapshot,
    private readonly checks: Checks,
    /** Per matched group: its index in the snapshot, relevance and score (parallel arrays). */
    private readonly idx: number[],
    private readonly relevance: number[],
    private readonly score: number[],
    /** Groups the conversation touched below the relevance floor (counted, not listed). */
    readonly belowFloor: number,
    /** Groups at or above the floor but too far below the best eligible relevance to compete. */
    readonly belowBest = 0,
  ) {
    // A loop, not `idx.map`: the builtin calls a closure per element (record 0047 round 23). Made at its length, not
    // grown push by push (round 25).
    const heap = new Array<number>(idx.length);
    for (let k = 0; k < idx.length; k++) heap[k] = k;
    this.heap = heap;
    for (let k = (this.heap.length >> 1) - 1; k >= 0; k--) this.siftDown(k);
  }

  /** The i-th candidate in rank order, or undefined when fewer pass. */
  at(i: number): Candidate | undefined {
    while (this.ranked.length <= i && this.heap.length > 0) this.check(this.pop());
    return this.ranked[i];
  }

  /** Every passing candidate (checks all remaining groups): the exhaustive path. */
  all(): Candidate[] {
    while (this.heap.length > 0) this.check(this.pop());
    return this.ranked;
  }

  /** Groups at or above the floor not checked yet: ranked below every candidate the auction needed. */
  get unchecked(): number {
    return this.heap.length;
  }

  private check(k: number): void {
    const g = this.snap.groups[this.idx[k]];
    const relevance = this.relevance[k];
    const v = this.checks.of(this.idx[k]);
    if (v) {
      this.rejected.push({ groupId: g.id, campaignId: g.campaignId, reason: v.reason, relevance, detail: v.detail });
      return;
    }
    const quality = relevanceFactor(relevance) * g.feedback;
    this.ranked.push({ g, relevance, quality, ecpm: g.ecpmMicros, score: this.score[k] });
  }

  /** Whether matched group a ranks before b: higher score, then lower group id. */
  private before(a: number, b: number): boolean {
    const d = this.score[a] - this.score[b];
    return d > 0 || (d === 0 && this.snap.groups[this.idx[a]].id < this.snap.groups[this.idx[b]].id);
  }

  private pop(): number {
    const h = this.heap;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private siftDown(k: number): void {
    const h = this.heap;
    const n = h.length;
    for (;;) {
      const l = 2 * k + 1;
      if (l >= n) return;
      const r = l + 1;
      const c = r < n && this.before(h[r], h[l]) ? r : l;
      if (!this.before(h[c], h[k])) return;
      [h[c], h[k]] = [h[k], h[c]];
      k = c;
    }
  }
}

/** Why a group that may show next to the conversation cannot serve this request (schedule, targeting, caps, budget), or null. */
function rejection(g: InvGroup, input: DecisionInput): string | null {
  const ineligible = input.eligible?.(g);
  if (ineligible) return ineligible;
  if ((g.startTime !== null && g.startTime > input.now) || (g.endTime !== null && g.endTime <= input.now))
    return 'outside_schedule';
  if (g.allowedDevices && !g.allowedDevices.has(input.device)) return 'device_not_targeted';
  if (g.allowedCountries && (!input.country || !g.allowedCountries.has(input.country.toLowerCase())))
    return 'country_not_targeted';
  if (input.sessionCap > 0 && (input.sessionCounts[g.campaignId] ?? 0) >= input.sessionCap)
    return 'session_frequency_cap';
  if (input.userCap > 0 && (input.userCounts[g.campaignId] ?? 0) >= input.userCap) return 'user_frequency_cap';
  if (!input.budgetRoom(g, maxChargeMicros(g))) return 'budget_exhausted_or_paced';
  return null;
}

const rejectionDetail = (reason: string, input: DecisionInput): string | undefined =>
  reason === 'device_not_targeted'
    ? input.device
    : reason === 'country_not_targeted'
      ? input.country || 'unknown'
      : undefined;

/**
 * Match the conversation and order the groups at or above the relevance
 * floor by score; the per-group checks run lazily (`Ranking`). The relative
 * floor is measured against the best candidate that passes this request's
 * checks: a blocked, capped or out-of-budget best fit does not keep a less
 * relevant rival that can serve out of the auction.
 */
export function rankCandidates(snap: Snapshot, input: DecisionInput): Ranking {
  const checks = new Checks(snap, input);
  const relativeFloor = input.relativeFloor ?? 0;
  const m = snap.model.match(input.query, input.blend ? (input.lexicalFloor ?? 0) : input.floor);
  const idx: number[] = [];
  const relevance: number[] = [];
  let belowFloor = m.belowFloor;
  let belowBest = 0;
  const blend = input.blend;
  if (blend) {
    const b = blendBound(snap, input, checks, m.docs, m.relevance, blend);
    input.prefetch?.(b.docs);
    belowFloor += b.belowFloor;
    belowBest += b.belowBest;
    // A blend is computed for the BLEND_MAX groups of highest lexical relevance at most (the rest keep their lexical score).
    const blendFrom = b.docs.length > BLEND_MAX ? kthLargest(b.relevance, BLEND_MAX) : 0;
    // The best eligible blend so far only rises: a group whose ceiling is below its relative floor cannot compete (blendBound).
    const w = input.blendWeight ?? 1;
    const relFloor = w < 1 ? relativeFloor : 0;
    let bestSoFar = b.bestEligible;
    for (let k = 0; k < b.docs.length; k++) {
      const d = b.docs[k];
      const lexical = b.relevance[k];
      let r = lexical;
      if (k === b.topAt) r = b.topBlend;
      else if (lexical >= blendFrom) {
        if ((1 - w) * lexical + w < relFloor * bestSoFar - 1e-9) {
          belowBest++;
          continue;
        }
        r = blend(d, lexical);
        // A higher blend raises the bound only once the group is known to pass the checks.
        if (relFloor > 0 && r > bestSoFar && r >= input.floor && !checks.of(d)) bestSoFar = r;
      }
      if (r < input.floor) {
        belowFloor++;
        continue;
      }
      idx.push(d);
      relevance.push(r);
    }
  } else {
    for (let k = 0; k < m.docs.length; k++) {
      const r = m.relevance[k];
      if (r < input.floor) {
        belowFloor++;
        continue;
      }
      idx.push(m.docs[k]);
      relevance.push(r);
    }
  }
  // The relative floor: only candidates close to the best eligible fit compete.
  const cut = relativeFloor > 0 ? relativeFloor * bestEligible(checks, idx, relevance) : 0;
  const { ecpm, feedback } = snap;
  // The groups kept are compacted in place (a kept group's new position is never after its old one): two arrays
  // fewer grown push by push per request (record 0047 round 25).
  const score: number[] = [];
  let kept = 0;
  for (let k = 0; k < idx.length; k++) {
    const r = relevance[k];
    if (r < cut) {
      belowBest++;
      continue;
    }
    const d = idx[k];
    idx[kept] = d;
    relevance[kept++] = r;
    // = g.ecpmMicros * (relevanceFactor(r) * g.feedback), read from the packed arrays.
    score.push(ecpm[d] * (relevanceFactor(r) * feedback[d]));
  }
  idx.length = kept;
  relevance.length = kept;
  return new Ranking(snap, checks, idx, relevance, score, belowFloor, belowBest);
}

/**
 * The highest relevance among the candidates that pass this request's checks
 * (0 when none does): the best candidate's, checked first (usually the only
 * check), else the next best that passes, in relevance order.
 */
function bestEligible(checks: Checks, idx: readonly number[], rel: readonly number[]): number {
  let top = -1;
  for (let k = 0; k < rel.length; k++) if (top < 0 || rel[k] > rel[top]) top = k;
  if (top < 0) return 0;
  if (!checks.of(idx[top])) return rel[top];
  const order = rel.map((_, k) => k).sort((a, b) => rel[b] - rel[a]);
  for (const k of order) if (!checks.of(idx[k])) return rel[k];
  return 0;
}

/** Most groups a second signal is blended into per request: a blend costs a vector product per group. */
const BLEND_MAX = 256;

/**
 * The matched groups worth blending. A blend is at most (1 − w) × lexical + w,
 * and the best eligible relevance is at least the blend of the group of
 * highest lexical relevance when that group passes the request's checks; a
 * group whose ceiling is below the floor, or below the relative floor of that
 * best, cannot compete whatever the second signal says, so it is counted
 * (below the floor, or below the best) without computing its blend. The
 * groups kept are every group of lexical relevance above the bound, so the
 * BLEND_MAX highest of them are the BLEND_MAX highest of all: the candidates,
 * their relevance and their order are those of blending every matched group.
 */
function blendBound(
  snap: Snapshot,
  input: DecisionInput,
  checks: Checks,
  docs: Int32Array,
  rel: Float64Array,
  blend: (d: number, lexical: number) => number,
): {
  docs: Int32Array;
  relevance: Float64Array;
  belowFloor: number;
  belowBest: number;
  /** Position (in `docs`) of the group of highest lexical relevance, blended already (-1: none), and its blend. */
  topAt: number;
  topBlend: number;
  /** A lower bound on the best eligible relevance: the top group's blend when it passes the checks, else 0. */
  bestEligible: number;
} {
  const w = input.blendWeight ?? 1;
  if (w >= 1 || docs.length === 0)
    return { docs, relevance: rel, belowFloor: 0, belowBest: 0, topAt: -1, topBlend: 0, bestEligible: 0 };
  let top = 0;
  for (let k = 1; k < rel.length; k++) if (rel[k] > rel[top]) top = k;
  const topBlend = blend(docs[top], rel[top]);
  const relativeFloor = input.relativeFloor ?? 0;
  const bestAtLeast = relativeFloor > 0 && topBlend >= input.floor && !checks.of(docs[top]) ? topBlend : 0;
  const cut = relativeFloor * bestAtLeast;
  // Rounding margin: a group is dropped only when its ceiling is clearly below the bound.
  const eps = 1e-9;
  // The groups kept, in order, compacted in place (the match's arrays are read once, here: a kept group's new position
  // is never after its old one).
  let kept = 0;
  let belowFloor = 0;
  let belowBest = 0;
  let topAt = -1;
  for (let k = 0; k < docs.length; k++) {
    const ceiling = (1 - w) * rel[k] + w;
    if (k !== top && ceiling < input.floor - eps) belowFloor++;
    else if (k !== top && ceiling < cut - eps) belowBest++;
    else {
      if (k === top) topAt = kept;
      docs[kept] = docs[k];
      rel[kept++] = rel[k];
    }
  }
  return {
    docs: docs.subarray(0, kept),
    relevance: rel.subarray(0, kept),
    belowFloor,
    belowBest,
    topAt,
    topBlend,
    bestEligible: bestAtLeast,
  };
}

/** The k-th largest of a list of numbers (k ≥ 1). */
function kthLargest(xs: ArrayLike<number>, k: number): number {
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.max(0, sorted.length - k)];
}
