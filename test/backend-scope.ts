import fs from 'node:fs';
import path from 'node:path';

/**
 * Which test files run in the `postgres` project (vitest.config.ts). A file's behaviour can depend on the
 * backend only when it reaches storage: it runs there when it, or any harness module it imports (relative
 * imports outside `src/`, followed transitively: test/helpers.ts and its fixtures, bench/, scripts/),
 *  - imports a database or Redis client (`pg`, `better-sqlite3`, `kysely`, `ioredis`, `redis`), or
 *  - imports a storage entry point of `src/`: `db/…`, a `server`, `context` or `cli` module, or
 *  - names the backend or its URLs (`ORBIT_TEST_BACKEND`, `…DATABASE_URL`, `…REDIS_URL`), `createContext`,
 *    `startServer` or `bin/orbit` (test/helpers.ts names `ORBIT_TEST_BACKEND`: everything using it is in).
 * Type-only imports are skipped (they run nothing). Browser tests (`*.browser.test.ts`) are the one exception:
 * they test pages, embeds and the pixel in a browser, and the API they call is covered on PostgreSQL by the
 * API tests, so they run on SQLite only. When in doubt a file runs on both: a false "yes" costs one run.
 */

const CLIENTS = /^(pg|pg-[\w-]+|better-sqlite3|kysely|ioredis|redis)(\/|$)/;
const SRC_STORAGE = /^src\/(db\/.*|(.*\/)?(server|context|cli)\.[cm]?tsx?)$/;
const NAMES = /TEST_BACKEND|DATABASE_URL|REDIS_URL|\bcreateContext\b|\bstartServer\b|bin\/orbit/;
const IMPORTS =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts'];

export const BROWSER_TEST = /\.browser\.test\.ts$/;

/** Module specifiers a source imports at run time (type-only imports left out). */
export function runtimeImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORTS)) if (!m[1]) out.push(m[2] ?? m[3] ?? m[4]);
  return out;
}

function resolveRelative(root: string, from: string, spec: string): string | null {
  const base = path.resolve(root, path.dirname(from), spec);
  for (const candidate of [base.replace(/\.(c|m)?js$/, ''), base])
    for (const ext of EXTENSIONS) {
      const file = candidate + ext;
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return path.relative(root, file).split(path.sep).join('/');
    }
  return null;
}

/**
 * Why `file` (relative to `root`) reaches storage: the chain of modules and the marker found, or null when it
 * does not. `seen` memoises harness modules across calls.
 */
export function storageReason(root: string, file: string, seen = new Map<string, string | null>()): string | null {
  if (seen.has(file)) return seen.get(file)!;
  seen.set(file, null); // a cycle adds nothing
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  let reason: string | null = null;
  const named = NAMES.exec(source);
  if (named) reason = `names ${named[0]}`;
  for (const spec of runtimeImports(source)) {
    if (reason) break;
    if (!spec.startsWith('.')) {
      if (CLIENTS.test(spec)) reason = `imports ${spec}`;
      continue;
    }
    const target = resolveRelative(root, file, spec);
    if (!target) {
      reason = `imports ${spec}, which does not resolve`; // conservative: unknown counts as storage
    } else if (target.startsWith('src/')) {
      if (SRC_STORAGE.test(target)) reason = `imports ${target}`;
    } else if (!target.includes('node_modules/')) {
      const inner = storageReason(root, target, seen);
      if (inner) reason = `${target} ${inner}`;
    }
  }
  seen.set(file, reason);
  return reason;
}

/** The test files of `files` that run in the postgres project (see the rule above). */
export function postgresFiles(root: string, files: string[]): string[] {
  const seen = new Map<string, string | null>();
  return files.filter((f) => !BROWSER_TEST.test(f) && storageReason(root, f, seen) !== null);
}

/** Every test file under `src/` and `test/` (the `include` of both projects), relative to `root`. */
export function testFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory() && e.name !== 'node_modules') walk(rel);
      else if (e.isFile() && e.name.endsWith('.test.ts')) out.push(rel);
    }
  };
  for (const dir of ['src', 'test']) walk(dir);
  return out.sort();
}
