import type { Ctx } from '../../context.js';
import type { IndexLinkTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { microsToDollars } from '../../lib/money.js';
import * as core from '../index/core.js';
import { convert, roundMoney, type FxTable } from './fx.js';
import type { ShopQuery } from './query.js';
import type * as repo from './repo.js';
import type { ShopSearchInput } from './schemas.js';
import { genderIn } from './taxonomy.js';
import type { WebResult } from './web-results.js';

/**
 * What a shop search answers: the products shown (prices in the shopper's currency, one tracked link
 * each, the UCP checkout handoff), the facets of every candidate, and the one-sentence reasoning.
 */

export interface ShopProduct {
  product_id: string;
  name: string;
  brand: string | null;
  merchant: string;
  category: string | null;
  description: string;
  currency: string;
  price: number;
  /** False when the merchant publishes no price (then `price` is 0 and `regular_price` null): show no price. */
  price_available: boolean;
  regular_price: number | null;
  on_sale: boolean;
  image_url: string;
  click_url: string;
  grclid: string;
  checkout: {
    protocol: 'ucp';
    endpoint: string;
    continue_url: string;
    item_id: string;
    agent_profile: string;
    attribution: { referring_domain: string; click_id_tag: string; click_id_value: string };
  } | null;
}

export interface ShopSearchResponse {
  vertical: 'consumer';
  api_version: string;
  search_id: string;
  query: string;
  recommendation: ShopProduct | null;
  reasoning: string;
  products: ShopProduct[];
  count: number;
  web_results: WebResult[];
  ranking: 'llm' | 'retrieval';
  facets: {
    brands: { value: string; count: number }[];
    merchants: { value: string; count: number }[];
    categories: { value: string; count: number }[];
    price_range: { min: number; max: number } | null;
  };
}

export function agentProfileUrl(ctx: Ctx): string {
  return `${ctx.urls.index}/agent-profile.json`;
}

/** A listing's price in the shopper's currency, as shown. */
export const shownPrice = (fx: FxTable, micros: number, from: string, currency: string) =>
  roundMoney(convert(fx, microsToDollars(micros), from, currency), currency);

/** The products shown and their tracked links (one `grclid` each, made in the products' order). */
export function shopProducts(
  ctx: Ctx,
  chosen: repo.ListingRow[],
  at: { fx: FxTable; currency: string; searchId: string; publisherId: string; now: number },
): { products: ShopProduct[]; links: IndexLinkTable[] } {
  const { fx, currency, searchId, publisherId, now } = at;
  const referringDomain = new URL(ctx.urls.index).hostname;
  const links: IndexLinkTable[] = [];
  const products: ShopProduct[] = chosen.map((h) => {
    const grclid = newId();
    const money = (micros: number) => shownPrice(fx, micros, h.currency, currency);
    const price = h.price_micros === null ? null : money(h.price_micros);
    const regular = h.regular_price_micros === null || price === null ? null : money(h.regular_price_micros);
    links.push({
      id: grclid,
      grclid,
      search_id: searchId,
      publisher_id: publisherId,
      kind: 'product',
      target_id: h.product_id,
      destination: h.product_url,
      title: h.name,
      image_url: h.image_url,
      price_label:
        price === null ? null : `${price.toFixed(['JPY', 'KRW', 'HUF'].includes(currency) ? 0 : 2)} ${currency}`,
      commission_bps: h.commission_bps,
      merchant_lc: h.merchant_lc,
      created_at: now,
    });
    const co = h.checkout_json
      ? (JSON.parse(h.checkout_json) as { endpoint: string; continue_url: string; item_id: string })
      : null;
    return {
      product_id: h.product_id,
      name: h.name,
      brand: h.brand,
      merchant: h.merchant,
      category: h.category_path,
      description: h.description,
      currency,
      price: price ?? 0,
      price_available: price !== null,
      regular_price: regular,
      on_sale:
        regular !== null &&
        h.price_micros !== null &&
        h.regular_price_micros !== null &&
        h.price_micros < h.regular_price_micros,
      image_url: h.image_url,
      click_url: core.clickUrl(ctx, grclid),
      grclid,
      checkout: co
        ? {
            protocol: 'ucp',
            endpoint: co.endpoint,
            continue_url: co.continue_url,
            item_id: co.item_id,
            agent_profile: agentProfileUrl(ctx),
            attribution: { referring_domain: referringDomain, click_id_tag: 'grclid', click_id_value: grclid },
          }
        : null,
    };
  });
  return { products, links };
}

const top10 = (values: (string | null)[]) => {
  const m = new Map<string, number>();
  for (const v of values) if (v) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([value, count]) => ({ value, count }));
};

/** Brands, merchants and categories of every candidate (not only those shown), and their price range. */
export function facetsOf(hits: repo.CandidateRow[], fx: FxTable, currency: string): ShopSearchResponse['facets'] {
  const prices = hits.flatMap((h) =>
    h.price_micros === null ? [] : [shownPrice(fx, h.price_micros, h.currency, currency)],
  );
  return {
    brands: top10(hits.map((h) => h.brand)),
    merchants: top10(hits.map((h) => h.merchant)),
    categories: top10(hits.map((h) => h.category)),
    price_range: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
  };
}

/** The deterministic one-sentence reasoning. */
export function explain(
  need: string,
  top: ShopProduct | null,
  intent: ShopQuery,
  input: ShopSearchInput,
  matched: number,
): string {
  const q = need.length > 80 ? `${need.slice(0, 77)}…` : need;
  if (!intent.retrieval.length) {
    return `"${q}" has no words to search for (only stop words, symbols or emoji); describe the product, for example "waterproof hiking boots".`;
  }
  if (!top) {
    const filters = [
      input.price_min != null || input.price_max != null ? 'price' : '',
      input.brands?.length ? 'brand' : '',
      input.merchants?.length ? 'merchant' : '',
      input.colors?.length ? 'colour' : '',
      input.sizes?.length ? 'size' : '',
      input.gender ? 'gender' : '',
      input.categories?.length ? 'category' : '',
      input.on_sale_only ? 'on-sale' : '',
    ].filter(Boolean);
    return filters.length
      ? `Nothing in stock matches "${q}" with the ${filters.join(', ')} filter${filters.length > 1 ? 's' : ''} given.`
      : `Nothing in stock matches "${q}".`;
  }
  const why = [
    intent.colours.length && top.name.toLowerCase().match(new RegExp(intent.colours.join('|')))
      ? 'the colour asked for'
      : '',
    intent.gender && genderIn(top.name) === intent.gender ? `${intent.gender}'s sizing` : '',
    top.on_sale ? 'a sale price' : '',
  ].filter(Boolean);
  const at = top.price_available ? `at ${top.price} ${top.currency}` : '(price not published)';
  const fixed = intent.corrected.length
    ? ` (read ${intent.corrected.map((c) => `"${c.from}" as "${c.to}"`).join(', ')})`
    : '';
  return `${top.name} from ${top.merchant} ${at} is the closest in-stock match for "${q}"${fixed}${why.length ? `, with ${why.join(' and ')}` : ''} (${matched} listing${matched === 1 ? '' : 's'} matched).`;
}
