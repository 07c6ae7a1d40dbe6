import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config, type ConfigInput } from '../src/config.js';
import { startServer, createContext, closeContext, type RunningServer, type ContextOptions } from '../src/server.js';
import type { Ctx } from '../src/context.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createPlacement } from '../src/modules/placements/service.js';
import { createApprovedCampaign, type SeedCampaign } from '../src/modules/campaigns/seed.js';
import { randomBase62 } from '../src/lib/ids.js';
import { journalStore } from '../src/modules/tracking/repo.js';
import type { RollupRow } from '../src/modules/ledger/rollup.js';

export { waitFor } from './wait.js';

/**
 * Test isolation: every test server gets its own storage — a fresh SQLite
 * directory, or (when the project runs with TEST_DATABASE_URL) its own
 * PostgreSQL schema — and its own Redis key prefix. Nothing is shared.
 */
export const BACKEND: 'sqlite' | 'postgres' = process.env.ORBIT_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

export function testConfig(overrides: ConfigInput = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-test-'));
  const id = randomBase62(10).toLowerCase();
  // Invalid-traffic rules that judge by time or by volume are off unless a test turns them on (src/modules/ivt/): tests click
  // at once, many times, from 127.0.0.1. What the request itself tells (bots, prefetch) and clicks without an impression stay on.
  const base: ConfigInput = {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    inventoryRefreshMs: 60_000,
    adRateLimitPerSecond: 0,
    ivtMinClickDelayMs: 0,
    ivtIpClicksPerMinute: 0,
    ivtUserClicksPerMinute: 0,
    ivtDuplicateClickMs: 0,
    ivtPublisherMaxCtr: 1,
    authFailuresPerMinute: 0,
    // Pacing allows the whole day's budget at any hour, so no test depends on the time of day it runs at
    // (at 00:15 UTC even pacing allows ~3 % of a day's budget). Pacing's own tests set it back with a fixed clock.
    pacingAheadHours: 24,
  };
  if (BACKEND === 'postgres') {
    base.databaseUrl = process.env.TEST_DATABASE_URL;
    base.databaseSchema = `t_${id}`;
  }
  if (process.env.TEST_REDIS_URL) {
    base.redisUrl = process.env.TEST_REDIS_URL;
    base.redisPrefix = `orbit-test:${id}:`;
  }
  return loadConfig({ ...base, ...overrides }, {});
}

/** Remove a test's storage (its PostgreSQL schema or its SQLite directory). */
export async function dropStorage(config: Config): Promise<void> {
  if (config.databaseUrl && config.databaseSchema) {
    const c = new pg.Client({ connectionString: config.databaseUrl });
    await c.connect();
    try {
      await c.query(`DROP SCHEMA IF EXISTS ${config.databaseSchema} CASCADE`);
    } finally {
      await c.end();
    }
  }
  fs.rmSync(config.dataDir, { recursive: true, force: true });
}

/** Write rollup deltas as every writer does (with their scope and lifetime mirrors), in one journal commit. */
export async function recordRollups(ctx: Ctx, rows: RollupRow[]): Promise<void> {
  await journalStore(ctx.database).commit({ requests: [], serves: [], events: [], rollups: rows });
}

export interface TestServer extends RunningServer {
  config: Config;
  stop(): Promise<void>;
}

export async function startTestServer(overrides: ConfigInput = {}, opts: ContextOptions = {}): Promise<TestServer> {
  const config = testConfig(overrides);
  const server = await startServer(config, opts);
  return {
    ...server,
    config,
    stop: async () => {
      await server.close();
      await dropStorage(config);
    },
  };
}

/** Runs the `orbit` command (bin/orbit.js) against a test config's storage; resolves with its exit code and output. */
export function runOrbit(config: Config, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ORBIT_DATA_DIR: config.dataDir,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.databaseSchema ? { DATABASE_SCHEMA: config.databaseSchema } : {}),
  };
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/orbit.js', ...args], { env }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

export async function testContext(
  overrides: ConfigInput = {},
  opts: ContextOptions = {},
): Promise<{ ctx: Ctx; stop(): Promise<void> }> {
  const config = testConfig(overrides);
  const ctx = await createContext(config, opts);
  return {
    ctx,
    stop: async () => {
      await closeContext(ctx);
      await dropStorage(config);
    },
  };
}

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export interface World {
  publisherId: string;
  publisherKey: string;
  advertiserId: string;
  advertiserKey: string;
  campaignId: string;
  placementId: string;
}

export const RUNNING_CAMPAIGN: SeedCampaign = {
  name: 'Runners',
  landing_page: 'https://shoes.example.com/',
  daily_budget: 100,
  max_cpc: 0.5,
  groups: [
    {
      name: 'Running shoes',
      context: 'running shoes marathon trainers jogging',
      landing_page: 'https://shoes.example.com/run',
      brand_name: 'Stride',
      ads: [{ headline: 'Stride Cloud', copy: 'Light, cushioned running shoes for long miles.', cta: 'Shop now' }],
    },
  ],
};

/** A fresh publisher (with placement "Chat-Below"), advertiser (with credits) and live campaign. */
export async function seedWorld(ctx: Ctx, campaign: SeedCampaign = RUNNING_CAMPAIGN): Promise<World> {
  const pub = await accounts.createPublisher(ctx, { name: `Pub ${randomBase62(6)}`, url: 'https://chat.example.com' });
  await createPlacement(ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
  const adv = await accounts.createAdvertiser(ctx, { name: `Adv ${randomBase62(6)}`, hasPaymentMethod: true });
  await accounts.addCredits(ctx, { advertiserId: adv.advertiser.id, amountDollars: 500 });
  const campaignId = await createApprovedCampaign(ctx, adv.advertiser.id, campaign);
  await ctx.inventory.rebuild();
  return {
    publisherId: pub.publisher.id,
    publisherKey: pub.apiKey,
    advertiserId: adv.advertiser.id,
    advertiserKey: adv.apiKey,
    campaignId,
    placementId: 'Chat-Below',
  };
}

export function adRequestBody(
  content = 'Which running shoes should I buy for my first marathon?',
  extra: Record<string, unknown> = {},
) {
  return {
    messages: [{ role: 'user', content }],
    sessionId: `s-${randomBase62(8)}`,
    placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
    ...extra,
  };
}

export async function requestAd(url: string, key: string, body: unknown = adRequestBody()): Promise<Response> {
  return fetch(`${url}/api/v1/ad`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    body: JSON.stringify(body),
  });
}
