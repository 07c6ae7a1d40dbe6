import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { Secrets } from './lib/secrets.js';
import type { TokenCodec } from './lib/token.js';
import type { Journal } from './modules/tracking/journal.js';
import type { Inventory } from './modules/serving/inventory.js';
import type { SpendTracker } from './modules/tracking/spend.js';
import type { Counters } from './lib/counters.js';
import type { StorageHealth } from './db/integrity.js';
import type { CacheRegistry } from './caches.js';

/**
 * Everything a service function needs, passed as its first argument. Routes,
 * CLI commands, MCP tools and jobs all call services with a Ctx; services never
 * see Fastify objects.
 */
export interface Ctx {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  clock: Clock;
  secrets: Secrets;
  codec: TokenCodec;
  journal: Journal;
  inventory: Inventory;
  spend: SpendTracker;
  /** Shared counters (frequency caps, pacing, budget reservations): in-process, or Redis when configured. */
  counters: Counters;
  log: Logger;
  /** Every per-process cache of this context, by name (src/caches.ts): TTLs, invalidation across instances. */
  caches: CacheRegistry;
  /** The origin used for every address the config leaves unset (set once listening). */
  urls: Urls;
  /** Storage failures seen while serving (answered 503), for /health. */
  health: StorageHealth;
}

export interface Urls {
  api: string;
  platform: string;
  index: string;
  clickBase: string;
  pixelScript: string;
}
