/**
 * Calibration offsets of the offline text models (record 0036 rounds 24–25), stored by scripts/train-text-models.ts
 * and applied by serving (`LoadedModels` adds each head's `offset` to its bias at load).
 *
 *   - margin `m`: each sensitive head's logit is offset by (1 − m) × (logit(threshold) − bias), i.e. the distance from
 *     the head's bias to its threshold is scaled by m (m < 1 brings the bias nearer the threshold: more fires);
 *   - intent `i`: the intent head's logit offset (serving reads P(informational) against fixed 0.4 / 0.5, not the head's
 *     threshold, so its margin cannot be scaled).
 *
 * The setting is stored in weights.json as `offsets: { margin, intent }` (so `--keep-settings` recomputes the per-head
 * offsets from the refitted biases and `--check` verifies them) and each head's result as `Head.offset` (omitted when
 * it rounds to 0). m = 1, i = 0 is no calibration: nothing is written.
 */
import type { Head, TextModels } from '../src/modules/safety/model.js';

export interface Offsets {
  margin: number;
  intent: number;
}
/** weights.json with the trainer's calibration setting (serving reads only the per-head offsets). */
export type CalibratedModels = TextModels & { offsets?: Offsets };

export const INTENT_HEAD = 'informational';

/** `--offsets m,i` → the setting; `none` (or m 1, i 0) → null. Throws on anything else. */
export function parseOffsets(spec: string): Offsets | null {
  if (spec === 'none') return null;
  const parts = spec.split(',');
  const [margin, intent] = parts.map(Number);
  if (parts.length !== 2 || parts.some((p) => p.trim() === '') || !Number.isFinite(margin) || !Number.isFinite(intent))
    throw new Error(`--offsets: expected m,i (two numbers) or none, got ${spec}`);
  if (margin <= 0) throw new Error(`--offsets: the margin scale must be positive, got ${margin}`);
  return margin === 1 && intent === 0 ? null : { margin, intent };
}

/** The logit offset of head `name` (its stored, rounded bias and threshold) under `o`, rounded as weights are; 0: none. */
export function headOffset(name: string, head: Pick<Head, 'bias' | 'threshold'>, o: Offsets): number {
  const t = head.threshold;
  const raw = name === INTENT_HEAD ? o.intent : (1 - o.margin) * (Math.log(t / (1 - t)) - head.bias);
  const r = Math.round(raw * 1e4) / 1e4;
  return r === 0 ? 0 : r;
}
