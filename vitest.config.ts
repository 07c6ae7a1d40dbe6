import { defineConfig } from 'vitest/config';

/**
 * The suite runs on embedded SQLite always, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (each test server gets its own schema).
 * Three test files run at once: most of a file's time is spent waiting on its
 * server, PostgreSQL or a browser, so even two cores gain (5.6 → ~4 min).
 *
 * Timeouts only bound a hang; they are no assertion. Tests wait for conditions
 * (test/helpers.ts `waitFor`, `expect.poll`), so the limits are generous: on a
 * shared 2-core machine at load ~15 a file runs 5–10× slower than quiet.
 */
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
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
