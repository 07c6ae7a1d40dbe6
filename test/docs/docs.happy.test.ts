import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readResult, variantName, writeResult } from '../../bench/lib/results.js';
import { formatNumber, renderBenchmarks } from '../../scripts/benchmarks-md.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** A scratch repository root with a targets file, results and decision records. */
function scratchRoot(targets: unknown, decisions: string[] = []): string {
  const root = tempDir('orbit-docs-');
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.mkdirSync(path.join(root, 'docs/decisions'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/targets.json'), JSON.stringify(targets));
  for (const d of decisions) fs.writeFileSync(path.join(root, 'docs/decisions', d), '# x\n');
  return root;
}

const saved = { BENCH_RESULTS: process.env.BENCH_RESULTS, BENCH_ORBIT_ENV: process.env.BENCH_ORBIT_ENV };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('BENCHMARKS.md', () => {
  it('is exactly what bench/results/*.json and bench/targets.json render (npm run bench:doc)', () => {
    expect(renderBenchmarks(ROOT)).toBe(read('BENCHMARKS.md'));
  });

  it('stays one page, and ARCHITECTURE.md a map (issue 26: ≤ 15 KB and ≤ 12 KB)', () => {
    expect(Buffer.byteLength(read('BENCHMARKS.md'))).toBeLessThanOrEqual(15_360);
    expect(Buffer.byteLength(read('ARCHITECTURE.md'))).toBeLessThanOrEqual(12_288);
  });

  it('renders a target from a bench result: figure, same-run baseline, ratio, verdict, machine', () => {
    const root = scratchRoot(
      {
        sections: [
          {
            title: 'Demo',
            targets: [
              {
                target: 'fast ≥ 0.5 × bare',
                bench: 'demo',
                metric: 'rps',
                on: 'ratio',
                op: '>=',
                threshold: 0.5,
                decisions: ['0001'],
              },
              { target: 'p99 ≤ 5 ms', bench: 'demo', metric: 'p99', on: 'value', op: '<=', threshold: 5 },
            ],
          },
        ],
      },
      ['0001-demo.md'],
    );
    process.env.BENCH_RESULTS = '1';
    writeResult(
      'demo',
      {
        rps: { label: 'req/s', unit: 'req/s', value: 12_000, baseline: 48_000, baselineLabel: 'bare' },
        p99: { label: 'p99', unit: 'ms', value: 7.25, note: 'a noisy run' },
        extra: { label: 'CPU per request', unit: 'µs', value: 101.4 },
      },
      { dir: path.join(root, 'bench/results') },
    );
    const page = renderBenchmarks(root);
    expect(page).toContain('| fast ≥ 0.5 × bare | 12,000 req/s | 48,000 req/s (bare) | 0.250 | **not met** | demo |');
    expect(page).toContain('| p99 ≤ 5 ms | 7.25 ms<sup>1</sup> | — | — | **not met** | demo |');
    expect(page).toMatch(/\| 0001 \|\n/);
    // A metric no target names stays in its JSON; the page counts it (one page, issue 26).
    expect(page).toContain('1 further measurements without a target (demo) are in');
    expect(page).toContain('1. a noisy run');
    expect(page).toMatch(/- \*\*M1\*\*: \d+ × /);
    expect(renderBenchmarks(root)).toBe(page);
  });

  it('refuses a target whose result or decision record is missing', () => {
    const noResult = scratchRoot({
      sections: [
        { title: 'x', targets: [{ target: 't', bench: 'absent', metric: 'm', on: 'value', op: '<=', threshold: 1 }] },
      ],
    });
    expect(() => renderBenchmarks(noResult)).toThrow(/no result for absent/);
    const noDecision = scratchRoot({
      sections: [
        {
          title: 'x',
          targets: [
            { target: 't', bench: 'demo', metric: 'm', on: 'value', op: '<=', threshold: 1, decisions: ['0042'] },
          ],
        },
      ],
    });
    process.env.BENCH_RESULTS = '1';
    writeResult('demo', { m: { label: 'm', unit: 'ms', value: 1 } }, { dir: path.join(noDecision, 'bench/results') });
    expect(() => renderBenchmarks(noDecision)).toThrow(/decision 0042/);
  });
});

describe('bench results (bench/lib/results.ts)', () => {
  it('keeps the latest run of each variant, with its command, date, machine and commit', () => {
    const dir = tempDir('orbit-results-');
    process.env.BENCH_RESULTS = '1';
    writeResult('b', { x: { label: 'x', unit: 'ms', value: 1 } }, { dir, variant: ['postgres', false, 'groups-1000'] });
    writeResult('b', { x: { label: 'x', unit: 'ms', value: 2.123456789 } }, { dir });
    writeResult('b', { x: { label: 'x', unit: 'ms', value: 3 } }, { dir });
    const file = readResult('b', dir);
    expect(Object.keys(file.runs)).toEqual(['default', 'postgres,groups-1000']);
    expect(file.runs.default.metrics.x.value).toBe(3);
    expect(file.runs['postgres,groups-1000'].metrics.x.value).toBe(1);
    expect(file.runs.default.command).toMatch(/npx tsx /);
    expect(file.runs.default.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(file.runs.default.machine).toMatch(/^\d+ × .+, \d+ GB$/);
    expect(file.runs.default.commit).toMatch(/^[0-9a-f]{7,}(\+dirty)?$/);
    writeResult('c', { x: { label: 'x', unit: 'ms', value: 2.123456789 } }, { dir });
    expect(readResult('c', dir).runs.default.metrics.x.value).toBe(2.1235);
  });

  it('writes nothing with BENCH_RESULTS=0, nor for an experiment unless asked', () => {
    const dir = tempDir('orbit-results-');
    process.env.BENCH_RESULTS = '0';
    expect(writeResult('b', { x: { label: 'x', unit: 'ms', value: 1 } }, { dir })).toBeNull();
    delete process.env.BENCH_RESULTS;
    process.env.BENCH_ORBIT_ENV = '{"ORBIT_FAST_PATH":"0"}';
    expect(writeResult('b', { x: { label: 'x', unit: 'ms', value: 1 } }, { dir })).toBeNull();
    expect(fs.existsSync(path.join(dir, 'b.json'))).toBe(false);
    process.env.BENCH_RESULTS = '1';
    expect(writeResult('b', { x: { label: 'x', unit: 'ms', value: 1 } }, { dir })).toBe(path.join(dir, 'b.json'));
  });

  it('names variants and formats figures for the page', () => {
    expect(variantName(undefined)).toBe('default');
    expect(variantName(false)).toBe('default');
    expect(variantName('sqlite')).toBe('sqlite');
    expect(variantName([false, 'postgres', undefined])).toBe('postgres');
    expect(formatNumber(27_976)).toBe('27,976');
    expect(formatNumber(8.7)).toBe('8.7');
    expect(formatNumber(0.9623, 4)).toBe('0.9623');
    expect(formatNumber(-0.15)).toBe('−0.15');
    expect(formatNumber(5, 0)).toBe('5');
  });
});

describe('ARCHITECTURE.md', () => {
  it('names only files and functions that exist (`file.ts` `name` pairs)', () => {
    const text = read('ARCHITECTURE.md');
    const resolve = (f: string) =>
      [path.join(ROOT, 'src/modules', f), path.join(ROOT, 'src', f), path.join(ROOT, f)].find((p) => fs.existsSync(p));
    const pairs = [...text.matchAll(/`([\w./-]+\.ts)` `([A-Za-z_]\w*)(?:\.(\w+))?`/g)];
    expect(pairs.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [, file, first, second] of pairs) {
      const p = resolve(file);
      if (!p) {
        missing.push(file);
        continue;
      }
      const src = fs.readFileSync(p, 'utf8');
      for (const name of [first, second].filter(Boolean)) {
        const defined = new RegExp(
          `(function|const|class|interface|let)\\s+${name}\\b|^\\s+(async\\s+|private\\s+|readonly\\s+)*${name}\\s*[(<=:]|\\b${name}:\\s`,
          'm',
        );
        if (!defined.test(src)) missing.push(`${file} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
