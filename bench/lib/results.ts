import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The benches' results, one JSON file per bench (`bench/results/<name>.json`,
 * committed): the latest run of each variant (a variant is a setting that
 * changes what is measured, e.g. the backend or the catalog size). Each bench
 * calls `writeResult` once, at its end. BENCHMARKS.md is rendered from these
 * files and `bench/targets.json` by `npm run bench:doc`
 * (scripts/benchmarks-md.ts); history is `git log -p bench/results/`.
 *
 * Nothing is written with `BENCH_RESULTS=0`, nor for a run with experiment
 * settings (`BENCH_ORBIT_ENV`, `BENCH_NODE_ARGS`) unless `BENCH_RESULTS=1`:
 * a configuration being compared is not the figure of record.
 */
export interface Metric {
  /** What was measured, in a few words. */
  label: string;
  /** The unit of `value` and `baseline` ('req/s', 'ms', 'MB', 'kB', '×', …). */
  unit: string;
  /** The figure (absent only in hand-recorded results that kept the ratio alone). */
  value?: number;
  /** The same measure of the baseline, in the same run. */
  baseline?: number;
  /** What the baseline is (a bare node:http server, a raw SQL insert, …). */
  baselineLabel?: string;
  /** value ÷ baseline, given when computed otherwise (e.g. the median of per-run ratios). */
  ratio?: number;
  /** The rounds or runs behind `value`, when it is their median. */
  runs?: number[];
  /** Digits after the point when rendered (default: by magnitude). */
  digits?: number;
  /** Anything a reader needs beside the figure (rendered as a footnote). */
  note?: string;
}

export interface BenchRun {
  /** The command as run (niceness, the settings read from the environment, the arguments). */
  command: string;
  /** UTC, `YYYY-MM-DD HH:MM` (hand-recorded results may give only the day). */
  date: string;
  /** The machine: CPU count and model, memory. */
  machine: string;
  /** The 1-minute load average when the run ended (the machine is shared). */
  load?: number;
  /** The commit measured (`+dirty` when the tree had uncommitted changes). */
  commit?: string;
  /** Set on results copied from the hand-kept BENCHMARKS.md, not written by a bench run: the commit whose BENCHMARKS.md recorded them. */
  recorded?: string;
  metrics: Record<string, Metric>;
}

export interface ResultFile {
  bench: string;
  runs: Record<string, BenchRun>;
}

export const RESULTS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'results');

/** Settings the benches read from the environment: they belong to the command (a database URL only as its scheme). */
const ENV_SETTINGS = [
  'BENCH_DATABASE_URL',
  'DATABASE_URL',
  'ORBIT_SQLITE_SYNC',
  'ORBIT_SQLITE_CHECKPOINT_MS',
  'AD_GROUPS',
  'MIX',
  'RUNS',
  'N',
  'HEAVY',
  'BATCHES',
  'BATCH',
  'B',
  'FOLD',
  'DIRECT',
];

function commandLine(): string {
  const env = ENV_SETTINGS.filter((k) => process.env[k] !== undefined).map((k) =>
    k.endsWith('DATABASE_URL') ? `${k}=${process.env[k]!.split(':')[0]}://…` : `${k}=${process.env[k]}`,
  );
  const script = path.relative(path.resolve(RESULTS_DIR, '..', '..'), process.argv[1] ?? '');
  const nice = os.getPriority();
  return [...(nice !== 0 ? [`nice -n ${nice}`] : []), ...env, 'npx tsx', script, ...process.argv.slice(2)].join(' ');
}

function gitCommit(): string | undefined {
  try {
    const cwd = path.resolve(RESULTS_DIR, '..', '..');
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':!bench/results'], {
        cwd,
        encoding: 'utf8',
      }).trim() !== '';
    return dirty ? `${head}+dirty` : head;
  } catch {
    return undefined;
  }
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB`;
}

/** Reads a result file (an empty one when there is none yet). */
export function readResult(name: string, dir = RESULTS_DIR): ResultFile {
  const file = path.join(dir, `${name}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ResultFile) : { bench: name, runs: {} };
}

type VariantPart = string | false | null | undefined;

/** A variant's name: its non-empty parts joined by ',' ('default' when none). */
export const variantName = (v: VariantPart | readonly VariantPart[]): string => {
  const parts: readonly VariantPart[] = typeof v === 'string' || !v ? [v] : v;
  return parts.filter(Boolean).join(',') || 'default';
};

/**
 * Records this run as the latest of its variant in `bench/results/<name>.json`
 * (other variants stay). `variant` names what this run measures apart from the
 * default (e.g. `['postgres', groups !== 10000 && `groups-${groups}`]`).
 * Returns the file written, or null when writing was turned off (see above).
 */
export function writeResult(
  name: string,
  metrics: Record<string, Metric>,
  opts: { variant?: VariantPart | readonly VariantPart[]; dir?: string } = {},
): string | null {
  const setting = process.env.BENCH_RESULTS;
  const experiment = Boolean(process.env.BENCH_ORBIT_ENV || process.env.BENCH_NODE_ARGS);
  if (setting === '0' || (experiment && setting !== '1')) {
    console.log(
      `(result not written to bench/results/${name}.json: ${setting === '0' ? 'BENCH_RESULTS=0' : 'experiment settings; BENCH_RESULTS=1 writes it'})`,
    );
    return null;
  }
  const dir = opts.dir ?? RESULTS_DIR;
  fs.mkdirSync(dir, { recursive: true });
  const file = readResult(name, dir);
  const run: BenchRun = {
    command: commandLine(),
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    machine: machine(),
    load: Math.round(os.loadavg()[0] * 10) / 10,
    commit: gitCommit(),
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, m]) => [k, roundMetric(m)])),
  };
  const runs = { ...file.runs, [variantName(opts.variant)]: run };
  const sorted = Object.fromEntries(
    Object.keys(runs)
      .sort()
      .map((k) => [k, runs[k]]),
  );
  const out = path.join(dir, `${name}.json`);
  fs.writeFileSync(out, `${JSON.stringify({ bench: name, runs: sorted } satisfies ResultFile, null, 2)}\n`);
  console.log(`result written to ${path.relative(process.cwd(), out)} (npm run bench:doc renders BENCHMARKS.md)`);
  return out;
}

/** Five significant digits: more than any of these figures can tell on a shared machine. */
const round = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(5)) : x);

function roundMetric(m: Metric): Metric {
  return {
    ...m,
    ...(m.value !== undefined ? { value: round(m.value) } : {}),
    ...(m.baseline !== undefined ? { baseline: round(m.baseline) } : {}),
    ...(m.ratio !== undefined ? { ratio: round(m.ratio) } : {}),
    ...(m.runs ? { runs: m.runs.map(round) } : {}),
  };
}
