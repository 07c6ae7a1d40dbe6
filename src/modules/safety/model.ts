import fs from 'node:fs';
import { foldedWords, isFunctionWord, stemIn, type Lang } from '../../lib/lang.js';
import { conceptOf } from './concepts.js';
import { pivotOf } from './pivot.js';
import { Memo } from '../../lib/memo.js';

const EMPTY = new Int32Array(0);

/**
 * The offline text models: logistic regressions over stemmed words, adjacent
 * pairs and words under a negation (language-independent features: Snowball
 * stems of folded words in the detected language), one head per sensitive category plus an
 * intent head (commercial need vs informational chat). Weights are trained
 * by scripts/train-text-models.ts from corpus.txt and stored in weights.json.
 */
export interface Head {
  bias: number;
  /** Feature index → weight (sparse: features the head never uses are absent). */
  weights: Record<string, number>;
  /** Probability at or above which the head fires (chosen by the trainer). */
  threshold: number;
  /** L2 penalty the trainer chose for the head by cross-validation (kept so `--check` refits the same). */
  l2?: number;
  /** Power of the class ratio that weighed the head's positives in training (chosen by cross-validation). */
  power?: number;
  /** Scale of the concept features in training (chosen by cross-validation; folded into the stored weights). */
  conceptScale?: number;
}

export interface TextModels {
  version: number;
  features: string[];
  heads: Record<string, Head>;
}

/** Words of a feature set that carry no topic (kept out of pairs and features), contraction ends included ("i'm", "it's"). */
const SKIP = new Set([
  's',
  'm',
  've',
  'll',
  're',
  'd',
  'don',
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'at',
  'is',
  'it',
]);
/**
 * Articles and conjunctions of the other languages, skipped outside English only: English "die" is a content word
 * (it was skipped as the German article, so "i want to die" lost its one telling word).
 */
const SKIP_FOREIGN = new Set(['de', 'la', 'le', 'el', 'y', 'et', 'e', 'und', 'der', 'die', 'das', 'o', 'um', 'uma']);

/**
 * Words that negate what follows, in every covered language (folded; "t" is the
 * end of "don't", "can't"). The next NEGATION_SCOPE content words are read as
 * negated too: "i don't want to live" and "i want to live" share words, not these features.
 */
const NEGATIONS = new Set(
  (
    'not no never nothing nobody nor without t cant dont wont ' +
    'nunca nada nadie sin ni jamas ' +
    'nicht kein keine keinen keiner nie niemals nichts niemand ohne ' +
    'pas jamais rien personne sans ' +
    'nao nenhum nenhuma ninguem sem ' +
    'non mai niente nulla nessuno senza ' +
    'niet geen nooit niets niemand zonder'
  ).split(' '),
);
const NEGATION_SCOPE = 3;

/**
 * Visits the word features of a text already split and stemmed (`ws` folded
 * words, `stems` their stems in the text's language): each stem ("w:stem"),
 * each adjacent pair of stems ("p:a b"), each stem within NEGATION_SCOPE words
 * after a negation ("n:stem") and each concept a word belongs to (repeats
 * included). The one definition of the features: the trainer names them
 * (`wordFeatures`), serving looks their indices up (`LoadedModels.wordIndices`).
 */
function visitWords(
  ws: readonly string[],
  stems: readonly string[],
  lang: Lang,
  word: (s: string) => void,
  pair: (a: string, b: string) => void,
  concept: (c: string) => void,
  negated: (s: string) => void,
): void {
  let prev: string | null = null;
  let negation = 0;
  // Outside English the corpus has few lines per language: its function words ("je", "para", "und") would learn
  // each language's mix of sensitive and commercial lines, not a topic. They are left out there (pairs join across them).
  // (Round 4 measured dropping English ones too: held-out recall 0.47 → 0.36 at the same false-block budget.)
  const dropFunctionWords = lang !== 'en' && lang !== 'other';
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i];
    if (NEGATIONS.has(w)) {
      negation = NEGATION_SCOPE;
      if (w.length > 1 && !(dropFunctionWords && isFunctionWord(lang, w))) {
        word(stems[i]);
        if (prev) pair(prev, stems[i]);
        prev = stems[i];
      }
      continue;
    }
    if (SKIP.has(w) || (lang !== 'en' && SKIP_FOREIGN.has(w))) {
      prev = null;
      continue;
    }
    if (dropFunctionWords && isFunctionWord(lang, w)) continue;
    const s = stems[i];
    word(s);
    if (prev) pair(prev, s);
    prev = s;
    // The word's English pivot (pivot.ts) gives the English word's feature too (the native one stays).
    const e = pivotOf(lang, s, w);
    if (e !== undefined && e !== s) word(e);
    if (negation > 0) {
      negated(s);
      if (e !== undefined && e !== s) negated(e);
      negation--;
    }
    const c = conceptOf(lang, s, w);
    if (c) concept(c);
  }
}

/** Word features of a split, stemmed text (`visitWords`), each once, and the concepts its words belong to. */
export function wordFeatures(
  ws: readonly string[],
  stems: readonly string[],
  lang: Lang,
): { features: string[]; concepts: Set<string> } {
  const out = new Set<string>();
  const concepts = new Set<string>();
  visitWords(
    ws,
    stems,
    lang,
    (s) => out.add(`w:${s}`),
    (a, b) => out.add(`p:${a} ${b}`),
    (c) => concepts.add(c),
    (s) => out.add(`n:${s}`),
  );
  return { features: [...out], concepts };
}

/** Concept features: each concept ("c:X") and each pair of concepts met in the same text ("cc:X+Y"). */
export function conceptFeatures(concepts: Iterable<string>): string[] {
  const cs = [...concepts].sort();
  const out: string[] = [];
  // Paraphrase shares concepts, and pairs of them, when it shares no word.
  for (let i = 0; i < cs.length; i++) {
    out.push(`c:${cs[i]}`);
    for (let j = i + 1; j < cs.length; j++) out.push(`cc:${cs[i]}+${cs[j]}`);
  }
  return out;
}

/** Features of a text in a language: its word features and concept features (what the trainer fits). */
export function featuresOf(text: string, lang: Lang, maxChars = 4000): string[] {
  const ws = foldedWords(text, maxChars);
  const { features, concepts } = wordFeatures(
    ws,
    ws.map((w) => stemIn(lang, w)),
    lang,
  );
  return [...features, ...conceptFeatures(concepts)];
}

/** Weighted sets of features (indices of a loaded model): a feature in several sets takes its largest weight. */
export interface FeatureSet {
  idx: ArrayLike<number>;
  weight: number;
}

/**
 * A model loaded for scoring: feature → index, and the heads' weights
 * transposed (feature-major, one row of head weights per feature) so a
 * conversation's few hundred features are one pass over contiguous rows.
 */
export class LoadedModels {
  private readonly index = new Map<string, number>();
  /** Indices of the word features by stem, and of the pair features by first then second stem (no strings built per word). */
  private readonly wordIndex = new Map<string, number>();
  private readonly negatedIndex = new Map<string, number>();
  private readonly pairIndex = new Map<string, Map<string, number>>();
  private readonly names: string[];
  private readonly bias: Float64Array;
  private readonly thresholds: Float64Array;
  /** w[f * H + h]: weight of feature f in head h. */
  private readonly w: Float64Array;
  /** Scratch: feature index → weight in the conversation (0: absent), and the features set. */
  private readonly x: Float64Array;
  private readonly touched: Int32Array;

  constructor(m: TextModels) {
    m.features.forEach((f, i) => {
      this.index.set(f, i);
      if (f.startsWith('w:')) this.wordIndex.set(f.slice(2), i);
      else if (f.startsWith('n:')) this.negatedIndex.set(f.slice(2), i);
      else if (f.startsWith('p:')) {
        const [a, b] = f.slice(2).split(' ');
        let m2 = this.pairIndex.get(a);
        if (!m2) this.pairIndex.set(a, (m2 = new Map()));
        m2.set(b, i);
      }
    });
    this.names = Object.keys(m.heads);
    const H = this.names.length;
    this.bias = Float64Array.from(this.names, (n) => m.heads[n].bias);
    this.thresholds = Float64Array.from(this.names, (n) => m.heads[n].threshold);
    this.w = new Float64Array(m.features.length * H);
    this.names.forEach((n, h) => {
      for (const [k, v] of Object.entries(m.heads[n].weights)) this.w[Number(k) * H + h] = v;
    });
    this.x = new Float64Array(m.features.length);
    this.touched = new Int32Array(m.features.length);
  }

  headNames(): string[] {
    return this.names.slice();
  }

  threshold(head: string): number {
    const h = this.names.indexOf(head);
    return h < 0 ? 0.5 : this.thresholds[h];
  }

  /** The indices of the features this model knows (the others cannot move any head). */
  indices(features: readonly string[]): Int32Array {
    const out: number[] = [];
    for (const f of features) {
      const i = this.index.get(f);
      if (i !== undefined) out.push(i);
    }
    return Int32Array.from(out);
  }

  /** The indices of a split, stemmed text's word features this model knows (each once), and the concepts met (`visitWords`). */
  wordIndices(ws: readonly string[], stems: readonly string[], lang: Lang): { idx: Int32Array; concepts: string[] } {
    const seen = new Set<number>();
    const concepts = new Set<string>();
    visitWords(
      ws,
      stems,
      lang,
      (s) => {
        const i = this.wordIndex.get(s);
        if (i !== undefined) seen.add(i);
      },
      (a, b) => {
        const i = this.pairIndex.get(a)?.get(b);
        if (i !== undefined) seen.add(i);
      },
      (c) => concepts.add(c),
      (s) => {
        const i = this.negatedIndex.get(s);
        if (i !== undefined) seen.add(i);
      },
    );
    const idx = new Int32Array(seen.size);
    let k = 0;
    for (const i of seen) idx[k++] = i;
    return { idx, concepts: [...concepts] };
  }

  /** The position of a head in `probabilities`' answer (-1: no such head). */
  headIndex(head: string): number {
    return this.names.indexOf(head);
  }

  /** The indices of the concept features (`conceptFeatures`) of a set of concepts, memoised by the set. */
  private readonly conceptMemo = new Memo<Int32Array>(10_000);
  private readonly conceptIndicesOf = (key: string): Int32Array => this.indices(conceptFeatures(key.split(' ')));
  conceptIndices(concepts: Iterable<string>): Int32Array {
    const key = [...concepts].sort().join(' ');
    return key ? this.conceptMemo.get(key, this.conceptIndicesOf) : EMPTY;
  }

  /** Probability of each head (in `headIndex` order) for weighted feature sets, the vector L2-normalised as in training. */
  probabilities(sets: readonly FeatureSet[]): Float64Array {
    const { x, touched, w } = this;
    let n = 0;
    for (const { idx, weight } of sets) {
      for (let k = 0; k < idx.length; k++) {
        const i = idx[k];
        if (x[i] === 0) touched[n++] = i;
        if (x[i] < weight) x[i] = weight;
      }
    }
    const H = this.names.length;
    let norm = 0;
    for (let k = 0; k < n; k++) norm += x[touched[k]] * x[touched[k]];
    norm = Math.sqrt(norm) || 1;
    const z = this.bias.slice();
    for (let k = 0; k < n; k++) {
      const i = touched[k];
      const v = x[i] / norm;
      x[i] = 0;
      const row = i * H;
      for (let h = 0; h < H; h++) z[h] += w[row + h] * v;
    }
    for (let h = 0; h < H; h++) z[h] = 1 / (1 + Math.exp(-z[h]));
    return z;
  }
}

let loaded: LoadedModels | null = null;

/** The trained models shipped in weights.json, loaded once. */
export function textModels(): LoadedModels {
  if (!loaded) {
    // From the repository root: the same path from src/modules/safety/ and from the bundle in dist/server/bin/.
    const url = new URL('../../../src/modules/safety/weights.json', import.meta.url);
    loaded = new LoadedModels(JSON.parse(fs.readFileSync(url, 'utf8')) as TextModels);
  }
  return loaded;
}
