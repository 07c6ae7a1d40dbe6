import type { Ctx } from '../../context.js';
import type { Principal } from '../accounts/service.js';
import { newId } from '../../lib/ids.js';
import { RESERVE_CPM_MICROS } from '../../lib/money.js';
import { sha256Hex } from '../../lib/hash.js';
import { countryOf, deviceType, normaliseCountry } from '../../lib/request-facts.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { utcDayStart } from '../../lib/clock.js';
import { allocate } from './allocation.js';
import { rankCandidates, type Candidate, type Slot } from './decision.js';
import type { AdObject, AdRequestBody } from './schemas.js';
import type { InvAd } from './inventory.js';
import { conversationQuery, excludedPhrases } from './relevance.js';
import { assessConversation } from '../safety/service.js';
import { readConversation } from '../../lib/turns.js';
import { lastTurnFrame } from './frames.js';
import { narrowEligible, noNeedOf } from './frames-no-need.js';
import { BUDGET_CHECK_NAMES, BudgetBook, budgetChecks, hasRoom, RequestBudget, type BudgetState } from './budget.js';
import { DecisionLog, explainRanking, round, type DecisionRecord } from './explain.js';
import { CopyWriter, topicOf, withCopy } from './copy.js';
import { blendOf, conversationVector, createEmbedState, type EmbedState } from './blend.js';
import { blockFilter } from './blocks.js';
import { resolveSlots } from './slots.js';
import { serveRecords } from './serves.js';
import { stateOf } from '../../caches.js';

/** Default body length when a slot sets no limit (generated copy is clipped to it). */
const DEFAULT_MAX_CHARS = 500;
/** Platform reserve price (lib/money.ts): the least one thousand impressions can clear at, whatever the floors. */
export { RESERVE_CPM_MICROS };
const SESSION_CAP_TTL_MS = 3_600_000;
/** The relevance floor when the conversation reads as informational (no commercial need). */
export const INFORMATIONAL_FLOOR = 0.5;
/**
 * The relevance floor when the conversation reads as informational and its last user turn asks in an explanation
 * frame (frames.ts: how or why something works, homework, code, fixing what one owns): a topic word there is what
 * the question is about, not a need. Record 0050, round 9.
 */
export const EXPLANATION_FLOOR = 0.7;
/**
 * The least P(informational) at which an explanation frame asks `EXPLANATION_FLOOR` (a purpose frame asks it whatever
 * the head reads: it says the question is not a need). Record 0050, round 10 (was 0.5, the informational threshold).
 */
export const EXPLANATION_MIN_INFORMATIONAL = 0.4;
/** Test ads skip frequency caps: no counts read. */
const NO_CAPS: Promise<Record<string, number>[]> = Promise.resolve([{}, {}]);
const USER_CAP_TTL_MS = 25 * 3_600_000;

export interface RequestFacts {
  ip: string;
  ua: string | undefined;
}

export interface AdResult {
  requestId: string;
  ads: AdObject[];
}

interface ServingState {
  /** Logs a failed frequency-cap count (one function for every request). */
  capCountFailed: (err: unknown) => void;
  book: BudgetBook;
  log: DecisionLog;
  copy: CopyWriter;
  embed: EmbedState | null;
}

/** Per-process serving state of a context (src/caches.ts `servingState`); created on first use (registers the budget listener on the journal). */
function state(ctx: Ctx): ServingState {
  return stateOf(ctx, 'servingState', () => createState(ctx));
}

function createState(ctx: Ctx): ServingState {
  const s: ServingState = {
    capCountFailed: (err: unknown) => ctx.log.warn({ err }, 'frequency cap count failed'),
    book: new BudgetBook(),
    log: new DecisionLog(ctx.config.decisionLogSize),
    copy: new CopyWriter(ctx),
    embed: createEmbedState(ctx.config),
  };
  const book = s.book;
  ctx.journal.onCommit((charges) => {
    for (const c of charges) book.add(c.campaignId, c.adGroupId, c.spendMicros, c.at, ctx.clock.now());
  });
  return s;
}

export async function requestAds(
  ctx: Ctx,
  who: Principal,
  body: AdRequestBody,
  facts: RequestFacts,
  opts: {
    random?: () => number;
    /** Check every matched group before the auction (the test oracle for the lazy rank order; the record then lists them all). */
    exhaustive?: boolean;
  } = {},
): Promise<AdResult> {
  const random = opts.random ?? Math.random;
  const snap = await ctx.inventory.current();
  const publisher = snap.publishers.get(who.accountId);
  if (!publisher?.active) throw new Forbidden('publisher account is not active');
  const st = state(ctx);
  await st.book.refresh(ctx, ctx.config.inventoryRefreshMs);
  const now = ctx.clock.now();
  const ua = body.device?.ua ?? facts.ua;
  const device = deviceType(ua);
  const country = normaliseCountry(body.device?.country) || countryOf(body.device?.ip ?? facts.ip);
  const test = body.testAd === true;
  const requestId = newId();

  const { slots, notes: slotNotes } = resolveSlots(
    body.placements,
    snap.placements.get(who.accountId),
    publisher.floorCpmMicros,
    device,
  );

  // Brand safety first: a conversation no brand should appear next to never reaches the auction.
  // The turns read are prepared once (hash, language) and shared by safety and relevance.
  const conv = readConversation(body.messages);
  const assessed = assessConversation(ctx, conv, body.excludedTopics ?? undefined);
  const safety = assessed instanceof Promise ? await assessed : assessed;
  const query = conversationQuery(conv);
  const sensitive = safety.category !== null;
  // Informational chat (maths, coding, trivia) needs a much closer fit before any ad shows.
  // A question framed as explanation or with a purpose other than buying (frames.ts) asks a closer fit still.
  // Code in a turn the head reads as a need asks the informational floor (round 14).
  const frame = sensitive ? null : lastTurnFrame(conv, safety.informational >= EXPLANATION_MIN_INFORMATIONAL);
  // A purpose frame or a comparison for a class asks for nothing unless a purchase is asked beside it; an owned thing
  // acting up keeps only ads for a fix; what the user says is settled is not sold to them (frames-no-need.ts, round 15).
  const noNeed = sensitive ? null : noNeedOf(conv, frame === 'purpose');
  const floor = Math.max(
    ctx.config.minRelevance,
    body.relevancy ?? 0,
    frame === 'purpose' || frame === 'explanation'
      ? EXPLANATION_FLOOR
      : frame === 'code' || safety.informational >= 0.5
        ? INFORMATIONAL_FLOOR
        : 0,
  );
  const record: DecisionRecord = {
    requestId,
    at: now,
    publisherId: who.accountId,
    test,
    device,
    country,
    relevanceFloor: floor,
    pricing: ctx.config.auctionPricing,
    noAdReason: sensitive
      ? 'sensitive_topic'
      : noNeed?.frame === 'no_need'
        ? 'no_need'
        : slots.length === 0
          ? 'no_servable_slot'
          : null,
    safety: {
      category: safety.category,
      source: safety.source,
      detail: safety.detail,
      publisherExcluded: safety.publisherExcluded,
      language: safety.language,
      informational: round(safety.informational),
    },
    slots: slotNotes,
    candidates: [],
    filtered: [],
    filteredCounts: {},
    unchecked: 0,
  };

  let fills: Awaited<ReturnType<typeof allocate>>['fills'] = [];
  const userRef = body.userId ?? body.user?.id ?? body.user?.uid ?? body.user?.hashed_email;
  const day = utcDayStart(now);
  const sessionKey = `fs:${sha256Hex(`${who.accountId}\u0000${body.sessionId}`).slice(0, 32)}`;
  const userKey = userRef ? `fu:${sha256Hex(`${who.accountId}\u0000${userRef}`).slice(0, 32)}:${day}` : null;

  if (!record.noAdReason) {
    const caps = test ? NO_CAPS : ctx.counters.hgetall(userKey ? [sessionKey, userKey] : [sessionKey]);
    const [capCounts, convVec] = st.embed
      ? await Promise.all([caps, conversationVector(ctx, st.embed, snap, body)])
      : [await caps, null];
    const budget = new RequestBudget(now, ctx.config.pacingAheadHours, ctx.spend, st.book);
    const blending = blendOf(ctx, st.embed, snap, query, convVec, floor);
    const ranking = rankCandidates(snap, {
      query,
      excluded: excludedPhrases(body.excludedTopics ?? undefined),
      now,
      device,
      country,
      floor,
      sessionCounts: capCounts[0] ?? {},
      userCounts: capCounts[1] ?? {},
      sessionCap: test ? 0 : ctx.config.freqCapPerSession,
      userCap: test ? 0 : ctx.config.freqCapPerUserDay,
      budgetRoom: roomIn(budget, test),
      eligible: narrowEligible(noNeed, blockFilter(publisher)),
      relativeFloor: ctx.config.relativeRelevanceFloor,
      blend: blending.blend,
      prefetch: blending.prefetch,
      lexicalFloor: blending.lexicalFloor,
      blendWeight: blending.blendWeight,
    });
    if (opts.exhaustive) ranking.all();
    const allocation = await allocate(ranking, {
      slots,
      floorFor: slotFloor,
      rule: ctx.config.auctionPricing,
      random,
      reserve: reserveIn(ctx, budget, test, now),
    });
    fills = allocation.fills;
    explainRanking(record, ranking, allocation);
    if (!test) {
      for (const f of fills) {
        void ctx.counters.hincr(sessionKey, f.candidate.g.campaignId, 1, SESSION_CAP_TTL_MS).catch(st.capCountFailed);
        if (userKey)
          void ctx.counters.hincr(userKey, f.candidate.g.campaignId, 1, USER_CAP_TTL_MS).catch(st.capCountFailed);
      }
    }
  }

  // Generated copy for generative groups (bounded wait; falls back to the pre-generated ad).
  const generative = st.copy.enabled && fills.some((f) => f.candidate.g.generative);
  const topic = generative ? topicOf(query) : '';
  const finalAds: InvAd[] = generative
    ? await Promise.all(
        fills.map(async (f) => {
          if (!f.candidate.g.generative) return f.ad;
          const text = await st.copy.write(
            f.candidate.g,
            body.messages,
            topic,
            f.slot.maxAdTextChars ?? DEFAULT_MAX_CHARS,
          );
          return text ? withCopy(f.ad, text) : f.ad;
        }),
      )
    : fills.map((f) => f.ad);

  const { serves, ads } = serveRecords(ctx, fills, finalAds, {
    publisherId: who.accountId,
    revenueShareBps: publisher.revenueShareBps,
    requestId,
    now,
    test,
    placements: body.placements,
    slotNotes: record.slots,
    random,
  });

  st.log.add(record);
  // The placements asked for, as [type, id] pairs: with the serves, what the request's rollup deltas are made of
  // where the commit runs (tracking/journal-batch.ts `requestRollups`).
  const placements: string[] = [];
  for (const p of body.placements) placements.push(p.placement, p.placement_id);
  const item = {
    type: 'request' as const,
    request: {
      id: requestId,
      publisher_id: who.accountId,
      at: now,
      session_hash: sha256Hex(body.sessionId),
      slots: body.placements.length,
      filled: fills.length,
      device,
      country,
      is_test: test ? 1 : 0,
    },
    serves,
    placements,
  };
  // Not awaited: the answer is the ads, not an acknowledgement of this record (journal.ts `record`). While the
  // store is failing (a 503, safe to retry, until a commit succeeds) or records back up, each request waits for its own.
  if (ctx.journal.mustWait) await ctx.journal.append(item);
  else ctx.journal.record(item);
  return { requestId, ads };
}

/** The explanation of a recent decision of this process (admin). */
export function explainDecision(ctx: Ctx, requestId: string): DecisionRecord {
  const r = state(ctx).log.get(requestId);
  if (!r)
    throw new NotFound(
      `decision ${requestId} (only the last ${ctx.config.decisionLogSize} decisions of this process are kept)`,
    );
  return r;
}

// The request's functions below are made by functions, not arrows assigned to properties in `requestAds`: under tsx
// (keepNames) each such arrow is named by a `defineProperty` on every request (record 0047 round 18).

/** Whether a group's maximum charge fits its budgets (test ads are never billed: always). */
function roomIn(budget: BudgetState, test: boolean): (g: Candidate['g'], charge: number) => boolean {
  return (g, charge) => test || hasRoom(g, budget, charge);
}

const slotFloor = (s: Slot): number => s.floorCpmMicros;

/** Reserves a candidate's charge against its budgets: null when reserved, else why not (test ads: never billed). */
function reserveIn(
  ctx: Ctx,
  budget: BudgetState,
  test: boolean,
  now: number,
): (c: Candidate, charge: number) => Promise<string | null> {
  return async (c, charge) => {
    if (test) return null; // test ads are never billed
    const i = await ctx.counters.reserve(budgetChecks(c.g, budget, charge), now, ctx.config.budgetReservationMs);
    return i < 0 ? null : `budget_reservation_refused (${BUDGET_CHECK_NAMES[i] ?? 'budget'})`;
  };
}
