import type { Ctx } from '../../context.js';
import type { Principal } from '../accounts/service.js';
import { newId } from '../../lib/ids.js';
import { RESERVE_CPM_MICROS } from '../../lib/money.js';
import { sha256Hex } from '../../lib/hash.js';
import { countryOf, deviceType, normaliseCountry } from '../../lib/request-facts.js';
import type { PlacementType } from '../../lib/placement-types.js';
import { Forbidden } from '../../lib/errors.js';
import { utcDayStart } from '../../lib/clock.js';
import { rollupRow, type RollupRow } from '../ledger/rollup.js';
import type { AdServeTable } from '../../db/schema.js';
import { allocate, rankCandidates, type Candidate, type Ranking, type Slot } from './decision.js';
import type { AdObject, AdRequestBody } from './schemas.js';
import type { InvAd, InvGroup, Snapshot } from './inventory.js';
import { conversationQuery, excludedPhrases, semanticVectorOf, type Query } from './relevance.js';
import { assessConversation } from '../safety/service.js';
import { readConversation } from '../../lib/turns.js';
import { BUDGET_CHECK_NAMES, BudgetBook, budgetChecks, hasRoom, type BudgetState } from './budget.js';
import { DecisionLog, type CandidateRecord, type DecisionRecord } from './explain.js';
import { CopyWriter, withCopy } from './copy.js';
import { blendRelevance, cosine, createEmbedder, GroupEmbeddingCache, type Embedder } from './embeddings.js';
import { NotFound } from '../../lib/errors.js';
import { blockFilter } from './blocks.js';
import { houseTestAd } from './test-ad.js';
import { stateOf } from '../../caches.js';

/** Default body length when a slot sets no limit (generated copy is clipped to it). */
const DEFAULT_MAX_CHARS = 500;
/** Platform reserve price (lib/money.ts): the least one thousand impressions can clear at, whatever the floors. */
export { RESERVE_CPM_MICROS };
const SESSION_CAP_TTL_MS = 3_600_000;
/** The relevance floor when the conversation reads as informational (no commercial need). */
export const INFORMATIONAL_FLOOR = 0.5;
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
  embed: { embedder: Embedder; cache: GroupEmbeddingCache; warmed: Snapshot | null } | null;
}

/** Per-process serving state of a context (src/caches.ts `servingState`); created on first use (registers the budget listener on the journal). */
function state(ctx: Ctx): ServingState {
  return stateOf(ctx, 'servingState', () => createState(ctx));
}

function createState(ctx: Ctx): ServingState {
  const embedder = createEmbedder(ctx.config);
  const s: ServingState = {
    capCountFailed: (err: unknown) => ctx.log.warn({ err }, 'frequency cap count failed'),
    book: new BudgetBook(),
    log: new DecisionLog(ctx.config.decisionLogSize),
    copy: new CopyWriter(ctx),
    embed: embedder ? { embedder, cache: new GroupEmbeddingCache(embedder), warmed: null } : null,
  };
  const book = s.book;
  ctx.journal.onCommit((charges) => {
    for (const c of charges) book.add(c.campaignId, c.adGroupId, c.spendMicros, c.at, ctx.clock.now());
  });
  return s;
}

const groupText = (g: InvGroup): string => `${g.name}. ${g.context}`;

/** The words that key generated copy: the conversation's strongest terms. */
function topicOf(q: Query): string {
  return [...q.weights.entries()]
    .filter(([t]) => !t.includes(' '))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 6)
    .map(([t]) => t)
    .sort()
    .join(' ');
}

async function conversationVector(
  ctx: Ctx,
  st: ServingState,
  snap: Snapshot,
  body: AdRequestBody,
): Promise<number[] | null> {
  const e = st.embed;
  if (!e) return null;
  if (e.warmed !== snap) {
    e.warmed = snap;
    void e.cache.warm(snap.groups.map(groupText), (err) => ctx.log.warn({ err }, 'ad group embeddings failed'));
  }
  const text = body.messages
    .slice(-4)
    .map((m) => m.content.slice(-1000))
    .join('\n');
  try {
    const [v] = await e.embedder.embed([text], ctx.config.embeddingTimeoutMs);
    return v ?? null;
  } catch (err) {
    ctx.log.debug({ err }, 'conversation embedding failed; lexical relevance only');
    return null;
  }
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
  const pubPlacements = snap.placements.get(who.accountId);
  const requestId = newId();

  // Slots: placements the publisher created (unknown slugs never fill), of the type stated, suiting this device.
  const slots: Slot[] = [];
  const slotNotes: DecisionRecord['slots'] = [];
  for (const p of body.placements) {
    const known = pubPlacements?.get(p.placement_id);
    const note = {
      placement: p.placement,
      placement_id: p.placement_id,
      floorCpmMicros: null as number | null,
      filledBy: null,
    };
    slotNotes.push(note);
    if (!known) {
      Object.assign(note, { reason: 'unknown_placement' });
      continue;
    }
    if (known.type !== p.placement) {
      Object.assign(note, { reason: `placement_type_mismatch (placement is ${known.type})` });
      continue;
    }
    if (known.device !== 'all' && known.device !== device) {
      Object.assign(note, { reason: `placement_device_mismatch (placement is ${known.device}, request is ${device})` });
      continue;
    }
    const floor = Math.max(RESERVE_CPM_MICROS, publisher.floorCpmMicros, known.floorCpmMicros);
    note.floorCpmMicros = floor;
    slots.push({
      placement: p.placement,
      placement_id: p.placement_id,
      maxAdTextChars: known.maxAdTextChars,
      floorCpmMicros: floor,
    });
  }

  // Brand safety first: a conversation no brand should appear next to never reaches the auction.
  // The turns read are prepared once (hash, language) and shared by safety and relevance.
  const conv = readConversation(body.messages);
  const assessed = assessConversation(ctx, conv, body.excludedTopics ?? undefined);
  const safety = assessed instanceof Promise ? await assessed : assessed;
  const query = conversationQuery(conv);
  const sensitive = safety.category !== null;
  // Informational chat (maths, coding, trivia) needs a much closer fit before any ad shows.
  const floor = Math.max(
    ctx.config.minRelevance,
    body.relevancy ?? 0,
    safety.informational >= 0.5 ? INFORMATIONAL_FLOOR : 0,
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
    noAdReason: sensitive ? 'sensitive_topic' : slots.length === 0 ? 'no_servable_slot' : null,
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
      ? await Promise.all([caps, conversationVector(ctx, st, snap, body)])
      : [await caps, null];
    const budget: BudgetState = {
      now,
      campaignToday: (id) => ctx.spend.today(id),
      groupToday: (id) => st.book.groupToday(id, now),
      campaignThisHour: (id) => st.book.campaignThisHour(id, now),
      aheadHours: ctx.config.pacingAheadHours,
    };
    const blending = blendOf(ctx, st, snap, query, convVec, floor);
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
      budgetRoom: (g, charge) => test || hasRoom(g, budget, charge),
      eligible: blockFilter(publisher),
      relativeFloor: ctx.config.relativeRelevanceFloor,
      blend: blending.blend,
      lexicalFloor: blending.lexicalFloor,
    });
    if (opts.exhaustive) ranking.all();
    const allocation = await allocate(ranking, {
      slots,
      floorFor: (s) => s.floorCpmMicros,
      rule: ctx.config.auctionPricing,
      random,
      reserve: async (c: Candidate, charge: number) => {
        if (test) return null; // test ads are never billed
        const i = await ctx.counters.reserve(budgetChecks(c.g, budget, charge), now, ctx.config.budgetReservationMs);
        return i < 0 ? null : `budget_reservation_refused (${BUDGET_CHECK_NAMES[i] ?? 'budget'})`;
      },
    });
    fills = allocation.fills;
    explain(record, ranking, allocation);
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

  const serves: AdServeTable[] = [];
  const rollups: RollupRow[] = [];
  const ads: AdObject[] = [];
  if (!test) {
    for (const s of body.placements) {
      rollups.push(
        rollupRow(
          now,
          {
            publisher_id: who.accountId,
            device,
            country,
            placement_id: s.placement_id,
            placement_type: s.placement,
            advertiser_id: '',
            campaign_id: '',
            ad_group_id: '',
            ad_id: '',
          },
          { requests: 1 },
        ),
      );
    }
  }
  fills.forEach((f, i) => {
    const g = f.candidate.g;
    const ad = finalAds[i];
    const clickId = newId();
    const token = ctx.codec.seal({
      clickId,
      campaignId: g.campaignId,
      adGroupId: g.id,
      adId: ad.id,
      publisherId: who.accountId,
      advertiserId: g.advertiserId,
      placementType: f.slot.placement as PlacementType,
      placementId: f.slot.placement_id,
      priceMicros: f.priceMicros,
      pricing: g.billing,
      revenueShareBps: publisher.revenueShareBps,
      test,
      issuedAt: Math.floor(now / 1000),
    });
    serves.push({
      click_id: clickId,
      request_id: requestId,
      publisher_id: who.accountId,
      placement_id: f.slot.placement_id,
      placement_type: f.slot.placement,
      campaign_id: g.campaignId,
      ad_group_id: g.id,
      ad_id: ad.id,
      advertiser_id: g.advertiserId,
      pricing: g.billing,
      price_micros: f.priceMicros,
      at: now,
      is_test: test ? 1 : 0,
    });
    if (!test) {
      const key = {
        publisher_id: who.accountId,
        device,
        country,
        placement_id: f.slot.placement_id,
        placement_type: f.slot.placement,
        advertiser_id: g.advertiserId,
        campaign_id: g.campaignId,
        ad_group_id: g.id,
        ad_id: ad.id,
      };
      rollups.push(rollupRow(now, key, { wins: 1 }));
    }
    const note = record.slots.find((s) => s.placement_id === f.slot.placement_id && s.filledBy === null);
    if (note) note.filledBy = g.id;
    ads.push(adObject(ctx, g, ad, f.slot, token, test, random() < ctx.config.feedbackPromptRate));
  });

  // testAd: every placement left empty gets the house test ad, whatever the inventory (serving/test-ad.ts).
  if (test) {
    const filled = new Set(fills.map((f) => f.slot.placement_id));
    for (const p of body.placements) {
      if (filled.has(p.placement_id)) continue;
      filled.add(p.placement_id);
      const house = houseTestAd(ctx, p, {
        publisherId: who.accountId,
        revenueShareBps: publisher.revenueShareBps,
        requestId,
        now,
      });
      serves.push(house.serve);
      ads.push(house.ad);
    }
  }

  st.log.add(record);
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
    rollups,
  };
  // Not awaited: the answer is the ads, not an acknowledgement of this record (journal.ts `record`). While the
  // store is failing (a 503, safe to retry, until a commit succeeds) or records back up, each request waits for its own.
  if (ctx.journal.mustWait) await ctx.journal.append(item);
  else ctx.journal.record(item);
  return { requestId, ads };
}

/**
 * How relevance blends in a second signal: the configured embedding model's
 * (when it answered in time), else the offline word vectors' at
 * `semanticWeight` (when on), else none. With the offline signal only groups
 * whose lexical relevance can still blend up to the floor are compared.
 */
function blendOf(
  ctx: Ctx,
  st: ServingState,
  snap: Snapshot,
  query: Query,
  convVec: number[] | null,
  floor: number,
): { blend?: (g: InvGroup, lexical: number) => number; lexicalFloor?: number } {
  if (convVec) {
    return {
      blend: (g, lexical) => {
        const v = st.embed?.cache.get(groupText(g));
        return v ? blendRelevance(lexical, cosine(convVec, v)) : lexical;
      },
    };
  }
  const sem = snap.model.semantic;
  const w = ctx.config.semanticWeight;
  if (!sem || w <= 0) return {};
  const cv = semanticVectorOf(query, sem);
  return {
    blend: (g, lexical) => blendRelevance(lexical, sem.cosine(cv, g.idx), w),
    lexicalFloor: Math.max(0, (floor - w) / (1 - w)),
  };
}

function explain(record: DecisionRecord, ranking: Ranking, allocation: Awaited<ReturnType<typeof allocate>>): void {
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

const round = (x: number): number => Math.round(x * 1e4) / 1e4;

/** The explanation of a recent decision of this process (admin). */
export function explainDecision(ctx: Ctx, requestId: string): DecisionRecord {
  const r = state(ctx).log.get(requestId);
  if (!r)
    throw new NotFound(
      `decision ${requestId} (only the last ${ctx.config.decisionLogSize} decisions of this process are kept)`,
    );
  return r;
}

function adObject(
  ctx: Ctx,
  g: InvGroup,
  ad: InvAd,
  slot: Slot,
  token: string,
  test: boolean,
  feedbackPrompt: boolean,
): AdObject {
  const title = ad.headline || g.brandName;
  const o: AdObject = {
    adText: ad.copy,
    title: test ? `[Test] ${title}` : title,
    cta: ad.cta,
    brandName: g.brandName,
    url: ad.landingPage,
    favicon: g.favicon,
    impUrl: `${ctx.urls.api}/track/imp?p=${token}`,
    clickUrl: `${ctx.urls.api}/track/click?p=${token}`,
    placement: slot.placement,
    placement_id: slot.placement_id,
    campaignId: g.campaignId,
    feedbackPrompt,
  };
  // Set after the others (it is last in the JSON), without a spread: spreads take V8's slow copy path.
  if (test) o.isTest = true;
  return o;
}
