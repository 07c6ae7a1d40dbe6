import { createRequire } from 'node:module';

/**
 * A dependency loaded on first use, synchronously: for the packages only some
 * configurations need — PostgreSQL (`pg`), Redis (`ioredis`), an LLM endpoint
 * (`openai`) — so a default start never pays for importing them (with Stripe,
 * loaded by its webhook, and the MCP SDK, by the first tool call, about half
 * of the dependency imports of `npm start`: docs/decisions/0009).
 * Callers that are async anyway use `await import()` instead.
 */
const require = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= require(id) as T);
}
