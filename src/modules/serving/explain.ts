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

export class DecisionLog {
  private readonly ring: (DecisionRecord | undefined)[];
  private readonly byId = new Map<string, number>();
  private next = 0;

  constructor(readonly size: number) {
    this.ring = new Array(Math.max(0, size));
  }

  add(r: DecisionRecord): void {
    if (this.ring.length === 0) return;
    const old = this.ring[this.next];
    if (old) this.byId.delete(old.requestId);
    this.ring[this.next] = r;
    this.byId.set(r.requestId, this.next);
    this.next = (this.next + 1) % this.ring.length;
  }

  get(requestId: string): DecisionRecord | undefined {
    const i = this.byId.get(requestId);
    return i === undefined ? undefined : this.ring[i];
  }
}
