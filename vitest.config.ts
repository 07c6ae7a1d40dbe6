import { defineConfig } from 'vitest/config';

/**
 * The suite runs on embedded SQLite always, and again on PostgreSQL when
 * TEST_DATABASE_URL is set (each test server gets its own schema).
 * Three test files run at once: most of a file's time is spent waiting on its
 * server, PostgreSQL or a browser, so even two cores gain (5.6 → ~4 min).
 */
const backends = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    maxWorkers: 3,
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: backends.map((backend) => ({
      test: {
        name: backend,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        env: { ORBIT_TEST_BACKEND: backend },
        testTimeout: 60_000,
        hookTimeout: 60_000,
        pool: 'forks',
      },
    })),
  },
});
