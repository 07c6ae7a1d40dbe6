/**
 * The decision's CPU per call with a new last user turn (or re-sent), in-process, for instruction counts (record 0047
 * round 19): seeds the decision benches' inventory (bench/lib/decision-inventory.ts), warms up, then calls
 * `requestAds` `--calls` times as bench/decision-latency.ts's in-process part does. Under callgrind the run starts
 * uninstrumented and this script switches instrumentation on and off around the measured calls (`callgrind_control
 * -i`), so the count is the calls' alone; the main thread's count is the `-01` file's `totals`:
 *
 *   valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no --separate-threads=yes \
 *     node --single-threaded --import tsx bench/decision-cpu.ts --callgrind [--groups 10000] [--ads 5] [--warm 3000]
 *     [--calls 400] [--resent]
 *
 * A whole request's count moves by ±10-20 % from run to run: garbage collections, optimising compiles and the record
 * lane's commits land in the window or not (round 19); compare the JIT-code and builtin shares, or a stage's own loop.
 * Without `--callgrind`: main-thread CPU per call (µs) printed; `--profile FILE` writes a CPU profile of the measured calls,
 * `--heap-profile FILE` a sampling heap profile of what they allocate (bench/lib/heap-profile-summary.ts reads it).
 */
import { parseArgs } from 'node:util';
import { closeContext } from '../src/server.js';
import { requestAds } from '../src/modules/serving/service.js';
import { loadDataset } from './relevance/evaluate.js';
import { mainThreadCpuMs } from './lib/harness.js';
import { openMeasuredWindow } from './lib/measured-window.js';
import { BENCH_UA as UA, seedDecisionInventory, seededRandom, withNewLastTurn } from './lib/decision-inventory.js';

const { values } = parseArgs({
  options: {
    groups: { type: 'string', default: '10000' },
    ads: { type: 'string', default: '5' },
    warm: { type: 'string', default: '3000' },
    calls: { type: 'string', default: '2000' },
    resent: { type: 'boolean', default: false },
    callgrind: { type: 'boolean', default: false },
    profile: { type: 'string' },
    'heap-profile': { type: 'string' },
  },
});
const rand = seededRandom(42);
const { conversations } = loadDataset();
const inv = await seedDecisionInventory({
  groups: Number(values.groups),
  ads: Number(values.ads),
  rand,
  prefix: 'orbit-bench-cpu-',
});
const { ctx } = inv;
await ctx.inventory.rebuild();
const who = { kind: 'pub' as const, accountId: inv.publisherId, keyId: 'bench' };
type Body = Parameters<typeof requestAds>[2];
const parsed: Body[] = conversations
  .map((c) => ({ messages: c.messages, placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }] }))
  .sort(() => rand() - 0.5) as unknown as Body[];
const bodyOf = (i: number): Body => {
  const b = parsed[i % parsed.length];
  return { ...b, messages: values.resent ? b.messages : withNewLastTurn(b.messages, i), sessionId: `cpu-${i}` };
};
const run = async (from: number, n: number) => {
  for (let i = from; i < from + n; i++) await requestAds(ctx, who, bodyOf(i), { ip: '203.0.113.7', ua: UA });
};
const WARM = Number(values.warm);
const CALLS = Number(values.calls);
await run(0, WARM);
const close = await openMeasuredWindow({
  callgrind: values.callgrind,
  profile: values.profile,
  heapProfile: values['heap-profile'],
  intervalUs: 100,
});
const m0 = mainThreadCpuMs(process.pid);
await run(WARM, CALLS);
const us = ((mainThreadCpuMs(process.pid) - m0) * 1000) / CALLS;
await close();
console.log(
  `${values.resent ? 're-sent' : 'new last turn'}: ${CALLS} calls, main-thread CPU ${us.toFixed(1)} µs a call`,
);
await closeContext(ctx);
