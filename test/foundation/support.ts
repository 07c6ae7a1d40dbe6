import { sql } from 'kysely';
import type { Ctx } from '../../src/context.js';
import { BROWSER_UA, requestAd, type TestServer, type World } from '../helpers.js';

/** Shared by the foundation tests: row counts, served ads and their tokens. */
export type Table = 'tracking_events' | 'rollups' | 'ad_requests' | 'ad_serves' | 'api_keys' | 'credits' | 'publishers' | 'advertisers';

export async function countRows(ctx: Ctx, table: Table): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db);
  return Number(r.rows[0].n);
}

/** Everything the tracking path may write, so a test can assert that nothing was. */
export async function trackingFootprint(ctx: Ctx) {
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

export async function spawnServe(config: import('../../src/config.js').Config, env: Record<string, string> = {}): Promise<ChildServer> {
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
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
