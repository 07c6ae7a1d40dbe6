import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/server.js';
import * as accounts from '../../src/modules/accounts/service.js';
import { createPlacement } from '../../src/modules/placements/service.js';
import { createApprovedCampaign, type SeedGroup } from '../../src/modules/campaigns/seed.js';
import { loadDataset } from '../relevance/dataset.js';
import { tempDir } from './harness.js';

/**
 * The decision benches' inventory (bench/decision-latency.ts,
 * bench/ad-request-bad-input.ts): `groups` active ad groups of `ads` ads each,
 * 10 groups per campaign over 200 advertisers. Each group takes the context of
 * one of the labelled set's 86 ad groups (so ~116 groups compete on every
 * topic at 10,000) plus two random extra words and its own brand; one
 * publisher with a `below_response` placement (`Chat-Below`).
 */
export const GROUPS_PER_CAMPAIGN = 10;
export const BENCH_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** A seeded pseudo-random generator in [0, 1] (the same sequence on every run). */
export function seededRandom(seed = 42): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/**
 * A conversation with its last user turn made new (a number appended): the per-turn memos miss on it, as they do for
 * the turn a real conversation adds with each request (earlier turns are re-sent and hit).
 */
export function withNewLastTurn<R extends string>(
  messages: readonly { role: R; content: string }[],
  n: number,
): { role: R; content: string }[] {
  const out = messages.slice();
  let k = out.length - 1;
  while (k > 0 && out[k].role !== 'user') k--;
  out[k] = { role: out[k].role, content: `${out[k].content} (${n})` };
  return out;
}

export interface DecisionInventory {
  dataDir: string;
  publisherId: string;
  publisherKey: string;
  /** The environment `startOrbit` serves this inventory with. */
  env: Record<string, string>;
  /** The config the seeding context was made with. */
  config: ReturnType<typeof loadConfig>;
  /** The seeding context, still open. */
  ctx: Awaited<ReturnType<typeof createContext>>;
}

/**
 * Seeds the inventory into a fresh data directory through the services (as
 * the public API would) and returns what a bench needs to serve it, with the
 * seeding context still open (for in-process measurements; the caller closes
 * it before a server is started on the same data).
 */
export async function seedDecisionInventory(opts: {
  groups: number;
  ads: number;
  rand: () => number;
  prefix: string;
  semanticWeight?: number;
}): Promise<DecisionInventory> {
  const { groups: GROUPS, ads: ADS, rand } = opts;
  const { groups: templates } = loadDataset();
  const vocabulary = [...new Set(templates.flatMap((g) => g.context.split(/[,\s]+/).filter((w) => w.length > 3)))];
  const dataDir = tempDir(opts.prefix);
  const env: Record<string, string> = {
    ORBIT_DATA_DIR: dataDir,
    ORBIT_INVENTORY_REFRESH_MS: '600000',
    // The rate limit on (its check is part of every request), set above these benches' one-key rate.
    ORBIT_AD_RATE_LIMIT: '10000000',
    ORBIT_SQLITE_SYNC: 'NORMAL',
  };
  // A given semantic weight is set for both the in-process context and the spawned server; unset: the configured default.
  const { semanticWeight } = opts;
  if (semanticWeight !== undefined) env.ORBIT_SEMANTIC_WEIGHT = String(semanticWeight);
  const config = loadConfig(
    {
      dataDir,
      logLevel: 'silent',
      sqliteSync: 'NORMAL',
      adRateLimitPerSecond: 0,
      ...(semanticWeight !== undefined ? { semanticWeight } : {}),
    },
    {},
  );
  const ctx = await createContext(config);

  console.log(`seeding ${GROUPS} ad groups × ${ADS} ads …`);
  const t0 = Date.now();
  const pub = await accounts.createPublisher(ctx, { name: 'Bench Publisher', url: 'https://chat.example.com' });
  await createPlacement(ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
  const advertisers: string[] = [];
  for (let i = 0; i < 200; i++) {
    const a = await accounts.createAdvertiser(ctx, { name: `Bench Advertiser ${i}`, hasPaymentMethod: true });
    advertisers.push(a.advertiser.id);
  }
  for (let c = 0; c * GROUPS_PER_CAMPAIGN < GROUPS; c++) {
    const groups: SeedGroup[] = [];
    for (let k = 0; k < GROUPS_PER_CAMPAIGN && c * GROUPS_PER_CAMPAIGN + k < GROUPS; k++) {
      const n = c * GROUPS_PER_CAMPAIGN + k;
      const t = templates[n % templates.length];
      const extra = `${vocabulary[Math.floor(rand() * vocabulary.length)]}, ${vocabulary[Math.floor(rand() * vocabulary.length)]}`;
      groups.push({
        name: `${t.name} ${n}`,
        context: `${t.context}, ${extra}, brand${n}`,
        negative_context: t.negative ?? undefined,
        brand_name: `Brand ${n}`,
        max_cpc: rand() < 0.5 ? Math.round((0.2 + rand() * 1.8) * 100) / 100 : undefined,
        ads: Array.from({ length: ADS }, (_, i) => ({
          headline: `${t.name} offer ${i}`,
          copy: `Brand ${n}: ${t.context.split(',')[0]} — variant ${i}.`,
          cta: 'Learn more',
        })),
      });
    }
    await createApprovedCampaign(ctx, advertisers[c % advertisers.length], {
      name: `Bench campaign ${c}`,
      landing_page: `https://adv${c}.example.com/`,
      daily_budget: 100_000,
      max_cpm: Math.round((2 + rand() * 13) * 100) / 100,
      groups,
    });
  }
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { dataDir, publisherId: pub.publisher.id, publisherKey: pub.apiKey, env, config, ctx };
}
