import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';
import { collectPageErrors, html, launchBrowser, newContext, startSite, type Site } from '../fixtures/browser.js';

/**
 * A browser-side integration in Chromium (issue 27): a page on another origin
 * calls POST /api/v1/ad with the publisher key. It is served when the
 * publisher allowed that origin, and refused by the browser (CORS) when not.
 */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Chat</title></head><body><p>chat page</p></body></html>`;

describe('POST /api/v1/ad from a browser page on another origin', () => {
  let s: TestServer;
  let w: World;
  let allowed: Site;
  let refused: Site;
  let browser: Browser;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
    allowed = await startSite({ '/': (_req, _b, res) => html(res, PAGE) });
    refused = await startSite({ '/': (_req, _b, res) => html(res, PAGE) });
    const put = await fetch(`${s.url}/publisher-dashboard/allowed-origins`, {
      method: 'PUT',
      headers: { 'x-api-key': w.publisherKey, 'content-type': 'application/json' },
      body: JSON.stringify({ allowed_origins: [allowed.url] }),
    });
    expect(put.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await allowed?.close();
    await refused?.close();
    await s?.stop();
  });

  /** Runs the page's fetch of an ad: the ads, or the error the browser raised. */
  async function askFrom(
    site: Site,
  ): Promise<
    { ok: true; status: number; ads: { title: string; impUrl: string }[]; imp: number } | { ok: false; error: string }
  > {
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await page.goto(site.url);
    const out = await page.evaluate(
      async ({ api, key }) => {
        try {
          const res = await fetch(`${api}/api/v1/ad`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              messages: [{ role: 'user', content: 'Which running shoes should I buy for my first marathon?' }],
              sessionId: 'browser-session',
              placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
              relevancy: null,
            }),
          });
          const ads = res.status === 200 ? await res.json() : [];
          // The impression pixel, read from the page too.
          const imp = ads[0] ? (await fetch(ads[0].impUrl)).status : 0;
          return { ok: true as const, status: res.status, ads, imp };
        } catch (err) {
          return { ok: false as const, error: String(err) };
        }
      },
      { api: s.url, key: w.publisherKey },
    );
    expect(errors).toEqual([]);
    await ctx.close();
    return out;
  }

  it('is served when the origin is allowed', async () => {
    const out = await askFrom(allowed);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.status).toBe(200);
    expect(out.ads[0].title).toBe('Stride Cloud');
    expect(out.imp).toBe(200);
  });

  it('is refused by the browser when it is not', async () => {
    const out = await askFrom(refused);
    expect(out).toMatchObject({ ok: false, error: expect.stringMatching(/TypeError|Failed to fetch/) });
  });
});
