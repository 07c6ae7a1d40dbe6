import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { postgresFiles, testFiles } from './test/backend-scope.js';

/**
 * The suite runs on embedded SQLite always, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (each test server gets its own schema).
 * Three test files run at once: most of a file's time is spent waiting on its
 * server, PostgreSQL or a browser, so even two cores gain (5.6 → ~4 min).
 *
 * Timeouts only bound a hang; they are no assertion. Tests wait for conditions
 * (test/helpers.ts `waitFor`, `expect.poll`), so the limits are generous: on a
 * shared 2-core machine at load ~15 a file runs 5–10× slower than quiet.
 *
 * The postgres project runs only the files that can reach storage, found by a static scan of each file and
 * the harness modules it imports (test/backend-scope.ts: a database or Redis client, src/db, a server or
 * context, test/helpers.ts, the backend's URLs). A new test that opens the database is in both projects
 * without a list to update; pure unit tests and the browser tests (*.browser.test.ts) run on SQLite only.
 * test/backend-scope.happy.test.ts checks the classification both ways.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const backends = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    maxWorkers: 3,
    minWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    projects: backends.map((backend) => ({
      test: {
        name: backend,
        include: backend === 'postgres' ? postgresFiles(root, testFiles(root)) : ALL,
        env: { ORBIT_TEST_BACKEND: backend },
        globalSetup: ['test/global-setup.ts'],
        testTimeout: 180_000,
        hookTimeout: 180_000,
        // expect.poll waits for a condition; its default 1 s deadline is wall-clock luck on a busy machine.
        expect: { poll: { timeout: 30_000, interval: 50 } },
        pool: 'forks',
      },
    })),
  },
});
