import type { Ctx } from '../../context.js';

/**
 * Run `fn` in one transaction, joining the caller's when `ctx.db` already is
 * one, so services of several modules can share it. Keep real I/O (LLM calls,
 * fetches) out of `fn`: on SQLite the event journal shares the connection and
 * must never commit inside someone else's open transaction.
 */
export function withTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
