/**
 * `orbit catalog import products` on a big Merchant Center feed, as an
 * operator runs it: a CSV of `--products N` rows (default 100,000) made by
 * varying the real ESCI products (70 % without a price, highlights, category
 * paths), imported by the CLI in a child process into a fresh data directory
 * (its progress bar shows on this terminal), then imported again (an
 * idempotent re-import: every row an update). Baseline in the same run:
 * reading the same file's records alone (csv-parse through Orbit's reader,
 * no normalising, no writes).
 *
 * Usage: npx tsx bench/index-catalog-import.ts [--products N]   (DATABASE_URL=… for PostgreSQL)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRecords } from '../src/lib/records.js';
import { dropBenchSchema, ROOT } from './lib/harness.js';
import { writeResult } from './lib/results.js';
import { loadEsciProducts, synthesize, writeMerchantCenterCsv } from './relevance/shop/esci.js';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

function cliImport(
  env: NodeJS.ProcessEnv,
  file: string,
): Promise<{ seconds: number; summary: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      ['bin/orbit.js', 'catalog', 'import', 'products', file, '--merchant', 'Bench Merchant', '--full'],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`orbit exited with ${code}: ${out}`));
      resolve({ seconds: (performance.now() - t0) / 1000, summary: JSON.parse(out) as Record<string, unknown> });
    });
  });
}

async function main() {
  const n = arg('products', 100_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-import-'));
  const schema = process.env.DATABASE_URL ? `bench_import_${Date.now()}` : undefined;
  const env = {
    ...process.env,
    ORBIT_DATA_DIR: path.join(dir, 'data'),
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  };
  try {
    const file = path.join(dir, 'feed.csv');
    writeMerchantCenterCsv(file, synthesize(loadEsciProducts(), n));
    const t0 = performance.now();
    let rows = 0;
    for await (const r of readRecords(file)) if (r.record) rows++;
    const parseS = (performance.now() - t0) / 1000;
    const first = await cliImport(env, file);
    const again = await cliImport(env, file);
    console.log(
      JSON.stringify({
        backend: schema ? 'postgres' : 'sqlite',
        rows,
        file_mb: +(fs.statSync(file).size / 1e6).toFixed(0),
        import_s: +first.seconds.toFixed(1),
        rows_per_s: Math.round(rows / first.seconds),
        reimport_s: +again.seconds.toFixed(1),
        baseline_read_records_s: +parseS.toFixed(1),
        ratio_import_vs_read: +(first.seconds / parseS).toFixed(1),
        summary: { ...first.summary, errors: undefined },
        reimport: { upserted: again.summary.upserted, removed: again.summary.removed },
        load_avg_1m: +os.loadavg()[0].toFixed(1),
      }),
    );
    writeResult(
      'index-catalog-import',
      {
        import: {
          label: `\`orbit catalog import products\`, ${rows.toLocaleString('en-US')}-row Merchant Center CSV`,
          unit: 's',
          value: first.seconds,
          baseline: parseS,
          baselineLabel: 'reading the records alone',
        },
        reimport: { label: '… imported again (every row an update)', unit: 's', value: again.seconds },
      },
      { variant: [schema ? 'postgres' : 'sqlite', String(n)] },
    );
  } finally {
    await dropBenchSchema(schema);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
