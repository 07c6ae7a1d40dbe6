import type { Ctx } from '../../src/context.js';
import * as accounts from '../../src/modules/accounts/service.js';
import { createPlacement } from '../../src/modules/placements/service.js';
import { createApprovedCampaign, type SeedCampaign } from '../../src/modules/campaigns/seed.js';
import { requestAds, type AdResult } from '../../src/modules/serving/service.js';
import type { AdRequestBody } from '../../src/modules/serving/schemas.js';
import type { Principal } from '../../src/modules/accounts/service.js';
import { randomBase62 } from '../../src/lib/ids.js';
import { BROWSER_UA } from '../helpers.js';

/** Decision tests call the serving service directly (fast, clock-controlled) on their own storage. */
export interface Pub {
  id: string;
  principal: Principal;
}

export async function publisher(
  ctx: Ctx,
  placements: { name: string; type?: string; device?: string; maxChars?: number }[] = [{ name: 'Chat Below' }],
): Promise<Pub> {
  const pub = await accounts.createPublisher(ctx, { name: `Pub ${randomBase62(6)}`, url: 'https://chat.example.com' });
  for (const p of placements) {
    await createPlacement(ctx, pub.publisher.id, {
      name: p.name,
      placement_type: (p.type ?? 'below_response') as 'below_response',
      ...(p.device ? { device: p.device as 'all' } : {}),
      ...(p.maxChars ? { display_config: { max_ad_text_chars: p.maxChars } } : {}),
    });
  }
  return { id: pub.publisher.id, principal: { kind: 'pub', accountId: pub.publisher.id, keyId: 'test' } };
}

export async function advertiserWith(
  ctx: Ctx,
  ...campaigns: SeedCampaign[]
): Promise<{ advertiserId: string; campaignIds: string[] }> {
  const adv = await accounts.createAdvertiser(ctx, { name: `Adv ${randomBase62(6)}`, hasPaymentMethod: true });
  await accounts.addCredits(ctx, { advertiserId: adv.advertiser.id, amountDollars: 1000 });
  const campaignIds: string[] = [];
  for (const c of campaigns) campaignIds.push(await createApprovedCampaign(ctx, adv.advertiser.id, c));
  return { advertiserId: adv.advertiser.id, campaignIds };
}

export function campaign(
  name: string,
  context: string,
  opts: Partial<SeedCampaign> & { negative?: string; ads?: number; copy?: string } = {},
): SeedCampaign {
  const { negative, ads = 2, copy, ...rest } = opts;
  return {
    name,
    landing_page: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com/`,
    daily_budget: 100,
    max_cpm: rest.max_cpc ? undefined : 10,
    groups: [
      {
        name,
        context,
        negative_context: negative,
        brand_name: name,
        ads: Array.from({ length: ads }, (_, i) => ({
          headline: `${name} ${i + 1}`,
          copy: copy ?? `${name}: the right choice for ${context.split(',')[0]}. Offer ${i + 1}.`,
          cta: 'Learn more',
        })),
      },
    ],
    ...rest,
  };
}

export function body(
  text: string | { role: 'user' | 'assistant'; content: string }[],
  extra: Partial<AdRequestBody> = {},
): AdRequestBody {
  return {
    messages: typeof text === 'string' ? [{ role: 'user', content: text }] : text,
    sessionId: `s-${randomBase62(10)}`,
    placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
    ...extra,
  };
}

export function ask(
  ctx: Ctx,
  pub: Pub,
  b: AdRequestBody,
  opts: { random?: () => number; ip?: string } = {},
): Promise<AdResult> {
  return requestAds(ctx, pub.principal, b, { ip: opts.ip ?? '127.0.0.1', ua: BROWSER_UA }, { random: opts.random });
}

/** A deterministic random source (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Noon UTC on a fixed day: pacing allows about half the budget by then. */
export const NOON = Date.UTC(2026, 5, 10, 12, 0, 0);
