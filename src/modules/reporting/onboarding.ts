import type { Ctx } from '../../context.js';
import { listPublisherPlacements } from '../placements/service.js';
import { getAllowedOrigins } from '../origins/service.js';
import * as accounts from '../accounts/service.js';
import * as repo from './repo.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * A new publisher's first screen (issue 27): the three steps — a key (they
 * are signed in with it), a first ad request, a first impression — each with
 * whether Orbit has seen it yet (test traffic counts: `testAd` is how an
 * integration is checked), plus what the snippets need (placements, origins).
 */
export async function publisherOnboarding(ctx: Ctx, publisherId: string) {
  await accounts.getPublisher(ctx, publisherId);
  const [traffic, life, placements, origins] = await Promise.all([
    repo.publisherFirstTraffic(ctx.db, publisherId),
    repo.scopeLifetime(ctx.db, 'pub', publisherId),
    listPublisherPlacements(ctx, publisherId),
    getAllowedOrigins(ctx, publisherId),
  ]);
  const counted = (life[0]?.impressions ?? 0) > 0;
  const impression = counted || traffic.firstTestImpressionAt !== null;
  return {
    steps: {
      key: { done: true },
      first_request: { done: traffic.firstRequestAt !== null, at: iso(traffic.firstRequestAt) },
      first_impression: { done: impression, at: iso(traffic.firstTestImpressionAt), counted },
    },
    complete: traffic.firstRequestAt !== null && impression,
    placements: placements.map((p) => ({ placement_id: p.slug, placement_type: p.placement_type, name: p.name })),
    allowed_origins: origins.allowed_origins,
  };
}
