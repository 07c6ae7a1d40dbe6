import { PhraseSet, expandTopics, stems, termsWithPhrases, words } from '../../lib/text.js';
import { SemanticIndex } from './semantic.js';
import { wasmKernels, type Post } from './wasm-kernels.js';
import { readConversation, type ConversationTurn, type ReadConversation } from '../../lib/turns.js';
import { NONE, readingLanguage, sharesTerm, termsOfTurn, vectorOfTurn, type TurnTerms } from './turn-terms.js';

/**
 * The built-in relevance model: BM25 over ad groups' context (plus name),
 * with Porter stems, synonyms and adjacent-pair phrase terms (lib/text.ts).
 * The conversation is the query: the last turns weigh most and the user's
 * words more than the assistant's. Scores are mapped to [0, 1) so a
 * publisher's `relevancy` and the platform's minimum are comparable across
 * inventories of any size (IDF is normalised by the rarest possible term's).
 * No network; an optional embedding model can be blended in (embeddings.ts).
 */
export type { ConversationTurn } from '../../lib/turns.js';
export { MAX_CHARS_PER_TURN, MAX_TURNS } from '../../lib/turns.js';

const USER_WEIGHT = 1;
const ASSISTANT_WEIGHT = 1 / 3;
const RECENCY_DECAY = 0.6;

export interface Query {
  /** Term (and phrase term) → weight. */
  weights: Map<string, number>;
  /** Stems of every word read (stop words kept), for phrase checks (sensitive topics, negative context). */
  stems: string[];
  /**
   * The last user turn's single-word terms, each with its weight in coverage
   * (its specificity in general English): the share of that weight a group
   * explains is its coverage.
   */
  lastUserTerms: Map<string, number>;
  /** Sum of the weights of `lastUserTerms`. */
  lastUserWeight: number;
  /** The turns read, with their weight in the query (for the semantic signal's conversation vector). */
  turns: { terms: TurnTerms; weight: number }[];
  /** Terms of the last user turn whose words have no word vector: the semantic signal cannot read them (`matchedUnread`). */
  unread: ReadonlySet<string>;
  /** The object the last user turn asks for before a purpose ("a laptop for …", need-head.ts), or null. */
  head: string | null;
}

export { withoutCode } from '../../lib/turns.js';

/** A last user turn with at most this many content terms is a follow-up: earlier turns carry its intent. */
const FOLLOW_UP_TERMS = 8;
/** Recency decay across turns when the last user turn is a follow-up. */
const FOLLOW_UP_DECAY = 0.85;
/**
 * The least weight of the assistant's answer a follow-up replies to (the assistant turns between the last user turn
 * and the one before): "which one would you pick?" or "how do people get around that?" name their need only through
 * that answer, which would otherwise weigh 1/3 × the decay. Not when the follow-up picks up a word of the answer
 * ("the drain snake thing, how far do I push it?"): it asks about a detail of the answer, not for what it named.
 * Record 0049, round 3.
 */
const REPLIED_ANSWER_WEIGHT = 0.8;

/**
 * The conversation as a query: the last turns' terms and phrase terms,
 * weighted by role and recency (a short last user turn is a follow-up: the
 * earlier turns keep more weight, the answer it replies to at least REPLIED_ANSWER_WEIGHT, and its coverage is
 * judged with the turn it follows).
 */
export function conversationQuery(messages: readonly ConversationTurn[] | ReadConversation): Query {
  const conv = 'turns' in messages ? messages : readConversation(messages);
  const recent = conv.turns;
  const weights = new Map<string, number>();
  const lastUserTerms = new Map<string, number>();
  const turns: Query['turns'] = [];
  let seenLastUser = false;
  let unread: ReadonlySet<string> = NONE;
  let head: string | null = null;
  let followUp = false;
  let userTurnsSeen = 0;
  const lang = readingLanguage(conv);
  for (let i = recent.length - 1; i >= 0; i--) {
    const m = recent[i];
    const age = recent.length - 1 - i;
    const turn = termsOfTurn(m, lang);
    const { termCount, distinct, spec } = turn;
    if (m.role === 'user' && !seenLastUser) followUp = termCount <= FOLLOW_UP_TERMS;
    const decay = followUp ? FOLLOW_UP_DECAY : RECENCY_DECAY;
    const byAge = (m.role === 'user' ? USER_WEIGHT : ASSISTANT_WEIGHT) * Math.pow(decay, age);
    const w =
      followUp && m.role === 'assistant' && userTurnsSeen === 1 && !sharesTerm(turn, lastUserTerms)
        ? Math.max(byAge, REPLIED_ANSWER_WEIGHT)
        : byAge;
    turns.push({ terms: turn, weight: w });
    for (let k = 0; k < distinct.length; k++) weights.set(distinct[k], (weights.get(distinct[k]) ?? 0) + w * spec[k]);
    if (m.role === 'user') {
      userTurnsSeen++;
      // The last user turn's terms; a follow-up's coverage is judged with the turn it follows.
      if (!seenLastUser || (followUp && userTurnsSeen === 2)) {
        if (!seenLastUser) {
          unread = turn.unread;
          head = turn.head;
        }
        seenLastUser = true;
        for (let k = 0; k < turn.singles; k++) lastUserTerms.set(distinct[k], spec[k]);
      }
    }
  }
  let lastUserWeight = 0;
  for (const v of lastUserTerms.values()) lastUserWeight += v;
  return new ConversationQuery(weights, lastUserTerms, lastUserWeight, turns, unread, head);
}

/**
 * The query `conversationQuery` returns. A class, not an object literal with a getter: V8 builds such a literal
 * in its runtime on every call (~0.4 µs, micro-bench), a class instance inline.
 */
class ConversationQuery implements Query {
  private allStems: string[] | null = null;

  constructor(
    readonly weights: Map<string, number>,
    readonly lastUserTerms: Map<string, number>,
    readonly lastUserWeight: number,
    readonly turns: Query['turns'],
    readonly unread: ReadonlySet<string>,
    readonly head: string | null,
  ) {}

  /** Made on first use: only a group with negative context, or an excluded topic, reads them. */
  get stems(): string[] {
    return (this.allStems ??= stemsOf(this.turns));
  }
}

/** Every word's stem, turn by turn (newest first), with a separator between turns: no phrase spans two turns. */
function stemsOf(turns: Query['turns']): string[] {
  const out: string[] = [];
  for (const { terms } of turns) {
    const st = terms.stems;
    for (let k = 0; k < st.length; k++) out.push(st[k]);
    out.push('\u0000');
  }
  return out;
}

/**
 * The conversation's vector for the semantic signal: the turns' word vectors weighted like their terms, centred.
 * A turn's vector is made once and memoised with its terms (`termsOfTurn`), so a request re-sending earlier turns
 * only sums them. The result is the index's scratch vector (`SemanticIndex.scratch`): valid until the next call.
 */
export function semanticVectorOf(q: Query, sem: SemanticIndex): Float32Array {
  const dims = sem.dims;
  const v = sem.scratch();
  for (const { terms, weight } of q.turns) sem.addToScratch(vectorOfTurn(terms, dims), weight);
  return sem.centre(v);
}

export interface IndexedDoc {
  /** Context, name and other describing text of the ad group. */
  text: string;
}

const K1 = 1.2;
/** A group that does not match the object the last user turn asks for before a purpose keeps this share of its relevance. */
const HEAD_MISS = 0.5;
const B = 0.75;
/** Score at which relevance reaches 1 − 1/e. */
const SCALE = 1.5;

/**
 * The BM25 index over a fixed set of documents (one per ad group). Posting
 * lists hold each document's saturated, length-normalised term frequency so
 * scoring a query is one pass over the query's posting lists.
 */
export class LexicalIndex {
  /** Term → its position in the packed posting arrays. */
  private readonly termIndex = new Map<string, number>();
  /** Postings of term t are docs/tf[start[t] .. start[t + 1]), documents ascending; idf[t] its normalised IDF. */
  private readonly start: Int32Array;
  private readonly docs: Int32Array;
  private readonly tf: Float64Array;
  private readonly idf: Float64Array;
  /**
   * Per document d, its BM25 sum at [2d] and its coverage at [2d + 1] while a query is scored (reset as read): the two
   * in one cache line, as a last-user-turn term and the final pass read and write both.
   */
  private readonly acc: Float64Array;
  /** Documents touched by the query being scored (scratch, reset after each query). */
  private readonly touched: Int32Array;
  /** Per document: 1 when the last query matched it on a term of `Query.unread` (valid until the next query). */
  private readonly unreadHit: Uint8Array;
  /** Per document: 1 while a query is scored when it matched the query's need head (`Query.head`); reset as read (in the kernels' memory, after `touched`). */
  private readonly headHit: Uint8Array;
  private unreadDocs: number[] = [];
  /** The postings walk (wasm-kernels.ts) and the byte offsets of `acc`, `tf`, `docs` and `touched` in its memory. */
  private readonly post: Post;
  private readonly postCov: Post;
  private readonly accAt: number;
  private readonly tfAt: number;
  private readonly docsAt: number;
  private readonly touchedAt: number;
  private readonly headAt: number;
  private readonly sieve: (acc: number, touched: number, head: number, n: number, min: number) => number;
  /** The documents the last query matched at or above its floor and their relevance (`score`'s answer is views of them). */
  private readonly matchedDocs: Int32Array;
  private readonly matchedRel: Float64Array;
  readonly size: number;

  constructor(docs: readonly IndexedDoc[]) {
    this.size = docs.length;
    this.matchedDocs = new Int32Array(docs.length);
    this.matchedRel = new Float64Array(docs.length);
    this.unreadHit = new Uint8Array(docs.length);
    const docTerms = docs.map((d) => termsWithPhrases(d.text, 8000));
    const avgLen = docTerms.reduce((a, t) => a + t.length, 0) / Math.max(1, docTerms.length) || 1;
    const tmp = new Map<string, { docs: number[]; tf: number[] }>();
    let total = 0;
    docTerms.forEach((ts, i) => {
      const counts = new Map<string, number>();
      for (const t of ts) counts.set(t, (counts.get(t) ?? 0) + 1);
      const norm = K1 * (1 - B + (B * ts.length) / avgLen);
      for (const [t, c] of counts) {
        let p = tmp.get(t);
        if (!p) tmp.set(t, (p = { docs: [], tf: [] }));
        p.docs.push(i);
        p.tf.push((c * (K1 + 1)) / (c + norm));
        total++;
      }
    });
    const n = docs.length;
    const maxIdf = Math.log(1 + (n - 1 + 0.5) / 1.5) || 1;
    // Packed: a few typed arrays instead of three objects per term, so the snapshot has little for the GC to mark.
    // The four the postings walk reads and writes live in one WebAssembly memory (wasm-kernels.ts): acc, tf, docs, touched.
    this.start = new Int32Array(tmp.size + 1);
    const k = wasmKernels(16 * n + 12 * total + 4 * n + n);
    this.post = k.post;
    this.postCov = k.postCov;
    this.sieve = k.sieve;
    this.accAt = 0;
    this.tfAt = 16 * n;
    this.docsAt = this.tfAt + 8 * total;
    this.touchedAt = this.docsAt + 4 * total;
    this.acc = new Float64Array(k.memory.buffer, this.accAt, 2 * n);
    this.tf = new Float64Array(k.memory.buffer, this.tfAt, total);
    this.docs = new Int32Array(k.memory.buffer, this.docsAt, total);
    this.touched = new Int32Array(k.memory.buffer, this.touchedAt, n);
    this.headAt = this.touchedAt + 4 * n;
    this.headHit = new Uint8Array(k.memory.buffer, this.headAt, n);
    this.idf = new Float64Array(tmp.size);
    let t = 0;
    let at = 0;
    for (const [term, p] of tmp) {
      this.termIndex.set(term, t);
      this.idf[t] = Math.log(1 + (n - p.docs.length + 0.5) / (p.docs.length + 0.5)) / maxIdf;
      this.start[t] = at;
      this.docs.set(p.docs, at);
      this.tf.set(p.tf, at);
      at += p.docs.length;
      t++;
    }
    this.start[t] = at;
  }

  /**
   * Relevance in [0, 1) of every document the query touches. Coverage (how
   * much of the last user turn the document explains) tempers a lone
   * incidental word in a long message. Documents at or above `floor` are
   * returned (positions and relevances, in the order first touched); those
   * below it are only counted. The answer is views of this index's scratch
   * arrays, valid until its next `score` (read synchronously: no per-query
   * arrays grown match by match).
   */
  score(q: Query, floor = 0): Matches {
    const acc = this.acc;
    const touched = this.touched;
    let nTouched = 0;
    const docs = this.docs;
    const unreadHit = this.unreadHit;
    const headHit = this.headHit;
    if (this.unreadDocs.length) {
      for (const d of this.unreadDocs) unreadHit[d] = 0;
      this.unreadDocs = [];
    }
    for (const [t, w] of q.weights) {
      const ti = this.termIndex.get(t);
      if (ti === undefined) continue;
      const wi = w * this.idf[ti];
      const from = this.start[ti];
      const to = this.start[ti + 1];
      const c = q.lastUserTerms.get(t);
      if (c !== undefined) {
        // A term of the last user turn also counts toward each document's coverage.
        nTouched = this.postCov(this.docsAt, this.tfAt, this.accAt, this.touchedAt, from, to, wi, c, nTouched);
        if (t === q.head) for (let k = from; k < to; k++) headHit[docs[k]] = 1;
        if (q.unread.size > 0 && q.unread.has(t)) {
          for (let k = from; k < to; k++) {
            if (unreadHit[docs[k]] === 0) {
              unreadHit[docs[k]] = 1;
              this.unreadDocs.push(docs[k]);
            }
          }
        }
      } else {
        nTouched = this.post(this.docsAt, this.tfAt, this.accAt, this.touchedAt, from, to, wi, 0, nTouched);
      }
    }
    const matched = this.matchedDocs;
    const relevance = this.matchedRel;
    let n = 0;
    let belowFloor = 0;
    const lastN = q.lastUserWeight;
    // Relevance never exceeds its BM25 part (coverage factor ≤ 1): a score below this cannot reach the floor.
    const minBm25 = floor > 0 && floor < 1 ? -SCALE * Math.log1p(-Math.min(floor, 1)) * (1 - 1e-12) : 0;
    // Only a query with a need head marks documents (`headHit`), each of them touched: none to reset otherwise.
    const headed = q.head !== null;
    // The documents below minBm25 are reset and counted by the kernel (wasm-kernels.ts `sieve`); the rest, in order,
    // are the first `kept` of `touched`.
    const kept = minBm25 > 0 ? this.sieve(this.accAt, this.touchedAt, this.headAt, nTouched, minBm25) : nTouched;
    belowFloor += nTouched - kept;
    for (let j = 0; j < kept; j++) {
      const d = touched[j];
      const at = d << 1;
      const bm25 = acc[at];
      // A group that explains what the need is for but not its object sells something else (need-head.ts).
      let miss = 1;
      if (headed) {
        if (headHit[d] === 0) miss = HEAD_MISS;
        headHit[d] = 0;
      }
      const r = bm25 < minBm25 ? -1 : miss * relevanceOf(bm25, lastN ? acc[at + 1] / lastN : 0);
      if (r >= floor) {
        matched[n] = d;
        relevance[n++] = r;
      } else belowFloor++;
      acc[at] = 0;
      acc[at + 1] = 0;
    }
    return { docs: matched.subarray(0, n), relevance: relevance.subarray(0, n), belowFloor };
  }

  /** Whether the last query (`score`) matched document d on a last-user-turn term without a word vector. */
  matchedUnread(d: number): boolean {
    return this.unreadHit[d] === 1;
  }
}

/** Documents a query matched at or above a floor: `docs[k]` scored `relevance[k]` (valid until the index's next query). */
export interface Matches {
  docs: Int32Array;
  relevance: Float64Array;
  /** Documents touched below the floor (counted, not listed). */
  belowFloor: number;
}

/**
 * BM25 score → [0, 1), tempered by coverage (the share of the last user
 * turn's words the group explains): one incidental shared word in a question
 * about something else ("the boiling point of water") scores low.
 */
export const relevanceOf = (bm25: number, coverage: number): number =>
  (1 - Math.exp(-bm25 / SCALE)) * (COVERAGE_BASE + (1 - COVERAGE_BASE) * Math.min(1, coverage));
const COVERAGE_BASE = 0.5;

export interface RelevanceGroupInput {
  name: string;
  context: string | null;
  negativeContext: string | null;
}

export type RelevanceVerdict =
  | { ok: true; relevance: number }
  | { ok: false; reason: 'negative_context' | 'excluded_topic'; relevance: number; detail?: string };

export interface Judgement {
  verdicts: Map<number, RelevanceVerdict>;
  /** Groups the conversation touched that scored below the floor. */
  belowFloor: number;
}

/** Phrases a request excludes (its `excludedTopics`, expanded: "alcohol" covers wine and beer). */
export const excludedPhrases = (topics: readonly string[] | undefined): PhraseSet =>
  new PhraseSet(expandTopics(topics ?? []));

/**
 * Relevance of ad groups to one conversation: BM25 match, then the group's
 * negative context (found in the conversation), the request's excluded topics
 * (found in the group's context or in the conversation) and the floor.
 */
export class RelevanceModel {
  private readonly index: LexicalIndex;
  private readonly texts: string[];
  /** One PhraseSet per distinct negative-context text (groups often share one; most have none). */
  private readonly negatives: PhraseSet[];
  /** Stems of a group's text, made the first time an excluded topic is checked against it. */
  private readonly groupStems: (string[] | undefined)[];

  /** The groups' word-vector index, when the semantic signal is on. */
  readonly semantic: SemanticIndex | null;

  constructor(groups: readonly RelevanceGroupInput[], opts: { semantic?: boolean } = {}) {
    this.texts = groups.map((g) => `${g.name}. ${g.context ?? ''}`);
    this.index = new LexicalIndex(this.texts.map((text) => ({ text })));
    this.semantic = opts.semantic ? new SemanticIndex(this.texts.map((t) => words(t, 8000))) : null;
    const sets = new Map<string, PhraseSet>();
    this.negatives = groups.map((g) => {
      const key = g.negativeContext ?? '';
      let set = sets.get(key);
      if (!set) sets.set(key, (set = PhraseSet.fromList(key)));
      return set;
    });
    this.groupStems = new Array<string[] | undefined>(groups.length);
  }

  private stemsOf(i: number): string[] {
    return (this.groupStems[i] ??= stems(this.texts[i], 8000));
  }

  /**
   * Whether the last `match` scored group i on a word of the last user turn that has no word vector (a product or
   * brand word too rare for the table): the semantic signal cannot judge that match, so it may raise, not lower, it.
   */
  matchedUnread(i: number): boolean {
    return this.index.matchedUnread(i);
  }

  /** The groups the conversation touches at or above the floor, with their lexical relevance (no exclusions applied). */
  match(q: Query, floor: number): Matches {
    return this.index.score(q, floor);
  }

  /**
   * Why group i may not show next to this conversation (its negative context
   * found in the conversation, or an excluded topic found in the conversation
   * or the group's text), or null when it may. `convExcluded` is the excluded
   * topic found in the conversation itself (`excludedIn`), computed once per request.
   */
  exclusion(
    i: number,
    q: Query,
    excluded: PhraseSet,
    convExcluded: string | null,
  ): { reason: 'negative_context' | 'excluded_topic'; detail: string } | null {
    const neg = this.negatives[i].size > 0 ? this.negatives[i].find(q.stems) : null;
    if (neg) return { reason: 'negative_context', detail: neg };
    const ex = convExcluded ?? (excluded.size > 0 ? excluded.find(this.stemsOf(i)) : null);
    return ex ? { reason: 'excluded_topic', detail: ex } : null;
  }

  /**
   * Verdicts for every group the conversation touches at or above the floor
   * (group index → verdict); those below it are only counted. The exhaustive
   * view (evaluation, tests); serving judges lazily in rank order (decision.ts).
   */
  judge(q: Query, excluded: PhraseSet, floor: number): Judgement {
    const verdicts = new Map<number, RelevanceVerdict>();
    const { docs, relevance, belowFloor } = this.match(q, floor);
    const convExcluded = excludedIn(q, excluded);
    for (let k = 0; k < docs.length; k++) {
      const ex = this.exclusion(docs[k], q, excluded, convExcluded);
      verdicts.set(docs[k], ex ? { ok: false, ...ex, relevance: relevance[k] } : { ok: true, relevance: relevance[k] });
    }
    return { verdicts, belowFloor };
  }
}

/** The excluded topic the conversation itself is about, or null. */
export const excludedIn = (q: Query, excluded: PhraseSet): string | null =>
  excluded.size > 0 ? excluded.find(q.stems) : null;
