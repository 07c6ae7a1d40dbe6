/**
 * An open-loop load generator for latency at a fixed rate.
 *
 * autocannon's `overallRate` is closed-loop per connection and bursty (each
 * connection sends its whole per-second quota at the start of each second),
 * and its coordinated-omission correction then multiplies the delays: a bare
 * node:http server shows p99 ≈ 22 ms at 200 req/s over 16 connections. Here
 * request i is *scheduled* at start + i / rate, sent on an idle keep-alive
 * connection (or queued until one frees up), and its latency is measured from
 * its scheduled time, so a server that falls behind is charged for the wait
 * (no coordinated omission). Requests are released by a clock thread that
 * wakes the generator every 0.25 ms (Node's own timers fire at best every
 * ~1 ms, which added ~0.9 ms to every latency measured), so arrivals come in
 * 0.25 ms groups; run the same schedule against a bare server for the floor.
 *
 * Run it in its own process (`pacedInChild`) so the measuring event loop is
 * not the one holding the bench's data:
 *   npx tsx bench/lib/paced.ts --url http://127.0.0.1:3000 --rate 5000 --seconds 10 --connections 64 --file requests.jsonl
 * where each line of the file is {"method","path","body"?,"headers"?} (used in turn, wrapping around).
 */
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';

/** How often the release clock wakes the generator (ms): arrivals come in groups this far apart. */
const TICK_MS = 0.25;

export interface PacedRequest {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface PacedResult {
  rate: number;
  sent: number;
  completed: number;
  ok: number;
  non2xx: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Achieved completions per second. */
  rps: number;
  /** Measured responses by HTTP status ("200": 1234, "204": 56, …). */
  statuses: Record<string, number>;
}

interface Conn {
  socket: net.Socket;
  /** Bytes received and not yet parsed: `buf` from `off`. */
  buf: Buffer;
  off: number;
  /** Index of the request in flight on this connection, or -1. */
  current: number;
}

function encode(r: PacedRequest, host: string): Buffer {
  const body = r.body ?? '';
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [k, v] of Object.entries(r.headers ?? {})) lines.push(`${k}: ${v}`);
  if (body || r.method === 'POST') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LENGTH_NAMES = [Buffer.from('\r\ncontent-length:'), Buffer.from('\r\nContent-Length:')];
/** Status of the response `responseEnd` last measured. */
let lastStatus = 0;

/**
 * End offset of the complete response starting at `from` in buf (status,
 * headers, content-length body), or -1; its status in `lastStatus`. Reads the
 * bytes in place: the generator allocates next to nothing per response, so
 * its own GC (whose helper threads take the server's cores) stays out of the
 * measured run.
 */
function responseEnd(buf: Buffer, from: number): number {
  const end = buf.indexOf(HEAD_END, from);
  if (end < 0) return -1;
  lastStatus = (buf[from + 9] - 48) * 100 + (buf[from + 10] - 48) * 10 + (buf[from + 11] - 48);
  let bodyLen = -1;
  for (const name of LENGTH_NAMES) {
    const at = buf.indexOf(name, from);
    if (at < 0 || at > end) continue;
    bodyLen = 0;
    for (let i = at + name.length; i < end; i++) {
      const c = buf[i];
      if (c >= 48 && c <= 57) bodyLen = bodyLen * 10 + (c - 48);
      else if (c !== 32 && c !== 9) break;
    }
    break;
  }
  if (bodyLen < 0) {
    const head = buf.toString('latin1', from, end);
    if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const term = buf.indexOf('0\r\n\r\n', end + 4);
      return term < 0 ? -1 : term + 5;
    }
    bodyLen = 0;
  }
  const total = end + 4 + bodyLen;
  return buf.length >= total ? total : -1;
}

const pct = (sorted: Float64Array, p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export interface PacedOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  requests: PacedRequest[];
  /**
   * Seconds sent at the same rate before the measured ones and not counted:
   * the generator's and the server's code paths are warm when measuring
   * starts (a freshly started process answers its first ~100 ms slowly).
   */
  warmupSeconds?: number;
}

export async function runPaced(opts: PacedOptions): Promise<PacedResult> {
  const u = new URL(opts.url);
  const host = u.host;
  // All requests in one buffer: the generator holds no per-request objects
  // while it measures (its own GC pauses would be charged to the server).
  const parts = opts.requests.map((r) => encode(r, host));
  const offsets = new Int32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) offsets[i + 1] = offsets[i] + parts[i].length;
  const wire = Buffer.concat(parts);
  const n = parts.length;
  parts.length = 0;
  const encoded = (i: number) => wire.subarray(offsets[i % n], offsets[(i % n) + 1]);
  const warm = Math.floor(opts.rate * (opts.warmupSeconds ?? 0));
  const total = warm + Math.floor(opts.rate * opts.seconds);
  const latencies = new Float64Array(total);
  // PACED_TRACE=file: each measured request's scheduled time (ms after the start) and latency, for a timeline of the slow ones.
  const trace = process.env.PACED_TRACE ? new Float64Array(total) : null;
  let completed = 0;
  let measured = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const byStatus = new Int32Array(600);
  const conns: Conn[] = [];
  const idle: Conn[] = [];
  // Requests are released in index order and queue in that order while every connection is busy:
  // those below `released` are due, those below `dispatched` are sent.
  let released = 0;
  let dispatched = 0;
  const scheduledAt = (i: number) => start + (i / opts.rate) * 1000;
  const drain = () => {
    while (dispatched < released && idle.length > 0) {
      const c = idle.pop()!;
      c.current = dispatched;
      c.socket.write(encoded(dispatched++));
    }
  };

  const connect = () =>
    new Promise<Conn>((resolve, reject) => {
      const socket = net.connect(Number(u.port), u.hostname);
      socket.setNoDelay(true);
      const c: Conn = { socket, buf: Buffer.alloc(0), off: 0, current: -1 };
      socket.once('connect', () => resolve(c));
      socket.once('error', reject);
      socket.on('data', (d: Buffer) => {
        if (c.off < c.buf.length) {
          c.buf = Buffer.concat([c.buf.subarray(c.off), d]);
          c.off = 0;
        } else {
          c.buf = d;
          c.off = 0;
        }
        for (;;) {
          if (c.current < 0) break;
          const endAt = responseEnd(c.buf, c.off);
          if (endAt < 0) break;
          c.off = endAt;
          completed++;
          const index = c.current;
          if (index >= warm) {
            const scheduled = scheduledAt(index);
            if (trace) trace[measured] = scheduled - start;
            latencies[measured++] = performance.now() - scheduled;
            if (lastStatus >= 200 && lastStatus < 300) ok++;
            else non2xx++;
            byStatus[lastStatus >= 0 && lastStatus < 600 ? lastStatus : 0]++;
          }
          c.current = -1;
          idle.push(c);
          drain();
        }
      });
    });
  for (let i = 0; i < opts.connections; i++) conns.push(await connect());
  for (const c of conns) {
    idle.push(c);
    c.socket.on('error', () => {
      errors++;
    });
  }

  // What preparing left behind is collected now, not during the measured run (the CLI child runs with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const start = performance.now() + 5;
  // The release clock: a thread that sleeps TICK_MS at a time (a futex wait,
  // sub-millisecond) and wakes this loop, which sends every request due by
  // then. Node's own timers fire at best every ~1 ms and often later, which
  // alone added ~0.9 ms to the bare server's median.
  const clock = new Int32Array(new SharedArrayBuffer(4));
  const pacer = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const flag = workerData.clock;
     while (Atomics.load(flag, 0) === 0) { Atomics.wait(flag, 0, 0, workerData.tickMs); parentPort.postMessage(0); }`,
    { eval: true, workerData: { clock, tickMs: TICK_MS } },
  );
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now < start) return;
      released = Math.max(released, Math.min(total, Math.floor(((now - start) / 1000) * opts.rate) + 1));
      drain();
      if (released >= total) resolve();
    };
    pacer.on('message', tick);
  });
  Atomics.store(clock, 0, 1);
  await pacer.terminate();
  // Wait for the stragglers (at most 10 s).
  const deadline = performance.now() + 10_000;
  while (completed < released && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const elapsed = (performance.now() - start) / 1000;
  for (const c of conns) c.socket.destroy();
  if (trace && process.env.PACED_TRACE) {
    const lines: string[] = [`# start ${(performance.timeOrigin + start).toFixed(3)}`];
    for (let i = 0; i < measured; i++) lines.push(`${trace[i].toFixed(3)} ${latencies[i].toFixed(3)}`);
    fs.writeFileSync(`${process.env.PACED_TRACE}.${opts.rate}.${Date.now()}`, lines.join('\n'));
  }
  const sorted = latencies.subarray(0, measured).sort();
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    rate: opts.rate,
    sent: released - warm,
    completed: measured,
    ok,
    non2xx,
    errors: errors + (released - completed),
    p50: round(pct(sorted, 50)),
    p90: round(pct(sorted, 90)),
    p99: round(pct(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : 0),
    rps: completed / elapsed,
    statuses: Object.fromEntries([...byStatus.entries()].filter(([, c]) => c > 0).map(([k, c]) => [String(k), c])),
  };
}

/** runPaced in a child process (its own event loop and heap), with the requests passed through a file. */
/**
 * A full GC of this process, now. The parent of a paced run sits idle while
 * the child measures, and an idle V8 heap that minting left large is then
 * collected by the memory reducer: a full GC whose helper threads took 5–15 ms
 * of the 2 cores at a time in the middle of the measured run (perf sched,
 * docs/decisions/0013). Collected before the child starts, nothing is left
 * for it to do.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

export async function pacedInChild(opts: PacedOptions): Promise<PacedResult> {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'orbit-paced-'));
  const file = path.join(dir, 'requests.jsonl');
  fs.writeFileSync(file, opts.requests.map((r) => JSON.stringify(r)).join('\n'));
  collectGarbage();
  const self = fileURLToPath(import.meta.url);
  const args = [
    '--expose-gc',
    '--import',
    'tsx',
    self,
    '--url',
    opts.url,
    '--rate',
    String(opts.rate),
    '--seconds',
    String(opts.seconds),
    '--connections',
    String(opts.connections),
    '--warmup',
    String(opts.warmupSeconds ?? 0),
    '--file',
    file,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let s = '';
    p.stdout.on('data', (d) => (s += String(d)));
    p.on('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`paced load generator exited ${code}`))));
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return JSON.parse(out.trim().split('\n').at(-1)!) as PacedResult;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      connections: { type: 'string', default: '64' },
      warmup: { type: 'string', default: '0' },
      file: { type: 'string' },
    },
  });
  const requests = fs
    .readFileSync(values.file!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as PacedRequest);
  const r = await runPaced({
    url: values.url!,
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    warmupSeconds: Number(values.warmup),
    requests,
  });
  console.log(JSON.stringify(r));
}
