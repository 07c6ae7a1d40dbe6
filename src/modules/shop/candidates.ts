import type { Ctx } from '../../context.js';
import type { CatalogStats } from './analysis.js';
import { catalogStats, nearestStem } from './catalog.js';
import { weighQuery, withCorrections, type ShopQuery } from './query.js';
import * as repo from './repo.js';

/** The candidates of a shop search: the query's words corrected and weighed, then retrieved in tiers. */

/** Candidates per retrieval tier. */
const CANDIDATES = 120;
/** The most listings a recall tier's word group may match (see candidates()). */
const SCAN_BUDGET = 5000;

/** The query weighed by the catalog's statistics and its candidates, before ranking (the relevance bench trains on these). */
export async function candidatesFor(
  ctx: Ctx,
  parsed: ShopQuery,
  filter: repo.ProductFilter = {},
  want = 10,
): Promise<{ q: ShopQuery; stats: CatalogStats; cands: repo.CandidateRow[] }> {
  let stats = await catalogStats(
    ctx,
    parsed.terms.map((t) => t.stem),
  );
  // A word the catalog never uses is most likely misspelt: read it as the nearest one it does use.
  const fixes = new Map<string, string>();
  for (const t of parsed.terms) {
    if (stats.df.has(t.stem)) continue;
    const near = await nearestStem(ctx, t.stem);
    if (near) fixes.set(t.stem, near);
  }
  if (fixes.size) {
    parsed = withCorrections(parsed, fixes);
    stats = await catalogStats(
      ctx,
      parsed.terms.map((t) => t.stem),
    );
  }
  const q = weighQuery(parsed, stats);
  return { q, stats, cands: await candidates(ctx, q, stats, filter, want) };
}

/**
 * Candidates from the backend's full-text index, in tiers: listings with
 * every query word; with all but one of them (a shopper's words are not all
 * in the listing: "office" in "women's office shoes"); and, when those are
 * few, with any one of the query's words (and, when all that still finds
 * fewer than asked for, any word at all). The later tiers are recall helpers
 * and keep to a scan budget: their word groups, rarest first, may together
 * reach at most SCAN_BUDGET listings (the engine scores every listing a query
 * matches, so a common pair of words on a big catalog costs tens of
 * milliseconds and adds little that the first tier lacks).
 */
async function candidates(
  ctx: Ctx,
  q: ShopQuery,
  stats: CatalogStats,
  filter: repo.ProductFilter,
  want: number,
): Promise<repo.CandidateRow[]> {
  const words = q.retrieval;
  const retrieve = (groups: string[][]) =>
    repo.retrieve(ctx.db, ctx.database.dialect, groups, filter, { limit: CANDIDATES });
  const out = await retrieve([words]);
  if (words.length < 2 || out.length >= CANDIDATES) return out;
  const seen = new Set(out.map((h) => h.product_id));
  const add = (rows: repo.CandidateRow[]) => {
    for (const h of rows) {
      if (seen.has(h.product_id)) continue;
      seen.add(h.product_id);
      out.push(h);
    }
  };
  // How many listings a group of words can match at most: the fewest that have any one of its words.
  const stemOf = new Map(q.terms.map((t) => [t.word, t.stem]));
  const reach = (group: string[]) => Math.min(...group.map((w) => stats.df.get(stemOf.get(w) ?? w) ?? 0));
  const affordable = (groups: string[][]) => {
    let left = SCAN_BUDGET;
    const kept: string[][] = [];
    for (const { g, n } of groups.map((g) => ({ g, n: reach(g) })).sort((a, b) => a.n - b.n)) {
      if (n > left) break;
      left -= n;
      kept.push(g);
    }
    return kept;
  };
  if (words.length >= 3) add(await retrieve(affordable(words.map((_, i) => words.filter((__, j) => j !== i)))));
  if (out.length >= CANDIDATES / 2) return out;
  // Words in more than a fifth of the catalog add little (unless no word is rarer).
  const informative = words.filter((w) => reach([w]) <= stats.docs / 5);
  add(await retrieve(affordable((informative.length ? informative : words).map((w) => [w]))));
  // Never fewer answers than asked for while some listing has a query word: then any word, whatever it costs.
  if (out.length < want) add(await retrieve(words.map((w) => [w])));
  return out;
}
