/**
 * `npm run bench:doc`: renders BENCHMARKS.md from the benches' results
 * (bench/results/*.json, written by each bench at its end through
 * bench/lib/results.ts) and the targets (bench/targets.json). The page is a
 * pure function of those files, so rendering twice gives the same bytes;
 * `--check` exits 1 when BENCHMARKS.md is not what the files render.
 *
 *   npm run bench:doc            # writes BENCHMARKS.md
 *   npm run bench:doc -- --check # fails when it is stale
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRun, Metric, ResultFile } from '../bench/lib/results.js';

export interface Target {
  /** The target as its issue states it. */
  target: string;
  bench: string;
  variant?: string;
  metric: string;
  /** What the threshold applies to: the figure itself, or the figure ÷ its same-run baseline. */
  on: 'value' | 'ratio';
  op: '<=' | '>=' | '<' | '>';
  threshold: number;
  /** Records under docs/decisions/ that explain the figure (their numbers). */
  decisions?: string[];
}

export interface Targets {
  sections: { title: string; targets: Target[] }[];
}

interface Row {
  file: ResultFile;
  variant: string;
  run: BenchRun;
  metric: Metric;
}

const DECISIONS_DIR = 'docs/decisions';

/** A figure for a table cell: thousands separated, digits by magnitude unless the metric says. */
export function formatNumber(x: number, digits?: number): string {
  const d = digits ?? (Math.abs(x) >= 100 ? 0 : Math.abs(x) >= 10 ? 1 : 2);
  const [int, fixed] = Math.abs(x).toFixed(d).split('.');
  // Digits by magnitude drop trailing zeros (8.7, not 8.70); digits the metric sets are kept.
  const frac = digits === undefined ? fixed?.replace(/0+$/, '') : fixed;
  return `${x < 0 ? '−' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

const withUnit = (x: number, m: Metric): string => {
  const n = formatNumber(x, m.digits);
  return m.unit === '' ? n : m.unit.startsWith('×') || m.unit === '%' ? `${n}${m.unit}` : `${n} ${m.unit}`;
};

/** value ÷ baseline: given, or computed when both are there and the quotient means something. */
export function ratioOf(m: Metric): number | undefined {
  if (m.ratio !== undefined) return m.ratio;
  if (m.value === undefined || m.baseline === undefined || !(m.baseline > 0) || m.value < 0) return undefined;
  return m.value / m.baseline;
}

const formatRatio = (r: number): string => r.toFixed(r < 1 ? 3 : 2);

function verdict(t: Target, m: Metric): string {
  const x = t.on === 'ratio' ? ratioOf(m) : m.value;
  if (x === undefined) return '—';
  const met = { '<=': x <= t.threshold, '>=': x >= t.threshold, '<': x < t.threshold, '>': x > t.threshold }[t.op];
  return met ? 'met' : '**not met**';
}

/** Renders the page from the files under `root` (the repository). */
export function renderBenchmarks(root: string): string {
  const targets = JSON.parse(fs.readFileSync(path.join(root, 'bench/targets.json'), 'utf8')) as Targets;
  const resultsDir = path.join(root, 'bench/results');
  const files = fs
    .readdirSync(resultsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(resultsDir, f), 'utf8')) as ResultFile);
  const byBench = new Map(files.map((f) => [f.bench, f]));
  const decisionFiles = fs.existsSync(path.join(root, DECISIONS_DIR))
    ? fs.readdirSync(path.join(root, DECISIONS_DIR)).sort()
    : [];

  const machines: string[] = [];
  const machineLabel = (m: string): string => {
    let i = machines.indexOf(m);
    if (i < 0) i = machines.push(m) - 1;
    return `M${i + 1}`;
  };
  const notes: string[] = [];
  const noteMark = (m: Metric): string => (m.note ? `<sup>${notes.push(m.note)}</sup>` : '');
  const commands = new Map<string, BenchRun>();
  const benchCell = (r: Row): string => {
    const id = r.variant === 'default' ? r.file.bench : `${r.file.bench} (${r.variant})`;
    commands.set(id, r.run);
    return `${id}${r.run.recorded ? ' †' : ''}`;
  };
  const dateCell = (run: BenchRun): string => run.date.slice(0, 10);
  const baselineCell = (m: Metric): string =>
    m.baseline === undefined ? '—' : `${withUnit(m.baseline, m)}${m.baselineLabel ? ` (${m.baselineLabel})` : ''}`;
  const figureCell = (m: Metric): string => (m.value === undefined ? '—' : withUnit(m.value, m));
  const ratioCell = (m: Metric): string => {
    const r = ratioOf(m);
    return r === undefined ? '—' : formatRatio(r);
  };
  // Decision numbers only (docs/decisions/NNNN-*.md): links would take a third of the page.
  const decisionRefs = (nums: string[] | undefined): string =>
    (nums ?? [])
      .map((n) => {
        if (!decisionFiles.some((d) => d.startsWith(`${n}-`)))
          throw new Error(`bench/targets.json names decision ${n}, which is not under ${DECISIONS_DIR}/`);
        return n;
      })
      .join(' ');

  const used = new Set<string>();
  const find = (t: Target): Row => {
    const file = byBench.get(t.bench);
    const variant = t.variant ?? 'default';
    const run = file?.runs[variant];
    const metric = run?.metrics[t.metric];
    if (!file || !run || !metric)
      throw new Error(`bench/targets.json: no result for ${t.bench} (${variant}) ${t.metric} in bench/results/`);
    used.add(`${t.bench}\u0000${variant}\u0000${t.metric}`);
    return { file, variant, run, metric };
  };

  const out: string[] = [];
  out.push('# Benchmarks', '');
  out.push(
    'Generated by `npm run bench:doc` from `bench/results/*.json` (each bench writes its own when it',
    'ends: the latest run of each variant) and `bench/targets.json`; do not edit by hand. History:',
    '`git log -p bench/results/`. Each figure has its baseline measured in the same run on the same',
    'machine; **ratio** = figure ÷ baseline, the number to compare across machines (2-vCPU VMs whose',
    'speed differs by up to 2×, shared with other work). **why**: the records',
    `\`${DECISIONS_DIR}/NNNN-*.md\` that explain the figure and what else was measured.`,
    '† recorded by hand in the earlier BENCHMARKS.md (commit given), not re-run since.',
    '',
  );

  for (const section of targets.sections) {
    out.push(`## ${section.title}`, '');
    out.push(
      '| target | latest | baseline, same run | ratio | verdict | bench | date | machine | why |',
      '| - | - | - | - | - | - | - | - | - |',
    );
    for (const t of section.targets) {
      const r = find(t);
      out.push(
        `| ${t.target} | ${figureCell(r.metric)}${noteMark(r.metric)} | ${baselineCell(r.metric)} | ${ratioCell(r.metric)} | ${verdict(t, r.metric)} | ${benchCell(r)} | ${dateCell(r.run)} | ${machineLabel(r.run.machine)} | ${decisionRefs(t.decisions)} |`,
      );
    }
    out.push('');
  }

  const others: Row[] = [];
  for (const file of files)
    for (const [variant, run] of Object.entries(file.runs))
      for (const [key, metric] of Object.entries(run.metrics))
        if (!used.has(`${file.bench}\u0000${variant}\u0000${key}`)) others.push({ file, variant, run, metric });
  if (others.length > 0) {
    // One page: measurements without a target stay in their JSON (bench/results/<bench>.json), counted here.
    const benches = [...new Set(others.map((r) => r.file.bench))].sort();
    out.push(
      `${others.length} further measurements without a target (${benches.join(', ')}) are in \`bench/results/<bench>.json\`.`,
      '',
    );
  }

  if (notes.length > 0) {
    out.push('## Notes', '');
    notes.forEach((n, i) => out.push(`${i + 1}. ${n}`));
    out.push('');
  }

  out.push('## Commands', '');
  out.push('| bench | command of the latest run | commit |', '| - | - | - |');
  for (const [id, run] of [...commands].sort((a, b) => a[0].localeCompare(b[0]))) {
    out.push(`| ${id} | \`${run.command}\` | ${run.commit ?? (run.recorded ? `† ${run.recorded}` : '—')} |`);
  }
  out.push('');

  out.push('## Machines', '');
  machines.forEach((m, i) => out.push(`- **M${i + 1}**: ${m}`));
  out.push('');
  return out.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const page = renderBenchmarks(root);
  const file = path.join(root, 'BENCHMARKS.md');
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== page) {
      console.error(
        'BENCHMARKS.md is not what bench/results/*.json and bench/targets.json render: run npm run bench:doc',
      );
      process.exit(1);
    }
    console.log('BENCHMARKS.md is up to date');
  } else {
    fs.writeFileSync(file, page);
    console.log(`BENCHMARKS.md written (${Buffer.byteLength(page)} bytes)`);
  }
}
