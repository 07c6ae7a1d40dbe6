import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { randomBase62 } from '../../src/lib/ids.js';
import {
  adRequestBody,
  BACKEND,
  BROWSER_UA,
  dropStorage,
  requestAd,
  seedWorld,
  startTestServer,
  testConfig,
  type TestServer,
  type World,
} from '../helpers.js';

/**
 * Two instances on one PostgreSQL (issue 26): A serves every route, B only
 * `tracking,serving` (the clicks and the ad request: tracking alone has no
 * keyed route to check a revoked key on). A change made through A — an ad
 * group's landing page edited and approved, an API key revoked — takes effect
 * on B within a second: through the Redis invalidation channel when Redis is
 * configured, through the short TTL of src/caches.ts otherwise. Both
 * instances refresh their serving snapshot once a minute here, and cached
 * destinations and keys would live that long without either mechanism, so a
 * change seen within the (generous, busy-machine) deadline is the mechanism
 * at work; the elapsed time is reported, the deadline only bounds the wait.
 */
const DEADLINE_MS = 15_000;

async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() - start > DEADLINE_MS) return { value, ms: Date.now() - start };
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const withRedis of [true, false]) {
  // PostgreSQL only (the suite's postgres project): embedded SQLite is one process.
  const skip = BACKEND !== 'postgres' || !process.env.TEST_DATABASE_URL || (withRedis && !process.env.TEST_REDIS_URL);
  describe.skipIf(skip)(
    `two instances on one PostgreSQL, ${withRedis ? 'Redis invalidation channel' : 'no Redis (short TTLs)'}`,
    () => {
      let a: RunningServer;
      let b: RunningServer;
      let w: World;
      const schema = `t_${randomBase62(10).toLowerCase()}`;
      const shared = {
        databaseUrl: process.env.TEST_DATABASE_URL,
        databaseSchema: schema,
        redisUrl: withRedis ? process.env.TEST_REDIS_URL : undefined,
        redisPrefix: `orbit-test:${schema}:`,
      };
      const configA = testConfig(shared);
      // One deployment: the same secrets (data key, token keys, admin token: secrets.json in the data directory).
      const configB = testConfig({ ...shared, dataDir: configA.dataDir, routes: 'tracking,serving' });

      beforeAll(async () => {
        a = await startServer(configA);
        b = await startServer(configB);
        w = await seedWorld(a.ctx);
        await b.ctx.inventory.rebuild();
        expect(b.ctx.caches.listening).toBe(withRedis);
      });

      afterAll(async () => {
        await b?.close();
        await a?.close();
        await dropStorage(configA);
      });

      const admin = (method: string, path: string, body?: unknown) =>
        fetch(`${a.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${a.ctx.secrets.adminToken}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });

      it('B redirects a click to the landing page approved through A', async () => {
        const res = await requestAd(b.url, w.publisherKey);
        expect(res.status).toBe(200);
        const [ad] = (await res.json()) as { clickUrl: string }[];
        const click = () => fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
        expect(new URL(ad.clickUrl).origin).toBe(b.url);
        const before = await click();
        expect(before.status).toBe(302);
        expect(before.headers.get('location')).toMatch(/^https:\/\/shoes\.example\.com\/run/); // cached on B now

        // B does not serve the advertiser's routes: the edit can only go through A.
        expect(
          (
            await fetch(`${b.url}/advertiser-dashboard/ad-groups?campaign_id=${w.campaignId}`, {
              headers: { 'x-api-key': w.advertiserKey },
            })
          ).status,
        ).toBe(404);
        const groups = (await (
          await fetch(`${a.url}/advertiser-dashboard/ad-groups?campaign_id=${w.campaignId}`, {
            headers: { 'x-api-key': w.advertiserKey },
          })
        ).json()) as { id: string }[];
        const edit = await fetch(`${a.url}/advertiser-dashboard/ad-groups/${groups[0].id}`, {
          method: 'PATCH',
          headers: { 'x-api-key': w.advertiserKey, 'content-type': 'application/json' },
          body: JSON.stringify({ landing_page: 'https://shoes.example.com/new-run' }),
        });
        expect(edit.status).toBe(200);
        // A landing page in review never receives a click: the old one still serves everywhere.
        expect((await click()).headers.get('location')).toMatch(/^https:\/\/shoes\.example\.com\/run/);
        const approved = await admin('POST', `/admin/reviews/ad_group/${groups[0].id}`, { decision: 'approve' });
        expect(approved.status).toBe(200);

        const seen = await until(
          click,
          (r) => r.headers.get('location')?.startsWith('https://shoes.example.com/new-run') ?? false,
        );
        expect(seen.value.status).toBe(302);
        expect(seen.value.headers.get('location')).toMatch(/^https:\/\/shoes\.example\.com\/new-run/);
        // A fresh ad's click agrees.
        const [fresh] = (await (await requestAd(b.url, w.publisherKey, adRequestBody())).json()) as {
          clickUrl: string;
        }[];
        const freshClick = await fetch(fresh.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
        expect(freshClick.headers.get('location')).toMatch(/^https:\/\/shoes\.example\.com\/new-run/);
        if (withRedis) expect(b.ctx.caches.received).toBeGreaterThan(0);
        console.log(`landing page on B after ${seen.ms} ms (${withRedis ? 'Redis' : 'short TTL'})`);
      });

      it('B refuses an API key revoked through A', async () => {
        const created = await admin('POST', '/admin/keys', { account_id: w.publisherId, label: 'second' });
        expect(created.status).toBe(201);
        const { key_id, api_key } = (await created.json()) as { key_id: string; api_key: string };
        expect((await requestAd(b.url, api_key)).status).toBe(200); // cached on B as valid now
        expect((await admin('DELETE', `/admin/keys/${key_id}`)).status).toBe(204);

        const seen = await until(
          () => requestAd(b.url, api_key),
          (r) => r.status === 401,
        );
        expect(seen.value.status).toBe(401);
        expect(((await seen.value.json()) as { message: string }).message).toMatch(/revoked/);
        // The publisher's other key is untouched.
        expect((await requestAd(b.url, w.publisherKey)).status).toBe(200);
        console.log(`revoked key refused on B after ${seen.ms} ms (${withRedis ? 'Redis' : 'short TTL'})`);
      });
    },
  );
}

/**
 * The `orbit` CLI is a second process even on embedded SQLite: a key it
 * revokes beside a running server is refused by the server within the short
 * TTL, or at once through Redis when the CLI has the server's REDIS_URL.
 */
describe('a key revoked by the orbit CLI beside a running server', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('is refused by the server', async () => {
    const c = s.config;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ORBIT_DATA_DIR: c.dataDir,
      ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}),
      ...(c.databaseSchema ? { DATABASE_SCHEMA: c.databaseSchema } : {}),
      ...(c.redisUrl ? { REDIS_URL: c.redisUrl, REDIS_PREFIX: c.redisPrefix } : {}),
    };
    const orbit = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, ['bin/orbit.js', ...args], { env }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, stdout, stderr }),
        ),
      );
    const made = await orbit('keys', 'create', '--account', w.publisherId, '--label', 'cli');
    expect(made.code, made.stderr).toBe(0);
    const { key_id, api_key } = JSON.parse(made.stdout) as { key_id: string; api_key: string };
    expect((await requestAd(s.url, api_key)).status).toBe(200); // cached as valid now
    const revoked = await orbit('keys', 'revoke', key_id);
    expect(revoked.code, revoked.stderr).toBe(0);
    const seen = await until(
      () => requestAd(s.url, api_key),
      (r) => r.status === 401,
    );
    expect(seen.value.status).toBe(401);
    console.log(`CLI-revoked key refused after ${seen.ms} ms (${c.redisUrl ? 'Redis' : 'short TTL'})`);
  });
});
