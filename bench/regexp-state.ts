/**
 * Does a running Orbit server compile its regexps unoptimised (V8 `TooMuchRegExpCode`, record 0048 round 3)?
 * Starts `orbit serve` as the benches do (bench/lib/harness.ts startOrbit, 10,000 groups × 50 ads) with
 * bench/lib/regexp-probe.mjs preloaded, then serves a mixed workload phase by phase, one request at a time,
 * each with a new last user turn: a 16-turn English control, every conversation of the development sets (team,
 * lang-dev, nearmiss-dev, adrel-dev, check-dev, check2-dev, check3-dev), 200-turn conversations, 100 KB
 * messages, 100,000 characters of mixed scripts. After each phase: a NEW regexp's time (~2 µs optimised,
 * ~22 µs not), the executable memory (V8's 16 MB condition) and the server's CPU per request of the phase.
 * Passes after the first show the steady state; compare servers with `--node-args` (e.g.
 * `--no-regexp-optimization`: every regexp unoptimised, `--no-regexp-tier-up`: no bytecode, so V8's 1 MB
 * condition is never met). Figures only; nothing is written to bench/results.
 *
 *   npx tsx bench/regexp-state.ts [--passes 2] [--node-args '--no-regexp-tier-up']
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeContext } from '../src/server.js';
import { cpuMs, fmt, mainThreadCpuMs, ROOT, startOrbit } from './lib/harness.js';
import { BENCH_UA, seedDecisionInventory, seededRandom } from './lib/decision-inventory.js';
import { langDevSet, loadSetDir, nearmissDevSet, teamSet } from './relevance/sets.js';

const { values } = parseArgs({
  options: { passes: { type: 'string', default: '2' }, 'node-args': { type: 'string', default: '' } },
});
const PASSES = Number(values.passes);
type Msg = { role: 'user' | 'assistant'; content: string };

const inv = await seedDecisionInventory({ groups: 10000, ads: 50, rand: seededRandom(42), prefix: 'orbit-regexp-' });
await closeContext(inv.ctx);
const probeOut = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-regexp-probe-')), 'probe.jsonl');
process.env.BENCH_NODE_ARGS = `${values['node-args']} --import ${path.join(ROOT, 'bench/lib/regexp-probe.mjs')}`;
process.env.BENCH_ORBIT_ENV = JSON.stringify({ REGEXP_PROBE_OUT: probeOut });
const orbit = await startOrbit(inv.env);

const REL = path.join(ROOT, 'bench/relevance');
const convs = (s: { conversations: { messages: Msg[] }[] }) => s.conversations.map((c) => c.messages);
const sets: [string, Msg[][]][] = [
  ['team', convs(teamSet())],
  ['lang-dev', convs(langDevSet())],
  ['nearmiss-dev', convs(nearmissDevSet())],
  ['dev', convs(loadSetDir(path.resolve(ROOT, '../shared/data/adrel-dev')))],
  ['check-dev', convs(loadSetDir(path.join(REL, 'check-dev')))],
  ['check2-dev', convs(loadSetDir(path.join(REL, 'check2-dev')))],
  ['check3-dev', convs(loadSetDir(path.join(REL, 'check3-dev')))],
];
const allText = sets.flatMap(([, cs]) => cs.flatMap((c) => c.map((m) => m.content)));
const SCRIPTS = [
  'кроссовки для марафона',
  '跑步鞋 马拉松 训练',
  'ランニングシューズを買いたい',
  '러닝화 추천해 주세요',
  'مرحبا كيف حالك أحذية الجري',
  'दौड़ने के जूते',
  'รองเท้าวิ่ง',
  'παπούτσια για τρέξιμο',
  'Laufschuhe für den Marathon',
  '🏃‍♀️👟💨',
  '😀😂🙏🔥✨',
  '∑∫√∞≠ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];

/** The conversation with its last user turn made new (the per-turn memos miss, as on real traffic). */
function withNewTurn(messages: Msg[], i: number): Msg[] {
  const out = messages.map((m) => ({ ...m }));
  const last = out.map((m) => m.role).lastIndexOf('user');
  if (last >= 0) out[last].content += ` (${i})`;
  return out;
}
function longConversation(i: number, n: number): Msg[] {
  const c = sets[0][1][i % sets[0][1].length];
  const turns = Array.from({ length: n }, (_, k): Msg => ({
    role: k % 2 === 0 ? 'user' : 'assistant',
    content: c[k % c.length].content,
  }));
  return withNewTurn(turns, i);
}
function hugeMessage(i: number): Msg[] {
  let s = '';
  for (let k = (i * 7) % allText.length; s.length < 99_000; k = (k + 1) % allText.length) s += `${allText[k]} `;
  return [{ role: 'user', content: `${s.slice(0, 99_000)} (${i})` }];
}
function mixedScripts(i: number): Msg[] {
  const r = seededRandom(1000 + i);
  const parts: string[] = [];
  for (let n = 0; n < 99_000;) {
    const p = SCRIPTS[Math.floor(r() * SCRIPTS.length)];
    parts.push(p);
    n += p.length + 1;
  }
  return [{ role: 'user', content: `${parts.join(' ')} running shoes? (${i})` }];
}

let session = 0;
async function send(messages: Msg[]): Promise<number> {
  const res = await fetch(`${orbit.url}/api/v1/ad`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${inv.publisherKey}`,
      'user-agent': BENCH_UA,
    },
    body: JSON.stringify({
      messages,
      sessionId: `regexp-${session++}`,
      placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** The probe's reading of the server's isolate now. */
async function probe(): Promise<{ probeUs: number; executableMb: number }> {
  const lines = () =>
    fs.existsSync(probeOut) ? fs.readFileSync(probeOut, 'utf8').trim().split('\n').filter(Boolean) : [];
  const before = lines().length;
  process.kill(orbit.pid, 'SIGUSR2');
  for (;;) {
    await new Promise((r) => setTimeout(r, 20));
    const now = lines();
    if (now.length > before) return JSON.parse(now.at(-1)!) as { probeUs: number; executableMb: number };
  }
}

const steady = { cpuMs: 0, loopMs: 0, requests: 0 };
async function phase(pass: number, label: string, bodies: Msg[][]): Promise<void> {
  const statuses: Record<string, number> = {};
  const c0 = cpuMs(orbit.pid);
  const m0 = mainThreadCpuMs(orbit.pid);
  for (const b of bodies) {
    const s = await send(b);
    statuses[s] = (statuses[s] ?? 0) + 1;
  }
  const cpu = cpuMs(orbit.pid) - c0;
  const loop = mainThreadCpuMs(orbit.pid) - m0;
  if (pass > 1)
    Object.assign(steady, {
      cpuMs: steady.cpuMs + cpu,
      loopMs: steady.loopMs + loop,
      requests: steady.requests + bodies.length,
    });
  const p = await probe();
  console.log(
    [
      `pass ${pass} ${label}`.padEnd(26),
      `${bodies.length}`.padStart(4),
      Object.entries(statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')
        .padEnd(16),
      `CPU ${fmt((cpu * 1000) / bodies.length, 0)} µs/req (event loop ${fmt((loop * 1000) / bodies.length, 0)})`.padEnd(
        38,
      ),
      `new regexp ${p.probeUs} µs`.padEnd(20),
      `executable ${p.executableMb} MB`,
    ].join(' | '),
  );
}

const start = await probe();
console.log(`after start: new regexp ${start.probeUs} µs | executable ${start.executableMb} MB`);
for (let pass = 1; pass <= PASSES; pass++) {
  const k = pass * 1000;
  await phase(
    pass,
    'control 16 turns',
    Array.from({ length: 200 }, (_, i) => longConversation(i + k, 16)),
  );
  for (const [name, cs] of sets)
    await phase(
      pass,
      name,
      cs.map((c, i) => withNewTurn(c, i + k)),
    );
  await phase(
    pass,
    '200 turns',
    Array.from({ length: 50 }, (_, i) => longConversation(i + k, 200)),
  );
  await phase(
    pass,
    '100 KB message',
    Array.from({ length: 50 }, (_, i) => hugeMessage(i + k)),
  );
  await phase(
    pass,
    'mixed scripts 100k',
    Array.from({ length: 50 }, (_, i) => mixedScripts(i + k)),
  );
}
if (steady.requests > 0)
  console.log(
    `passes 2..${PASSES} (${steady.requests} requests): CPU ${fmt((steady.cpuMs * 1000) / steady.requests, 0)} µs/req, event loop ${fmt((steady.loopMs * 1000) / steady.requests, 0)} µs/req; node args '${values['node-args']}'; load ${os
      .loadavg()
      .map((x) => fmt(x, 1))
      .join(' ')}`,
  );
await orbit.stop();
fs.rmSync(path.dirname(probeOut), { recursive: true, force: true });
