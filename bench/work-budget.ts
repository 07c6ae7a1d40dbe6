/**
 * How much synchronous work per request a throughput target leaves, on this
 * machine, against the bare baseline of bench/decision-latency.ts.
 *
 *   npx tsx bench/work-budget.ts [--burns 0,20,40,60,80,100,120] [--rounds 2] [--seconds 5] [--connections 8] [--target 0.25]
 *
 * In one run, round by round: the bare `node:http` server that reads each
 * POST body (the decisioning bench's baseline), then the same server spinning
 * its event loop B µs per request before answering ~1.5 KB (an ad answer's
 * size), for each B — all driven by the same autocannon load as the
 * decisioning bench (its labelled conversations as bodies, 8 connections).
 * The ratio of each to bare, and the B at which the ratio crosses the target
 * (linear between the two levels around it), is the work budget: what any
 * server on node:http may spend per request beyond bare HTTP and still meet
 * "≥ target × bare" here. bench/decision-latency.ts prints Orbit's own
 * event-loop CPU per request to hold against it.
 */
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { loadDataset } from './relevance/evaluate.js';
import { fmt, loadWithCpu, median, startBareServer } from './lib/harness.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: {
    burns: { type: 'string', default: '0,20,40,60,80,100,120' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    target: { type: 'string', default: '0.25' },
  },
});
const BURNS = values.burns.split(',').map(Number);
if (BURNS.some((b) => !Number.isFinite(b) || b < 0))
  throw new Error(`--burns: non-negative microseconds, comma separated (got ${values.burns})`);
const ROUNDS = Number(values.rounds);
const TARGET = Number(values.target);
const ANSWER_BYTES = 1500;

const { conversations } = loadDataset();
const bodies = conversations.map((c) =>
  JSON.stringify({
    messages: c.messages,
    sessionId: '__SID__',
    placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
  }),
);
let sid = 0;
const loadOf = (url: string): autocannon.Options => ({
  url: `${url}/api/v1/ad`,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  method: 'POST',
  headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
  requests: [
    {
      method: 'POST',
      setupRequest: (req: autocannon.Request) => {
        const i = sid++;
        return { ...req, body: bodies[i % bodies.length].replace('__SID__', `s${i}`) };
      },
    },
  ],
});

async function measure(opts: Parameters<typeof startBareServer>[0]) {
  const server = await startBareServer(opts);
  try {
    return await loadWithCpu(server.pid, loadOf(server.url));
  } finally {
    await server.stop();
  }
}

const bareRps: number[] = [];
const byBurn = new Map<number, { rps: number[]; main: number[]; p99: number[] }>(
  BURNS.map((b) => [b, { rps: [], main: [], p99: [] }]),
);
for (let r = 0; r < ROUNDS; r++) {
  const bare = await measure({ readBody: true });
  bareRps.push(bare.rps);
  console.log(`round ${r + 1}: bare ${fmt(bare.rps, 0)} req/s, main thread ${fmt(bare.mainCpuUsPerReq, 0)} µs/req`);
  for (const burn of BURNS) {
    const m = await measure({ readBody: true, burnUs: burn, answerBytes: ANSWER_BYTES });
    const row = byBurn.get(burn)!;
    row.rps.push(m.rps);
    row.main.push(m.mainCpuUsPerReq);
    row.p99.push(m.p99);
    console.log(
      `  burn ${burn} µs: ${fmt(m.rps, 0)} req/s, main thread ${fmt(m.mainCpuUsPerReq, 0)} µs/req (${fmt(m.mainCpuUsPerReq - burn, 0)} beyond the burn), p99 ${m.p99} ms; ratio ${fmt(m.rps / bare.rps, 3)}`,
    );
  }
}

const bare = median(bareRps);
console.log(`\nmedian of ${ROUNDS}: bare ${fmt(bare, 0)} req/s`);
const points = BURNS.map((b) => ({
  burn: b,
  ratio: median(byBurn.get(b)!.rps) / bare,
  main: median(byBurn.get(b)!.main),
}));
for (const p of points)
  console.log(`  burn ${p.burn} µs: ratio ${fmt(p.ratio, 3)}, main thread ${fmt(p.main, 0)} µs/req`);
// The burn where the ratio crosses the target, between the last level above it and the first below it.
const k = points.findIndex((p) => p.ratio < TARGET);
if (k <= 0)
  console.log(
    k === 0
      ? `ratio below ${TARGET} even at burn ${points[0].burn} µs`
      : `ratio ≥ ${TARGET} at every burn up to ${points.at(-1)!.burn} µs`,
  );
else {
  const a = points[k - 1];
  const b = points[k];
  const at = (t: number, x: 'burn' | 'main') => a[x] + ((a.ratio - t) / (a.ratio - b.ratio)) * (b[x] - a[x]);
  console.log(
    `work budget at ratio ${TARGET}: ~${fmt(at(TARGET, 'burn'), 0)} µs of synchronous work per request beyond bare HTTP (event loop ~${fmt(at(TARGET, 'main'), 0)} µs/req in all)`,
  );
  writeResult(
    'work-budget',
    {
      budget: {
        label: `synchronous work per request that ${TARGET} × bare leaves beyond bare HTTP`,
        unit: 'µs',
        value: at(TARGET, 'burn'),
        note: `The event loop then spends ~${fmt(at(TARGET, 'main'), 0)} µs per request in all.`,
      },
    },
    { variant: TARGET !== 0.25 && `target-${TARGET}` },
  );
}
