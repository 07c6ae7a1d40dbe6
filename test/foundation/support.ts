import { sql } from 'kysely';
import type { Ctx } from '../../src/context.js';
import fc from 'fast-check';
import { PLACEMENT_TYPES } from '../../src/lib/placement-types.js';
import { adRequestBody, BROWSER_UA, requestAd, type TestServer, type World } from '../helpers.js';
import { settleRollups } from '../../src/db/index.js';

/** Shared by the foundation tests: row counts, served ads and their tokens. */
export type Table =
  'tracking_events' | 'rollups' | 'ad_requests' | 'ad_serves' | 'api_keys' | 'credits' | 'publishers' | 'advertisers';

export async function countRows(ctx: Ctx, table: Table): Promise<number> {
  await ctx.journal.settle(); // ad request records are committed within a few ms of their answer (journal.ts `record`)
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
  return Number(r.rows[0].n);
}

/** Everything the tracking path may write, so a test can assert that nothing was. */
export async function trackingFootprint(ctx: Ctx) {
  await settleRollups(ctx.db);
  const totals = await ctx.db
    .selectFrom('rollups')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('impressions'), eb.lit(0)).as('impressions'),
      eb.fn.coalesce(eb.fn.sum<number>('clicks'), eb.lit(0)).as('clicks'),
      eb.fn.coalesce(eb.fn.sum<number>('spend_micros'), eb.lit(0)).as('spend'),
    ])
    .executeTakeFirstOrThrow();
  return {
    events: await countRows(ctx, 'tracking_events'),
    impressions: Number(totals.impressions),
    clicks: Number(totals.clicks),
    spend: Number(totals.spend),
  };
}

export interface ServedAd {
  impUrl: string;
  clickUrl: string;
  campaignId: string;
  isTest?: boolean;
  [k: string]: unknown;
}

/** Serve one ad to the world's publisher and return it. */
export async function serveOne(s: TestServer, w: World, body?: unknown): Promise<ServedAd> {
  const res = await requestAd(s.url, w.publisherKey, body);
  if (res.status !== 200) throw new Error(`expected an ad, got ${res.status} ${await res.text()}`);
  const ads = (await res.json()) as ServedAd[];
  return ads[0];
}

/**
 * Items the journal holds and has not finished committing (queued, or in a commit the store has not
 * answered): a test's condition that a request has reached the journal, instead of a sleep.
 */
export const journalOutstanding = (ctx: Ctx): number => {
  const j = ctx.journal as unknown as { queue: unknown[]; inFlight: unknown[] };
  return j.queue.length + j.inFlight.length;
};

export const tokenOf = (url: string): string => new URL(url).searchParams.get('p')!;

export const hit = (url: string, headers: Record<string, string> = { 'user-agent': BROWSER_UA }) =>
  fetch(url, { headers, redirect: 'manual' });

/** A real `orbit serve` child process on the given storage, for crash and shutdown tests. */
export interface ChildServer {
  child: import('node:child_process').ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

export async function spawnServe(
  config: import('../../src/config.js').Config,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const { spawn } = await import('node:child_process');
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    ORBIT_DATA_DIR: config.dataDir,
    LOG_LEVEL: 'info',
    ORBIT_INVENTORY_REFRESH_MS: '60000',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.databaseSchema ? { DATABASE_SCHEMA: config.databaseSchema } : {}),
    ...env,
  };
  // bin/orbit.js: the server bundle when it is the build of the sources (test/global-setup.ts builds it), else tsx.
  const child = spawn(process.execPath, ['bin/orbit.js', 'serve'], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      for (const line of out.split('\n')) {
        if (!line.includes('orbit listening')) continue;
        try {
          resolve((JSON.parse(line) as { url: string }).url);
        } catch {
          /* partial line */
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    void exited.then(({ code, signal }) => reject(new Error(`server exited early (${code ?? signal}): ${out}`)));
  });
  return { child, url, exited, output: () => out };
}

/** An HTTP answer reduced to what the fast path must reproduce. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer headers both paths must agree on (Node adds Date and Keep-Alive itself). */
export const COMPARED_HEADERS = [
  'content-type',
  'content-length',
  'connection',
  'cache-control',
  'x-ratelimit-limit',
] as const;

const pick = (h: Record<string, string | string[] | number | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const k of COMPARED_HEADERS) if (h[k] !== undefined) out[k] = String(h[k]);
  return out;
};

/**
 * The same POST twice: over the socket (the raw fast path, when it takes the
 * request) and through `app.inject`, which never reaches the fast path — the
 * reference answer, Fastify's.
 */
export async function bothPaths(
  s: TestServer,
  body: string,
  headers: Record<string, string>,
  url = '/api/v1/ad',
): Promise<{ fast: Answer & { requestId: string | null }; ref: Answer & { requestId: string | null } }> {
  const res = await fetch(`${s.url}${url}`, { method: 'POST', headers, body });
  const fastHeaders = Object.fromEntries(res.headers);
  const fast = {
    status: res.status,
    headers: pick(fastHeaders),
    body: await res.text(),
    requestId: fastHeaders['x-orbit-request-id'] ?? null,
  };
  const inj = await s.app.inject({ method: 'POST', url, headers, payload: body });
  const ref = {
    status: inj.statusCode,
    headers: pick(inj.headers),
    body: inj.body,
    requestId: typeof inj.headers['x-orbit-request-id'] === 'string' ? inj.headers['x-orbit-request-id'] : null,
  };
  return { fast, ref };
}

/**
 * Records which requests the raw fast path took (method and URL), by wrapping
 * `FastPaths.prototype.handle` for the calling test file (vitest isolates
 * modules per file). Returns the list and a function that restores it.
 */
export async function spyFastPath(): Promise<{ taken: string[]; restore(): void }> {
  const { FastPaths } = await import('../../src/http/fast-path.js');
  const original = FastPaths.prototype.handle;
  const taken: string[] = [];
  FastPaths.prototype.handle = function (this: InstanceType<typeof FastPaths>, req, res) {
    const t = original.call(this, req, res);
    if (t) taken.push(`${req.method} ${req.url}`);
    return t;
  };
  return { taken, restore: () => void (FastPaths.prototype.handle = original) };
}

/** Headers of a publisher's ad request. */
export const adHeaders = (key: string, extra: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  'user-agent': BROWSER_UA,
  ...extra,
});

/**
 * Ad request bodies for fuzzing: near the valid shape (each field valid or
 * arbitrary), arbitrary JSON, raw text, and cut-off valid bodies.
 */
export function adPayloads(): fc.Arbitrary<string> {
  const valid = adRequestBody();
  const field = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything(), fc.jsonValue());
  const nearValid = fc.record(
    {
      messages: field(
        fc.array(
          fc.record({
            role: fc.oneof(fc.constantFrom('user', 'assistant'), fc.string()),
            content: fc.oneof(fc.string(), fc.anything()),
          }),
          {
            maxLength: 4,
          },
        ),
      ),
      sessionId: field(fc.string({ maxLength: 300 })),
      placements: field(
        fc.array(
          fc.record({
            placement: fc.oneof(fc.constantFrom(...PLACEMENT_TYPES), fc.string()),
            placement_id: fc.oneof(fc.constant('Chat-Below'), fc.string()),
          }),
          {
            maxLength: 12,
          },
        ),
      ),
      device: field(
        fc.record(
          { ip: fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()), ua: fc.string(), country: fc.string() },
          { requiredKeys: [] },
        ),
      ),
      excludedTopics: field(fc.array(fc.string())),
      relevancy: field(fc.double()),
      testAd: field(fc.boolean()),
      user: field(fc.object()),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    nearValid.map((b) => JSON.stringify(b)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.json(),
    fc.string({ maxLength: 200 }),
    fc.constant(JSON.stringify(valid)).chain((v) => fc.nat({ max: v.length }).map((n) => v.slice(0, n))),
  );
}
