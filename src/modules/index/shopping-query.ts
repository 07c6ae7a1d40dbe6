import { PRODUCT_TYPES } from '../shop/generator.js';

/**
 * Whether a /search query asks for a product rather than a developer service (`searchServices` then
 * points the caller at /shop/search): a product noun and a shopping word, with no developer signal.
 */

const DEV_SIGNAL =
  /\b(api|apis|sdk|sdks|library|libraries|package|npm|pip|service|saas|backend|frontend|server|database|db|auth|authentication|deploy|hosting|host|integrate|integration|webhook|webhooks|app|apps|code|coding|developer|dev|framework|react|next\.?js|node|python|typescript|javascript|endpoint|cli|self-host|self-hosted|open source|oss|infra|cloud|monitoring|logs|analytics|pipeline|queue|cron|schema|saas|platform|tool for my|users)\b/i;
const SHOP_VERB =
  /\b(buy|buying|purchase|order|shop|shopping|gift|deal|deals|cheapest|on sale|under \$?\d+|size \w+|in stock)\b/i;
const PRODUCT_NOUNS = (() => {
  const s = new Set<string>();
  for (const t of PRODUCT_TYPES)
    for (const n of [t.noun, ...t.synonyms])
      s.add(
        n
          .toLowerCase()
          .replace(/[^a-z0-9 ]/g, '')
          .trim(),
      );
  for (const n of [
    'shoes',
    'shoe',
    'sneakers',
    'boots',
    'shirt',
    'shirts',
    'dress',
    'jacket',
    'coat',
    'pants',
    'sofa',
    'couch',
    'mattress',
    'lamp',
    'headphones',
    'earbuds',
    'laptop',
    'watch',
    'necklace',
    'toy',
    'stroller',
    'perfume',
    'mug',
    'backpack',
    'tent',
    'bike',
    'bicycle',
    'groceries',
    'furniture',
    'clothes',
    'clothing',
  ])
    s.add(n);
  return [...s].filter(Boolean).sort((a, b) => b.length - a.length);
})();

export function isShoppingQuery(q: string): boolean {
  const t = q.toLowerCase();
  if (DEV_SIGNAL.test(t)) return false;
  const noun = PRODUCT_NOUNS.some((n) => new RegExp(`\\b${n.replace(/ /g, '\\s+')}\\b`).test(t));
  return (
    noun &&
    (SHOP_VERB.test(t) ||
      /\b(for (me|my|him|her|kids?|men|women)|men'?s|women'?s|kids'?)\b/.test(t) ||
      t.split(/\s+/).length <= 4)
  );
}
