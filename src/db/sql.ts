import type { Dialect } from './index.js';

/**
 * SQLite and PostgreSQL variants of one query, side by side (umami's
 * `runQuery({ relational, clickhouse })` pattern). A query whose SQL differs
 * by backend is one named function that calls `byDialect` once with both
 * variants, instead of `if (sqlite) … else …` inside its body: the variants
 * are found together, and a change to one shows where the other must follow.
 * Each variant is a thunk, so only the chosen one runs.
 */
export interface DialectVariants<T> {
  sqlite: () => T;
  postgres: () => T;
}

/** Runs the variant for the dialect of `on` (a `Database`, a `Ctx`'s `database`, or a dialect name). */
export function byDialect<T>(on: { dialect: Dialect } | Dialect, variants: DialectVariants<T>): T {
  const dialect = typeof on === 'string' ? on : on.dialect;
  return dialect === 'postgres' ? variants.postgres() : variants.sqlite();
}
