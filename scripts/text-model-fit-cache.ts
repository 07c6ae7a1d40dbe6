import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A memo of the trainer's final fits (scripts/train-text-models.ts `fit`), for tests only: with
 * ORBIT_TRAIN_FIT_CACHE=dir set, each fit is looked up by a hash of everything it reads — every row's feature indices,
 * values, label and class weight, the dimension, the penalty and the fitting code with its constants (`salt`) — and
 * computed and stored on a miss. `fit` is deterministic (full-batch gradient descent from zeros, no randomness), so a
 * hit is bit for bit the result the fit would compute again (weights stored as raw float64). Without the variable
 * nothing is cached: training and `--check` always fit.
 *
 * The trainer's round-trip test (src/modules/safety/offsets.happy.test.ts) runs the trainer three times on the same
 * inputs with different offsets; the offsets never reach the fit, so one fit serves the three runs (record 0046 round 2).
 */
export interface FitRow {
  e: { idx: Int32Array; val: Float64Array };
  y: number;
  cw: number;
}
export interface FitModel {
  bias: number;
  w: Float64Array;
}

const f64 = (...xs: number[]) => Buffer.from(Float64Array.from(xs).buffer);

/** `compute()`, or its stored result for the same inputs when ORBIT_TRAIN_FIT_CACHE names a directory. */
export function cachedFit(
  rows: readonly FitRow[],
  dims: number,
  l2: number,
  salt: string,
  compute: () => FitModel,
): FitModel {
  const dir = process.env.ORBIT_TRAIN_FIT_CACHE;
  if (!dir) return compute();
  const h = createHash('sha256')
    .update(salt)
    .update(f64(dims, l2, rows.length));
  for (const { e, y, cw } of rows) {
    h.update(f64(e.idx.length, y, cw));
    h.update(Buffer.from(e.idx.buffer, e.idx.byteOffset, e.idx.byteLength));
    h.update(Buffer.from(e.val.buffer, e.val.byteOffset, e.val.byteLength));
  }
  const file = path.join(dir, `${h.digest('hex')}.f64`);
  if (fs.existsSync(file)) {
    const b = fs.readFileSync(file);
    const all = new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    return { bias: all[0], w: all.slice(1) };
  }
  const m = compute();
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.concat([f64(m.bias), Buffer.from(m.w.buffer, m.w.byteOffset, m.w.byteLength)]));
  fs.renameSync(tmp, file);
  return m;
}
