import type { Ctx } from '../../context.js';
import { NotFound } from '../../lib/errors.js';
import * as catalog from './catalog.js';
import type { BrowseInput } from './schemas.js';

/**
 * The index module's entry point (routes, MCP and other modules call it here): the service catalog's
 * public lookups, and the names of its parts:
 * - search.ts: POST /search (`searchServices`), with shopping-query.ts (a product query goes to
 *   /shop/search) and reasoning.ts (the pick's reasoning);
 * - reports.ts: conversions reported to the index, and a search's outcomes;
 * - core.ts: callers, searches, tracked links, attribution; catalog.ts: the services catalog.
 */
export { searchServices, CPA_BOOST, CPA_WINDOW, type Recommendation, type SearchResponse } from './search.js';
export { isShoppingQuery } from './shopping-query.js';
export { attributeGatewayConversion, reportConversion, reportIntegration, searchReport } from './reports.js';

export function serviceRecord(s: catalog.Service) {
  return {
    slug: s.slug,
    name: s.name,
    category: s.category,
    description: s.description,
    website_url: s.website_url,
    docs_url: s.docs_url,
    tags: s.tags,
    install: s.install,
    env_vars: s.env_vars,
  };
}

export async function browse(ctx: Ctx, q: BrowseInput) {
  const r = await catalog.browseServices(ctx, q);
  return { services: r.items.map(serviceRecord), total: r.total, limit: q.limit, offset: q.offset };
}

export async function getService(ctx: Ctx, slug: string) {
  const s = await catalog.serviceBySlug(ctx, slug);
  if (!s) throw new NotFound(`service ${slug.slice(0, 100)}`);
  return serviceRecord(s);
}

export async function listCategories(ctx: Ctx) {
  const categories = await catalog.categoryCounts(ctx);
  return { categories, total: categories.reduce((a, c) => a + c.count, 0) };
}

export async function health(ctx: Ctx) {
  const s = await catalog.snapshot(ctx);
  return { status: 'ok', services: s.docs.length };
}

export { attributeIndexConversion, publisherTotals, searchOutcomes, recordSessionSummary } from './core.js';
