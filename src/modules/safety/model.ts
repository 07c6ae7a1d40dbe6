import fs from 'node:fs';
import { foldedWords, stemIn, type Lang } from '../../lib/lang.js';
import { conceptOf } from './concepts.js';

/**
 * The offline text models: logistic regressions over stemmed words and
 * adjacent pairs (language-independent features: Snowball stems of folded
 * words in the detected language), one head per sensitive category plus an
 * intent head (commercial need vs informational chat). Weights are trained
 * by scripts/train-text-models.ts from corpus.txt and stored in weights.json.
 */
export interface Head {
  bias: number;
  /** Feature index → weight (sparse: features the head never uses are absent). */
  weights: Record<string, number>;
  /** Probability at or above which the head fires (chosen by the trainer). */
  threshold: number;
}

export interface TextModels {
  version: number;
  features: string[];
  heads: Record<string, Head>;
}

/** Words of a feature set that carry no topic (kept out of pairs and features). */
const SKIP = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'is', 'it', 'de', 'la', 'le', 'el', 'y', 'et', 'e', 'und', 'der', 'die', 'das', 'o', 'um', 'uma']);

/** Features of a text in a language: stems ("w:stem"), adjacent stem pairs ("p:a b"), concepts ("c:X") and pairs of concepts met in the text ("cc:X+Y"), each once. */
export function featuresOf(text: string, lang: Lang, maxChars = 4000): string[] {
  const ws = foldedWords(text, maxChars);
  const out = new Set<string>();
  const concepts = new Set<string>();
  let prev: string | null = null;
  for (const w of ws) {
    if (SKIP.has(w)) {
      prev = null;
      continue;
    }
    const s = stemIn(lang, w);
    out.add(`w:${s}`);
    if (prev) out.add(`p:${prev} ${s}`);
    prev = s;
    const c = conceptOf(lang, s);
    if (c) concepts.add(c);
  }
  const cs = [...concepts].sort();
  // Concepts, and pairs of concepts met in the same text: paraphrase shares these when it shares no word.
  for (let i = 0; i < cs.length; i++) {
    out.add(`c:${cs[i]}`);
    for (let j = i + 1; j < cs.length; j++) out.add(`cc:${cs[i]}+${cs[j]}`);
  }
  return [...out];
}

/** A model loaded for scoring: feature → index, and each head's weights as a typed array. */
export class LoadedModels {
  private readonly index = new Map<string, number>();
  private readonly heads = new Map<string, { bias: number; w: Float64Array; threshold: number }>();

  constructor(m: TextModels) {
    m.features.forEach((f, i) => this.index.set(f, i));
    for (const [name, h] of Object.entries(m.heads)) {
      const w = new Float64Array(m.features.length);
      for (const [k, v] of Object.entries(h.weights)) w[Number(k)] = v;
      this.heads.set(name, { bias: h.bias, w, threshold: h.threshold });
    }
  }

  headNames(): string[] {
    return [...this.heads.keys()];
  }

  threshold(head: string): number {
    return this.heads.get(head)?.threshold ?? 0.5;
  }

  /**
   * Probability of each head for weighted feature sets (a feature seen in
   * several sets takes its largest weight), the vector L2-normalised as in training.
   */
  score(sets: readonly { features: readonly string[]; weight: number }[]): Map<string, number> {
    const x = new Map<number, number>();
    for (const { features, weight } of sets) {
      for (const f of features) {
        const i = this.index.get(f);
        if (i === undefined) continue;
        if ((x.get(i) ?? 0) < weight) x.set(i, weight);
      }
    }
    let norm = 0;
    for (const v of x.values()) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    const out = new Map<string, number>();
    for (const [name, h] of this.heads) {
      let z = h.bias;
      for (const [i, v] of x) z += h.w[i] * (v / norm);
      out.set(name, 1 / (1 + Math.exp(-z)));
    }
    return out;
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
