/**
 * Trains the offline text models (src/modules/safety/weights.json) from the
 * labelled corpus in src/modules/safety/corpus.txt: one L2-regularised
 * logistic regression per sensitive category (that category against every
 * other line) and an intent head (informational against commercial lines),
 * over the features of model.ts. Prints 5-fold cross-validated figures for
 * each head (the classifier measured on its own), then fits on everything.
 *
 *   npx tsx scripts/train-text-models.ts [--check]
 *
 * `--check` only verifies that weights.json is what the corpus trains to (CI-friendly).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../src/lib/lang.js';
import { SAFETY_CATEGORIES } from '../src/modules/safety/categories.js';
import { featuresOf, type Head, type TextModels } from '../src/modules/safety/model.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.join(root, 'src/modules/safety/corpus.txt');
const OUT = path.join(root, 'src/modules/safety/weights.json');
const L2 = 1e-4;
const EPOCHS = 800;
const RATE = 8;
const THRESHOLD = 0.5;

interface Example {
  label: string;
  lang: Lang;
  x: Map<number, number>;
}

function load(): { examples: Example[]; features: string[] } {
  const features: string[] = [];
  const index = new Map<string, number>();
  const examples: Example[] = [];
  for (const raw of fs.readFileSync(CORPUS, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [label, lang, ...rest] = line.split('|').map((s) => s.trim());
    const fs_ = featuresOf(rest.join('|'), lang as Lang);
    const x = new Map<number, number>();
    const v = 1 / Math.sqrt(fs_.length || 1);
    for (const f of fs_) {
      let i = index.get(f);
      if (i === undefined) {
        i = features.length;
        index.set(f, i);
        features.push(f);
      }
      x.set(i, v);
    }
    examples.push({ label, lang: lang as Lang, x });
  }
  return { examples, features };
}

/** Logistic regression by full-batch gradient descent, positives re-weighted to balance the classes. */
function fit(data: { x: Map<number, number>; y: number }[], dims: number): { bias: number; w: Float64Array } {
  const w = new Float64Array(dims);
  let bias = 0;
  const pos = data.filter((d) => d.y === 1).length;
  // Positives weigh the square root of the class ratio: balanced enough to learn rare categories, while a text
  // the model knows nothing about still scores well below one half.
  const posWeight = pos ? Math.sqrt((data.length - pos) / pos) : 1;
  for (let e = 0; e < EPOCHS; e++) {
    const g = new Float64Array(dims);
    let gb = 0;
    let total = 0;
    for (const d of data) {
      let z = bias;
      for (const [i, v] of d.x) z += w[i] * v;
      const p = 1 / (1 + Math.exp(-z));
      const cw = d.y === 1 ? posWeight : 1;
      const err = (p - d.y) * cw;
      for (const [i, v] of d.x) g[i] += err * v;
      gb += err;
      total += cw;
    }
    for (let i = 0; i < dims; i++) w[i] -= RATE * (g[i] / total + L2 * w[i]);
    bias -= RATE * (gb / total);
  }
  return { bias, w };
}

const prob = (m: { bias: number; w: Float64Array }, x: Map<number, number>) => {
  let z = m.bias;
  for (const [i, v] of x) z += m.w[i] * v;
  return 1 / (1 + Math.exp(-z));
};

function heads(): { name: string; select: (e: Example) => number | null }[] {
  return [
    ...SAFETY_CATEGORIES.map((c) => ({ name: c, select: (e: Example) => (e.label === c ? 1 : 0) })),
    {
      name: 'informational',
      select: (e: Example) => (e.label === 'informational' ? 1 : e.label === 'commercial' ? 0 : null),
    },
  ];
}

/**
 * Each sensitive head's threshold: the lowest of MIN_THRESHOLD, +0.05 … 0.95 at which
 * the cross-validated head fires on at most 1 % of the commercial lines
 * (blocking stays narrow); the intent head keeps 0.5.
 */
/**
 * Cross-validated commercial lines resemble the training ones too closely to bound false blocks alone: at 0.3
 * 5 of adrel-dev's 65 commercial conversations were blocked, at 0.4 one (bench/safety/evaluate.ts).
 */
const MIN_THRESHOLD = 0.4;
function cvThresholds(examples: Example[], dims: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const h of heads()) {
    if (h.name === 'informational') continue;
    const commercialProbs: number[] = [];
    for (let f = 0; f < 5; f++) {
      const data = examples
        .filter((_, i) => i % 5 !== f)
        .flatMap((e) => {
          const y = h.select(e);
          return y === null ? [] : [{ x: e.x, y }];
        });
      const m = fit(data, dims);
      examples.forEach((e, i) => {
        if (i % 5 === f && e.label === 'commercial') commercialProbs.push(prob(m, e.x));
      });
    }
    let t = MIN_THRESHOLD;
    while (t < 0.95 && commercialProbs.filter((p) => p >= t).length > 0.01 * commercialProbs.length)
      t = Math.round((t + 0.05) * 100) / 100;
    out.set(h.name, t);
  }
  return out;
}

function main(): void {
  const { examples, features } = load();
  const check = process.argv.includes('--check');
  if (!check) {
    // 5-fold cross-validation: each head's recall on its own lines, and how often it fires on commercial lines.
    console.log(`${examples.length} examples, ${features.length} features`);
    console.log('head                  recall  fires on commercial  fires on other sensitive');
    for (const h of heads()) {
      let tp = 0,
        pos = 0,
        fpCom = 0,
        com = 0,
        fpOther = 0,
        other = 0;
      for (let f = 0; f < 5; f++) {
        const train = examples.filter((_, i) => i % 5 !== f);
        const test = examples.filter((_, i) => i % 5 === f);
        const data = train.flatMap((e) => {
          const y = h.select(e);
          return y === null ? [] : [{ x: e.x, y }];
        });
        const m = fit(data, features.length);
        for (const e of test) {
          const y = h.select(e);
          if (y === null) continue;
          const fired = prob(m, e.x) >= THRESHOLD;
          if (y === 1) {
            pos++;
            if (fired) tp++;
          } else if (e.label === 'commercial') {
            com++;
            if (fired) fpCom++;
          } else {
            other++;
            if (fired) fpOther++;
          }
        }
      }
      console.log(
        `${h.name.padEnd(20)} ${(tp / pos).toFixed(2).padStart(7)}  ${(fpCom / Math.max(1, com)).toFixed(3).padStart(19)}  ${(fpOther / Math.max(1, other)).toFixed(3).padStart(24)}`,
      );
    }
  }
  const out: TextModels = { version: 1, features, heads: {} };
  const thresholds = new Map<string, number>();
  if (!check) for (const [k, v] of cvThresholds(examples, features.length)) thresholds.set(k, v);
  else
    for (const [k, h] of Object.entries((JSON.parse(fs.readFileSync(OUT, 'utf8')) as TextModels).heads))
      thresholds.set(k, h.threshold);
  for (const h of heads()) {
    const data = examples.flatMap((e) => {
      const y = h.select(e);
      return y === null ? [] : [{ x: e.x, y }];
    });
    const m = fit(data, features.length);
    const weights: Record<string, number> = {};
    m.w.forEach((v, i) => {
      if (Math.abs(v) >= 0.02) weights[i] = Math.round(v * 1e4) / 1e4;
    });
    out.heads[h.name] = {
      bias: Math.round(m.bias * 1e4) / 1e4,
      weights,
      threshold: thresholds.get(h.name) ?? THRESHOLD,
    } satisfies Head;
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
