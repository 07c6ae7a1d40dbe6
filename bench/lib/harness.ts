import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * Shared pieces of the foundation benchmarks: servers run as child processes
 * (so the load generator in this process does not share their event loop),
 * autocannon runs, medians and RSS readings.
 */
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

export interface Child {
  proc: ChildProcess;
  url: string;
  pid: number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function waitForLine(proc: ChildProcess, match: (line: string) => string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (b: Buffer) => {
      buf += b.toString();
      let i: number;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const hit = match(line);
        if (hit) {
          proc.stdout!.off('data', onData);
          proc.stdout!.resume();
          return resolve(hit);
        }
      }
    };
    proc.stdout!.on('data', onData);
    let err = '';
    proc.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    proc.once('exit', (code) => reject(new Error(`child exited (${code}) before it was ready: ${err}`)));
  });
}

function child(proc: ChildProcess, url: string): Child {
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return {
    proc,
    url,
    pid: proc.pid!,
    stop: async (signal = 'SIGTERM') => {
      proc.kill(signal);
      return exited;
    },
  };
}

/**
 * The baseline: a bare node:http server answering 200 with the same small JSON
 * body as /track/imp. With `readBody` it first reads each request's body to
 * its end (a POST baseline receiving the same bytes as the server measured).
 * For calibration (bench/work-budget.ts), `burnUs` spins the event loop that
 * many microseconds per request before answering (synchronous work, as a
 * decision is), and `answerBytes` pads the answer to about that size.
 */
export async function startBareServer(
  opts: { readBody?: boolean; burnUs?: number; answerBytes?: number } = {},
): Promise<Child> {
  const burnNs = Math.round((opts.burnUs ?? 0) * 1000);
  const pad = Math.max(0, (opts.answerBytes ?? 0) - 21);
  const code = `
    const http = require('node:http');
    const body = ${pad > 0 ? `JSON.stringify({ ok: true, pad: 'x'.repeat(${pad}) })` : `'{"ok":true}'`};
    const answer = (res) => {${burnNs > 0 ? ` const until = process.hrtime.bigint() + ${burnNs}n; while (process.hrtime.bigint() < until);` : ''}
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); };
    const s = http.createServer(${
      opts.readBody
        ? "(req, res) => { let n = 0; req.on('data', (c) => { n += c.length; }); req.on('end', () => answer(res)); }"
        : '(req, res) => answer(res)'
    });
    s.keepAliveTimeout = 72000;
    s.listen(0, '127.0.0.1', () => console.log('listening ' + s.address().port));`;
  const proc = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await waitForLine(proc, (l) => (l.startsWith('listening ') ? l.slice(10) : null));
  return child(proc, `http://127.0.0.1:${port}`);
}

/** Extra settings for the Orbit child from BENCH_ORBIT_ENV (JSON, e.g. '{"ORBIT_GROUP_COMMIT_WAIT_MS":"1"}'), to compare configurations. */
function benchOrbitEnv(): Record<string, string> {
  return process.env.BENCH_ORBIT_ENV ? (JSON.parse(process.env.BENCH_ORBIT_ENV) as Record<string, string>) : {};
}

/** The V8 flags the `orbit` command and `npm start` run the server with (bin/orbit.js, package.json); BENCH_NODE_ARGS come after, so they can override. */
export const ORBIT_NODE_FLAGS = ['--max-semi-space-size=64', '--no-parallel-scavenge'];

/** `orbit serve` on a data directory (or DATABASE_URL) as a child process, answering once listening. With ORBIT_STDOUT=file its stdout (logs, `--trace-gc` from BENCH_NODE_ARGS) is written there. */
export async function startOrbit(env: Record<string, string>): Promise<Child> {
  const nodeArgs = [...ORBIT_NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
      ...benchOrbitEnv(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForLine(proc, (l) => {
    if (!l.includes('orbit listening')) return null;
    return (JSON.parse(l) as { url: string }).url;
  });
  if (process.env.ORBIT_STDOUT) proc.stdout!.pipe(fs.createWriteStream(process.env.ORBIT_STDOUT));
  return child(proc, url);
}

/** A fresh directory under the system's temp dir, removed when the bench process exits (a decision bench leaves ~230 MB). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Answers by HTTP status (autocannon's statusCodeStats). */
  statusCodes: Record<string, number>;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ ...opts });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count?: number }).count ?? 0]),
    ),
  };
}

/** Answers of a load run that are neither 200 nor 204 (any other status, connection errors, timeouts). */
export const failedAnswers = (r: LoadResult): number =>
  r.errors + Object.entries(r.statusCodes).reduce((n, [code, c]) => (code === '200' || code === '204' ? n : n + c), 0);

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Resident set size of a process, in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Every descendant of a process (npm → sh → tsx → node …), from /proc. */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(d));
      children.set(ppid, list);
    } catch {
      /* process gone */
    }
  }
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc (10 ms ticks). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** CPU time of a process's main thread alone (the event loop), in ms: /proc/<pid>/task/<pid>/stat. */
export function mainThreadCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/**
 * Run a load and also report the server's CPU µs per answered request (all
 * threads, and the main thread alone): robust to other load on the machine.
 */
export async function loadWithCpu(
  pid: number,
  opts: autocannon.Options,
): Promise<LoadResult & { cpuUsPerReq: number; mainCpuUsPerReq: number }> {
  const c0 = cpuMs(pid);
  const m0 = mainThreadCpuMs(pid);
  const r = await load(opts);
  const n = Math.max(1, r.total);
  return {
    ...r,
    cpuUsPerReq: ((cpuMs(pid) - c0) * 1000) / n,
    mainCpuUsPerReq: ((mainThreadCpuMs(pid) - m0) * 1000) / n,
  };
}

/** One autocannon request whose path (and body) are fresh for every request sent. */
export function varying(method: 'GET' | 'POST', next: () => { path: string; body?: string }): autocannon.Request[] {
  return [{ method, setupRequest: (req: autocannon.Request) => ({ ...req, ...next() }) }];
}

/** Drops a bench's PostgreSQL schema (on DATABASE_URL); nothing without one. */
export async function dropBenchSchema(schema: string | undefined): Promise<void> {
  if (!schema || !process.env.DATABASE_URL) return;
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await c.end();
  }
}
