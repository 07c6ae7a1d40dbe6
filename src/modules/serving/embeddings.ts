import type { Config } from '../../config.js';
import { createEmbeddings } from '../../lib/llm.js';
import { sha256Hex } from '../../lib/hash.js';

/**
 * Optional embedding relevance: when an embedding model is configured on the
 * OpenAI-compatible endpoint, each ad group's text is embedded once (cached by
 * a hash of its text, so edits re-embed) and each request's conversation is
 * embedded within a strict latency budget; on timeout or error the lexical
 * score stands alone. The blend never lets embeddings override the hard
 * exclusions (sensitive topics, negative context, excluded topics).
 */
export interface Embedder {
  embed(texts: string[], timeoutMs?: number): Promise<number[][]>;
}

export function createEmbedder(config: Config): Embedder | null {
  const e = createEmbeddings(config);
  return e ? { embed: (texts, timeoutMs) => e.embed(texts, { timeoutMs }) } : null;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0,
    na = 0,
    nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Cosine similarity → [0, 1]: unrelated pairs (sentence embeddings, or centred word-vector averages) sit near 0.2, close ones above 0.7. */
const cosineRelevance = (c: number): number => Math.min(1, Math.max(0, (c - 0.2) / 0.5));

/** A configured embedding model's share in relevance. */
export const EMBEDDING_WEIGHT = 0.4;

/** Lexical relevance blended with the embedding's (`weight`: the embedding's share). */
export const blendRelevance = (lexical: number, cos: number, weight = EMBEDDING_WEIGHT): number =>
  (1 - weight) * lexical + weight * cosineRelevance(cos);

/** Ad-group vectors by text hash; filled in the background, read synchronously on the hot path. */
export class GroupEmbeddingCache {
  private readonly vectors = new Map<string, number[]>();
  private pending: Promise<void> | null = null;

  constructor(private readonly embedder: Embedder) {}

  get(text: string): number[] | undefined {
    return this.vectors.get(sha256Hex(text));
  }

  /** Embed the texts not cached yet (in batches); failures leave them uncached and are retried next time. */
  warm(texts: string[], onError: (err: unknown) => void): Promise<void> {
    if (this.pending) return this.pending;
    const missing = [...new Set(texts)].filter((t) => !this.vectors.has(sha256Hex(t)));
    if (missing.length === 0) return Promise.resolve();
    this.pending = (async () => {
      for (let i = 0; i < missing.length; i += 256) {
        const part = missing.slice(i, i + 256);
        const vecs = await this.embedder.embed(part);
        part.forEach((t, k) => this.vectors.set(sha256Hex(t), vecs[k]));
      }
    })()
      .catch(onError)
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
