/**
 * What a cache miss costs on the two hot lookups src/caches.ts keeps short
 * without an invalidation channel (issue 26): `accounts.authenticate` (every
 * ad request) and `campaigns.adDestination` (every click). Each is timed
 * served from its cache (the baseline, same run) and with the cache emptied
 * before every call (a read of storage), wall time per call. With a 1 s TTL
 * an instance reads each key or ad at most once a second, so it adds at most
 * one such read per distinct key (or clicked ad) per second.
 *
 *   npx tsx bench/cache-ttl.ts [--calls 20000] [--rounds 3]
 *   (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { adDestination } from '../src/modules/campaigns/service.js';
import { createApprovedCampaign } from '../src/modules/campaigns/seed.js';
import { invalidate } from '../src/caches.js';
import { randomBase62 } from '../src/lib/ids.js';
import { median } from './lib/harness.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '3' } },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const pgUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-cache-'));
const schema = `bench_${randomBase62(8).toLowerCase()}`;
const config = loadConfig(
  { dataDir, logLevel: 'silent', ...(pgUrl ? { databaseUrl: pgUrl, databaseSchema: schema } : {}) },
  {},
);
const ctx = await createContext(config);

const pub = await accounts.createPublisher(ctx, { name: 'Bench pub' });
const adv = await accounts.createAdvertiser(ctx, { name: 'Bench adv', hasPaymentMethod: true });
await createApprovedCampaign(ctx, adv.advertiser.id, {
  name: 'Bench',
  landing_page: 'https://bench.example.com/',
  daily_budget: 100,
  groups: [{ name: 'g', context: 'bench', ads: [{ headline: 'h', copy: 'c', cta: 'go' }] }],
});
const adId = (await ctx.db.selectFrom('ads').select('id').executeTakeFirstOrThrow()).id;

/** µs per call, `miss`: the cache emptied before each call. */
async function time(call: () => Promise<unknown>, forget: () => void, miss: boolean): Promise<number> {
  await call();
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    if (miss) forget();
    await call();
  }
  return ((performance.now() - t0) * 1000) / CALLS;
}

const lookups = {
  auth: { call: () => accounts.authenticate(ctx, pub.apiKey, 'pub'), forget: () => invalidate(ctx, 'apiKeys') },
  destination: { call: () => adDestination(ctx, adId), forget: () => invalidate(ctx, 'destinations') },
};
const out: Record<string, { hit: number[]; miss: number[] }> = {
  auth: { hit: [], miss: [] },
  destination: { hit: [], miss: [] },
};
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, l] of Object.entries(lookups)) {
    out[name].hit.push(await time(l.call, l.forget, false));
    out[name].miss.push(await time(l.call, l.forget, true));
    console.log(
      `round ${r + 1} ${name}: cached ${out[name].hit.at(-1)!.toFixed(2)} µs, uncached ${out[name].miss.at(-1)!.toFixed(2)} µs per call`,
    );
  }
}
await closeContext(ctx);
if (pgUrl) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}
fs.rmSync(dataDir, { recursive: true, force: true });

const metric = (name: string, label: string) => {
  const miss = median(out[name].miss);
  const hit = median(out[name].hit);
  // Wall time per call (PostgreSQL: mostly the round trip, not this process's CPU).
  console.log(
    `${label}: uncached ${miss.toFixed(1)} µs vs cached ${hit.toFixed(2)} µs per call; at a 1 s TTL an instance makes one such read per distinct ${name === 'auth' ? 'key' : 'ad'} a second`,
  );
  return {
    label,
    unit: 'µs',
    value: miss,
    runs: out[name].miss,
    baseline: hit,
    baselineLabel: 'served from the cache',
    digits: 1,
  };
};
writeResult(
  'cache-ttl',
  {
    auth_miss: metric('auth', 'accounts.authenticate, cache emptied before each call'),
    destination_miss: metric('destination', 'campaigns.adDestination, cache emptied before each call'),
  },
  { variant: [pgUrl && 'postgres'] },
);
