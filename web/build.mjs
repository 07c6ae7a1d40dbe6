#!/usr/bin/env node
/* global process, console, setTimeout, performance */
/**
 * Builds the browser code: the dashboard (Vite → web/dist), the embed script
 * (esbuild IIFE → packages/embed/dist/orbit-embed.js) and the React component
 * (esbuild ESM, react external → packages/react/dist/index.js). Gzip and
 * Brotli copies are written next to each asset so the server sends them
 * precompressed.
 *
 *   node web/build.mjs            build only when a source changed (hash stamp)
 *   node web/build.mjs --force    always build
 *
 * Runs from `npm ci` (prepare), before `npm start` (prestart) and from the
 * browser tests; when nothing changed it costs one hash of the sources
 * (tens of milliseconds). Concurrent runs wait on a lock directory.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = (...p) => path.join(root, ...p);
const SOURCES = ['web/src', 'web/index.html', 'web/build.mjs', 'packages/react/src', 'packages/embed/src'];
const OUTPUTS = ['web/dist/index.html', 'packages/embed/dist/orbit-embed.js', 'packages/react/dist/index.js'];
const STAMP = r('web/dist/.build-hash');
const LOCK = r('web/.build-lock');

function listFiles(p) {
  const abs = r(p);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [p];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => listFiles(path.join(p, e.name)))
    .sort();
}

/** SHA-256 over the paths and contents of every file under `sources` (relative to the repo root) that `keep` keeps. */
export function hashOf(sources, keep = () => true) {
  const h = crypto.createHash('sha256');
  for (const f of sources.flatMap(listFiles).filter(keep)) {
    h.update(f);
    h.update(fs.readFileSync(r(f)));
  }
  return h.digest('hex');
}

export const sourceHash = () => hashOf(SOURCES);

function upToDate(hash) {
  return OUTPUTS.every((o) => fs.existsSync(r(o))) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash;
}

function compress(file) {
  const buf = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(buf, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

async function buildPackages(esbuild) {
  await esbuild.build({
    entryPoints: [r('packages/embed/src/embed.ts')],
    outfile: r('packages/embed/dist/orbit-embed.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2019'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  compress(r('packages/embed/dist/orbit-embed.js'));
  await esbuild.build({
    entryPoints: [r('packages/react/src/index.tsx')],
    outfile: r('packages/react/dist/index.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    target: ['es2019'],
    external: ['react', 'react/jsx-runtime', 'react-dom'],
    legalComments: 'none',
    logLevel: 'warning',
  });
}

async function buildDashboard(vite) {
  await vite.build({
    root: r('web'),
    base: '/dashboard/',
    mode: 'production',
    configFile: false,
    logLevel: 'warn',
    esbuild: { jsx: 'automatic' },
    build: {
      outDir: r('web/dist'),
      emptyOutDir: true,
      target: 'es2020',
      sourcemap: false,
      reportCompressedSize: false,
    },
  });
  const walk = (d) =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const f of walk(r('web/dist'))) if (/\.(js|css|html|svg)$/.test(f)) compress(f);
}

/** Run `fn` holding a lock directory, so concurrent builds (parallel test files) build once. */
export async function withLock(lock, fn) {
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // A lock older than five minutes belongs to a build that died.
      const age = Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      if (i > 1200) throw new Error(`build: timed out waiting for ${lock}`);
      await new Promise((res) => setTimeout(res, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function ensureBuilt({ force = false } = {}) {
  const hash = sourceHash();
  if (!force && upToDate(hash)) return { built: false };
  return withLock(LOCK, async () => {
    if (!force && upToDate(sourceHash())) return { built: false }; // another process built it meanwhile
    // A production build even when called from a test runner (NODE_ENV=test would bundle React's development build).
    process.env.NODE_ENV = 'production';
    let vite, esbuild;
    try {
      vite = await import('vite');
      esbuild = await import('esbuild');
    } catch {
      console.warn(
        'web build: vite/esbuild are not installed (dev dependencies); the dashboard is not built. Run `npm install` to build it.',
      );
      return { built: false, skipped: true };
    }
    const t0 = performance.now();
    await buildDashboard(vite);
    await buildPackages(esbuild);
    fs.writeFileSync(STAMP, hash);
    console.log(`web build: dashboard, embed and React component built in ${Math.round(performance.now() - t0)} ms`);
    return { built: true };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuilt({ force: process.argv.includes('--force') }).catch((err) => {
    console.error('web build failed:', err);
    process.exit(1);
  });
}
