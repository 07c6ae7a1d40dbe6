import type { Ctx } from '../../context.js';

/** Web results, shown when the catalog has no match: a pluggable provider (none by default). */

export interface WebResult {
  name: string;
  brand: string | null;
  price: number | null;
  currency: string | null;
  description: string | null;
  image_url: string | null;
  url: string;
  site: string;
}
export interface WebSearchProvider {
  search(query: string, opts: { currency: string; limit: number }): Promise<WebResult[]>;
}
/** Plug a web-search provider (none by default: web_results stays empty; src/caches.ts `webSearch`). */
export function useWebSearch(ctx: Ctx, provider: WebSearchProvider | null): void {
  ctx.caches.setState('webSearch', provider);
}

export async function webResults(ctx: Ctx, q: string, currency: string): Promise<WebResult[]> {
  const p = ctx.caches.getState<WebSearchProvider>('webSearch');
  if (!p) return [];
  try {
    const r = await p.search(q, { currency, limit: 5 });
    return r
      .filter((x) => typeof x.url === 'string' && /^https?:\/\//.test(x.url))
      .slice(0, 5)
      .map((x) => {
        const hasPrice = typeof x.price === 'number' && !!x.currency;
        let site = x.site;
        try {
          site = new URL(x.url).hostname.replace(/^www\./, '');
        } catch {
          /* keep the provider's */
        }
        return { ...x, price: hasPrice ? x.price : null, currency: hasPrice ? x.currency : null, site };
      });
  } catch (err) {
    ctx.log.warn({ err }, 'web search provider failed');
    return [];
  }
}
