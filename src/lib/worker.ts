import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Start a worker thread from one of Orbit's own modules, given as a sibling of
 * the caller (`new URL('./x', import.meta.url)`, no extension).
 *
 * From the esbuild bundle (`npm start`) the caller's URL ends in `.js` and the
 * worker is the bundle's own entry next to it (`scripts/build-server.mjs`
 * builds one per worker). From the TypeScript sources (tsx, the tests, the
 * benchmarks) the worker is the `.ts` module, loaded through tsx's loader:
 * Node 20 does not pass a parent's module hooks to its workers, so the worker
 * registers tsx itself before importing the module.
 */
export function startModuleWorker(base: URL, callerUrl: string, opts: WorkerOptions = {}): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const entry = new URL(`${base.href}${fromSources ? '.ts' : '.js'}`);
  if (!fromSources) return new Worker(entry, opts);
  const tsx = tsxEsmApi();
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...opts, eval: true });
}

let tsxApi: string | undefined;

/** tsx's ESM API entry, read from its package exports (`import.meta.resolve` is not there under every test runner). */
function tsxEsmApi(): string {
  if (tsxApi) return tsxApi;
  const pkgFile = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return (tsxApi = pathToFileURL(path.join(path.dirname(pkgFile), pkg.exports['./esm/api'].import.default)).href);
}
