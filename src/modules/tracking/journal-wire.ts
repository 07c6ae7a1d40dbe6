/**
 * The writer thread's wire format (`journal-thread.ts` ↔ `journal-writer.ts`): flat arrays of column
 * values (cloning one array of primitives costs a fraction of cloning the same rows as objects), and the
 * messages to and from the thread.
 */
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import { EVENT_COLS, REQUEST_COLS, SERVE_COLS, type EventRow, type JournalRules } from './repo.js';
import type { Charge, CommitResult, JournalBatch, PixelHit } from './journal-batch.js';

export interface WireBatch {
  r: unknown[];
  s: unknown[];
  e: unknown[];
  /** Per request: its placements' value count, then its placements' [type, id] pairs. */
  a: unknown[];
  /** Per pixel: token, at, ipHash, country, device, ivt reason ('' when none). */
  p: unknown[];
  /**
   * About how many bytes of the writer's heap the batch takes once received
   * (`valueBytes` per value): what bounds the bytes a writer thread holds
   * (`journal-thread.ts`), rows being of any size.
   */
  b: number;
}

/** A value's share of a received batch: its array slot, plus a string's header and characters. */
const valueBytes = (v: unknown): number => (typeof v === 'string' ? 24 + v.length : 8);

export interface WireResult {
  inserted: boolean[];
  /** Per pixel: 1 new, 0 repeat, or [status, message]. */
  pixels: (0 | 1 | [number, string])[];
  /** Per charge: campaignId, adGroupId, spendMicros, at. */
  charges: unknown[];
}

/** A charge's values on the wire, in this order. */
const CHARGE_COLS = ['campaignId', 'adGroupId', 'spendMicros', 'at'] as const satisfies readonly (keyof Charge)[];

/** Appends the rows' values to `out`; returns their bytes (`valueBytes`). */
function flatten<T>(rows: T[], cols: readonly (keyof T)[], out: unknown[]): number {
  let bytes = 0;
  for (const row of rows)
    for (const c of cols) {
      const v = row[c];
      out.push(v);
      bytes += valueBytes(v);
    }
  return bytes;
}

function unflatten<T>(flat: unknown[], cols: readonly string[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < flat.length; i += cols.length) {
    const row: Record<string, unknown> = {};
    for (let c = 0; c < cols.length; c++) row[cols[c]] = flat[i + c];
    out.push(row as T);
  }
  return out;
}

export function encodeBatch(j: JournalBatch): WireBatch {
  const w: WireBatch = { r: [], s: [], e: [], a: [], p: [], b: 0 };
  let b =
    flatten(j.requests, REQUEST_COLS, w.r) + flatten(j.serves, SERVE_COLS, w.s) + flatten(j.events, EVENT_COLS, w.e);
  for (const asked of j.placements) {
    w.a.push(asked.length);
    b += 8;
    for (const v of asked) {
      w.a.push(v);
      b += valueBytes(v);
    }
  }
  for (const h of j.pixels) {
    w.p.push(h.token, h.at, h.ipHash, h.country, h.device, h.ivt ?? '');
    b += 128 + h.token.length + h.ipHash.length; // six slots, four short strings' headers
  }
  w.b = b;
  return w;
}

export function decodeBatch(w: WireBatch): JournalBatch {
  const placements: string[][] = [];
  for (let i = 0; i < w.a.length;) {
    const n = w.a[i] as number;
    placements.push(w.a.slice(i + 1, i + 1 + n) as string[]);
    i += 1 + n;
  }
  // Pixels as object literals (the impression path's rows; the generic unflatten builds keyed objects).
  const pixels: PixelHit[] = [];
  for (let i = 0; i < w.p.length; i += 6) {
    pixels.push({
      token: w.p[i] as string,
      at: w.p[i + 1] as number,
      ipHash: w.p[i + 2] as string,
      country: w.p[i + 3] as string,
      device: w.p[i + 4] as PixelHit['device'],
      ivt: (w.p[i + 5] as string) || null,
    });
  }
  return {
    requests: unflatten<AdRequestTable>(w.r, REQUEST_COLS),
    serves: unflatten<AdServeTable>(w.s, SERVE_COLS),
    events: unflatten<EventRow>(w.e, EVENT_COLS),
    placements,
    pixels,
  };
}

export function encodeResult(r: CommitResult): WireResult {
  const charges: unknown[] = [];
  flatten(r.charges, CHARGE_COLS, charges);
  return {
    inserted: r.inserted,
    pixels: r.pixels.map((x) => (x === true ? 1 : x === false ? 0 : [x.status, x.message])),
    charges,
  };
}

export function decodeResult(w: WireResult): CommitResult {
  return {
    inserted: w.inserted,
    pixels: w.pixels.map((x) => (x === 1 ? true : x === 0 ? false : { status: x[0], message: x[1] })),
    charges: unflatten<Charge>(w.charges, CHARGE_COLS),
  };
}

/** Messages to and from the writer thread (a reply answers every batch its transaction held). */
export type WriterRequest = { seq: number; batch: WireBatch } | { close: true };
export type WriterReply =
  | { ready: true }
  | { results: { seq: number; result: WireResult }[] }
  | { seqs: number[]; error: string; code?: string }
  /** A fold of the rollup log failed (nothing is lost: the log stays, and the next fold or read applies it). */
  | { foldFailed: string };

export interface WriterOptions {
  file: string;
  synchronous: 'FULL' | 'NORMAL';
  /**
   * The writer connection's `wal_autocheckpoint` (pages). With the background
   * checkpointer it is a backstop (`BACKSTOP_CHECKPOINT_PAGES`) the WAL never
   * reaches while the checkpointer runs, so no commit stops to checkpoint; should
   * the checkpointer be gone, the writer checkpoints itself and the WAL stays bounded.
   */
  autocheckpointPages: number;
  busyTimeoutMs: number;
  /** The token key ring (`id:base64key,…`) and the tokens' lifetime: the writer opens impression pixels. */
  tokenKeys: string;
  tokenTtlSeconds: number;
  /** How the transaction judges clicks (ivt/rules.ts). */
  rules: JournalRules;
}
