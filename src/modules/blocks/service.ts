import type { Ctx } from '../../context.js';
import { adCategoryLabel } from '../../lib/ad-categories.js';
import { advertiserNames, getAdvertiser } from '../accounts/service.js';
import * as repo from './repo.js';
import type { BlockKind } from './repo.js';
import { invalidate } from '../../caches.js';

/**
 * Publisher-side blocks: advertisers and ad categories a publisher does not
 * want in its app. The serving inventory loads them (`blocksByPublisher`) and
 * the decision skips a blocked ad group for that publisher (serving/blocks.ts);
 * a change here rebuilds this instance's inventory at once (other instances
 * within their refresh interval).
 */
export interface PublisherBlocks {
  advertisers: ReadonlySet<string>;
  categories: ReadonlySet<string>;
}

export async function listBlocks(ctx: Ctx, publisherId: string) {
  const rows = await repo.listForPublisher(ctx.db, publisherId);
  const names = await advertiserNames(
    ctx,
    rows.filter((r) => r.kind === 'advertiser').map((r) => r.value),
  );
  return {
    advertisers: rows
      .filter((r) => r.kind === 'advertiser')
      .map((r) => ({
        advertiser_id: r.value,
        advertiser_name: names.get(r.value) ?? null,
        created_at: new Date(Number(r.created_at)).toISOString(),
      })),
    categories: rows
      .filter((r) => r.kind === 'category')
      .map((r) => ({
        category: r.value,
        label: adCategoryLabel(r.value),
        created_at: new Date(Number(r.created_at)).toISOString(),
      })),
  };
}

/** Block an advertiser (404 when there is no such advertiser) or a category (validated by the schema); idempotent. */
export async function addBlock(ctx: Ctx, publisherId: string, input: { kind: BlockKind; value: string }) {
  if (input.kind === 'advertiser') await getAdvertiser(ctx, input.value);
  await repo.insertBlock(ctx.db, publisherId, input.kind, input.value, ctx.clock.now());
  invalidate(ctx, 'inventory');
  const row = (await repo.findBlock(ctx.db, publisherId, input.kind, input.value))!;
  return { kind: input.kind, value: input.value, created_at: new Date(Number(row.created_at)).toISOString() };
}

/** Lift a block; lifting one that is not there is a no-op. */
export async function removeBlock(ctx: Ctx, publisherId: string, kind: BlockKind, value: string): Promise<void> {
  await repo.deleteBlock(ctx.db, publisherId, kind, value);
  invalidate(ctx, 'inventory');
}

/** Every publisher's blocks, for the serving inventory. */
export async function blocksByPublisher(ctx: Ctx): Promise<Map<string, PublisherBlocks>> {
  const out = new Map<string, { advertisers: Set<string>; categories: Set<string> }>();
  for (const r of await repo.listAll(ctx.db)) {
    let b = out.get(r.publisher_id);
    if (!b) out.set(r.publisher_id, (b = { advertisers: new Set(), categories: new Set() }));
    (r.kind === 'advertiser' ? b.advertisers : b.categories).add(r.value);
  }
  return out;
}
