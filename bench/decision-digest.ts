/**
 * A digest of decisions, to show that a speed change decides exactly as before (record 0047): the development sets'
 * conversations (team, adrel-dev, lang-dev, nearmiss-dev, check-dev, check2-dev, check3-dev; never a held-out set)
 * through `requestAds` in-process against the decision benches' inventory (bench/lib/decision-inventory.ts), each
 * as sent, then twice with a new last user turn (a number appended, as bench/decision-latency.ts does), then re-sent
 * as sent (the per-turn memos' hits). Each decision's record (safety verdict, floor, candidates with relevance, score
 * and price, filtered groups and counts, no-ad reason) and its ads, without the request id and time, are hashed in
 * order; run it on two trees and compare the digests.
 *
 *   npx tsx bench/decision-digest.ts [--groups 10000] [--ads 5] [--verbose]
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { closeContext } from '../src/server.js';
import { explainDecision, requestAds } from '../src/modules/serving/service.js';
import { mulberry32 } from '../src/lib/random.js';
import { langDevSet, loadSetDir, nearmissDevSet, teamSet, type LabelledSet } from './relevance/sets.js';
import { BENCH_UA as UA, seedDecisionInventory, seededRandom, withNewLastTurn } from './lib/decision-inventory.js';

const { values } = parseArgs({
  options: {
    groups: { type: 'string', default: '10000' },
    ads: { type: 'string', default: '5' },
    verbose: { type: 'boolean', default: false },
  },
});
const HERE = path.dirname(fileURLToPath(import.meta.url));
// Development sets only (the held-out ones are never read here).
const sets: LabelledSet[] = [
  teamSet(),
  loadSetDir(path.resolve(HERE, '../../shared/data/adrel-dev')),
  langDevSet(),
  nearmissDevSet(),
  loadSetDir(path.join(HERE, 'relevance/check-dev')),
  loadSetDir(path.join(HERE, 'relevance/check2-dev')),
  loadSetDir(path.join(HERE, 'relevance/check3-dev')),
];
const inv = await seedDecisionInventory({
  groups: Number(values.groups),
  ads: Number(values.ads),
  rand: seededRandom(42),
  prefix: 'orbit-bench-digest-',
});
const { ctx } = inv;
await ctx.inventory.rebuild();
// Ids are made afresh by each seeding: each is named by its group's position in the snapshot instead.
const names = new Map<string, string>();
for (const g of (await ctx.inventory.current()).groups) {
  names.set(g.id, `g${g.idx}`);
  if (!names.has(g.campaignId)) names.set(g.campaignId, `c${g.idx}`);
  if (!names.has(g.advertiserId)) names.set(g.advertiserId, `a${g.idx}`);
}
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const stable = (line: string) => line.replace(UUID, (id) => names.get(id) ?? 'id?');
const who = { kind: 'pub' as const, accountId: inv.publisherId, keyId: 'bench' };
const random = mulberry32(7);
type Message = { role: 'user' | 'assistant'; content: string };

const total = createHash('sha256');
let calls = 0;
let served = 0;
for (const set of sets) {
  const h = createHash('sha256');
  const passes: ((m: Message[]) => Message[])[] = [
    (m) => m,
    (m) => withNewLastTurn(m, 1000 + calls),
    (m) => withNewLastTurn(m, 2000 + calls),
    (m) => m,
  ];
  for (const pass of passes) {
    for (const c of set.conversations) {
      const body = {
        messages: pass(c.messages),
        sessionId: `digest-${calls}`,
        placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
        ...(c.excludedTopics ? { excludedTopics: c.excludedTopics } : {}),
      };
      const r = await requestAds(
        ctx,
        who,
        body as Parameters<typeof requestAds>[2],
        { ip: '203.0.113.7', ua: UA },
        {
          random,
        },
      );
      const { requestId: _id, at: _at, ...record } = explainDecision(ctx, r.requestId);
      const ads = r.ads.map((a) => {
        const { impUrl: _i, clickUrl: _c, ...rest } = a;
        return rest;
      });
      const line = stable(JSON.stringify({ record, ads }));
      h.update(line);
      total.update(line);
      if (values.verbose) console.log(`${set.name}\t${c.id}\t${line}`);
      calls++;
      if (r.ads.length) served++;
    }
  }
  console.log(`${set.name}: ${set.conversations.length} conversations × 4, digest ${h.digest('hex').slice(0, 16)}`);
}
console.log(`${calls} decisions (${served} with an ad), digest ${total.digest('hex').slice(0, 16)}`);
await closeContext(ctx);
