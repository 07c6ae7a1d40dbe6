import type { InvGroup, InvPublisher } from './inventory.js';

/**
 * The publisher's blocks as an eligibility check of the decision: an ad
 * group whose advertiser or ad category the publisher blocked
 * (modules/blocks) never serves to it. Undefined when the publisher blocks
 * nothing, so the common request pays nothing.
 */
export function blockFilter(publisher: InvPublisher): ((g: InvGroup) => string | null) | undefined {
  const b = publisher.blocks;
  if (!b || (b.advertisers.size === 0 && b.categories.size === 0)) return undefined;
  return (g) =>
    b.advertisers.has(g.advertiserId)
      ? 'blocked_advertiser'
      : g.category !== null && b.categories.has(g.category)
        ? 'blocked_category'
        : null;
}
