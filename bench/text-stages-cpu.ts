/**
 * The text stages of a decision alone (reading the turns, brand safety's offline stage, the query with its turn
 * vectors, the frames), on the labelled set's conversations with a new (or re-sent) last user turn: no inventory,
 * ranking, sealing or record lane, so an instruction count of them moves with their code only (record 0047 round 20;
 * `bench/decision-cpu.ts` counts a whole request, whose count moves ±10-20 % with GC phases, optimising compiles and
 * the record lane's commits). Under callgrind, like decision-cpu.ts (the main thread's `-01` file; warm past the
 * per-turn memos' first generation change, which deoptimises their readers once):
 *
 *   valgrind --tool=callgrind --smc-check=all-non-file --instr-atstart=no --separate-threads=yes \
 *     node --single-threaded --import tsx bench/text-stages-cpu.ts --callgrind [--warm 12000] [--calls 3000] [--resent]
 *     [--stage all|read|safety|query|frames]
 *
 * Without `--callgrind`: main-thread CPU per call (µs); `--profile FILE` writes an inspector CPU profile of the
 * measured calls.
 */
import { parseArgs } from 'node:util';
import { readConversation } from '../src/lib/turns.js';
import { assessOffline } from '../src/modules/safety/service.js';
import { conversationQuery } from '../src/modules/serving/relevance.js';
import { lastTurnFrame } from '../src/modules/serving/frames.js';
import { noNeedOf } from '../src/modules/serving/frames-no-need.js';
import { vectorOfTurn } from '../src/modules/serving/turn-terms.js';
import { wordTable } from '../src/modules/serving/word-vectors.js';
import { loadDataset } from './relevance/evaluate.js';
import { mainThreadCpuMs } from './lib/harness.js';
import { openMeasuredWindow } from './lib/measured-window.js';
import { seededRandom, withNewLastTurn } from './lib/decision-inventory.js';

const { values } = parseArgs({
  options: {
    warm: { type: 'string', default: '12000' },
    calls: { type: 'string', default: '3000' },
    resent: { type: 'boolean', default: false },
    callgrind: { type: 'boolean', default: false },
    stage: { type: 'string', default: 'all' },
    profile: { type: 'string' },
  },
});
const rand = seededRandom(42);
const { conversations } = loadDataset();
const msgs = conversations.map((c) => c.messages).sort(() => rand() - 0.5);
const st = values.stage;
const one = (i: number) => {
  const b = msgs[i % msgs.length];
  const conv = readConversation(values.resent ? b : withNewLastTurn(b, i));
  if (st === 'read') return;
  if (st === 'all' || st === 'safety') assessOffline(conv);
  if (st === 'all' || st === 'query') {
    const q = conversationQuery(conv);
    for (const t of q.turns) vectorOfTurn(t.terms, wordTable().dims);
  }
  if (st === 'all' || st === 'frames') {
    lastTurnFrame(conv, true);
    noNeedOf(conv, false);
  }
};
const WARM = Number(values.warm);
const CALLS = Number(values.calls);
for (let i = 0; i < WARM; i++) one(i);
const close = await openMeasuredWindow({ callgrind: values.callgrind, profile: values.profile, intervalUs: 25 });
const m0 = mainThreadCpuMs(process.pid);
for (let i = WARM; i < WARM + CALLS; i++) one(i);
const us = ((mainThreadCpuMs(process.pid) - m0) * 1000) / CALLS;
await close();
console.log(`${values.resent ? 're-sent' : 'new'} ${st}: ${CALLS} calls, ${us.toFixed(2)} µs a call`);
