import type { Ctx } from '../../context.js';
import type { Prepared } from './prepare.js';
import * as repo from './repo.js';
import { stateOf } from '../../caches.js';

/**
 * The 48 h conversion dedup: one conversion per advertiser × event type ×
 * event id (else order id) within the window. Inside a batch the first
 * occurrence wins (`firstOccurrences`); against stored conversions the key is
 * taken in the commit's transaction (repo.ts `commitConversions`, SQL `dedup`,
 * `dedupTakeOver`); keys past the window are purged (`maybePurge`).
 */
export const DEDUP_WINDOW_MS = 48 * 3600 * 1000;

export function dedupKeyOf(p: Prepared): string | null {
  return p.dedupId === null ? null : `${p.eventType}\u0001${p.dedupId}`;
}

/** Duplicates inside the batch: the indexes to write (first occurrences, and events without a key) and the others. */
export function firstOccurrences(
  candidates: number[],
  prepared: (Prepared | null)[],
): { toWrite: number[]; duplicates: number[] } {
  const firstOf = new Set<string>();
  const toWrite: number[] = [];
  const duplicates: number[] = [];
  for (const i of candidates) {
    const k = dedupKeyOf(prepared[i]!);
    if (k !== null && firstOf.has(k)) {
      duplicates.push(i);
      continue;
    }
    if (k !== null) firstOf.add(k);
    toWrite.push(i);
  }
  return { toWrite, duplicates };
}

/** Dedup keys past the window can never match again; drop them at most hourly per process (failures only logged). */
export function maybePurge(ctx: Ctx, now: number): void {
  const purge = stateOf(ctx, 'dedupPurge', () => ({ last: 0 }));
  if (now - purge.last < 3600_000) return;
  purge.last = now;
  void repo
    .purgeDedup(ctx.db, now - DEDUP_WINDOW_MS)
    .catch((err) => ctx.log.warn({ err }, 'conversion dedup purge failed'));
}
