import { Memo } from '../../lib/memo.js';
import type { ReadTurn } from '../../lib/turns.js';
import type { SafetyCategory } from './categories.js';
import { assistantReferral } from './referrals.js';
import { assistantResponse, type ResponseMarker } from './responses.js';

/**
 * What an assistant turn says about the user turn before it, memoised by turn hash (service.ts reads both): a crisis
 * referral (referrals.ts ASSISTANT_REFERRALS) and a response marker (responses.ts: condolence, refusal, support).
 */
const referralCache = new Memo<{ c: SafetyCategory | null }>(50_000, () => 1);
const responseCache = new Memo<{ m: ResponseMarker | null }>(50_000, () => 1);

/** The crisis referral an assistant turn makes, if any (memoised by turn). */
export function referralOf(t: ReadTurn): SafetyCategory | null {
  let r = referralCache.peek(t.key);
  if (!r) referralCache.set(t.key, (r = { c: assistantReferral(t.foldedText) }));
  return r.c;
}

/** The response marker of an assistant turn, if any (memoised by turn). */
export function markerOf(t: ReadTurn): ResponseMarker | null {
  let r = responseCache.peek(t.key);
  if (!r) responseCache.set(t.key, (r = { m: assistantResponse(t.foldedText) }));
  return r.m;
}
