import { z } from 'zod';
import path from 'node:path';

/**
 * The whole configuration of one Orbit process, read once from the environment
 * (or given directly by tests and the CLI). Every address of the spec defaults
 * to the process's own origin.
 */
const boolish = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

export const ConfigSchema = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Directory for the embedded database and generated secrets. */
  dataDir: z.string().default(path.resolve('data')),
  /** PostgreSQL connection string; embedded SQLite when absent. */
  databaseUrl: z.string().optional(),
  /** PostgreSQL schema to use (tests give each run its own). */
  databaseSchema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
  /** SQLite file name inside dataDir (tests use their own directory). */
  sqliteFile: z.string().default('orbit.sqlite'),
  /** SQLite `synchronous` level: FULL fsyncs every group commit (survives power loss), NORMAL survives process crashes. */
  sqliteSync: z.enum(['FULL', 'NORMAL']).default('NORMAL'),
  /**
   * PostgreSQL's JIT for Orbit's connections (off by default): Orbit's queries are index-range
   * reads and short writes, where compiling costs more than it saves (the 365-day Kolkata stats
   * report: p50 16 → 9 ms with it off, docs/decisions/0020).
   */
  pgJit: boolish.default(false),
  redisUrl: z.string().optional(),
  /** Key prefix in Redis, so several deployments (or tests) can share one server. */
  redisPrefix: z.string().default('orbit:'),
  /** Operator admin token; generated into dataDir when absent. */
  adminToken: z.string().min(16).optional(),
  /** Tracking-token keys `id:base64key,...`; the first encrypts. Generated into dataDir when absent. */
  tokenKeys: z.string().optional(),
  publicUrl: z.string().url().optional(),
  apiUrl: z.string().url().optional(),
  platformUrl: z.string().url().optional(),
  indexUrl: z.string().url().optional(),
  clickBase: z.string().url().optional(),
  pixelScriptUrl: z.string().url().optional(),
  /** Peers whose X-Forwarded-For is believed (IPs, CIDRs, or `loopback`). */
  trustedProxies: z
    .string()
    .default('loopback')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  /** Tracking tokens older than this are refused. */
  tokenTtlSeconds: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  /** Largest accepted request body. */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Ad requests per publisher key per second window (0 disables). */
  adRateLimitPerSecond: z.coerce.number().int().min(0).default(1000),
  /** Longest a tracking write waits for companions before it commits (0: commit at the end of the current I/O turn). */
  groupCommitMaxWaitMs: z.coerce.number().min(0).max(50).default(0),
  groupCommitMaxBatch: z.coerce.number().int().positive().default(2000),
  /** Longest an ad request's record (the request and its serves, which nobody waits for) gathers with others before it commits. */
  recordMaxWaitMs: z.coerce.number().min(0).max(1000).default(10),
  /** SQLite writer thread: group commits handed over before the first is answered (it commits those that wait as one). */
  groupCommitMaxInFlight: z.coerce.number().int().min(1).max(64).default(8),
  /** SQLite WAL checkpoints run by a worker thread at most this often, about every 180 frames written (0: SQLite's own, inside commits on the event loop). */
  sqliteCheckpointMs: z.coerce.number().int().min(0).default(10),
  /** SQLite: the journal commits on a writer thread with its own connection (off: on the event loop, on the shared connection). */
  sqliteWriterThread: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off'])])
    .default(true)
    .transform((v) => v === true || v === '1' || v === 'true' || v === 'on'),
  /** SQLite writer thread: it retires after this long without a commit (the next commit starts it again). */
  sqliteWriterIdleMs: z.coerce.number().int().min(100).default(30_000),
  /** Serve the impression pixels on the raw node:http fast path (off: every request goes through Fastify). */
  fastPath: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on', 'off'])])
    .default(true)
    .transform((v) => v === true || v === '1' || v === 'true' || v === 'on'),
  /** Publisher revenue share applied to new publishers, in basis points. */
  defaultRevenueShareBps: z.coerce.number().int().min(0).max(10000).default(7000),
  /** How often the serving inventory is refreshed from the database. */
  inventoryRefreshMs: z.coerce.number().int().positive().default(5000),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Route groups served by this process (all by default). */
  routes: z
    .string()
    .default('all')
    .transform((s) => new Set(s.split(',').map((x) => x.trim()))),
  /** OpenAI-compatible endpoint (OpenAI, vLLM, Ollama…); built-in deterministic fallbacks when unset. */
  llmBaseUrl: z.string().url().optional(),
  llmApiKey: z.string().optional(),
  llmModel: z.string().default('gpt-4o-mini'),
  llmTimeoutMs: z.coerce.number().int().positive().default(8000),
  // --- ad decisioning (serving) ---
  /** Embedding model on the LLM endpoint, blended into relevance when set (cached per ad group). */
  embeddingModel: z.string().optional(),
  /** Platform-wide minimum relevance (0–1) for any ad; a request's `relevancy` can only raise it. */
  minRelevance: z.coerce.number().min(0).max(1).default(0.35),
  /** Charging rule of the auction: second price (pay just enough to win) or first price (pay the bid). */
  auctionPricing: z.enum(['second', 'first']).default('second'),
  /** Share of served ads that ask for feedback (`feedbackPrompt: true`). */
  feedbackPromptRate: z.coerce.number().min(0).max(1).default(0.1),
  /** Frequency caps: ads of one campaign per session (per hour), and per user per UTC day (0 disables). */
  freqCapPerSession: z.coerce.number().int().min(0).default(3),
  freqCapPerUserDay: z.coerce.number().int().min(0).default(10),
  /** How long a serve's maximum charge stays reserved against its budget (the hard stop's window). */
  budgetReservationMs: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
  /** Pacing: spend may run ahead of the even share of the day by this many hours' worth. */
  pacingAheadHours: z.coerce.number().min(0).max(24).default(0.5),
  /** Latency budget for generated ad copy before falling back to pre-written ads. */
  generativeTimeoutMs: z.coerce.number().int().positive().default(250),
  /** Latency budget for the conversation's embedding before falling back to the lexical model. */
  embeddingTimeoutMs: z.coerce.number().int().positive().default(150),
  /** Brand safety: ask the configured LLM (when ORBIT_LLM_BASE_URL is set) besides the offline lexicons and model. */
  safetyLlm: boolish.default(true),
  /** Latency budget for the LLM's brand-safety verdict before the offline verdict stands. */
  safetyTimeoutMs: z.coerce.number().int().positive().default(800),
  /** Weight (0–1) of the offline word-vector similarity blended into relevance (0: off; the default 0.15 measured best, docs/decisions/0047). */
  semanticWeight: z.coerce.number().min(0).max(1).default(0.15),
  /**
   * Relative relevance floor: only candidates within this share of the best relevance compete (0 disables). At 0.88
   * a rival more than 12 % less relevant cannot win on money, whatever its bid (docs/decisions/0050, round 13; was 0.8).
   */
  relativeRelevanceFloor: z.coerce.number().min(0).max(1).default(0.88),
  /** Decisions kept for GET /admin/decisions/{id} (in-memory ring buffer per process). */
  decisionLogSize: z.coerce.number().int().min(0).default(5000),
  /** Index: exchange rates as units of each currency per 1 USD, `EUR=0.92,GBP=0.79` (built-in table for the rest). */
  fxRates: z.string().optional(),
  /** Index: port of the reference UCP merchant (`orbit merchant demo`). */
  merchantDemoPort: z.coerce.number().int().min(0).max(65535).default(8790),
  demo: boolish.default(false),
  /** Shopify app credentials (client id and secret) for the storefront OAuth connect and webhook signatures. */
  shopifyApiKey: z.string().optional(),
  shopifyApiSecret: z.string().optional(),
  /** Shopify API origin; `{shop}` is replaced by the shop domain (tests point it at a fake shop on 127.0.0.1). */
  shopifyApiBase: z.string().default('https://{shop}'),
  shopifyScopes: z.string().default('read_orders,write_pixels,read_customer_events'),
  // --- self-serve billing (billing/service.ts) ---
  /** Stripe secret key (sk_live_…/sk_test_…): advertisers buy credits and save a payment method through Stripe Checkout. */
  stripeSecretKey: z.string().optional(),
  /** Signing secret of the Stripe webhook endpoint {api_url}/billing/stripe/webhook (whsec_…). */
  stripeWebhookSecret: z.string().optional(),
  /** Stripe API origin (tests point it at a local server speaking Stripe's API); Stripe's own when unset. */
  stripeApiBase: z.string().url().optional(),
  /** Currency of new advertiser accounts and of their Checkout payments (ISO 4217). */
  billingCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((s) => s.toUpperCase())
    .default('USD'),
  /** Smallest and largest credit top-up one Checkout may buy, in the account's currency. */
  minTopUp: z.coerce.number().positive().default(5),
  maxTopUp: z.coerce.number().positive().default(10_000),
  /** Smallest daily budget a campaign or ad group may have, in the account's currency. */
  minDailyBudget: z.coerce.number().min(0).default(1),
  /** Let background page fetches (pixel verification, ad-unit generation) reach loopback/private addresses. */
  fetchPrivateHosts: boolish.default(false),
  // --- invalid traffic (ivt/) ---
  /** A click sooner than this after its impression is invalid (`too_fast`). */
  ivtMinClickDelayMs: z.coerce.number().int().min(0).default(500),
  /** Clicks per minute from one IP address beyond which they are invalid (`ip_click_velocity`; 0 disables). */
  ivtIpClicksPerMinute: z.coerce.number().int().min(0).default(20),
  /** Clicks per minute from one user (address + user agent) beyond which they are invalid (`user_click_velocity`; 0 disables). */
  ivtUserClicksPerMinute: z.coerce.number().int().min(0).default(6),
  /** The same user clicking the same ad again within this window is a `duplicate_click` (0 disables). */
  ivtDuplicateClickMs: z.coerce.number().int().min(0).default(60_000),
  /** A publisher whose last-hour click-through rate is above this (with enough clicks) has its clicks judged invalid. */
  ivtPublisherMaxCtr: z.coerce.number().min(0).max(1).default(0.35),
  ivtPublisherMinClicks: z.coerce.number().int().min(1).default(50),
  /** Data-centre address ranges (CIDRs, comma-separated) whose traffic is invalid (`datacenter`). */
  ivtDatacenterRanges: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  /** A file of data-centre ranges, one CIDR per line (`#` comments), e.g. a cloud provider's published list. */
  ivtDatacenterFile: z.string().optional(),
  // --- conversions ---
  /** Counted conversions per click (all types); beyond it a conversion is recorded but not counted. */
  conversionsPerClick: z.coerce.number().int().min(1).default(5),
  /** The largest conversion value accepted for one event, in dollars (larger values are refused, naming the field). */
  conversionValueMaxDollars: z.coerce.number().positive().default(1_000_000),
  // --- failure codes and limits ---
  /** Longest a request may take to arrive (headers and body) before the connection is answered 408 and closed. */
  requestTimeoutMs: z.coerce.number().int().min(1000).default(30_000),
  /** Failed authentications per IP per minute before further attempts from it are refused with 429 (0 disables). */
  authFailuresPerMinute: z.coerce.number().int().min(0).default(30),
  /** Run `PRAGMA quick_check` (SQLite) at start and refuse a damaged database. */
  startupIntegrityCheck: boolish.default(true),
});

export type Config = z.output<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

const ENV_MAP: Record<string, keyof ConfigInput> = {
  HOST: 'host',
  PORT: 'port',
  ORBIT_DATA_DIR: 'dataDir',
  DATABASE_URL: 'databaseUrl',
  DATABASE_SCHEMA: 'databaseSchema',
  ORBIT_SQLITE_SYNC: 'sqliteSync',
  REDIS_URL: 'redisUrl',
  REDIS_PREFIX: 'redisPrefix',
  ORBIT_ADMIN_TOKEN: 'adminToken',
  ORBIT_TOKEN_KEYS: 'tokenKeys',
  ORBIT_PUBLIC_URL: 'publicUrl',
  ORBIT_API_URL: 'apiUrl',
  ORBIT_PLATFORM_URL: 'platformUrl',
  ORBIT_INDEX_URL: 'indexUrl',
  ORBIT_CLICK_BASE: 'clickBase',
  ORBIT_PIXEL_SCRIPT_URL: 'pixelScriptUrl',
  ORBIT_TRUSTED_PROXIES: 'trustedProxies',
  ORBIT_TOKEN_TTL_SECONDS: 'tokenTtlSeconds',
  ORBIT_BODY_LIMIT_BYTES: 'bodyLimitBytes',
  ORBIT_AD_RATE_LIMIT: 'adRateLimitPerSecond',
  ORBIT_GROUP_COMMIT_WAIT_MS: 'groupCommitMaxWaitMs',
  ORBIT_GROUP_COMMIT_IN_FLIGHT: 'groupCommitMaxInFlight',
  ORBIT_RECORD_WAIT_MS: 'recordMaxWaitMs',
  ORBIT_FAST_PATH: 'fastPath',
  ORBIT_PG_JIT: 'pgJit',
  ORBIT_SQLITE_CHECKPOINT_MS: 'sqliteCheckpointMs',
  ORBIT_SQLITE_WRITER_THREAD: 'sqliteWriterThread',
  ORBIT_SQLITE_WRITER_IDLE_MS: 'sqliteWriterIdleMs',
  ORBIT_REVENUE_SHARE_BPS: 'defaultRevenueShareBps',
  ORBIT_INVENTORY_REFRESH_MS: 'inventoryRefreshMs',
  LOG_LEVEL: 'logLevel',
  ORBIT_LLM_BASE_URL: 'llmBaseUrl',
  ORBIT_LLM_API_KEY: 'llmApiKey',
  ORBIT_LLM_MODEL: 'llmModel',
  ORBIT_LLM_TIMEOUT_MS: 'llmTimeoutMs',
  ORBIT_ROUTES: 'routes',
  SHOPIFY_API_KEY: 'shopifyApiKey',
  SHOPIFY_API_SECRET: 'shopifyApiSecret',
  ORBIT_SHOPIFY_API_BASE: 'shopifyApiBase',
  ORBIT_SHOPIFY_SCOPES: 'shopifyScopes',
  ORBIT_FX_RATES: 'fxRates',
  ORBIT_MERCHANT_DEMO_PORT: 'merchantDemoPort',
  ORBIT_FETCH_PRIVATE_HOSTS: 'fetchPrivateHosts',
  STRIPE_SECRET_KEY: 'stripeSecretKey',
  STRIPE_WEBHOOK_SECRET: 'stripeWebhookSecret',
  ORBIT_STRIPE_API_BASE: 'stripeApiBase',
  ORBIT_BILLING_CURRENCY: 'billingCurrency',
  ORBIT_MIN_TOP_UP: 'minTopUp',
  ORBIT_MAX_TOP_UP: 'maxTopUp',
  ORBIT_MIN_DAILY_BUDGET: 'minDailyBudget',
  ORBIT_EMBEDDING_MODEL: 'embeddingModel',
  ORBIT_MIN_RELEVANCE: 'minRelevance',
  ORBIT_AUCTION_PRICING: 'auctionPricing',
  ORBIT_FEEDBACK_PROMPT_RATE: 'feedbackPromptRate',
  ORBIT_FREQ_CAP_SESSION: 'freqCapPerSession',
  ORBIT_FREQ_CAP_USER_DAY: 'freqCapPerUserDay',
  ORBIT_BUDGET_RESERVATION_MS: 'budgetReservationMs',
  ORBIT_PACING_AHEAD_HOURS: 'pacingAheadHours',
  ORBIT_GENERATIVE_TIMEOUT_MS: 'generativeTimeoutMs',
  ORBIT_EMBEDDING_TIMEOUT_MS: 'embeddingTimeoutMs',
  ORBIT_DECISION_LOG_SIZE: 'decisionLogSize',
  ORBIT_SAFETY_LLM: 'safetyLlm',
  ORBIT_SAFETY_TIMEOUT_MS: 'safetyTimeoutMs',
  ORBIT_RELATIVE_RELEVANCE_FLOOR: 'relativeRelevanceFloor',
  ORBIT_SEMANTIC_WEIGHT: 'semanticWeight',
  ORBIT_IVT_MIN_CLICK_DELAY_MS: 'ivtMinClickDelayMs',
  ORBIT_IVT_IP_CLICKS_PER_MIN: 'ivtIpClicksPerMinute',
  ORBIT_IVT_USER_CLICKS_PER_MIN: 'ivtUserClicksPerMinute',
  ORBIT_IVT_DUPLICATE_CLICK_MS: 'ivtDuplicateClickMs',
  ORBIT_IVT_PUBLISHER_MAX_CTR: 'ivtPublisherMaxCtr',
  ORBIT_IVT_PUBLISHER_MIN_CLICKS: 'ivtPublisherMinClicks',
  ORBIT_IVT_DATACENTER_RANGES: 'ivtDatacenterRanges',
  ORBIT_IVT_DATACENTER_FILE: 'ivtDatacenterFile',
  ORBIT_CONVERSIONS_PER_CLICK: 'conversionsPerClick',
  ORBIT_CONVERSION_VALUE_MAX: 'conversionValueMaxDollars',
  ORBIT_REQUEST_TIMEOUT_MS: 'requestTimeoutMs',
  ORBIT_AUTH_FAILURES_PER_MIN: 'authFailuresPerMinute',
  ORBIT_STARTUP_CHECK: 'startupIntegrityCheck',
};

export function loadConfig(overrides: ConfigInput = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const fromEnv: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV_MAP)) {
    const v = env[name];
    if (v !== undefined && v !== '') fromEnv[key] = v;
  }
  const parsed = ConfigSchema.safeParse({ ...fromEnv, ...overrides });
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  return parsed.data;
}

/** The origin this process is reached at, used for every address the config leaves unset. */
export function origin(config: Config, listenPort?: number): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host}:${listenPort ?? config.port}`;
}
