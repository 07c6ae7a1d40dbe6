#!/usr/bin/env node
/* global process, console, performance */
/**
 * Bundles the server (src/ → dist/server/bin/cli.js, and each worker thread's
 * entry beside it; dependencies external)
 * so `npm start` runs plain JavaScript instead of transpiling every module at
 * start: the cold start target is 2 s. Skipped when a hash of src/ matches the
 * stamp of the last build; runs from `npm ci` (prepare) and before `npm start`.
 *
 * The bundle sits three directories below the repository root, exactly like a
 * module in src/modules/<name>/, so paths that modules resolve relative to
 * `import.meta.url` (the pixel script, the demo catalog, the dashboard) point
 * at the same files from the bundle as from the sources.
 *
 *   node scripts/build-server.mjs [--force] [--with-web]
 *
 * `--with-web` first runs web/build.mjs's build (its freshness check) in the
 * same process: `npm start` and `npm ci` start one Node process for both checks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, hashOf, withLock } from '../web/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'dist/server/bin/cli.js');
const STAMP = path.join(root, 'dist/server/.build-hash');
const LOCK = path.join(root, 'dist/.server-build-lock');
const SOURCES = ['src', 'package.json', 'scripts/build-server.mjs'];
// Tests live beside their modules in src/ (`*.test.ts`); no entry point reaches them, so they are not
// bundled, and editing one leaves the bundle fresh.
const serverHash = () => hashOf(SOURCES, (f) => !f.endsWith('.test.ts'));

const fresh = (hash) => fs.existsSync(OUT) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash;

/** Whether dist/server/bin/cli.js is the build of the sources as they are now (`bin/orbit.js` runs it then). */
export const serverBuildFresh = () => fresh(serverHash());

export async function ensureServerBuilt({ force = false } = {}) {
  if (!force && fresh(serverHash())) return { built: false };
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  return withLock(LOCK, async () => {
    const hash = serverHash();
    if (!force && fresh(hash)) return { built: false };
    let esbuild;
    try {
      esbuild = await import('esbuild');
    } catch {
      console.warn('server build: esbuild is not installed; `npm start` needs `npm ci` first.');
      return { built: false, skipped: true };
    }
    const t0 = performance.now();
    await esbuild.build({
      // The CLI, and each worker thread's entry beside it (src/lib/worker.ts starts `<name>.js` from the bundle).
      entryPoints: {
        cli: path.join(root, 'src/cli.ts'),
        'journal-writer': path.join(root, 'src/modules/tracking/journal-writer.ts'),
      },
      outdir: path.dirname(OUT),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
    fs.writeFileSync(STAMP, hash);
    console.log(`server build: ${path.relative(root, OUT)} in ${Math.round(performance.now() - t0)} ms`);
    return { built: true };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  const web = process.argv.includes('--with-web')
    ? ensureBuilt({ force }).catch((err) => {
        console.error('web build failed:', err);
        process.exit(1);
      })
    : Promise.resolve();
  web
    .then(() => ensureServerBuilt({ force }))
    .catch((err) => {
      console.error('server build failed:', err);
      process.exit(1);
    });
}
