import type { Ctx } from '../context.js';
import * as accounts from '../modules/accounts/service.js';
import { createPlacement } from '../modules/placements/service.js';
import { createApprovedCampaign, type SeedGroup } from '../modules/campaigns/seed.js';

/**
 * The demo world of `npm start`: one publisher (an AI chat app) with three
 * placements, one advertiser with credits and a live, approved campaign whose
 * ad groups cover several everyday topics. Seeded once; each start mints
 * fresh demo keys (the old ones are revoked: keys are stored only as hashes,
 * so they cannot be shown again).
 */
export const DEMO_PUBLISHER = 'Orbit Demo Chat';
export const DEMO_ADVERTISER = 'Orbit Demo Advertiser';
export const DEMO_PLACEMENT = 'Chat Below';

export const DEMO_GROUPS: SeedGroup[] = [
  {
    name: 'Running shoes',
    context:
      'running shoes sneakers trainers marathon jogging runner trail running 5k 10k half marathon cushioning stability',
    negative_context: 'injury fracture surgery',
    landing_page: 'https://stride.example.com/running',
    brand_name: 'Stride',
    ads: [
      {
        headline: 'Stride Cloud 3 — light, cushioned runners',
        copy: 'Built for long miles: 220 g, responsive foam, free 30-day test runs.',
        cta: 'Shop running shoes',
      },
      {
        headline: 'Train for your first marathon',
        copy: 'Stride shoes plus a free 16-week plan. Find your fit in two minutes.',
        cta: 'Find my fit',
      },
    ],
  },
  {
    name: 'Project management',
    context: 'project management task tracking kanban sprint roadmap team collaboration jira asana deadlines planning',
    landing_page: 'https://planwise.example.com',
    brand_name: 'Planwise',
    ads: [
      {
        headline: 'Planwise: roadmaps your team will actually update',
        copy: 'Kanban, sprints and roadmaps in one place. Free for teams up to 10.',
        cta: 'Start free',
      },
    ],
  },
  {
    name: 'Cloud hosting',
    context: 'deploy hosting server cloud vps kubernetes docker database postgres backend api scaling serverless',
    landing_page: 'https://nimbus.example.com/deploy',
    brand_name: 'Nimbus Cloud',
    ads: [
      {
        headline: 'Deploy from git in 60 seconds',
        copy: 'Nimbus runs your containers, Postgres and cron jobs with zero config. $5 free credit.',
        cta: 'Deploy now',
      },
      {
        headline: 'Managed Postgres that scales with you',
        copy: 'Backups, replicas and point-in-time restore included. Start on the free tier.',
        cta: 'Try Nimbus',
      },
    ],
  },
  {
    name: 'Language learning',
    context:
      'learn spanish french german japanese italian language learning vocabulary grammar fluency speaking practice lessons',
    landing_page: 'https://lingua.example.com',
    brand_name: 'Lingua',
    ads: [
      {
        headline: 'Speak Spanish in 3 months',
        copy: '15-minute daily lessons with real conversations and instant feedback.',
        cta: 'Start learning',
      },
    ],
  },
  {
    name: 'Home coffee',
    context: 'coffee espresso beans grinder latte cappuccino brew pour over french press barista roast',
    landing_page: 'https://roastery.example.com',
    brand_name: 'Little Roastery',
    ads: [
      {
        headline: 'Fresh-roasted beans, delivered weekly',
        copy: 'Single-origin coffee roasted to order. Your first bag is half price.',
        cta: 'Get beans',
      },
    ],
  },
  {
    name: 'Travel',
    context: 'travel flight hotel vacation trip booking itinerary weekend getaway beach city break europe japan',
    landing_page: 'https://wander.example.com',
    brand_name: 'Wander',
    ads: [
      {
        headline: 'Plan the whole trip in one place',
        copy: 'Flights, stays and day-by-day plans — price alerts included.',
        cta: 'Plan my trip',
      },
    ],
  },
];

export interface DemoKeys {
  publisherId: string;
  advertiserId: string;
  publisherKey: string;
  advertiserKey: string;
  placementId: string;
  seeded: boolean;
}

export async function ensureDemo(ctx: Ctx): Promise<DemoKeys> {
  const pubs = await accounts.listPublishers(ctx);
  const advs = await accounts.listAdvertisers(ctx);
  let publisher = pubs.find((p) => p.name === DEMO_PUBLISHER);
  let advertiser = advs.find((a) => a.name === DEMO_ADVERTISER);
  let seeded = false;
  if (!publisher || !advertiser) {
    publisher = (
      await accounts.createPublisher(ctx, {
        name: DEMO_PUBLISHER,
        url: 'https://chat.example.com',
        indexApproved: true,
      })
    ).publisher;
    await createPlacement(ctx, publisher.id, {
      name: DEMO_PLACEMENT,
      placement_type: 'below_response',
      framework: 'react',
    });
    await createPlacement(ctx, publisher.id, { name: 'Chat Inline', placement_type: 'inline_response' });
    await createPlacement(ctx, publisher.id, { name: 'Sidebar', placement_type: 'right_page', device: 'desktop' });
    advertiser = (
      await accounts.createAdvertiser(ctx, {
        name: DEMO_ADVERTISER,
        email: 'ads@advertiser.example.com',
        hasPaymentMethod: true,
      })
    ).advertiser;
    await accounts.addCredits(ctx, { advertiserId: advertiser.id, amountDollars: 1000, note: 'demo credits' });
    await createApprovedCampaign(ctx, advertiser.id, {
      name: 'Demo: everyday helpers',
      landing_page: 'https://advertiser.example.com',
      daily_budget: 200,
      max_cpc: 0.8,
      groups: DEMO_GROUPS,
    });
    seeded = true;
  }
  for (const id of [publisher.id, advertiser.id]) await accounts.revokeLabelledKeys(ctx, id, 'demo');
  const pk = await accounts.createApiKey(ctx, { accountId: publisher.id, kind: 'pub', label: 'demo' });
  const ak = await accounts.createApiKey(ctx, { accountId: advertiser.id, kind: 'adv', label: 'demo' });
  return {
    publisherId: publisher.id,
    advertiserId: advertiser.id,
    publisherKey: pk.key,
    advertiserKey: ak.key,
    placementId: 'Chat-Below',
    seeded,
  };
}

export function demoBanner(url: string, k: DemoKeys, adminToken: string): string {
  const body = JSON.stringify({
    messages: [
      { role: 'user', content: 'I am training for my first half marathon, which running shoes should I get?' },
    ],
    sessionId: 'demo-session-1',
    placements: [{ placement: 'below_response', placement_id: k.placementId }],
  });
  const pick = (field: string) => `"$(node -p 'require("/tmp/orbit-ad.json")[0].${field}')"`;
  return [
    '',
    `Orbit is running at ${url}${k.seeded ? ' (demo data seeded)' : ''}`,
    '',
    `  Publisher key   ${k.publisherKey}`,
    `  Advertiser key  ${k.advertiserKey}`,
    `  Admin token     ${adminToken.slice(0, 14)}… (full value in the data directory's secrets.json)`,
    `  API docs        ${url}/docs     Metrics ${url}/metrics`,
    '',
    'Try it (copy-paste, in order):',
    '',
    '# 1. request an ad for a conversation',
    `curl -s ${url}/api/v1/ad -H 'Authorization: Bearer ${k.publisherKey}' -H 'content-type: application/json' -d '${body}' | tee /tmp/orbit-ad.json`,
    '',
    '# 2. fire its impression',
    `curl -s ${pick('impUrl')} -A 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0'`,
    '',
    '# 3. follow its click (302 to the landing page with grclid, grcpid, grpuid, gradid, grsig)',
    `curl -si ${pick('clickUrl')} -A 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' | grep -i '^location'`,
    '',
  ].join('\n');
}
