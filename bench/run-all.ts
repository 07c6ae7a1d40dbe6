/**
 * `npm run bench [-- name …]`: run benchmarks one after another (never in
 * parallel: the machine has 2 cores), each in its own process, printing their
 * figures. Without names it runs the foundation's three; `--all` runs every
 * `bench/*.ts`. Each bench writes its figures to bench/results/<name>.json when it
 * ends; `npm run bench:doc` then renders BENCHMARKS.md from them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/harness.js';

const FOUNDATION = ['track-imp', 'ad-request', 'cold-start'];
const args = process.argv.slice(2);
const all = fs
  .readdirSync(path.join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''));
const names = args.includes('--all') ? all : args.length > 0 ? args : FOUNDATION;

let failed = 0;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`no benchmark bench/${name}.ts (have: ${all.join(', ')})`);
    failed++;
    continue;
  }
  console.log(`\n=== bench/${name}.ts`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`bench/${name}.ts exited with ${r.status ?? r.signal}`);
    failed++;
  }
}
process.exit(failed > 0 ? 1 : 0);
