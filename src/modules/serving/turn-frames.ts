import { Memo } from '../../lib/memo.js';
import type { ReadTurn } from '../../lib/turns.js';

/**
 * The frame verdicts of one user turn (frames.ts, frames-request.ts, frames-no-need.ts), memoised by the turn's hash
 * like its other analyses (lib/turns.ts): a re-sent conversation's frames are read, not scanned again. Each verdict is
 * filled by its own module on first use (undefined until then) and depends on the turn's text alone — nothing of the
 * request, the publisher or the inventory — so it is the same wherever the turn occurs. Derived verdicts and stems
 * only, never text.
 */
export interface TurnFrames {
  /** frames.ts: a purpose frame or a job asked of the assistant (`PURPOSE`, `requestFrame`). */
  purpose?: boolean;
  /** frames.ts: code typed into the turn (a fenced block or an identifier). */
  code?: boolean;
  /** frames.ts: an explanation frame (`FRAME`). */
  explains?: boolean;
  /** frames-no-need.ts: a purchase, a replacement or a professional asked for (`NEED_CUE`). */
  needCue?: boolean;
  /** frames-no-need.ts: the no-need frame read without a purpose frame (`noNeedFrameOf(…, false)` past `NEED_CUE`). */
  noNeed?: 'trouble' | 'no_need' | null;
  /** frames-no-need.ts: the stems of what the turn says is settled (`SETTLED`). */
  settled?: readonly string[];
}

/** Turns whose frames are memoised, per generation (lib/memo.ts: at most twice this many held). */
export const TURN_FRAMES_MAX = 50_000;

const memo = new Memo<TurnFrames>(TURN_FRAMES_MAX);

/**
 * An empty record: every verdict declared undefined from the start, so all records share one shape (filled one by
 * one from `{}`, they took as many shapes as orders of filling, and the frame modules' loads of them went megamorphic).
 */
const unread = (): TurnFrames => ({
  purpose: undefined,
  code: undefined,
  explains: undefined,
  needCue: undefined,
  noNeed: undefined,
  settled: undefined,
});

/** The memoised frame verdicts of a turn (an empty record, memoised, for a turn not read before). */
export function turnFrames(t: ReadTurn): TurnFrames {
  // A turn new to the process skips a look-up that would miss (lib/turns.ts `ReadTurn.lookUp`).
  return t.lookUp('frames') ? (memo.peek(t.key) ?? memo.add(t.key, unread())) : memo.add(t.key, unread());
}

/** How many turns' frames are memoised (both generations). */
export function turnFramesHeld(): number {
  return memo.held;
}
