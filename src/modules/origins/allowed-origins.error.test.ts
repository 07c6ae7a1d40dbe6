import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { normaliseOrigin } from './service.js';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

/** Allowed origins: anything that is not an exact origin is a clear 422 naming the entry; nothing is stored. */
describe('PUT /publisher-dashboard/allowed-origins — bad input and access', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer();
    key = (await accounts.createPublisher(s.ctx, { name: 'Pub' })).apiKey;
  });
  afterAll(() => s.stop());

  const put = (body: unknown, k: string | null = key) =>
    fetch(`${s.url}/publisher-dashboard/allowed-origins`, {
      method: 'PUT',
      headers: { ...(k ? { 'x-api-key': k } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each([
    ['a path', 'https://app.example.com/chat', /no path/],
    ['a query', 'https://app.example.com?x=1', /no path, query or fragment/],
    ['a fragment', 'https://app.example.com#top', /no path, query or fragment/],
    ['a wildcard', '*', /wildcards/],
    ['a wildcard subdomain', 'https://*.example.com', /wildcards/],
    ['null', 'null', /"null" is not accepted/],
    ['another scheme', 'ftp://files.example.com', /http or https/],
    ['credentials', 'https://user:pw@app.example.com', /user name or password/],
    ['not a URL', 'app.example.com', /must be an origin/],
    ['empty', '', /must not be empty/],
  ])('%s is a 422 naming the entry', async (_name, origin, message) => {
    const res = await put({ allowed_origins: ['https://ok.example.com', origin] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; details: { field: string; message: string }[] };
    expect(body.details[0].field).toBe('allowed_origins.1');
    expect(body.details[0].message).toMatch(message);
    const now = await fetch(`${s.url}/publisher-dashboard/allowed-origins`, { headers: { 'x-api-key': key } });
    expect(await now.json()).toEqual({ allowed_origins: [] });
  });

  it('too many, wrong types and unknown fields are 422', async () => {
    expect(
      (await put({ allowed_origins: Array.from({ length: 51 }, (_, i) => `https://a${i}.example.com`) })).status,
    ).toBe(422);
    expect((await put({ allowed_origins: 'https://a.example.com' })).status).toBe(422);
    expect((await put({ allowed_origins: [], extra: 1 })).status).toBe(422);
    expect((await put({})).status).toBe(422);
  });

  it('needs a publisher key', async () => {
    expect((await put({ allowed_origins: [] }, null)).status).toBe(401);
    const adv = await accounts.createAdvertiser(s.ctx, { name: 'Adv' });
    expect((await put({ allowed_origins: [] }, adv.apiKey)).status).toBe(401);
    expect(
      (await fetch(`${s.url}/publisher-dashboard/allowed-origins`, { headers: { 'x-api-key': adv.apiKey } })).status,
    ).toBe(401);
  });

  it('normalises scheme and host case, default ports and a lone trailing slash', () => {
    expect(normaliseOrigin('HTTPS://App.Example.com:443/')).toEqual({ origin: 'https://app.example.com' });
    expect(normaliseOrigin('http://localhost:8080')).toEqual({ origin: 'http://localhost:8080' });
    expect(normaliseOrigin('https://app.example.com/.')).toHaveProperty('error');
  });
});
