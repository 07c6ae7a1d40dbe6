import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig, origin, type Config, type ConfigInput } from './config.js';
import type { Ctx, Urls } from './context.js';
import { StorageHealth } from './db/integrity.js';
import { openCheckedStorage } from './startup.js';
import { systemClock, type Clock } from './lib/clock.js';
import { parseKeyRing, TokenCodec } from './lib/token.js';
import { Journal } from './modules/tracking/journal.js';
import { journalSink } from './modules/tracking/journal-store.js';
import { Inventory } from './modules/serving/inventory.js';
import { SpendTracker } from './modules/tracking/spend.js';
import { registerSpendListener } from './modules/tracking/service.js';
import { startLedger } from './modules/ledger/service.js';
import { createCounters, newRedis } from './lib/counters.js';
import { shareCommittedSpend } from './modules/serving/budget.js';
import { CacheRegistry } from './caches.js';

export interface ContextOptions {
  clock?: Clock;
  log?: Logger;
}

function urlsFor(config: Config, listenPort?: number): Urls {
  const o = origin(config, listenPort);
  return {
    api: (config.apiUrl ?? o).replace(/\/$/, ''),
    platform: (config.platformUrl ?? o).replace(/\/$/, ''),
    index: (config.indexUrl ?? o).replace(/\/$/, ''),
    clickBase: (config.clickBase ?? o).replace(/\/$/, ''),
    pixelScript: config.pixelScriptUrl ?? `${o}/pixel.js`,
  };
}

/** Open storage (migrating it), secrets and the shared machinery; no HTTP. Used by the server, the CLI and tests. */
export async function createContext(config: Config, opts: ContextOptions = {}): Promise<Ctx> {
  const log =
    opts.log ??
    pino({
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-api-key"]', '*.api_key', '*.apiKey', '*.password'],
        censor: '[redacted]',
      },
    });
  const clock = opts.clock ?? systemClock;
  // Refuses to start wrong: an empty or damaged database, unknown migrations, a data key it was not written with.
  const { database, loaded } = await openCheckedStorage(config, clock.now());
  const secrets = loaded.secrets;
  const health = new StorageHealth(() => clock.now());
  const onJournalError = (err: unknown) => {
    log.error({ err }, 'journal commit failed');
    health.storageFailed(err);
  };
  const journalOpts = {
    writerThread: config.sqliteWriterThread,
    writerIdleMs: config.sqliteWriterIdleMs,
    maxInFlight: config.groupCommitMaxInFlight,
    tokenKeys: secrets.tokenKeys,
    tokenTtlSeconds: config.tokenTtlSeconds,
    rules: { minClickDelayMs: config.ivtMinClickDelayMs },
    onError: onJournalError,
  };
  const journal = new Journal(journalSink(database, journalOpts), {
    maxWaitMs: config.groupCommitMaxWaitMs,
    maxBatch: config.groupCommitMaxBatch,
    recordWaitMs: config.recordMaxWaitMs,
    onError: onJournalError,
  });
  // The ledger's jobs, whatever route groups this process serves: reads of the counters first commit the ad
  // request records the journal holds back (journal.ts `record`) and, on SQLite, fold the writer's rollup log.
  startLedger(database, () => journal.settle());
  const ctx: Ctx = {
    config,
    database,
    db: database.db,
    clock,
    secrets,
    codec: new TokenCodec(parseKeyRing(secrets.tokenKeys)),
    journal,
    inventory: new Inventory(() => ctx),
    spend: new SpendTracker(() => clock.now()),
    counters: createCounters({ redisUrl: config.redisUrl, prefix: config.redisPrefix, now: () => clock.now() }),
    log,
    caches: new CacheRegistry(config, log, (url) =>
      newRedis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: 5_000 }),
    ),
    urls: urlsFor(config),
    health,
  };
  // A cross-instance invalidation rebuilds the serving snapshot in the background (this one serves meanwhile).
  ctx.caches.onInvalidate('inventory', (remote) => (remote ? ctx.inventory.refreshSoon() : ctx.inventory.invalidate()));
  registerSpendListener(ctx);
  shareCommittedSpend(ctx);
  return ctx;
}

export async function closeContext(ctx: Ctx): Promise<void> {
  ctx.inventory.stop();
  await ctx.journal.close();
  await ctx.counters.close();
  await ctx.caches.close();
  await ctx.database.close();
}

export interface RunningServer {
  app: FastifyInstance;
  ctx: Ctx;
  url: string;
  close(): Promise<void>;
}

/** Start a full server: context, HTTP, background refresh. `port: 0` picks a free port. */
export async function startServer(input: ConfigInput | Config = {}, opts: ContextOptions = {}): Promise<RunningServer> {
  const config =
    'routes' in input && input.routes instanceof Set ? (input as Config) : loadConfig(input as ConfigInput);
  const ctx = await createContext(config, opts);
  const redis = config.redisUrl
    ? newRedis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // The HTTP app (every route group) is loaded only by processes that serve: CLI commands start without it.
  const { buildApp } = await import('./app.js');
  const app = await buildApp(ctx, { redis });
  // Invalidations from the other instances (REDIS_URL): subscribed before the first request is answered.
  await ctx.caches.listen();
  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  ctx.urls = urlsFor(config, port);
  await Promise.all([ctx.inventory.rebuild(), ctx.spend.sync(ctx)]);
  ctx.inventory.start(config.inventoryRefreshMs);
  const spendTimer = setInterval(
    () => void ctx.spend.sync(ctx).catch((err) => ctx.log.warn({ err }, 'spend sync failed')),
    config.inventoryRefreshMs,
  );
  spendTimer.unref();
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      clearInterval(spendTimer);
      await app.close(); // stops accepting, waits for in-flight requests
      await closeContext(ctx); // drains the journal, closes storage
      redis?.disconnect();
    })());
  return { app, ctx, url: origin(config, port), close };
}
