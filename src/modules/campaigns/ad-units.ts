import type { Ctx } from '../../context.js';
import type { AdUnitTable, CampaignTable } from '../../db/schema.js';
import { Conflict, NotFound, Validation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { writeAds } from '../creative/service.js';
import { fetchPage } from '../creative/fetch.js';
import * as campaignsRepo from './repo.js';
import * as repo from './ad-units-repo.js';
import { invalidateDestinations, parseUtm } from './destinations.js';
import { requireCampaign } from './lookups.js';
import { submitted } from './review.js';
import { withTransaction } from './tx.js';
import { isoNoOffset, hostOf } from './schemas.js';
import { SUBMIT_FIELDS, type AdUnitCreate, type AdUnitView } from './ad-units-schemas.js';

/**
 * Legacy ad units (deprecated, still working). A unit is a self-contained ad
 * (text, CTA, landing page, matching context) that serves through the
 * campaigns it is linked to. Lifecycle: draft → linked (active, review
 * pending) → approved with its campaign; archive toggles, and unarchiving
 * restores draft.
 */
export function adUnitView(u: AdUnitTable): AdUnitView {
  return {
    ad_unit_id: u.id,
    name: u.name,
    headline: u.headline,
    ad_text: u.ad_text,
    cta: u.cta,
    landing_page: u.landing_page,
    context: u.context,
    favicon_url: u.favicon_url,
    image_url: u.image_url,
    brand_name: u.brand_name,
    utm_params: u.utm_params_json ? parseUtm(u.utm_params_json) : null,
    source: u.source,
    status: u.status,
    review_status: u.review_status,
    review_reason: u.review_reason,
    is_archived: u.is_archived === 1,
    created_at: isoNoOffset(u.created_at),
    updated_at: isoNoOffset(u.updated_at),
  };
}

function unitRow(
  ctx: Ctx,
  advertiserId: string,
  input: AdUnitCreate,
  source: 'manual' | 'generated',
  now: number,
): AdUnitTable {
  return {
    id: newId(),
    advertiser_id: advertiserId,
    name: input.name,
    headline: input.headline || null,
    ad_text: input.ad_text || null,
    cta: input.cta || null,
    landing_page: input.landing_page ?? null,
    context: input.context || null,
    favicon_url: input.favicon_url ?? null,
    image_url: input.image_url ?? null,
    brand_name: input.brand_name ?? null,
    utm_params_json: input.utm_params?.length ? JSON.stringify(input.utm_params) : null,
    source,
    status: 'draft',
    review_status: 'not_submitted',
    review_reason: null,
    is_archived: 0,
    created_at: now,
    updated_at: now,
  };
}

export async function createAdUnit(ctx: Ctx, advertiserId: string, input: AdUnitCreate): Promise<AdUnitView> {
  const row = unitRow(ctx, advertiserId, input, 'manual', ctx.clock.now());
  await repo.insertAdUnits(ctx.db, [row]);
  return adUnitView(row);
}

export async function listAdUnits(
  ctx: Ctx,
  advertiserId: string,
  opts: { includeArchived?: boolean } = {},
): Promise<AdUnitView[]> {
  return (await repo.listAdUnits(ctx.db, advertiserId, opts.includeArchived ?? false)).map(adUnitView);
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Title, description and site name of an HTML page (empty strings when absent). */
export function pageFacts(html: string): { title: string; description: string; siteName: string } {
  const meta = (attr: string, name: string) => {
    const re = new RegExp(`<meta[^>]+${attr}\\s*=\\s*["']${name}["'][^>]*>`, 'i');
    const tag = re.exec(html)?.[0] ?? '';
    return decode(/content\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1] ?? '');
  };
  return {
    title: decode(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? ''),
    description: meta('name', 'description') || meta('property', 'og:description'),
    siteName: meta('property', 'og:site_name'),
  };
}

/** Write 1–5 draft units from a landing page (its title and description guide the text; an unreachable page still gives drafts). */
export async function generateAdUnits(
  ctx: Ctx,
  advertiserId: string,
  campaignId: string,
  input: { landing_page: string; count?: number },
): Promise<AdUnitView[]> {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  const count = input.count ?? 3;
  let facts = { title: '', description: '', siteName: '' };
  try {
    const page = await fetchPage(ctx, input.landing_page, { timeoutMs: 4000, maxBytes: 256 * 1024 });
    if (page.status >= 200 && page.status < 300) facts = pageFacts(page.body);
  } catch (err) {
    ctx.log.info(
      { err: err instanceof Error ? err.message : String(err) },
      'ad-unit generation: landing page not fetched',
    );
  }
  const host = hostOf(input.landing_page).replace(/^www\./, '');
  const brand = facts.siteName || host;
  const context = [facts.title, facts.description].filter(Boolean).join('. ') || host.split('.')[0];
  const ads = await writeAds(ctx, {
    context,
    adPrompt: facts.description || null,
    brandName: brand,
    landingPage: input.landing_page,
    count,
  });
  const now = ctx.clock.now();
  const utm = parseUtm(c.utm_params_json);
  const rows = ads.map((a, i) =>
    unitRow(
      ctx,
      advertiserId,
      {
        name: `${brand} ${i + 1}: ${a.headline}`.slice(0, 200),
        headline: a.headline,
        ad_text: a.copy,
        cta: a.cta,
        landing_page: input.landing_page,
        context,
        brand_name: brand,
        utm_params: Object.keys(utm).length ? Object.entries(utm).map(([key, value]) => ({ key, value })) : null,
      },
      'generated',
      now,
    ),
  );
  await repo.insertAdUnits(ctx.db, rows);
  return rows.map(adUnitView);
}

/**
 * Link units to a campaign (inside the caller's transaction when there is
 * one). `add` keeps existing links, `replace` makes the set exactly `ids`;
 * duplicates are removed. Every unit must belong to the advertiser (404),
 * be unarchived and carry the submit-time fields (422). Units not yet
 * approved are marked for review; an approved campaign gaining one goes back
 * to review.
 */
export async function linkAdUnits(
  ctx: Ctx,
  advertiserId: string,
  campaign: CampaignTable,
  ids: string[],
  mode: 'add' | 'replace',
  field = 'ad_unit_ids',
): Promise<string[]> {
  const unique = [...new Set(ids)];
  return withTransaction(ctx, async (tx) => {
    const units = await repo.findAdUnits(tx.db, advertiserId, unique);
    const byId = new Map(units.map((u) => [u.id, u]));
    unique.forEach((id, i) => {
      const u = byId.get(id);
      if (!u) throw new NotFound(`ad unit ${id}`);
      if (u.is_archived === 1) throw Validation.field(`${field}.${i}`, `ad unit ${id} is archived`);
      const missing = SUBMIT_FIELDS.filter((k) => !u[k]);
      if (missing.length)
        throw Validation.field(
          `${field}.${i}`,
          `ad unit ${id} is missing ${missing.join(', ')} (required at submit time)`,
        );
    });
    const existing = (await repo.links(tx.db, [campaign.id])).map((l) => l.ad_unit_id);
    const existingSet = new Set(existing);
    const now = ctx.clock.now();
    if (mode === 'replace')
      await repo.deleteLinks(
        tx.db,
        campaign.id,
        existing.filter((id) => !unique.includes(id)),
      );
    const kept = mode === 'replace' ? existing.filter((id) => unique.includes(id)) : existing;
    const added = unique.filter((id) => !existingSet.has(id));
    let position = kept.length;
    await repo.insertLinks(
      tx.db,
      added.map((id) => ({
        campaign_id: campaign.id,
        ad_unit_id: id,
        advertiser_id: advertiserId,
        position: position++,
        created_at: now,
      })),
    );
    const unreviewed = unique.filter((id) => byId.get(id)!.review_status !== 'approved');
    await repo.updateAdUnits(tx.db, unreviewed, {
      review_status: 'pending',
      review_reason: null,
      status: 'active',
      updated_at: now,
    });
    await repo.updateAdUnits(
      tx.db,
      unique.filter((id) => byId.get(id)!.review_status === 'approved' && byId.get(id)!.status === 'draft'),
      { status: 'active', updated_at: now },
    );
    if (unreviewed.length) await resubmitIfApproved(tx, campaign);
    return [...kept, ...added];
  });
}

/**
 * Legacy ad units linked to an approved campaign send it back to review (spec
 * 2); its approved version keeps serving meanwhile (the units serve once approved).
 */
export async function resubmitIfApproved(ctx: Ctx, campaign: CampaignTable): Promise<void> {
  if (campaign.review_status !== 'approved') return;
  const now = ctx.clock.now();
  const set = { ...submitted(now, campaign.approved_json !== null), updated_at: now };
  await campaignsRepo.updateCampaign(ctx.db, campaign.id, set);
  Object.assign(campaign, set);
}

/** POST (add) or PUT (replace) the ad units of a campaign. */
export async function setCampaignAdUnits(
  ctx: Ctx,
  advertiserId: string,
  campaignId: string,
  ids: string[],
  mode: 'add' | 'replace',
) {
  const c = await requireCampaign(ctx, advertiserId, campaignId);
  if (c.is_archived === 1) throw new Conflict('Campaign is archived');
  if (mode === 'add' && ids.length === 0) throw Validation.field('ad_unit_ids', 'must not be empty');
  const linked = await linkAdUnits(ctx, advertiserId, c, ids, mode);
  invalidateDestinations(ctx);
  return {
    campaign_id: c.id,
    ad_unit_ids: linked,
    review_status: c.review_status,
    deployment_status: c.deployment_status,
  };
}

/** Toggle archived; unarchiving restores draft. Archived units stop serving but stay linked. */
export async function toggleArchiveAdUnit(ctx: Ctx, advertiserId: string, unitId: string) {
  const u = await repo.findAdUnit(ctx.db, advertiserId, unitId);
  if (!u) throw new NotFound('ad unit');
  const archive = u.is_archived !== 1;
  const status = archive ? 'archived' : 'draft';
  await repo.updateAdUnit(ctx.db, u.id, { is_archived: archive ? 1 : 0, status, updated_at: ctx.clock.now() });
  invalidateDestinations(ctx);
  return { ad_unit_id: u.id, is_archived: archive, status };
}

/** Linked unit ids per campaign, in link order. */
export async function linkedUnitIds(ctx: Ctx, campaignIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const l of await repo.links(ctx.db, campaignIds)) {
    const list = out.get(l.campaign_id) ?? [];
    list.push(l.ad_unit_id);
    out.set(l.campaign_id, list);
  }
  return out;
}

/** The operator's review decision reaches the campaign's pending units. */
export async function settlePendingUnits(
  ctx: Ctx,
  campaignId: string,
  decision: 'approved' | 'rejected',
  notes: string | null,
) {
  const ids = await repo.pendingUnitIdsOf(ctx.db, campaignId);
  await repo.updateAdUnits(ctx.db, ids, {
    review_status: decision,
    review_reason: decision === 'rejected' ? notes : null,
    updated_at: ctx.clock.now(),
  });
}

/** Approved, live units of servable campaigns (the serving inventory shows them as one-ad groups). */
export const servableUnits = (ctx: Ctx, campaignIds: string[]) => repo.servableUnits(ctx.db, campaignIds);
