import fs from 'node:fs';
import { foldedWords, stemIn, type Lang } from '../../lib/lang.js';
import { conceptOf } from './concepts.js';
import { pivotOf } from './pivot.js';
import { Memo } from '../../lib/memo.js';
import { CONTENT, DROPPED, NEGATION, NEGATION_SCOPE, NEGATION_WORD, SKIPPED, wordKind } from './word-kinds.js';
import { isNumber } from '../../lib/text.js';
import { CONCEPT, IdWeights, mix, NEGATED, PAIR, stemHash, WORD } from './unknown-features.js';

const EMPTY = new Int32Array(0);
const NONE: KnownUnknown = { idx: EMPTY, unk: EMPTY };
const ignore = (_id: number): void => {};
/** Words whose feature look-ups `LoadedModels.wordIndices` memoises, per language and generation (lib/memo.ts). */
const WORD_FACTS_PER_LANG = 50_000;
/** Numbers memoised per language and generation (`LoadedModels.wordIndices`): prices, years and counts met again. */
export const NUMBER_FACTS_PER_LANG = 12_000;
/** The longest number (digits) whose facts are memoised: the 11,110 such strings fit one generation. */
export const MEMO_NUMBER_DIGITS = 4;

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
  /** Logit added to the bias at load (trainer `--offsets`: scripts/text-model-offsets.ts, record 0036 round 25). */
  offset?: number;
}

export interface TextModels {
  version: number;
  /** `all`: the L2 norm counts unknown features too, as training does (record 0036 round 24); absent: known only. */
  norm?: 'all';
  features: string[];
  heads: Record<string, Head>;
}

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
    const kind = wordKind(w, lang, dropFunctionWords);
    if (kind === NEGATION || kind === NEGATION_WORD) {
      negation = NEGATION_SCOPE;
      if (kind === NEGATION_WORD) {
        word(stems[i]);
        if (prev) pair(prev, stems[i]);
        prev = stems[i];
      }
      continue;
    }
    if (kind === SKIPPED) {
      prev = null;
      continue;
    }
    if (kind === DROPPED) continue;
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

/**
 * Features met by one `wordIndices` call, each once in the order met (`list`, `n` of them): a feature is met in this
 * call when its `mark` is the call's `stamp` (no reset between calls, none left behind by a call that threw).
 */
interface Seen {
  list: Int32Array;
  n: number;
  mark: Int32Array;
  stamp: number;
}
const add = (seen: Seen, i: number): void => {
  if (seen.mark[i] !== seen.stamp) {
    seen.mark[i] = seen.stamp;
    seen.list[seen.n++] = i;
  }
};

/**
 * What `LoadedModels.wordIndices` needs of one word (folded) with its stem in a language: its kind (`wordKind`) and
 * the model's indices of the features it gives on its own (-1: the model has none), its concept, and the pair
 * features it starts. The look-ups `visitWords` makes per word, made once per word and language.
 */
interface WordFacts {
  stem: string;
  kind: number;
  /** w:stem, w:pivot (-1 when the pivot is absent or the stem itself), n:stem, n:pivot. */
  word: number;
  pivot: number;
  negated: number;
  pivotNegated: number;
  concept: string | undefined;
  /** Pair features whose first stem is this word's: second stem → index. */
  pairs: Map<string, number> | undefined;
  /** `stemHash` of the stem and of the pivot (0: no pivot): the ids of the features the model does not know. */
  h: number;
  hp: number;
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

/**
 * Weighted sets of features (indices of a loaded model): a feature in several sets takes its largest weight. `unk`:
 * ids (unknown-features.ts) of the set's features the model does not know — they move no head but count in the L2
 * norm at the set's weight, as in training (an id in several sets counts once, at its largest weight).
 */
export interface FeatureSet {
  idx: ArrayLike<number>;
  unk?: ArrayLike<number>;
  weight: number;
}

/** Indices of the features a model knows, and ids of those it does not (`FeatureSet`). */
export interface KnownUnknown {
  idx: Int32Array;
  unk: Int32Array;
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
  /** Whether the norm counts unknown features (`TextModels.norm`); otherwise none are collected. */
  private readonly countUnknown: boolean;

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
    this.bias = Float64Array.from(this.names, (n) => m.heads[n].bias + (m.heads[n].offset ?? 0));
    this.thresholds = Float64Array.from(this.names, (n) => m.heads[n].threshold);
    this.w = new Float64Array(m.features.length * H);
    this.names.forEach((n, h) => {
      for (const [k, v] of Object.entries(m.heads[n].weights)) this.w[Number(k) * H + h] = v;
    });
    this.countUnknown = m.norm === 'all';
    this.x = new Float64Array(m.features.length);
    this.seen = { list: new Int32Array(m.features.length), n: 0, mark: new Int32Array(m.features.length), stamp: 0 };
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
    return this.split(features).idx;
  }

  /** The indices of the features this model knows and the ids (`stemHash` of the name) of those it does not. */
  split(features: readonly string[]): KnownUnknown {
    const out: number[] = [];
    const unk: number[] = [];
    for (const f of features) {
      const i = this.index.get(f);
      if (i !== undefined) out.push(i);
      else unk.push(mix(stemHash(f), CONCEPT));
    }
    return { idx: Int32Array.from(out), unk: Int32Array.from(unk) };
  }

  /**
   * The indices of a split, stemmed text's word features this model knows (each once, in the order `visitWords`
   * meets them), and the concepts met. `visitWords` itself with each word's look-ups memoised (`factsOf`): a new
   * turn's words are mostly words met before. `src/modules/safety/word-indices.happy.test.ts` holds the two equal.
   * `stems` null: each word's stem in `lang` (`stemIn`) is read from its memoised facts (one look-up per word instead
   * of two) and written to `stemsOut`.
   */
  wordIndices(
    ws: readonly string[],
    stems: readonly string[] | null,
    lang: Lang,
    stemsOut?: string[],
  ): { idx: Int32Array; unk: Int32Array; concepts: string[] } {
    const seen = this.seen;
    seen.n = 0;
    if (++seen.stamp === 0x7fffffff) {
      seen.mark.fill(0);
      seen.stamp = 1;
    }
    // The features the model does not know, each once (ids: unknown-features.ts); none collected with the flag off.
    const unknown: number[] | null = this.countUnknown ? [] : null;
    if (unknown) this.unknownSeen.clear();
    const miss = unknown
      ? (id: number): void => {
          if (this.unknownSeen.add(id, 1)) unknown.push(id);
        }
      : ignore;
    const concepts = new Set<string>();
    const dropFunctionWords = lang !== 'en' && lang !== 'other';
    let memo = this.wordFacts.get(lang);
    if (!memo) this.wordFacts.set(lang, (memo = new Memo<WordFacts>(WORD_FACTS_PER_LANG)));
    let numbers: Memo<WordFacts> | undefined;
    let prev: WordFacts | null = null;
    let negation = 0;
    for (let i = 0; i < ws.length; i++) {
      // Numbers are a long tail: those of up to MEMO_NUMBER_DIGITS digits (counts, years, prices: met again) are
      // memoised apart, so that they never displace a word's facts; a longer one (an order or phone number, met once)
      // is read each time, as a memo entry would cost more than it saves.
      const m = !isNumber(ws[i])
        ? memo
        : ws[i].length <= MEMO_NUMBER_DIGITS
          ? (numbers ??= this.numberMemo(lang))
          : null;
      let f = m?.peek(ws[i]);
      let s: string;
      if (stems === null) {
        s = f === undefined ? stemIn(lang, ws[i]) : f.stem;
        stemsOut?.push(s);
      } else s = stems[i];
      // Only a word's own stem in the language is memoised with it, so a memoised stem is always `stemIn`'s.
      if (f === undefined) {
        f = this.factsOf(ws[i], s, lang, dropFunctionWords);
        if (m && (stems === null || s === stemIn(lang, ws[i]))) m.set(ws[i], f);
      }
      // Keyed by the word: a stem other than the memoised one (not a caller in serving) is read afresh.
      else if (f.stem !== s) f = this.factsOf(ws[i], s, lang, dropFunctionWords);
      const kind = f.kind;
      if (kind === NEGATION || kind === NEGATION_WORD) {
        negation = NEGATION_SCOPE;
        if (kind === NEGATION_WORD) {
          if (f.word >= 0) add(seen, f.word);
          else miss(mix(f.h, WORD));
          if (prev) this.addPair(seen, prev, f, miss);
          prev = f;
        }
        continue;
      }
      if (kind === SKIPPED) {
        prev = null;
        continue;
      }
      if (kind === DROPPED) continue;
      if (f.word >= 0) add(seen, f.word);
      else miss(mix(f.h, WORD));
      if (prev) this.addPair(seen, prev, f, miss);
      prev = f;
      if (f.pivot >= 0) add(seen, f.pivot);
      else if (f.hp !== 0) miss(mix(f.hp, WORD));
      if (negation > 0) {
        if (f.negated >= 0) add(seen, f.negated);
        else miss(mix(f.h, NEGATED));
        if (f.pivotNegated >= 0) add(seen, f.pivotNegated);
        else if (f.hp !== 0) miss(mix(f.hp, NEGATED));
        negation--;
      }
      if (f.concept) concepts.add(f.concept);
    }
    const ids = unknown ? Int32Array.from(unknown) : EMPTY;
    return { idx: seen.list.slice(0, seen.n), unk: ids, concepts: [...concepts] };
  }

  /** Scratch of `wordIndices` (one call at a time: it is synchronous). */
  private readonly seen: Seen;
  private readonly unknownSeen = new IdWeights();
  /** Scratch of `probabilities`: the unknown features of several sets, each once at its largest weight. */
  private readonly unknownWeights = new IdWeights();

  /** The pair feature (`prev`'s stem, `f`'s stem): its index when known, else its id to `miss`. */
  private addPair(seen: Seen, prev: WordFacts, f: WordFacts, miss: (id: number) => void): void {
    const i = prev.pairs?.get(f.stem);
    if (i !== undefined) add(seen, i);
    else miss(mix(mix(prev.h, PAIR), f.h));
  }

  /**
   * Per language, the facts of the words met (bounded: WORD_FACTS_PER_LANG per generation, lib/memo.ts). They depend
   * on this model's feature indices, so they live with it (a reloaded model starts empty).
   */
  private readonly wordFacts = new Map<Lang, Memo<WordFacts>>();

  /** Per language, the facts of the numbers met (bounded apart: NUMBER_FACTS_PER_LANG per generation). */
  private readonly numberFacts = new Map<Lang, Memo<WordFacts>>();

  private numberMemo(lang: Lang): Memo<WordFacts> {
    let m = this.numberFacts.get(lang);
    if (!m) this.numberFacts.set(lang, (m = new Memo<WordFacts>(NUMBER_FACTS_PER_LANG)));
    return m;
  }

  /** How many words' and numbers' facts are memoised in a language (both generations each). */
  factsHeld(lang: Lang): { words: number; numbers: number } {
    return { words: this.wordFacts.get(lang)?.held ?? 0, numbers: this.numberFacts.get(lang)?.held ?? 0 };
  }

  private factsOf(w: string, s: string, lang: Lang, dropFunctionWords: boolean): WordFacts {
    const kind = wordKind(w, lang, dropFunctionWords);
    const content = kind === CONTENT;
    const e = content ? pivotOf(lang, s, w) : undefined;
    const pivot = e !== undefined && e !== s ? e : undefined;
    return {
      stem: s,
      kind,
      word: this.wordIndex.get(s) ?? -1,
      pivot: pivot !== undefined ? (this.wordIndex.get(pivot) ?? -1) : -1,
      negated: content ? (this.negatedIndex.get(s) ?? -1) : -1,
      pivotNegated: pivot !== undefined ? (this.negatedIndex.get(pivot) ?? -1) : -1,
      concept: content ? conceptOf(lang, s, w) : undefined,
      pairs: this.pairIndex.get(s),
      h: stemHash(s),
      hp: pivot !== undefined ? stemHash(pivot) : 0,
    };
  }

  /** The position of a head in `probabilities`' answer (-1: no such head). */
  headIndex(head: string): number {
    return this.names.indexOf(head);
  }

  /** The concept features (`conceptFeatures`) of a set of concepts, known and not (`split`), memoised by the set. */
  private readonly conceptMemo = new Memo<KnownUnknown>(10_000);
  private readonly conceptIndicesOf = (key: string): KnownUnknown => this.split(conceptFeatures(key.split(' ')));
  conceptIndices(concepts: Iterable<string>): KnownUnknown {
    const key = [...concepts].sort().join(' ');
    return key ? this.conceptMemo.get(key, this.conceptIndicesOf) : NONE;
  }

  /** The concept features of a set of concepts as a feature set at a weight. */
  conceptSet(concepts: Iterable<string>, weight: number): FeatureSet {
    const c = this.conceptIndices(concepts);
    return { idx: c.idx, unk: c.unk, weight };
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
    let norm = this.countUnknown ? this.unknownNorm(sets) : 0;
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

  /**
   * The unknown features' part of the squared norm: each id once at its largest weight. One set with ids (a single
   * turn) needs no look-up; several are merged (`IdWeights`).
   */
  private unknownNorm(sets: readonly FeatureSet[]): number {
    let only: FeatureSet | null = null;
    let many = false;
    for (const s of sets)
      if (s.unk?.length) {
        if (only) many = true;
        only = s;
      }
    if (!only) return 0;
    if (!many) return only.unk!.length * only.weight * only.weight;
    const u = this.unknownWeights;
    u.clear();
    for (const { unk, weight } of sets) if (unk) for (let k = 0; k < unk.length; k++) u.add(unk[k], weight);
    return u.sumSquares();
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
