/**
 * One group commit of the journal: the batch (`JournalBatch`), what its commit answers
 * (`CommitResult`, the durable charges), the preparation every store runs (`commitSync`: pixels opened
 * into events, charges summed), the merging of batches a writer commits as one transaction, and the sink
 * interface with its in-thread implementation (PostgreSQL; SQLite without the writer thread).
 */
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { HOUR_MS } from '../../lib/clock.js';
import type { TokenCodec } from '../../lib/token.js';
import { hitRecord, openClaims, type HitContext } from './record.js';
import { rollupRow, type RollupRow } from '../ledger/rollup.js';
import type { Batch, EventRow, JournalStore } from './repo.js';

/** An impression pixel as the request gave it: the token still sealed, and what the request says about the user. */
export interface PixelHit extends HitContext {
  token: string;
}

/** One group commit. */
export interface JournalBatch {
  requests: AdRequestTable[];
  serves: AdServeTable[];
  events: EventRow[];
  /**
   * Per request (parallel to `requests`), the placements it asked for as [type, id] pairs: its rollup deltas (a
   * request per placement, a win per serve; none for a test request) are made from them and its serves where the
   * commit runs (`requestRollups`), so a held or posted request carries two strings per placement, not the rows.
   */
  placements: string[][];
  /** Impression pixels to open and record (their events and rollups are made where the commit runs). */
  pixels: PixelHit[];
}

/**
 * Charges that became durable: what budgets and pacing count. A commit's
 * charges are summed per campaign, ad group and UTC hour; `at` is the time of
 * the first of them (budgets read only its UTC day and hour).
 */
export interface Charge {
  campaignId: string;
  adGroupId: string;
  spendMicros: number;
  at: number;
}

/** A pixel's outcome: newly recorded, a repeat, or why its token was refused (nothing recorded). */
export type PixelOutcome = boolean | { status: number; message: string };

export interface CommitResult {
  /** Per event of the batch, whether it was newly recorded. */
  inserted: boolean[];
  pixels: PixelOutcome[];
  charges: Charge[];
}

export interface PixelOpener {
  codec: TokenCodec;
  ttlSeconds: number;
}

interface Prepared {
  batch: Batch;
  events: EventRow[];
  ownEvents: number;
  /** Per pixel, the index of its event, or its refusal. */
  pixels: (number | { status: number; message: string })[];
}

/** Open the pixels into events and make the store's view of the batch. */
function prepare(j: JournalBatch, opener: PixelOpener): Prepared {
  const events = j.events.slice();
  const pixels: Prepared['pixels'] = new Array(j.pixels.length);
  for (let k = 0; k < j.pixels.length; k++) {
    const hit = j.pixels[k];
    try {
      const e = hitRecord('imp', openClaims(opener.codec, hit.token, hit.at, opener.ttlSeconds), hit, null);
      pixels[k] = events.length;
      events.push(e);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      pixels[k] = { status: err.statusCode, message: err.message };
    }
  }
  const batch: Batch = { requests: j.requests, serves: j.serves, events, rollups: requestRollups(j) };
  return { batch, events, ownEvents: j.events.length, pixels };
}

/**
 * The ad requests' rollup deltas, in request order: per request that is not a test, one `requests` row per
 * placement it asked for (no advertiser dimensions), then one `wins` row per ad it served (the serve's
 * dimensions), each with the request's device and country at the request's time. A request's serves follow
 * it in `serves` (the journal appends them together); serves of test requests count nowhere.
 */
export function requestRollups(j: Pick<JournalBatch, 'requests' | 'serves' | 'placements'>): RollupRow[] {
  const rows: RollupRow[] = [];
  let s = 0;
  for (let i = 0; i < j.requests.length; i++) {
    const r = j.requests[i];
    while (s < j.serves.length && j.serves[s].request_id !== r.id) s++;
    if (r.is_test) continue;
    const asked = j.placements[i] ?? [];
    for (let k = 0; k + 1 < asked.length; k += 2) {
      rows.push(
        rollupRow(
          r.at,
          {
            publisher_id: r.publisher_id,
            device: r.device,
            country: r.country,
            placement_id: asked[k + 1],
            placement_type: asked[k],
            advertiser_id: '',
            campaign_id: '',
            ad_group_id: '',
            ad_id: '',
          },
          { requests: 1 },
        ),
      );
    }
    for (; s < j.serves.length && j.serves[s].request_id === r.id; s++) {
      const v = j.serves[s];
      rows.push(
        rollupRow(
          v.at,
          {
            publisher_id: v.publisher_id,
            device: r.device,
            country: r.country,
            placement_id: v.placement_id,
            placement_type: v.placement_type,
            advertiser_id: v.advertiser_id,
            campaign_id: v.campaign_id,
            ad_group_id: v.ad_group_id,
            ad_id: v.ad_id,
          },
          { wins: 1 },
        ),
      );
    }
  }
  return rows;
}

function finish(p: Prepared, inserted: boolean[]): CommitResult {
  // Summed per campaign, ad group and UTC hour: all that budgets and pacing
  // look at, and a batch of impressions then crosses back as one charge.
  const byKey = new Map<string, Charge>();
  for (let i = 0; i < p.events.length; i++) {
    const e = p.events[i];
    if (!inserted[i] || e.spend_micros <= 0) continue;
    const key = `${e.campaign_id}\u0001${e.ad_group_id}\u0001${Math.floor(e.at / HOUR_MS)}`;
    const c = byKey.get(key);
    if (c) c.spendMicros += e.spend_micros;
    else byKey.set(key, { campaignId: e.campaign_id, adGroupId: e.ad_group_id, spendMicros: e.spend_micros, at: e.at });
  }
  const charges = [...byKey.values()];
  return {
    inserted: inserted.slice(0, p.ownEvents),
    pixels: p.pixels.map((x) => (typeof x === 'number' ? inserted[x] : x)),
    charges,
  };
}

/** One group commit through a store's transaction: what the writer thread and the in-thread sinks both run. */
export function commitSync(tx: (b: Batch) => boolean[], j: JournalBatch, opener: PixelOpener): CommitResult {
  const p = prepare(j, opener);
  return finish(p, tx(p.batch));
}

/**
 * Several batches committed as one transaction (the writer thread takes all
 * that arrived while it was busy), and the result cut back per batch. The
 * batches' charges all go to the first one's result (listeners add them up).
 */
export function mergeBatches(batches: JournalBatch[]): {
  merged: JournalBatch;
  split(r: CommitResult): CommitResult[];
} {
  if (batches.length === 1) return { merged: batches[0], split: (r) => [r] };
  const merged: JournalBatch = { requests: [], serves: [], events: [], placements: [], pixels: [] };
  for (const b of batches) {
    for (const r of b.requests) merged.requests.push(r);
    for (const x of b.serves) merged.serves.push(x);
    for (const set of b.placements) merged.placements.push(set);
    for (const e of b.events) merged.events.push(e);
    for (const p of b.pixels) merged.pixels.push(p);
  }
  return {
    merged,
    split(r) {
      let e = 0;
      let p = 0;
      return batches.map((b, i) => {
        const part: CommitResult = {
          inserted: r.inserted.slice(e, (e += b.events.length)),
          pixels: r.pixels.slice(p, (p += b.pixels.length)),
          charges: i === 0 ? r.charges : [],
        };
        return part;
      });
    },
  };
}

export interface JournalSink {
  /** How many batches the journal may hand over before the first is answered. */
  readonly maxInFlight: number;
  commit(batch: JournalBatch): Promise<CommitResult>;
  close(): Promise<void>;
}

/** A store on this thread (PostgreSQL; SQLite when the writer thread is off). */
export function inThreadSink(store: JournalStore, opener: PixelOpener): JournalSink {
  return {
    // One transaction at a time: PostgreSQL writers would otherwise queue on each other's rollup row locks.
    maxInFlight: 1,
    async commit(j) {
      const p = prepare(j, opener);
      return finish(p, await store.commit(p.batch));
    },
    close: async () => undefined,
  };
}
