/**
 * POST /api/v1/ad at a fixed 200 requests/s with 1,000 active ads (100
 * campaigns × 10 ad groups, demo-like contexts), varied conversations; p99
 * latency against a bare node:http server answering the same POSTs at the
 * same rate in the same run. Load from the open-loop paced generator
 * (bench/lib/paced.ts: latency from each request's scheduled time), not
 * autocannon's bursty `overallRate`.
 *
 *   npx tsx bench/ad-request.ts [--rounds 3] [--seconds 10] [--rate 200] [--connections 16]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createPlacement } from '../src/modules/placements/service.js';
import { createApprovedCampaign, type SeedGroup } from '../src/modules/campaigns/seed.js';
import { cpuMs, fmt, median, startBareServer, startOrbit, tempDir } from './lib/harness.js';
import { pacedInChild, type PacedRequest, type PacedResult } from './lib/paced.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '16' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const CONNECTIONS = Number(values.connections);

const TOPICS: [string, string][] = [
  ['running', 'running shoes sneakers trainers marathon jogging trail 5k 10k cushioning'],
  ['projects', 'project management task tracking kanban sprint roadmap deadlines planning'],
  ['hosting', 'deploy hosting server cloud vps kubernetes docker database postgres serverless'],
  ['languages', 'learn spanish french german japanese vocabulary grammar fluency lessons'],
  ['coffee', 'coffee espresso beans grinder latte cappuccino pour over roast barista'],
  ['travel', 'flights hotels travel vacation booking itinerary beach city break passport'],
  ['fitness', 'gym workout strength training protein muscle yoga stretching cardio'],
  ['finance', 'budget savings investing index funds retirement credit card mortgage'],
  ['cooking', 'recipes dinner meal prep vegetarian pasta baking oven spices kitchen'],
  ['gaming', 'video games console pc gaming graphics card headset controller fps rpg'],
];
const EXTRA = 'premium affordable best rated beginner professional fast quality new classic eco portable'.split(' ');

const dataDir = tempDir('orbit-bench-ad-');
const ctx = await createContext(loadConfig({ dataDir, logLevel: 'silent' }, {}));
const pub = await accounts.createPublisher(ctx, { name: 'Bench Chat', url: 'https://chat.example' });
await createPlacement(ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
const t0 = performance.now();
for (let c = 0; c < 100; c++) {
  const adv = await accounts.createAdvertiser(ctx, { name: `Advertiser ${c}`, hasPaymentMethod: true });
  await accounts.addCredits(ctx, { advertiserId: adv.advertiser.id, amountDollars: 10_000 });
  const groups: SeedGroup[] = Array.from({ length: 10 }, (_, g) => {
    const [topic, words] = TOPICS[(c + g) % TOPICS.length];
    const extra = [EXTRA[(c * 7 + g) % EXTRA.length], EXTRA[(c + g * 3) % EXTRA.length]].join(' ');
    return {
      name: `${topic} ${c}-${g}`,
      context: `${words} ${extra}`,
      landing_page: `https://brand${c}.example.com/${topic}`,
      brand_name: `Brand ${c}`,
      max_cpc: 0.2 + ((c * 13 + g * 7) % 80) / 100,
      ads: [{ headline: `Brand ${c} ${topic} ${g}`, copy: `The ${extra} choice for ${topic}.`, cta: 'Learn more' }],
    };
  });
  await createApprovedCampaign(ctx, adv.advertiser.id, {
    name: `Campaign ${c}`,
    landing_page: `https://brand${c}.example.com/`,
    daily_budget: 100_000,
    groups,
  });
}
const seeded = Number(
  (
    await ctx.db
      .selectFrom('ads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
console.log(`seeded ${seeded} ads in ${fmt((performance.now() - t0) / 1000)} s`);
await closeContext(ctx);

const QUESTIONS = [
  'What should I look for in {w}?',
  'Can you compare options for {w} under a small budget?',
  'I am new to {w}, where do I start?',
  'Any tips about {w} for this weekend?',
];
let n = 0;
function body(): string {
  const i = n++;
  const [, words] = TOPICS[i % TOPICS.length];
  const w = words
    .split(' ')
    .slice(i % 5, (i % 5) + 3)
    .join(' ');
  const offTopic = i % 7 === 0; // some conversations match nothing
  return JSON.stringify({
    messages: [
      { role: 'user', content: 'Hi! I have a question.' },
      { role: 'assistant', content: 'Sure, how can I help?' },
      {
        role: 'user',
        content: offTopic
          ? 'What is the capital of Mongolia and how old is it?'
          : QUESTIONS[i % QUESTIONS.length].replace('{w}', w),
      },
    ],
    sessionId: `bench-${i % 500}`,
    placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
  });
}
const headers = {
  'content-type': 'application/json',
  authorization: `Bearer ${pub.apiKey}`,
  'user-agent': 'Mozilla/5.0 Chrome/124.0',
};
// Enough distinct bodies for a whole run (the paced generator wraps around its list).
const requests: PacedRequest[] = Array.from({ length: Math.max(1000, RATE * (SECONDS + 3)) }, () => ({
  method: 'POST',
  path: '/api/v1/ad',
  body: body(),
  headers,
}));

const bare: PacedResult[] = [];
const orbit: (PacedResult & { cpuUsPerReq: number })[] = [];
let fills = 0;
for (let round = 1; round <= ROUNDS; round++) {
  const b = await startBareServer();
  bare.push(await pacedInChild({ url: b.url, rate: RATE, seconds: SECONDS, connections: CONNECTIONS, requests }));
  await b.stop();
  const o = await startOrbit({
    ORBIT_DATA_DIR: dataDir,
    ORBIT_INVENTORY_REFRESH_MS: '600000',
    ...(process.env.ORBIT_SQLITE_CHECKPOINT_MS
      ? { ORBIT_SQLITE_CHECKPOINT_MS: process.env.ORBIT_SQLITE_CHECKPOINT_MS }
      : {}),
  });
  await pacedInChild({ url: o.url, rate: RATE, seconds: 3, connections: CONNECTIONS, requests }); // warm-up
  const c0 = cpuMs(o.pid);
  const r = await pacedInChild({ url: o.url, rate: RATE, seconds: SECONDS, connections: CONNECTIONS, requests });
  const cpuUsPerReq = ((cpuMs(o.pid) - c0) * 1000) / Math.max(1, r.completed);
  orbit.push({ ...r, cpuUsPerReq });
  await o.stop();
  console.log(
    `round ${round}: bare p99 ${bare.at(-1)!.p99} ms | orbit ${fmt(r.rps, 0)} req/s p50 ${r.p50} ms p90 ${r.p90} ms p99 ${r.p99} ms max ${r.max} ms, ${fmt(cpuUsPerReq / 1000, 2)} ms CPU/req (2xx ${r.ok}, non-2xx ${r.non2xx}, errors ${r.errors})`,
  );
  fills += r.ok;
}
const ctx2 = await createContext(loadConfig({ dataDir, logLevel: 'silent' }, {}));
const served = Number(
  (
    await ctx2.db
      .selectFrom('ad_serves')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
await closeContext(ctx2);
console.log(`\n${seeded} active ads, ${RATE} req/s, ${CONNECTIONS} connections, ${SECONDS} s runs, ${ROUNDS} rounds`);
console.log(`bare node:http p99 median ${median(bare.map((r) => r.p99))} ms`);
console.log(
  `orbit POST /api/v1/ad p99 median ${median(orbit.map((r) => r.p99))} ms (target ≤ 10 ms); p50 ${median(orbit.map((r) => r.p50))} ms`,
);
console.log(`orbit server CPU per ad request: median ${fmt(median(orbit.map((r) => r.cpuUsPerReq)) / 1000, 2)} ms`);
console.log(`answers 2xx ${fills}; ads served and recorded ${served}`);
writeResult(
  'ad-request',
  {
    p99: {
      label: `p99 at ${RATE} req/s, ${seeded.toLocaleString('en-US')} active ads`,
      unit: 'ms',
      value: median(orbit.map((r) => r.p99)),
      runs: orbit.map((r) => r.p99),
      baseline: median(bare.map((r) => r.p99)),
      baselineLabel: 'bare node:http, same POSTs and rate',
    },
  },
  { variant: [RATE !== 200 && `rate-${RATE}`, CONNECTIONS !== 16 && `connections-${CONNECTIONS}`] },
);
