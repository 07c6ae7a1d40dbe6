import type { Ctx } from '../../context.js';
import { Conflict, Validation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { PlacementType } from '../../lib/placement-types.js';
import type { PlacementTable } from '../../db/schema.js';
import * as repo from './repo.js';
import { invalidate } from '../../caches.js';

/** Spec 1: the slug is the name with runs of other characters turned into one hyphen, case kept. */
export function slugify(name: string): string {
  return name
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export interface PlacementInput {
  name: string;
  placement_type?: PlacementType;
  device?: string;
  framework?: string;
  page_url?: string;
  description?: string;
  display_config?: { max_ad_text_chars?: number } | null;
}

export async function createPlacement(ctx: Ctx, publisherId: string, input: PlacementInput) {
  const name = input.name;
  if (!name.trim()) throw Validation.field('name', 'must not be empty');
  if (name.length > 100) throw Validation.field('name', 'must be at most 100 characters');
  if (!/[\p{L}\p{N}]/u.test(name)) throw Validation.field('name', 'must contain a letter or digit');
  const maxChars = input.display_config?.max_ad_text_chars;
  if (maxChars !== undefined && (!Number.isInteger(maxChars) || maxChars < 120)) {
    throw Validation.field('display_config.max_ad_text_chars', 'must be an integer of at least 120');
  }
  const slug = slugify(name);
  if (await repo.findBySlug(ctx.db, publisherId, slug))
    throw new Conflict(`A placement with slug "${slug}" already exists`);
  const now = ctx.clock.now();
  const row = {
    id: newId(),
    publisher_id: publisherId,
    name,
    slug,
    placement_type: input.placement_type ?? 'below_response',
    device: input.device ?? 'all',
    framework: input.framework ?? 'any',
    page_url: input.page_url ?? null,
    description: input.description ?? null,
    screenshot_url: null,
    screenshot_region_json: null,
    status: 'active',
    display_config_json: input.display_config ? JSON.stringify(input.display_config) : null,
    created_at: now,
    updated_at: now,
  };
  try {
    await repo.insertPlacement(ctx.db, row);
  } catch (err) {
    // A concurrent create of the same slug loses the race at the unique constraint.
    if (await repo.findBySlug(ctx.db, publisherId, slug))
      throw new Conflict(`A placement with slug "${slug}" already exists`);
    throw err;
  }
  invalidate(ctx, 'inventory');
  return row;
}

export const listActivePlacements = (ctx: Ctx) => repo.listActive(ctx.db);

/** A publisher's placements, oldest first. */
export const listPublisherPlacements = (ctx: Ctx, publisherId: string) => repo.listForPublisher(ctx.db, publisherId);

/** The placement record of spec 1 (POST placements response). */
export function placementView(row: PlacementTable) {
  let displayConfig: Record<string, unknown> | null = null;
  if (row.display_config_json) displayConfig = JSON.parse(row.display_config_json) as Record<string, unknown>;
  return {
    id: row.id,
    publisher_id: row.publisher_id,
    name: row.name,
    slug: row.slug,
    placement_type: row.placement_type,
    device: row.device,
    framework: row.framework,
    page_url: row.page_url ?? '',
    description: row.description,
    screenshot_url: row.screenshot_url,
    screenshot_region: row.screenshot_region_json ? (JSON.parse(row.screenshot_region_json) as unknown) : null,
    status: row.status,
    display_config: displayConfig,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
