import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.js';

/** A statement runner inside a PostgreSQL transaction: a pg client's, or a Kysely transaction's (`kyselyExec`). */
export type PgExec = (text: string, params: unknown[]) => Promise<unknown>;
/** A query inside a PostgreSQL transaction, returning its rows. */
export type PgQuery = (text: string, params: unknown[]) => Promise<unknown[]>;

/**
 * Kysely's `CompiledQuery.raw`, with Kysely loaded on first use: the SQLite
 * writer thread imports the stores but never runs a Kysely query, and
 * importing Kysely took ~90 of its ~150 ms start (the main thread has it
 * loaded already, so this costs it one microtask).
 */
export async function rawQuery(text: string, params: unknown[]): Promise<CompiledQuery> {
  return (await import('kysely')).CompiledQuery.raw(text, params);
}

export const kyselyExec =
  (trx: Kysely<DB>): PgExec =>
  async (text, params) =>
    trx.executeQuery(await rawQuery(text, params));
/** `kyselyExec` returning the statement's rows. */
export const kyselyQuery =
  (trx: Kysely<DB>): PgQuery =>
  async (text, params) =>
    (await trx.executeQuery(await rawQuery(text, params))).rows as unknown[];

/**
 * `(?, ?, …)` for one row of n values. Hot statements take their values as arguments
 * (`run(...values)`), not as one array: better-sqlite3 reads an array's elements through V8's
 * generic property lookup, about a third of its binding work (docs/decisions/0019).
 */
export const placeholders = (n: number): string => `(${Array.from({ length: n }, () => '?').join(', ')})`;
