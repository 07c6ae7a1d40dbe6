// Preloaded into a bench's Orbit child (`--import ./bench/lib/regexp-probe.mjs`, bench/regexp-state.ts): on
// SIGUSR2 it appends one JSON line to $REGEXP_PROBE_OUT with the state of V8's regexp compiler in this isolate.
// V8 compiles a NEW regexp without optimisation once the isolate has generated > 1 MB of regexp code (bytecode
// sizes count in full, each native compile ~88 bytes on Node 20) AND holds > 16 MB of executable memory
// (`TooMuchRegExpCode`, never reset). The probe times a fresh 30-word alternation on 2,000 characters:
// ~2 µs when compiled optimised, ~22 µs when not (`node --no-regexp-optimization`), on the 2-core bench machine.
import fs from 'node:fs';
import process from 'node:process';
import { setInterval } from 'node:timers';
import v8 from 'node:v8';

const WORDS = [
  'suicide',
  'overdose',
  'firearm',
  'explosive',
  'terrorist',
  'massacre',
  'genocide',
  'kidnap',
  'ransom',
  'extortion',
  'narcotics',
  'heroin',
  'cocaine',
  'methamphetamine',
  'fentanyl',
  'pornography',
  'escort',
  'gambling',
  'casino',
  'weapon',
  'ammunition',
  'grenade',
  'molotov',
  'beheading',
  'torture',
  'lynching',
  'slaughter',
  'assassinate',
  'bomb',
  'detonate',
];
const TEXT =
  'I was thinking about planning a weekend trip with my family, maybe somewhere near the coast where the kids can swim and we can have a quiet dinner. '
    .repeat(14)
    .slice(0, 2000);
let serial = 0;

/** Median µs of a regexp compiled now (a source never seen before), after its tier-up to native code. */
export function probeUs(reps = 200) {
  serial++;
  const re = new RegExp(`\\b(?:${WORDS.join('|')}|zq${process.pid}x${serial})\\b`, 'i');
  re.test(TEXT);
  re.test(TEXT);
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t = process.hrtime.bigint();
    re.test(TEXT);
    times.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

/** Executable memory (code space + code large-object space, committed), MB: V8's second condition. */
export function executableMb() {
  const s = Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, x.space_size]));
  return +((s.code_space + s.code_large_object_space) / 1048576).toFixed(2);
}

// Workers load the preload too; only the main thread (the event loop that decides) answers. With
// $REGEXP_PROBE_EVERY_MS it also writes a line that often, e.g. inside another bench's server (BENCH_NODE_ARGS,
// BENCH_ORBIT_ENV).
const out = process.env.REGEXP_PROBE_OUT;
const reading = () => JSON.stringify({ at: Date.now(), probeUs: +probeUs().toFixed(1), executableMb: executableMb() });
if (out && (await import('node:worker_threads')).isMainThread) {
  process.on('SIGUSR2', () => fs.appendFileSync(out, `${reading()}\n`));
  const every = Number(process.env.REGEXP_PROBE_EVERY_MS ?? 0);
  if (every > 0) setInterval(() => fs.appendFileSync(out, `${reading()}\n`), every).unref();
}
