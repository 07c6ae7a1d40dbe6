import type { Allocation } from './allocation.js';
import type { Ranking } from './decision.js';

/**
 * Explainability: the last decisions of this process, for
 * GET /admin/decisions/{request id}. A bounded in-memory ring buffer (size
 * `decisionLogSize`): decisions are for debugging recent traffic, not an
 * audit trail — the journal holds the durable record of what was served.
 * A record holds ids, scores and reasons only: no conversation text, no
 * session or user ids, no IP.
 */
export interface CandidateRecord {
  groupId: string;
  campaignId: string;
  advertiserId: string;
  relevance: number;
  quality: number;
  ecpmMicros: number;
  score: number;
  pricing: string;
  bidMicros: number;
  predictedCtr: number;
  outcome: 'won' | 'lost';
  reason?: string;
  priceMicros?: number;
  placementId?: string;
  runnerUpGroupId?: string | null;
}

export interface DecisionRecord {
  requestId: string;
  at: number;
  publisherId: string;
  test: boolean;
  device: string;
  country: string;
  relevanceFloor: number;
  pricing: string;
  /** Set when the conversation touched a topic where no ad may show. */
  noAdReason: string | null;
  /** The brand-safety stage's verdict: the category that blocked (or null), what decided it, the language and intent read. */
  safety: {
    category: string | null;
    source: 'lexicon' | 'model' | 'llm' | null;
    detail: string | null;
    publisherExcluded: boolean;
    language: string;
    informational: number;
  };
  slots: {
    placement: string;
    placement_id: string;
    floorCpmMicros: number | null;
    filledBy: string | null;
    reason?: string;
  }[];
  candidates: CandidateRecord[];
  /** Groups the conversation touched that were filtered out before the auction (first 100). */
  filtered: { groupId: string; campaignId: string; reason: string; relevance?: number; detail?: string }[];
  filteredCounts: Record<string, number>;
  /**
   * Groups at or above the relevance floor that were never checked: they
   * ranked below every candidate the auction needed (winners, runners-up and
   * those that lost above them), so they could neither win nor set a price.
   */
  unchecked: number;
}

/**
 * The ring of recent decisions. Adding is on every request's path and reading
 * is an admin's look-up, so no index is kept: `get` scans the ring (5,000
 * records by default, well under a millisecond), `add` is one store.
 */
export class DecisionLog {
  private readonly ring: (DecisionRecord | undefined)[];
  private next = 0;

  constructor(readonly size: number) {
    this.ring = new Array(Math.max(0, size));
  }

  add(r: DecisionRecord): void {
    if (this.ring.length === 0) return;
    this.ring[this.next] = r;
    this.next = (this.next + 1) % this.ring.length;
  }

  get(requestId: string): DecisionRecord | undefined {
    for (const r of this.ring) if (r?.requestId === requestId) return r;
    return undefined;
  }
}

/** What the ranking and the allocation did, written into the decision record (candidates, filters, slot reasons). */
export function explainRanking(record: DecisionRecord, ranking: Ranking, allocation: Allocation): void {
  const { ranked, rejected, belowFloor } = ranking;
  const n = Math.min(ranked.length, 50);
  for (let i = 0; i < n; i++) {
    const c = ranked[i];
    const f = allocation.fills.find((x) => x.candidate.g.id === c.g.id);
    const entry: CandidateRecord = {
      groupId: c.g.id,
      campaignId: c.g.campaignId,
      advertiserId: c.g.advertiserId,
      relevance: round(c.relevance),
      quality: round(c.quality),
      ecpmMicros: Math.round(c.ecpm),
      score: Math.round(c.score),
      pricing: c.g.pricing,
      bidMicros: c.g.bidMicros,
      predictedCtr: round(c.g.rates.ctr),
      outcome: f ? 'won' : 'lost',
    };
    if (f) {
      entry.priceMicros = f.priceMicros;
      entry.placementId = f.slot.placement_id;
      entry.runnerUpGroupId = f.runnerUpGroupId;
    } else entry.reason = allocation.lost.get(c.g.id) ?? 'outranked';
    record.candidates.push(entry);
  }
  if (belowFloor > 0) record.filteredCounts.below_relevance = belowFloor;
  if (ranking.belowBest > 0) record.filteredCounts.below_best_relevance = ranking.belowBest;
  record.unchecked = ranking.unchecked;
  for (const r of rejected) {
    record.filteredCounts[r.reason] = (record.filteredCounts[r.reason] ?? 0) + 1;
    if (record.filtered.length < 100) {
      record.filtered.push({
        groupId: r.groupId,
        campaignId: r.campaignId,
        reason: r.reason,
        relevance: r.relevance !== undefined ? round(r.relevance) : undefined,
        detail: r.detail,
      });
    }
  }
  for (const s of record.slots)
    if (!s.filledBy && !('reason' in s))
      Object.assign(s, { reason: ranked.length ? 'no_candidate_won' : 'no_eligible_candidate' });
}

/** Figures in a record: four decimals. */
export const round = (x: number): number => Math.round(x * 1e4) / 1e4;
