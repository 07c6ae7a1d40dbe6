import { expect } from 'vitest';
import * as accounts from '../../src/modules/accounts/service.js';
import { createPlacement } from '../../src/modules/placements/service.js';
import { randomBase62 } from '../../src/lib/ids.js';
import { startTestServer, type TestServer } from '../helpers.js';
import type { ConfigInput } from '../../src/config.js';
import type { ContextOptions } from '../../src/server.js';

/**
 * Shared helpers of the advertiser management tests: a server, advertisers
 * (funded or not), a small JSON client, and one helper that proves an
 * endpoint refuses a missing key, a wrong-kind key and another tenant's ids.
 */
export interface Adv {
  id: string;
  key: string;
}

export interface Api {
  (method: string, path: string, body?: unknown, key?: string | null): Promise<{ status: number; body: any }>;
}

export async function startAdvServer(overrides: ConfigInput = {}, opts: ContextOptions = {}): Promise<TestServer> {
  return startTestServer({ fetchPrivateHosts: true, ...overrides }, opts);
}

export async function newAdvertiser(
  s: TestServer,
  opts: { funded?: boolean; paymentMethod?: boolean } = { funded: true },
): Promise<Adv> {
  const a = await accounts.createAdvertiser(s.ctx, {
    name: `Adv ${randomBase62(6)}`,
    hasPaymentMethod: opts.paymentMethod ?? false,
  });
  if (opts.funded) await accounts.addCredits(s.ctx, { advertiserId: a.advertiser.id, amountDollars: 100 });
  return { id: a.advertiser.id, key: a.apiKey };
}

export function client(s: TestServer, defaultKey: string): Api {
  return async (method, path, body, key) => {
    const headers: Record<string, string> = {};
    const k = key === undefined ? defaultKey : key;
    if (k) headers['x-api-key'] = k;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

export const admin =
  (s: TestServer) =>
  async (method: string, path: string, body?: unknown, token = s.ctx.secrets.adminToken) => {
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

/** A minimal valid campaign body (one manual group with one ad). */
export function campaignBody(extra: Record<string, unknown> = {}) {
  return {
    name: `Campaign ${randomBase62(6)}`,
    landing_page: 'https://shop.example.com/shoes',
    daily_budget: 50,
    ad_groups: [
      {
        name: 'Trail',
        group_type: 'manual',
        context: 'trail running shoes',
        ads: [{ headline: 'Trail shoes that grip', copy: 'Light trail runners with real grip.', cta: 'Shop trail' }],
      },
    ],
    ...extra,
  };
}

/**
 * The one cross-tenant / wrong-key check: without a key → 401, with a
 * publisher key → 401, with another advertiser's key (the resource's id is
 * foreign to it) → 404, and the owner still sees the resource unchanged.
 */
export async function expectTenantIsolation(
  s: TestServer,
  req: { method: string; path: string; body?: unknown; foreign?: 404 | null },
  owner: { api: Api; check?: { path: string; expect: (body: any) => void } },
): Promise<void> {
  const stranger = await newAdvertiser(s);
  const pub = await accounts.createPublisher(s.ctx, { name: `Pub ${randomBase62(5)}` });
  const api = client(s, stranger.key);
  const before = owner.check ? (await owner.api('GET', owner.check.path)).body : null;
  const none = await api(req.method, req.path, req.body, null);
  expect(none.status).toBe(401);
  const wrongKind = await api(req.method, req.path, req.body, pub.apiKey);
  expect(wrongKind.status).toBe(401);
  expect(wrongKind.body.message).toMatch(/advertiser key/);
  const bogus = await api(req.method, req.path, req.body, 'orb_adv_' + 'x'.repeat(32));
  expect(bogus.status).toBe(401);
  if (req.foreign !== null) {
    const foreign = await api(req.method, req.path, req.body);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(owner.check?.path.split('/').pop() ?? '\u0000');
  }
  if (owner.check) {
    const after = await owner.api('GET', owner.check.path);
    expect(after.status).toBe(200);
    owner.check.expect(after.body);
    expect(after.body).toEqual(before);
  }
}

/** A test server with one publisher (placement "Chat-Below") whose key asks for ads. */
export async function startAdvServerWithPublisher(
  overrides: ConfigInput = {},
): Promise<{ s: TestServer; pubKey: string }> {
  const s = await startAdvServer(overrides);
  const pub = await accounts.createPublisher(s.ctx, { name: 'Chat app', url: 'https://chat.example.com' });
  await createPlacement(s.ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
  return { s, pubKey: pub.apiKey };
}

/** A test server and a JSON client of one funded advertiser on it. */
export async function startAdvServerWithClient(overrides: ConfigInput = {}): Promise<{ s: TestServer; api: Api }> {
  const s = await startAdvServer(overrides);
  return { s, api: client(s, (await newAdvertiser(s)).key) };
}
