/**
 * Sizes of the browser code, gzip -9 and Brotli 11, against React itself as
 * the baseline a publisher's bundle already carries; then the dashboard's
 * first page in Debian's Chromium: time until the sign-in form is on screen,
 * against a bare HTML page from a node:http server in the same run.
 *
 *   npx tsx bench/web-size.ts [--rounds 5]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { createPlacement } from '../src/modules/placements/service.js';
import { median, tempDir } from './lib/harness.js';
import { writeResult } from './lib/results.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const ROUNDS = Number(values.rounds);
const ROOT = path.resolve(import.meta.dirname, '..');

execFileSync(process.execPath, [path.join(ROOT, 'web/build.mjs')], { stdio: 'inherit' });

const gz = (b: Buffer | Uint8Array) => zlib.gzipSync(b, { level: 9 }).length;
const br = (b: Buffer | Uint8Array) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const rows: [string, number, number, number, string][] = [];
const add = (name: string, bytes: Buffer | Uint8Array, target: string) =>
  rows.push([name, bytes.length, gz(bytes), br(bytes), target]);

// The dashboard's first page: index.html and every script and stylesheet it references.
const dist = path.join(ROOT, 'web/dist');
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = [...index.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+)"/g)].map((m) => m[1]);
const js = Buffer.concat(assets.filter((a) => a.endsWith('.js')).map((a) => fs.readFileSync(path.join(dist, a))));
const css = Buffer.concat(assets.filter((a) => a.endsWith('.css')).map((a) => fs.readFileSync(path.join(dist, a))));
add('dashboard first page: JS', js, '≤ 300 kB gz');
add('dashboard first page: CSS', css, '');
add('@orbit-ads/react (react external)', fs.readFileSync(path.join(ROOT, 'packages/react/dist/index.js')), '≤ 8 kB gz');
add(
  'embed script (no dependencies)',
  fs.readFileSync(path.join(ROOT, 'packages/embed/dist/orbit-embed.js')),
  '≤ 10 kB gz',
);
// Baseline: React + react-dom/client, minified for production, as a publisher already ships them.
const reactOnly = await build({
  stdin: {
    contents:
      "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.body).render(createElement('div'));",
    resolveDir: ROOT,
  },
  bundle: true,
  minify: true,
  write: false,
  format: 'esm',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
add('baseline: react + react-dom/client', reactOnly.outputFiles[0].contents, '');

console.log('\n| asset | raw | gzip -9 | brotli 11 | target |\n| - | - | - | - | - |');
for (const [name, raw, g, b, target] of rows) console.log(`| ${name} | ${kb(raw)} | ${kb(g)} | ${kb(b)} | ${target} |`);

// First page interactive: navigation start → sign-in field on screen, fresh browser context each round.
const server = await startServer(
  loadConfig({ dataDir: tempDir('orbit-bench-web-'), port: 0, host: '127.0.0.1', logLevel: 'silent' }, {}),
);
const bare = http.createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bare</title><input id="api-key">'),
);
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
async function timeTo(url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#api-key').waitFor();
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}
const dash: number[] = [];
const base: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  base.push(await timeTo(bareUrl));
  dash.push(await timeTo(`${server.url}/dashboard/`));
}

// Per role: a signed-in tab (the session in sessionStorage, as after sign-in) opening the role's first page.
const pub = await accounts.createPublisher(server.ctx, { name: 'Bench publisher' });
await createPlacement(server.ctx, pub.publisher.id, { name: 'Chat Below' });
const adv = await accounts.createAdvertiser(server.ctx, { name: 'Bench advertiser' });
const roles = [
  { kind: 'publisher', key: pub.apiKey, accountId: pub.publisher.id, ready: '[data-metric="totalImpressions"]' },
  { kind: 'advertiser', key: adv.apiKey, accountId: adv.advertiser.id, ready: '.page .card .empty, .page table' },
] as const;
const roleRows: string[] = [];
const roleFigures: Record<string, { gzKb: number; ms: number }> = {};
for (const r of roles) {
  const times: number[] = [];
  let files: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const context = await browser.newContext();
    await context.addInitScript((sess) => sessionStorage.setItem('orbit.session', JSON.stringify(sess)), {
      key: r.key,
      kind: r.kind,
      accountId: r.accountId,
      name: r.kind,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/`);
    await page.locator(r.ready).first().waitFor();
    times.push(await page.evaluate(() => performance.now()));
    files = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /\/dashboard\/assets\/.+\.(js|css)$/.test(p)),
    );
    await context.close();
  }
  const bytes = files.map((f) => fs.readFileSync(path.join(dist, f.replace(/^\/dashboard\//, ''))));
  const gzTotal = bytes.reduce((a, b) => a + gz(b), 0);
  roleFigures[r.kind] = { gzKb: gzTotal / 1024, ms: median(times) };
  roleRows.push(
    `| ${r.kind} first page (${files.length} files: ${files.map((f) => path.basename(f)).join(', ')}) | ${kb(gzTotal)} gz | ${Math.round(median(times))} ms | ≤ 150 kB gz, ≤ 1000 ms |`,
  );
}
await browser.close();
bare.close();
await server.close();
console.log(
  `\nfirst page interactive (median of ${ROUNDS}, fresh context each): dashboard ${Math.round(median(dash))} ms; baseline bare page ${Math.round(median(base))} ms (target ≤ 1500 ms)`,
);
console.log('\n| role | JS + CSS loaded | report on screen (median) | target |\n| - | - | - | - |');
for (const row of roleRows) console.log(row);
const gzKb = (name: string) => rows.find((r) => r[0] === name)![2] / 1024;
writeResult('web-size', {
  dashboard_js_gz: {
    label: 'dashboard first page JS, gzip -9',
    unit: 'kB',
    value: gzKb('dashboard first page: JS'),
    baseline: gzKb('baseline: react + react-dom/client'),
    baselineLabel: 'react + react-dom/client',
    digits: 1,
  },
  react_gz: {
    label: '@orbit-ads/react (react external), gzip -9',
    unit: 'kB',
    value: gzKb('@orbit-ads/react (react external)'),
    digits: 1,
  },
  embed_gz: { label: 'embed script, gzip -9', unit: 'kB', value: gzKb('embed script (no dependencies)'), digits: 1 },
  publisher_first_page_gz: {
    label: 'publisher first page JS + CSS (signed in), gzip',
    unit: 'kB',
    value: roleFigures.publisher!.gzKb,
    digits: 1,
  },
  advertiser_first_page_gz: {
    label: 'advertiser first page JS + CSS (signed in), gzip',
    unit: 'kB',
    value: roleFigures.advertiser!.gzKb,
    digits: 1,
  },
  publisher_first_page_ms: {
    label: `publisher first report on screen (median of ${ROUNDS})`,
    unit: 'ms',
    value: roleFigures.publisher!.ms,
    baseline: median(base),
    baselineLabel: 'bare HTML page',
  },
  advertiser_first_page_ms: {
    label: `advertiser first page on screen (median of ${ROUNDS})`,
    unit: 'ms',
    value: roleFigures.advertiser!.ms,
    baseline: median(base),
    baselineLabel: 'bare HTML page',
  },
  first_page: {
    label: `dashboard first page interactive (Chromium, median of ${ROUNDS})`,
    unit: 'ms',
    value: median(dash),
    baseline: median(base),
    baselineLabel: 'bare HTML page',
  },
});
