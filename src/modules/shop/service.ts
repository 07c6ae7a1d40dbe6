import type { Ctx } from '../../context.js';
import { Validation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createLlm } from '../../lib/llm.js';
import { MICROS_PER_DOLLAR } from '../../lib/money.js';
import * as core from '../index/core.js';
import { catalogCurrencies } from './catalog.js';
import { convert, fxTable } from './fx.js';
import { shopStems } from './analysis.js';
import { parseQuery } from './query.js';
import { rank } from './ranking.js';
import * as repo from './repo.js';
import type { ShopSearchInput } from './schemas.js';
import { canonicalColour, normaliseSize, titleColour } from './taxonomy.js';
import { candidatesFor } from './candidates.js';
import { rerank, RERANK_TOP } from './rerank.js';
import { webResults } from './web-results.js';
import { explain, facetsOf, shopProducts, shownPrice, type ShopSearchResponse } from './answer.js';

export { candidatesFor } from './candidates.js';
export { useWebSearch, type WebResult, type WebSearchProvider } from './web-results.js';
export { agentProfileUrl, type ShopProduct, type ShopSearchResponse } from './answer.js';

/**
 * POST /shop/search (spec 3): hard filters in SQL before ranking, full-text
 * retrieval of candidates (FTS5 / tsvector), Orbit's ranking over them
 * (ranking.ts, the same on both backends), an optional LLM reranker, facets,
 * and one tracked link per product. A listing whose merchant publishes no
 * price is shown with `price_available: false` (and `price` 0, since the
 * spec's `price` is a number); it never passes a price filter.
 * Parts: candidates.ts (retrieval tiers), rerank.ts (the LLM reranker), answer.ts (products, links,
 * facets, reasoning), web-results.ts (the pluggable web provider); ranking.ts ranks.
 */
export const API_VERSION = '2026-09-09';

/** The need, when only context.messages is sent: the latest user turn (plus the one before when it is very short). */
export function inferNeed(messages: { role: string; content: string }[]): string {
  const users = messages.filter((m) => m.role === 'user' && m.content.trim());
  const pool = users.length ? users : messages.filter((m) => m.content.trim());
  const last = pool.at(-1)?.content.trim() ?? '';
  let need = last;
  if (parseQuery(last).terms.length < 2 && pool.length > 1) need = `${pool.at(-2)!.content.trim()} ${last}`;
  return need.replace(/\s+/g, ' ').slice(0, 1000);
}

export async function searchProducts(
  ctx: Ctx,
  input: ShopSearchInput & { apiKey?: string | null },
): Promise<ShopSearchResponse> {
  const caller = await core.authorizeCaller(ctx, input.apiKey ?? input.platform_api_key);
  const fx = fxTable(ctx.config);
  const currency = (input.currency ?? 'USD').toUpperCase();
  if (!fx[currency])
    throw Validation.field('currency', `unknown currency ${currency}; supported: ${Object.keys(fx).join(', ')}`);
  const ids = core.identity(input);
  const need = core
    .cleanText(input.query?.trim() ? input.query : inferNeed(input.context?.messages ?? []))
    .replace(/\s+/g, ' ')
    .trim();
  const style = (input.context?.style ?? input.context?.vibe ?? '').trim() || null;
  const parsed = parseQuery(need);
  const maxResults = input.max_results ?? 5;

  // Hard filters, normalised once.
  const filter: repo.ProductFilter = {};
  if (input.price_min != null || input.price_max != null) {
    filter.priceBounds = (await catalogCurrencies(ctx))
      .filter((c) => fx[c])
      .map((c) => ({
        currency: c,
        min:
          input.price_min != null
            ? Math.floor(convert(fx, input.price_min, currency, c) * MICROS_PER_DOLLAR - 5_000)
            : null,
        max:
          input.price_max != null
            ? Math.ceil(convert(fx, input.price_max, currency, c) * MICROS_PER_DOLLAR + 5_000)
            : null,
      }));
  }
  if (input.brands?.length) filter.brands = input.brands.map((b) => b.trim().toLowerCase());
  if (input.merchants?.length) filter.merchants = input.merchants.map((m) => m.trim().toLowerCase());
  if (input.on_sale_only) filter.onSaleOnly = true;
  if (input.colors?.length)
    filter.colors = input.colors.map((c) => canonicalColour(c) ?? titleColour(c) ?? c.toLowerCase());
  if (input.sizes?.length) filter.sizes = input.sizes.map(normaliseSize).filter(Boolean);
  if (input.gender) filter.genders = input.gender === 'kids' ? ['kids'] : [input.gender, 'unisex', ''];
  if (input.categories?.length) filter.categories = [...input.categories];

  // Candidates from the backend's full-text index, ranked by Orbit's one ranking (ranking.ts).
  let hits: repo.CandidateRow[] = [];
  let ordered: repo.CandidateRow[] = [];
  let read = parsed;
  if (parsed.retrieval.length) {
    const { q, cands } = await candidatesFor(ctx, parsed, filter, maxResults);
    read = q;
    hits = cands;
    // A product only passes the price bound after conversion; the SQL bound is widened by half a cent, so check exactly here.
    if (input.price_min != null || input.price_max != null) {
      hits = hits.filter((h) => {
        if (h.price_micros === null) return false;
        const shown = shownPrice(fx, h.price_micros, h.currency, currency);
        return (
          (input.price_min == null || shown >= input.price_min) && (input.price_max == null || shown <= input.price_max)
        );
      });
    }
    ordered = rank(q, hits, { style: style ? shopStems(style, 300).slice(0, 12) : [] }).map((x) => x.hit);
  }
  let ranking: 'llm' | 'retrieval' = 'retrieval';
  let llmReasoning: string | null = null;
  const llm = input.rerank === false ? null : createLlm(ctx.config);
  // The text of the listings that may be shown (the reranker reads the top ones).
  const shown = ordered.slice(0, llm ? Math.max(RERANK_TOP, maxResults) : maxResults);
  const full = new Map(
    (
      await repo.listingsById(
        ctx.db,
        shown.map((h) => h.product_id),
      )
    ).map((l) => [l.product_id, l]),
  );
  let listed = shown.map((h) => full.get(h.product_id)).filter((l): l is repo.ListingRow => !!l);
  if (llm && listed.length) {
    try {
      const r = await rerank(llm, need, style, listed, fx);
      listed = r.order;
      llmReasoning = r.reasoning;
      ranking = 'llm';
    } catch (err) {
      ctx.log.warn({ err }, 'shop reranker failed; using retrieval order');
    }
  }

  const chosen = listed.slice(0, maxResults);
  const searchId = newId();
  const now = ctx.clock.now();
  const { products, links } = shopProducts(ctx, chosen, {
    fx,
    currency,
    searchId,
    publisherId: caller.publisherId,
    now,
  });
  const facets = facetsOf(hits, fx, currency);
  const web = products.length ? [] : await webResults(ctx, need, currency);
  const reasoning = llmReasoning ? llmReasoning : explain(need, products[0] ?? null, read, input, hits.length);

  await core.saveSearch(
    ctx,
    {
      id: searchId,
      vertical: 'consumer',
      publisher_id: caller.publisherId,
      parent_id: null,
      query: need,
      context_json: input.context ? JSON.stringify(input.context).slice(0, 20_000) : null,
      metadata_json: input.metadata ? JSON.stringify(input.metadata).slice(0, 8000) : null,
      ...ids,
      result_json: JSON.stringify({ ranking, products: products.map((p) => p.product_id) }),
      boosted: 0,
      created_at: now,
    },
    links,
  );
  return {
    vertical: 'consumer',
    api_version: API_VERSION,
    search_id: searchId,
    query: need,
    recommendation: products[0] ?? null,
    reasoning,
    products,
    count: products.length,
    web_results: web,
    ranking,
    facets,
  };
}

/** The hosted agent profile (`meta.ucp-agent.profile`) callers may send to a merchant when they take the checkout handoff. */
export function agentProfile(ctx: Ctx) {
  return {
    name: 'Orbit index agent',
    version: API_VERSION,
    description: 'An AI assistant that found this product through the Orbit index and hands checkout to the merchant.',
    capabilities: {
      checkout: ['create_checkout', 'update_checkout', 'complete_checkout'],
      attribution: { click_id_tag: 'grclid' },
    },
    index_url: ctx.urls.index,
    policies: { consent: 'The agent obtains the buyer’s explicit consent before complete_checkout.' },
  };
}
