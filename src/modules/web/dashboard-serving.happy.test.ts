import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import { ensureWebBuilt } from '../../../test/fixtures/browser.js';

/** How the `web` route group serves the built dashboard (no browser needed). */
describe('dashboard serving', () => {
  let s: TestServer;
  beforeAll(async () => {
    ensureWebBuilt();
    s = await startTestServer();
  });
  afterAll(() => s?.stop());

  it('redirects /dashboard to the app, which is locked down and told where the API is', async () => {
    const r = await fetch(`${s.url}/dashboard`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/dashboard/');
    const page = await fetch(`${s.url}/dashboard/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    const config = JSON.parse(
      /<script id="orbit-config" type="application\/json">([^<]*)<\/script>/.exec(html)![1],
    ) as Record<string, string>;
    expect(config).toEqual({ platformUrl: s.url, apiUrl: s.url, embedUrl: `${s.url}/embed.js` });
  });

  it('answers client-side routes with the app, and missing files with 404', async () => {
    for (const p of ['/dashboard/campaigns/01234567-89ab-7cde-8f01-23456789abcd', '/dashboard/placements']) {
      const r = await fetch(`${s.url}${p}`);
      expect(r.status, p).toBe(200);
      expect(await r.text()).toContain('id="root"');
    }
    for (const p of ['/dashboard/assets/nope.js', '/dashboard/.build-hash', '/dashboard/index.html']) {
      expect((await fetch(`${s.url}${p}`)).status, p).toBe(404);
    }
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const html = await (await fetch(`${s.url}/dashboard/`)).text();
    const js = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(html)![1];
    const br = await fetch(`${s.url}${js}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(br.headers.get('content-type')).toContain('javascript');
    const plain = await fetch(`${s.url}${js}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(Number(br.headers.get('content-length')));
  });
});
