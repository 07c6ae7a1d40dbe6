/**
 * Trains the offline text models (src/modules/safety/weights.json) from the
 * labelled corpus in src/modules/safety/corpus.txt: one L2-regularised
 * logistic regression per sensitive category (that category against every
 * other line) and an intent head (informational against commercial lines),
 * over the features of model.ts. Everything is chosen by 5-fold
 * cross-validation on the corpus alone (never on bench/safety/validation.txt or
 * an evaluation set):
 *   - each head's L2 penalty: the one of L2_GRID with the lowest held-out log-loss;
 *   - the sensitive heads' thresholds, jointly: from MIN_THRESHOLD up (to at most
 *     MAX_THRESHOLD), raised one head at a time (the raise that unblocks the most safe
 *     lines per sensitive line lost) until the held-out probabilities block at most
 *     SAFE_BUDGET of the corpus's safe (commercial + informational) lines; a setting
 *     whose thresholds cannot meet the budget is not chosen.
 * Then prints the cross-validated figures and fits each head on everything.
 *
 *   npx tsx scripts/train-text-models.ts [--check | --keep-settings]
 *
 * Extra training files by helper authors, each with its heads and a weight in the loss: scripts/text-model-authors.ts
 * (`--authors file:roles:weight[:b],…` replaces its list for one run).
 * `--keep-settings` refits on the current corpus with the penalties, thresholds and settings stored in weights.json
 * (record 0050 round 3: the committed weights since then; a full search re-chooses them and moves every threshold).
 * Exploration only: `--settings scale,power`
 * fixes the concept scale and class-weight power, `--budget b` the safe-line budget,
 * `--min-threshold t` / `--max-threshold t` the thresholds' range, `--out file` the output.
 * `--offsets m,i` stores calibration offsets applied at serving (scripts/text-model-offsets.ts, record 0036 round 25:
 * each sensitive head's bias–threshold margin scaled by m, the intent head's logit moved by i); `--keep-settings` and
 * `--check` keep the stored ones (recomputed from the refitted biases), `--offsets none` removes them. `--check` only verifies that weights.json is what the corpus
 * trains to with the stored penalties and thresholds (CI-friendly).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../src/lib/lang.js';
import { SAFETY_CATEGORIES } from '../src/modules/safety/categories.js';
import { labelledLines } from '../src/modules/safety/corpus.js';
import { featuresOf, type Head } from '../src/modules/safety/model.js';
import { AUTHOR_FILES, authorLines, isSafe, parseAuthors } from './text-model-authors.js';
import { cachedFit } from './text-model-fit-cache.js';
import { headOffset, parseOffsets, type CalibratedModels } from './text-model-offsets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.join(root, 'src/modules/safety/corpus.txt');
const arg = (name: string): string | null =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null;
const OUT = arg('--out') ?? path.join(root, 'src/modules/safety/weights.json');
const L2_GRID = [1e-4, 3e-4, 1e-3];
/** Candidate powers of the class ratio that weigh each head's positives (one for all heads, by cross-validation). */
const POWERS = [0.5, 1];
/** Candidate scales of the concept features in training (by cross-validation, with the power). */
const CONCEPT_SCALES = [1, 0.5];
/** Held-out recall a later setting must add to be chosen over an earlier one (differences below are noise). */
const POWER_MARGIN = 0.02;
const EPOCHS = 600;
const RATE = 8;
const FOLDS = 5;
const INTENT_THRESHOLD = 0.5;
/**
 * Lowest threshold of a sensitive head (`--min-threshold` for exploration): held-out corpus lines resemble the training
 * ones more closely than real conversations do, so the cross-validated false-block rate alone underestimates it
 * (round 3: at 0.3, 5 of adrel-dev's 65 commercial conversations were blocked; at 0.4, one).
 */
const MIN_THRESHOLD = Number(arg('--min-threshold') ?? 0.4);
/**
 * Highest threshold of a sensitive head (`--max-threshold` for exploration): the joint search stops raising a head
 * there and raises another instead. Without it, the few safe corpus lines closest to a head's own lines (dinosaurs that
 * "died out", the calories of an apple) took eating-disorder to 0.80 and addiction to 0.75 once the pivot let the
 * languages' lines share features, and held-out recall of those heads fell.
 */
const MAX_THRESHOLD = Number(arg('--max-threshold') ?? 0.75);
/** Share of the corpus's safe lines the sensitive heads together may block (held out). */
const SAFE_BUDGET = Number(arg('--budget') ?? 0.01);
/** Weight of a commercial line as a negative of a sensitive head (the lines that teach narrowness). */
const COMMERCIAL_WEIGHT = 2;

interface Example {
  label: string;
  lang: Lang;
  idx: Int32Array;
  val: Float64Array;
  /** Weight of the line's rows for the sensitive heads and for the intent head (corpus.txt: 1; text-model-authors.ts). */
  ws: number;
  wi: number;
}
interface Row {
  e: Example;
  y: number;
  /** Class weight of the row in the loss. */
  cw: number;
}
interface Model {
  bias: number;
  w: Float64Array;
}

function load(conceptScale: number, normAll: boolean): { examples: Example[]; features: string[] } {
  const features: string[] = [];
  const index = new Map<string, number>();
  const examples: Example[] = [];
  const corpus = labelledLines(fs.readFileSync(CORPUS, 'utf8'));
  const spec = arg('--authors');
  const extra = authorLines(root, spec === null ? AUTHOR_FILES : parseAuthors(spec), corpus);
  for (const c of extra.counts)
    console.log(
      `${c.file}: ${c.kept} of ${c.read} lines (${c.malformed} malformed, ${c.duplicate} duplicates skipped)`,
    );
  // A file read for the known features only (text-model-authors.ts `known`) comes last and adds none: its other
  // features are dropped, as serving drops unknown features — from the L2 norm too, unless `normAll` (`--norm all`,
  // model.ts `TextModels.norm`: serving counts them in the norm, so they count in the line's, round 24).
  const lines = [...corpus.map((l) => ({ ...l, ws: 1, wi: 1, known: false })), ...extra.lines];
  lines.sort((a, b) => +a.known - +b.known);
  for (const { label, lang, text, ws, wi, known } of lines) {
    const all = featuresOf(text, lang as Lang);
    const fs_ = known ? all.filter((f) => index.has(f)) : all;
    const idx = fs_.map((f) => {
      let i = index.get(f);
      if (i === undefined) {
        i = features.length;
        index.set(f, i);
        features.push(f);
      }
      return i;
    });
    // Concept features are scaled down in training (a stronger penalty on them, so a head leans on a concept alone
    // only as far as the corpus demands); the scale is folded into their weights on output.
    const v = 1 / Math.sqrt((normAll ? all : fs_).length || 1);
    const val = Float64Array.from(fs_, (f) => (f.startsWith('c') ? v * conceptScale : v));
    examples.push({ label, lang: lang as Lang, idx: Int32Array.from(idx), val, ws, wi });
  }
  return { examples, features };
}

/** A head's rows: its positives and negatives with class weights (null: the line is not the head's business). */
function rowsOf(head: string, examples: readonly Example[], power: number): Row[] {
  const rows: Row[] = [];
  for (const e of examples) {
    const y =
      head === 'informational'
        ? e.label === 'informational'
          ? 1
          : e.label === 'commercial'
            ? 0
            : null
        : e.label === head
          ? 1
          : 0;
    const w = head === 'informational' ? e.wi : e.ws;
    if (y === null || w === 0) continue;
    rows.push({
      e,
      y,
      cw: w * (head !== 'informational' && y === 0 && e.label === 'commercial' ? COMMERCIAL_WEIGHT : 1),
    });
  }
  // Positives weigh the class ratio to the power `power` (POWERS, chosen by cross-validation): 1 balances the
  // classes, 0.5 keeps a text the model knows nothing about well below one half.
  let pos = 0,
    neg = 0;
  for (const r of rows) {
    if (r.y === 1) pos += r.cw;
    else neg += r.cw;
  }
  // The intent head keeps the square root: the power is chosen for the sensitive heads' recall, and a larger one
  // would read more commercial conversations as informational chat.
  const posWeight = pos ? Math.pow(neg / pos, head === 'informational' ? 0.5 : power) : 1;
  for (const r of rows) if (r.y === 1) r.cw *= posWeight;
  return rows;
}

const score = (m: Model, e: Example): number => {
  let z = m.bias;
  for (let k = 0; k < e.idx.length; k++) z += m.w[e.idx[k]] * e.val[k];
  return 1 / (1 + Math.exp(-z));
};

/** Logistic regression by full-batch gradient descent on weighted rows. */
function fit(rows: readonly Row[], dims: number, l2: number): Model {
  const w = new Float64Array(dims);
  const g = new Float64Array(dims);
  let bias = 0;
  let total = 0;
  for (const r of rows) total += r.cw;
  const m = { bias, w };
  for (let ep = 0; ep < EPOCHS; ep++) {
    g.fill(0);
    let gb = 0;
    m.bias = bias;
    for (const { e, y, cw } of rows) {
      const err = (score(m, e) - y) * cw;
      for (let k = 0; k < e.idx.length; k++) g[e.idx[k]] += err * e.val[k];
      gb += err;
    }
    for (let i = 0; i < dims; i++) w[i] -= RATE * (g[i] / total + l2 * w[i]);
    bias -= RATE * (gb / total);
  }
  m.bias = bias;
  return m;
}

const foldOf = (i: number) => i % FOLDS;

/** Held-out probability of every example (NaN where the head has no row) for a head and a penalty. */
function outOfFold(head: string, examples: readonly Example[], dims: number, l2: number, power: number): Float64Array {
  const p = new Float64Array(examples.length).fill(NaN);
  const pos = new Map(examples.map((e, i) => [e, i]));
  for (let f = 0; f < FOLDS; f++) {
    const m = fit(
      rowsOf(
        head,
        examples.filter((_, i) => foldOf(i) !== f),
        power,
      ),
      dims,
      l2,
    );
    for (const r of rowsOf(
      head,
      examples.filter((_, i) => foldOf(i) === f),
      power,
    ))
      p[pos.get(r.e)!] = score(m, r.e);
  }
  return p;
}

/** Weighted held-out log-loss of a head's probabilities. */
function logLoss(head: string, examples: readonly Example[], p: Float64Array, power: number): number {
  let loss = 0,
    total = 0;
  const index = new Map(examples.map((e, i) => [e, i]));
  for (const r of rowsOf(head, examples, power)) {
    const q = Math.min(1 - 1e-9, Math.max(1e-9, p[index.get(r.e)!]));
    loss -= r.cw * (r.y ? Math.log(q) : Math.log(1 - q));
    total += r.cw;
  }
  return loss / total;
}

/**
 * The sensitive heads' thresholds from their held-out probabilities (`probs[h][i]`): all start at MIN_THRESHOLD;
 * while more than SAFE_BUDGET of the safe lines are blocked by some head, one head is raised to its next step
 * (of 0.05) that stops it firing on a safe line: the head whose raise stops it firing on the most safe lines
 * per sensitive line no longer blocked by any head.
 */
function jointThresholds(heads: string[], probs: Float64Array[], examples: readonly Example[]): number[] {
  const t = heads.map(() => MIN_THRESHOLD);
  // A line the sensitive heads do not train on (an intent-only author file) counts neither way.
  const safe = examples.map((e) => e.ws > 0 && isSafe(e.label));
  const nSafe = safe.filter(Boolean).length;
  const firing = (h: number, th: number) => {
    let n = 0;
    examples.forEach((_, i) => {
      if (safe[i] && probs[h][i] >= th) n++;
    });
    return n;
  };
  const union = (th: number[]) => {
    let fp = 0,
      tp = 0;
    examples.forEach((_, i) => {
      if (examples[i].ws === 0 || !heads.some((__, h) => probs[h][i] >= th[h])) return;
      if (safe[i]) fp++;
      else tp++;
    });
    return { fp, tp };
  };
  let cur = union(t);
  while (cur.fp > SAFE_BUDGET * nSafe) {
    let best = -1,
      bestGain = -Infinity,
      bestUnion = cur,
      bestUp = 0;
    for (let h = 0; h < heads.length; h++) {
      // The next step (of 0.05, up to MAX_THRESHOLD) at which the head stops firing on at least one safe line.
      const now = firing(h, t[h]);
      let up = t[h];
      do up = Math.round((up + 0.05) * 100) / 100;
      while (up < MAX_THRESHOLD && firing(h, up) === now);
      if (up > MAX_THRESHOLD) continue;
      const stopped = now - firing(h, up);
      if (stopped <= 0) continue;
      const next = t.slice();
      next[h] = up;
      const u = union(next);
      const gain = stopped / (cur.tp - u.tp + 0.5);
      if (gain > bestGain) [best, bestGain, bestUnion, bestUp] = [h, gain, u, up];
    }
    if (best < 0) break;
    t[best] = bestUp;
    cur = bestUnion;
  }
  return t;
}

/** Held-out figures at the chosen thresholds: each head on its own lines, and the stage as a whole. */
function report(
  examples: readonly Example[],
  cats: string[],
  probs: Map<string, Float64Array>,
  thresholds: Map<string, number>,
): void {
  console.log('head                  thr  recall  fires on safe  fires on other sensitive');
  for (const c of cats) {
    const p = probs.get(c)!;
    let tp = 0,
      pos = 0,
      fs_ = 0,
      nSafe = 0,
      fo = 0,
      other = 0;
    examples.forEach((e, i) => {
      const fired = p[i] >= thresholds.get(c)!;
      if (e.ws === 0) return;
      if (e.label === c) [pos, tp] = [pos + 1, tp + +fired];
      else if (isSafe(e.label)) [nSafe, fs_] = [nSafe + 1, fs_ + +fired];
      else [other, fo] = [other + 1, fo + +fired];
    });
    console.log(
      `${c.padEnd(20)} ${thresholds.get(c)!.toFixed(2)} ${(tp / pos).toFixed(2).padStart(7)}  ${(fs_ / nSafe).toFixed(3).padStart(13)}  ${(fo / other).toFixed(3).padStart(24)}`,
    );
  }
  let tp = 0,
    pos = 0,
    fp = 0,
    nSafe = 0;
  examples.forEach((e, i) => {
    const fired = cats.some((c) => probs.get(c)![i] >= thresholds.get(c)!);
    if (e.ws === 0) return;
    if (isSafe(e.label)) [nSafe, fp] = [nSafe + 1, fp + +fired];
    else [pos, tp] = [pos + 1, tp + +fired];
  });
  console.log(
    `stage (any head): held-out recall ${(tp / pos).toFixed(3)} (${tp}/${pos}), safe lines blocked ${(fp / nSafe).toFixed(3)} (${fp}/${nSafe})`,
  );
}

/** The flags this script reads, and those that take a value. */
const FLAGS = new Set(['--check', '--keep-settings']);
const VALUE_FLAGS = new Set([
  '--out',
  '--min-threshold',
  '--max-threshold',
  '--budget',
  '--settings',
  '--authors',
  '--norm',
  '--offsets',
]);

/**
 * Refuses `--help` and any flag it does not know, before anything is trained: without a flag the script searches every
 * setting again and overwrites weights.json, which a following `--keep-settings` then keeps (record 0050 round 8).
 */
function checkArgs(argv: readonly string[]): void {
  for (let i = 0; i < argv.length; i++) {
    if (VALUE_FLAGS.has(argv[i])) i++;
    else if (!FLAGS.has(argv[i])) {
      const help = argv[i] === '--help' || argv[i] === '-h';
      console.error(
        `${help ? '' : `unknown argument ${argv[i]}\n`}usage: npx tsx scripts/train-text-models.ts [--check | --keep-settings] ` +
          '[--out file] [--settings scale,power] [--budget b] [--min-threshold t] [--max-threshold t] ' +
          '[--authors file:s|i|si:weight[:b],…|none] [--norm all] [--offsets m,i|none] (see the header)',
      );
      process.exit(help ? 0 : 2);
    }
  }
}

function main(): void {
  checkArgs(process.argv.slice(2));
  const check = process.argv.includes('--check');
  // `--keep-settings` refits every head on the current corpus with the stored settings and thresholds (what `--check`
  // compares against) instead of searching them again: a corpus round for one head does not move the others' budget.
  const keep = process.argv.includes('--keep-settings');
  const names = [...SAFETY_CATEGORIES, 'informational'];
  const storedModel = check || keep ? (JSON.parse(fs.readFileSync(OUT, 'utf8')) as CalibratedModels) : null;
  const stored = storedModel?.heads ?? null;
  // `--norm all` (or a stored model's `norm`): serving's norm counts unknown features (record 0036 round 24).
  const normAll = arg('--norm') === 'all' || storedModel?.norm === 'all';
  // `--offsets m,i` (`none` clears), else a stored model's: calibration offsets (scripts/text-model-offsets.ts).
  const offsetSpec = arg('--offsets');
  const offsets = offsetSpec !== null ? parseOffsets(offsetSpec) : (storedModel?.offsets ?? null);
  const l2 = new Map<string, number>();
  const thresholds = new Map<string, number>();
  let power = POWERS[0];
  let conceptScale = CONCEPT_SCALES[0];
  const cats = [...SAFETY_CATEGORIES];
  let probs = new Map<string, Float64Array>();
  if (stored) {
    for (const n of names) {
      l2.set(n, stored[n]?.l2 ?? L2_GRID[1]);
      thresholds.set(n, stored[n]?.threshold ?? INTENT_THRESHOLD);
    }
    power = stored[cats[0]]?.power ?? POWERS[0];
    conceptScale = stored[cats[0]]?.conceptScale ?? CONCEPT_SCALES[0];
  } else {
    // For each concept scale and class-weight power: each head's penalty by held-out log-loss, then the joint
    // thresholds; the setting whose thresholds recall the most sensitive lines within the safe-line budget wins,
    // a later one (a smaller scale, a larger power) only by POWER_MARGIN.
    let bestRecall = -1;
    // `--settings scale,power` fixes both (quicker exploration; the committed weights come from the full search).
    const fixed = arg('--settings')?.split(',').map(Number) ?? null;
    for (const scale of fixed ? [fixed[0]] : CONCEPT_SCALES)
      for (const pw of fixed ? [fixed[1]] : POWERS) {
        const { examples, features } = load(scale, normAll);
        const dims = features.length;
        const l2s = new Map<string, number>();
        const ps = new Map<string, Float64Array>();
        for (const n of names) {
          let best: { l2: number; loss: number; p: Float64Array } | null = null;
          const losses: string[] = [];
          for (const c of L2_GRID) {
            const p = outOfFold(n, examples, dims, c, pw);
            const loss = logLoss(n, examples, p, pw);
            losses.push(`${c}: ${loss.toFixed(4)}`);
            if (!best || loss < best.loss) best = { l2: c, loss, p };
          }
          l2s.set(n, best!.l2);
          ps.set(n, best!.p);
          console.log(
            `scale ${scale} power ${pw} ${n.padEnd(20)} held-out log-loss by L2 — ${losses.join(', ')} → ${best!.l2}`,
          );
        }
        const t = jointThresholds(
          cats,
          cats.map((c) => ps.get(c)!),
          examples,
        );
        let tp = 0;
        let pos = 0;
        let fp = 0;
        let nSafe = 0;
        examples.forEach((e, i) => {
          const fired = cats.some((c, h) => ps.get(c)![i] >= t[h]);
          if (e.ws === 0) return;
          if (isSafe(e.label)) [nSafe, fp] = [nSafe + 1, fp + +fired];
          else [pos, tp] = [pos + 1, tp + +fired];
        });
        // A setting whose thresholds cannot meet the budget (every head that still fires at MAX_THRESHOLD) is not
        // chosen: its recall is bought with false blocks.
        const within = fp <= SAFE_BUDGET * nSafe;
        console.log(
          `scale ${scale} power ${pw}: held-out recall ${(tp / pos).toFixed(3)}, safe lines blocked ${fp}/${nSafe}${within ? '' : ' (over the budget: not chosen)'}`,
        );
        if (within && tp / pos > bestRecall + (bestRecall < 0 ? 0 : POWER_MARGIN)) {
          bestRecall = tp / pos;
          power = pw;
          conceptScale = scale;
          probs = ps;
          for (const [k, v] of l2s) l2.set(k, v);
          cats.forEach((c, h) => thresholds.set(c, t[h]));
        }
      }
    if (bestRecall < 0) throw new Error('no setting meets the safe-line budget below MAX_THRESHOLD');
    thresholds.set('informational', INTENT_THRESHOLD);
    console.log(`chosen: concept scale ${conceptScale}, power ${power}`);
  }
  const { examples, features } = load(conceptScale, normAll);
  const dims = features.length;
  if (!stored) {
    // Held-out figures at the chosen settings: each head on its own lines, and the stage as a whole.
    report(examples, cats, probs, thresholds);
  }
  // Key order as before (version, norm, features, heads), the setting after the norm: no offsets, the same bytes.
  const settings = { version: 2, ...(normAll && { norm: 'all' as const }), ...(offsets && { offsets }) };
  const out: CalibratedModels = { ...settings, features, heads: {} };
  for (const n of names) {
    const rows = rowsOf(n, examples, power); // one fit per input with ORBIT_TRAIN_FIT_CACHE (tests): the code is in the key
    const m = cachedFit(rows, dims, l2.get(n)!, `${EPOCHS} ${RATE} ${fit} ${score}`, () => fit(rows, dims, l2.get(n)!));
    const weights: Record<string, number> = {};
    m.w.forEach((v, i) => {
      const w = features[i].startsWith('c') ? v * conceptScale : v;
      if (Math.abs(w) >= 0.02) weights[i] = Math.round(w * 1e4) / 1e4;
    });
    const head: Head = {
      bias: Math.round(m.bias * 1e4) / 1e4,
      weights,
      threshold: thresholds.get(n)!,
      l2: l2.get(n)!,
      power,
      conceptScale,
    };
    const offset = offsets ? headOffset(n, head, offsets) : 0;
    if (offset !== 0) head.offset = offset;
    out.heads[n] = head;
  }
  const json = `${JSON.stringify(out)}\n`;
  if (check) {
    const same = fs.existsSync(OUT) && fs.readFileSync(OUT, 'utf8') === json;
    console.log(
      same ? 'weights.json is up to date' : 'weights.json is stale: run npx tsx scripts/train-text-models.ts',
    );
    process.exit(same ? 0 : 1);
  }
  fs.writeFileSync(OUT, json);
  console.log(`wrote ${path.relative(root, OUT)} (${(json.length / 1024).toFixed(0)} KB)`);
}

main();
