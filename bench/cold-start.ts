/**
 * Cold start of `npm start` on an existing data directory (seeded by a first
 * start), until the demo banner says ready; then the server's idle RSS. The
 * baseline is the same launcher (`npm exec node`) starting a bare node:http
 * server, in the same run.
 *
 *   npx tsx bench/cold-start.ts [--rounds 3] [--idle-seconds 5]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { descendants, fmt, median, ROOT, rssMb, sleep, tempDir } from './lib/harness.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, 'idle-seconds': { type: 'string', default: '5' } },
});
const ROUNDS = Number(values.rounds);
const IDLE_S = Number(values['idle-seconds']);

interface Started {
  proc: ChildProcess;
  ms: number;
  url: string;
}

/** Spawn a command in its own process group and wait for a line matching `ready`; the URL comes from `urlOf`. */
function start(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  urlOf: RegExp,
): Promise<Started> {
  const t0 = performance.now();
  const proc = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let url = '';
    proc.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      url ||= urlOf.exec(out)?.[1] ?? '';
      if (ready.test(out) && url) resolve({ proc, ms: performance.now() - t0, url });
    });
    proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    proc.once('exit', (code) => reject(new Error(`exited (${code}) before ready:\n${out}`)));
  });
}

async function stop(s: Started): Promise<void> {
  const exited = new Promise((r) => s.proc.once('exit', r));
  process.kill(-s.proc.pid!, 'SIGTERM');
  await exited;
  await sleep(300);
}

const dataDir = tempDir('orbit-bench-cold-');
const env = { ORBIT_DATA_DIR: dataDir, PORT: '0' };
const npm = 'npm';
const demo = () => start(npm, ['start', '--silent'], env, /ready in \d+ ms/, /(http:\/\/127\.0\.0\.1:\d+)/);

const baselineFile = path.join(dataDir, 'bare-server.mjs');
fs.writeFileSync(
  baselineFile,
  `import http from 'node:http';\nconst s = http.createServer((_q, r) => r.end('ok'));\ns.listen(0, '127.0.0.1', () => console.log('bare ready http://127.0.0.1:' + s.address().port));\nprocess.on('SIGTERM', () => s.close(() => process.exit(0)));\n`,
);
const bare = () =>
  start(npm, ['exec', '--silent', '--', 'node', baselineFile], {}, /bare ready/, /(http:\/\/127\.0\.0\.1:\d+)/);

// First start seeds the demo world: not measured.
const first = await demo();
console.log(`first start (seeds the demo) ${fmt(first.ms, 0)} ms`);
await stop(first);

const orbitMs: number[] = [];
const bareMs: number[] = [];
const serverRss: number[] = [];
const treeRss: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const b = await bare();
  bareMs.push(b.ms);
  await stop(b);

  const o = await demo();
  orbitMs.push(o.ms);
  const health = await fetch(`${o.url}/health`);
  if (health.status !== 200) throw new Error(`/health answered ${health.status}`);
  await sleep(IDLE_S * 1000);
  const pids = descendants(o.proc.pid!);
  const server = pids.find((p) => {
    try {
      // The server process: node running the bundled CLI (not the `sh -c` that npm starts it with).
      const argv = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      return path.basename(argv[0]) === 'node' && argv.some((a) => a.endsWith('dist/server/bin/cli.js'));
    } catch {
      return false;
    }
  });
  const rss = server ? rssMb(server) : NaN;
  const tree = [o.proc.pid!, ...pids].reduce((a, p) => a + (fs.existsSync(`/proc/${p}`) ? rssMb(p) : 0), 0);
  serverRss.push(rss);
  treeRss.push(tree);
  await stop(o);
  console.log(
    `round ${round}: npm start ready ${fmt(o.ms, 0)} ms | bare baseline ${fmt(b.ms, 0)} ms | server RSS idle ${fmt(rss, 0)} MB (npm + server ${fmt(tree, 0)} MB)`,
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\ncold start of npm start on an existing data dir: median ${fmt(median(orbitMs), 0)} ms (target ≤ 2000 ms); baseline npm exec node + bare http ${fmt(median(bareMs), 0)} ms`,
);
console.log(
  `server RSS after ${IDLE_S} s idle: median ${fmt(median(serverRss), 0)} MB (target ≤ 150 MB); whole npm process tree ${fmt(median(treeRss), 0)} MB`,
);
writeResult('cold-start', {
  ready: {
    label: '`npm start` ready, existing data dir',
    unit: 'ms',
    value: median(orbitMs),
    runs: orbitMs,
    baseline: median(bareMs),
    baselineLabel: '`npm exec node` + bare node:http',
  },
  idle_rss: { label: `server RSS after ${IDLE_S} s idle`, unit: 'MB', value: median(serverRss), runs: serverRss },
});
