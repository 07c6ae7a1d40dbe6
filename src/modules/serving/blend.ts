import type { Ctx } from '../../context.js';
import type { Config } from '../../config.js';
import type { AdRequestBody } from './schemas.js';
import type { InvGroup, Snapshot } from './inventory.js';
import { semanticVectorOf, type Query } from './relevance.js';
import type { SemanticIndex } from './semantic.js';
import {
  blendRelevance,
  cosine,
  createEmbedder,
  EMBEDDING_WEIGHT,
  GroupEmbeddingCache,
  type Embedder,
} from './embeddings.js';

/**
 * The second relevance signal beside BM25: a configured embedding model's
 * (embeddings.ts), or the offline word vectors' (semantic.ts) when
 * `semanticWeight` is on. This file decides which applies to a request and
 * builds the blend `rankCandidates` calls per group.
 */

/** The configured embedding model with its group-vector cache (null when none is configured). */
export interface EmbedState {
  embedder: Embedder;
  cache: GroupEmbeddingCache;
  /** The snapshot whose groups were last sent to be embedded. */
  warmed: Snapshot | null;
}

export function createEmbedState(config: Config): EmbedState | null {
  const embedder = createEmbedder(config);
  return embedder ? { embedder, cache: new GroupEmbeddingCache(embedder), warmed: null } : null;
}

const groupText = (g: InvGroup): string => `${g.name}. ${g.context}`;

/** The conversation's embedding from the configured model (null on timeout or error: lexical relevance only). */
export async function conversationVector(
  ctx: Ctx,
  e: EmbedState,
  snap: Snapshot,
  body: AdRequestBody,
): Promise<number[] | null> {
  if (e.warmed !== snap) {
    e.warmed = snap;
    void e.cache.warm(snap.groups.map(groupText), (err) => ctx.log.warn({ err }, 'ad group embeddings failed'));
  }
  const text = body.messages
    .slice(-4)
    .map((m) => m.content.slice(-1000))
    .join('\n');
  try {
    const [v] = await e.embedder.embed([text], ctx.config.embeddingTimeoutMs);
    return v ?? null;
  } catch (err) {
    ctx.log.debug({ err }, 'conversation embedding failed; lexical relevance only');
    return null;
  }
}

/**
 * How relevance blends in a second signal: the configured embedding model's
 * (when it answered in time), else the offline word vectors' at
 * `semanticWeight` (when on), else none. With the offline signal only groups
 * whose lexical relevance can still blend up to the floor are compared.
 */
export function blendOf(
  ctx: Ctx,
  e: EmbedState | null,
  snap: Snapshot,
  query: Query,
  convVec: number[] | null,
  floor: number,
): {
  blend?: (d: number, lexical: number) => number;
  prefetch?: (docs: ArrayLike<number>) => void;
  lexicalFloor?: number;
  blendWeight?: number;
} {
  if (convVec) {
    return {
      blend: (d, lexical) => {
        const v = e?.cache.get(groupText(snap.groups[d]));
        return v ? blendRelevance(lexical, cosine(convVec, v), EMBEDDING_WEIGHT) : lexical;
      },
      blendWeight: EMBEDDING_WEIGHT,
    };
  }
  const sem = snap.model.semantic;
  const w = ctx.config.semanticWeight;
  if (!sem || w <= 0) return {};
  const cv = semanticVectorOf(query, sem);
  return {
    blend: offlineBlend(snap, sem, cv, w),
    prefetch: readAhead(sem),
    lexicalFloor: Math.max(0, (floor - w) / (1 - w)),
    blendWeight: w,
  };
}

// The two functions below are made by functions, not arrows assigned to properties in `blendOf`: under tsx
// (keepNames) each such arrow is named by a `defineProperty` on every request (record 0047 round 18).

/**
 * The offline blend of group d (its snapshot index, which is also its row in the semantic index and the lexical
 * index, `InvGroup.idx`). A group matched on a word the word table cannot read keeps at least its lexical relevance
 * (`matchedUnread`).
 */
function offlineBlend(
  snap: Snapshot,
  sem: SemanticIndex,
  cv: Float32Array,
  w: number,
): (d: number, lexical: number) => number {
  return (d, lexical) => {
    const b = blendRelevance(lexical, sem.cosine(cv, d), w);
    return b < lexical && snap.model.matchedUnread(d) ? lexical : b;
  };
}

/** The vectors of the groups about to be blended, read ahead together (`SemanticIndex.touch`). */
function readAhead(sem: SemanticIndex): (docs: ArrayLike<number>) => void {
  return (docs) => {
    for (let k = 0; k < docs.length; k++) sem.touch(docs[k]);
  };
}
