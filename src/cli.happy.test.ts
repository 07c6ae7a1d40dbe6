import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext, createContext } from './server.js';
import { sha256Hex } from './lib/hash.js';
import * as accounts from './modules/accounts/service.js';
import { dropStorage, runOrbit, testConfig } from '../test/helpers.js';

/** The operator's `orbit` command against a fresh data directory (or PostgreSQL schema). */
const config = testConfig();

const orbit = (...args: string[]) => runOrbit(config, ...args);

const json = <T>(r: { code: number; stdout: string; stderr: string }): T => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

describe('orbit CLI', () => {
  beforeAll(async () => {
    expect(json<{ migrated: boolean }>(await orbit('migrate'))).toEqual({ migrated: true });
  }, 300_000);
  afterAll(() => dropStorage(config));

  it('creates publishers, advertisers, keys and credits, and revokes keys', { timeout: 300_000 }, async () => {
    const [pub, adv] = await Promise.all([
      orbit(
        'publishers',
        'create',
        '--name',
        'Chat Co',
        '--url',
        'https://chat.example',
        '--revenue-share',
        '0.65',
      ).then((r) => json<{ publisher_id: string; api_key: string }>(r)),
      orbit('advertisers', 'create', '--name', 'Shoes Inc', '--email', 'ops@shoes.example', '--payment-method').then(
        (r) => json<{ advertiser_id: string; api_key: string }>(r),
      ),
    ]);
    expect(pub.api_key).toMatch(/^orb_pub_/);
    expect(adv.api_key).toMatch(/^orb_adv_/);

    const key = json<{ key_id: string; kind: string; api_key: string }>(
      await orbit('keys', 'create', '--account', pub.publisher_id, '--label', 'ci'),
    );
    expect(key.kind).toBe('pub');
    const credits = json<{ credits_dollars: number }>(
      await orbit('credits', 'add', '--advertiser', adv.advertiser_id, '--amount', '250.5', '--note', 'welcome'),
    );
    expect(credits.credits_dollars).toBe(250.5);
    expect(json<{ revoked: string }>(await orbit('keys', 'revoke', key.key_id))).toEqual({ revoked: key.key_id });

    // What the commands did, seen in storage: hashes only, the share, the revocation.
    const ctx = await createContext(config);
    try {
      const keys = await ctx.db.selectFrom('api_keys').selectAll().execute();
      expect(keys.map((k) => k.key_hash)).toEqual(
        expect.arrayContaining([sha256Hex(pub.api_key), sha256Hex(adv.api_key), sha256Hex(key.api_key)]),
      );
      expect(JSON.stringify(keys)).not.toContain(key.api_key);
      expect(keys.find((k) => k.id === key.key_id)?.revoked_at).not.toBeNull();
      const p = await ctx.db
        .selectFrom('publishers')
        .selectAll()
        .where('id', '=', pub.publisher_id)
        .executeTakeFirstOrThrow();
      expect(p.revenue_share_bps).toBe(6500);
      const a = await ctx.db
        .selectFrom('advertisers')
        .selectAll()
        .where('id', '=', adv.advertiser_id)
        .executeTakeFirstOrThrow();
      expect(a.has_payment_method).toBe(1);
      expect(JSON.stringify(a)).not.toContain('ops@shoes.example');
    } finally {
      await closeContext(ctx);
    }
  });

  it('fails with a clear message and exit code 1 on bad input', { timeout: 300_000 }, async () => {
    const ctx = await createContext(config);
    const adv = await accounts.createAdvertiser(ctx, { name: 'Zero' }).finally(() => closeContext(ctx));
    const cases: [string[], RegExp][] = [
      [['publishers', 'create'], /required option '--name <name>'/],
      [['publishers', 'create', '--name', '   '], /name: must not be empty/],
      [
        ['publishers', 'create', '--name', 'X', '--revenue-share', '1.5'],
        /revenue_share: must be a fraction between 0 and 1/,
      ],
      [['advertisers', 'create', '--name', 'X', '--email', 'nope'], /email: is not an email address/],
      [['keys', 'create', '--account', 'no-such-account'], /account not found/],
      [['keys', 'revoke', 'no-such-key'], /key not found/],
      [['credits', 'add', '--advertiser', 'nope', '--amount', '5'], /advertiser not found/],
      [['credits', 'add', '--advertiser', adv.advertiser.id, '--amount', 'abc'], /not a number/],
      [['credits', 'add', '--advertiser', adv.advertiser.id, '--amount', '0'], /amount: must be a non-zero number/],
    ];
    const results = await Promise.all(cases.map(([args]) => orbit(...args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i][0].join(' ')).toBe(1);
      expect(r.stderr, cases[i][0].join(' ')).toMatch(cases[i][1]);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
    });
  });
});
