import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postgresFiles, runtimeImports, storageReason, testFiles } from './backend-scope.js';

/** The postgres project's file rule (vitest.config.ts, test/backend-scope.ts) must not drop a file that reaches storage. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = testFiles(ROOT);
const onPostgres = new Set(postgresFiles(ROOT, all));

describe('which test files run on PostgreSQL', () => {
  it('vitest.config.ts takes the postgres project from this rule', () => {
    expect(fs.readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8')).toContain(
      'postgresFiles(root, testFiles(root))',
    );
    expect(all).toContain('test/e2e/durability.happy.test.ts');
    expect(all).toContain('src/modules/safety/intent.happy.test.ts');
    // The postgres project's include lists paths as globs: a glob character in a name would not match itself.
    expect(all.filter((f) => !/^[\w./-]+$/.test(f))).toEqual([]);
  });

  it('files that open the database, Redis or a server are in', () => {
    for (const f of [
      'test/e2e/durability.happy.test.ts', // createContext, startServer, a spawned server
      'test/e2e/caches-two-instances.happy.test.ts', // runs only on PostgreSQL
      'src/db/pg-jit.happy.test.ts', // pg directly
      'src/db/statement-cache.happy.test.ts', // better-sqlite3 directly
      'src/caches.test.ts', // ioredis
      'src/modules/serving/budget-pacing.happy.test.ts', // test/helpers.ts
      'src/modules/blocks/blocks.error.test.ts', // test/fixtures/seeded-server.ts → test/helpers.ts
      'src/modules/campaigns/campaigns.happy.test.ts', // test/fixtures/advertiser-api.ts → test/helpers.ts
    ])
      expect(onPostgres.has(f), f).toBe(true);
  });

  it('pure unit tests and the browser tests are out', () => {
    for (const f of [
      'src/modules/safety/intent.happy.test.ts',
      'src/modules/safety/offsets.happy.test.ts', // three trainer fits, no storage
      'src/modules/serving/vocabulary.happy.test.ts',
      'src/modules/serving/relevance-precision.happy.test.ts', // `import type { Ctx }` only
      'src/lib/money.happy.test.ts',
      'test/e2e/embed-script.browser.test.ts', // browser: SQLite only
    ])
      expect(onPostgres.has(f), f).toBe(false);
  });

  it('every file that uses a storage helper is in, whatever the import path', () => {
    const uses =
      /\b(startTestServer|testContext|testConfig|useSeededServer|useTwoTenants|seedWorld|createContext|startServer|runOrbit|dropStorage)\(|\bBACKEND\b|new (pg\.)?(Client|Pool|Database|Redis)\(/;
    const missed = all.filter(
      (f) =>
        !f.endsWith('.browser.test.ts') && uses.test(fs.readFileSync(path.join(ROOT, f), 'utf8')) && !onPostgres.has(f),
    );
    expect(missed).toEqual([]);
  });

  it('follows harness imports transitively, skips type-only imports and counts what it cannot resolve', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-scope-'));
    const write = (f: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), text);
    };
    write('src/server.ts', 'export const x = 1;\n');
    write('src/lib/text.ts', 'export const y = 1;\n');
    write('test/fixtures/deep.ts', "import { x } from '../../src/server.js';\nexport const z = x;\n");
    write('test/fixtures/world.ts', "export { z } from './deep.js';\n");
    write('src/a.test.ts', "import {\n  z,\n} from '../test/fixtures/world.js';\n");
    write('src/b.test.ts', "import type { x } from './server.js';\nimport { y } from './lib/text.js';\n");
    write('src/c.test.ts', "const m = await import('./server.js');\n");
    write('src/d.test.ts', "import Redis from 'ioredis';\n");
    write('src/e.test.ts', "import { gone } from './missing.js';\n");
    write('src/f.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
    write('test/g.browser.test.ts', "import { z } from './fixtures/world.js';\n");
    try {
      const files = testFiles(root);
      expect(files).toEqual([
        'src/a.test.ts',
        'src/b.test.ts',
        'src/c.test.ts',
        'src/d.test.ts',
        'src/e.test.ts',
        'src/f.test.ts',
        'test/g.browser.test.ts',
      ]);
      expect(postgresFiles(root, files)).toEqual([
        'src/a.test.ts',
        'src/c.test.ts',
        'src/d.test.ts',
        'src/e.test.ts',
        'src/f.test.ts',
      ]);
      expect(storageReason(root, 'src/a.test.ts')).toBe(
        'test/fixtures/world.ts test/fixtures/deep.ts imports src/server.ts',
      );
      expect(runtimeImports("import type { A } from 'a';\nimport b, { type C } from 'b';\nimport 'c';")).toEqual([
        'b',
        'c',
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
