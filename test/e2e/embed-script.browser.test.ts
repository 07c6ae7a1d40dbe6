import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';
import {
  campaignCounts,
  collectPageErrors,
  ensureWebBuilt,
  html,
  launchBrowser,
  localCampaign,
  newContext,
  screenshot,
  settleFrames,
  startSite,
  type Site,
} from '../fixtures/browser.js';

/**
 * The one-<script> embed, loaded from the Orbit server's /embed.js, on a plain
 * HTML page whose backend proxies ad requests (the key stays server-side).
 */
describe('embed script in Chromium', () => {
  let s: TestServer;
  let w: World;
  let site: Site;
  let browser: Browser;
  const adRequests: Record<string, unknown>[] = [];

  const page = (slot: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Recipes</title>
<style>body{margin:0;font-family:system-ui,sans-serif}.content{max-width:600px;margin:0 auto;padding:16px}.spacer{height:1400px}</style></head>
<body><div class="content"><h1>Trail running guide</h1><div class="spacer"></div>${slot}<div class="spacer"></div></div>
<script src="${s.url}/embed.js" async></script></body></html>`;

  beforeAll(async () => {
    ensureWebBuilt();
    s = await startTestServer();
    site = await startSite({
      '/auto.html': (_req, _b, res) =>
        html(
          res,
          page(`<div id="slot" data-orbit-slot data-orbit-endpoint="/api/ads" data-orbit-placement="below_response" data-orbit-placement-id="Chat-Below"
            data-orbit-context="Which trail running shoes should I buy for a mountain marathon?" data-orbit-session="embed-session"></div>`),
        ),
      '/nofill.html': (_req, _b, res) =>
        html(
          res,
          page(
            `<div id="slot" data-orbit-slot data-orbit-endpoint="/api/ads" data-orbit-context="quantum chromodynamics lecture notes"></div><p id="after">page continues</p>`,
          ),
        ),
      '/api/ads': async (_req, body, res) => {
        adRequests.push(JSON.parse(body) as Record<string, unknown>);
        const up = await fetch(`${s.url}/api/v1/ad`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${w.publisherKey}`,
            'content-type': 'application/json',
            'user-agent': String(_req.headers['user-agent']),
          },
          body,
        });
        res.writeHead(up.status, { 'content-type': 'application/json' }).end(up.status === 204 ? '' : await up.text());
      },
      '/landing': (_req, _b, res) => html(res, '<!doctype html><title>Ridgeline landing</title><h1>Welcome</h1>'),
      '/queued.html': (_req, _b, res) =>
        html(
          res,
          `<!doctype html><body><div id="a"></div><div id="b"></div>
<script>window.events=[];window.orbitAdsQueue=[function(O){
  O.render(document.getElementById('a'), {title:'Queued ad', adText:'Rendered from the queue', clickUrl:'https://q.example.com', impUrl:'http://127.0.0.1:9/track/imp?p=x'}, {variant:'inline', onImpression:function(ad){window.events.push(ad.title)}});
  O.render(document.getElementById('b'), {adText:'Only text'}, {variant:'text'});
}];</script><script src="${s.url}/embed.js"></script></body>`,
        ),
    });
    w = await seedWorld(s.ctx, localCampaign(`${site.url}/landing`));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await s?.stop();
  });

  async function scrollToFraction(p: Page, fraction: number) {
    await p.evaluate((f) => {
      const el = document.querySelector('#slot [data-orbit-ad]')!;
      const r = el.getBoundingClientRect();
      window.scrollTo(0, r.top + window.scrollY - window.innerHeight + r.height * f);
    }, fraction);
    await settleFrames(p);
  }

  it('fetches through the publisher endpoint, counts one impression at ≥50% visibility and lands a click with attribution', async () => {
    const context = await newContext(browser, { width: 800, height: 600 });
    const p = await context.newPage();
    const errors = collectPageErrors(p);
    await p.goto(`${site.url}/auto.html`);
    const ad = p.locator('#slot [data-orbit-ad="card"]');
    await ad.waitFor({ state: 'attached' });
    expect(adRequests.at(-1)).toMatchObject({
      sessionId: 'embed-session',
      placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
      messages: [{ role: 'user', content: 'Which trail running shoes should I buy for a mountain marathon?' }],
    });
    expect(await ad.innerText()).toContain('Sponsored');
    expect(await ad.innerText()).toContain('Ridgeline Trail 2');

    await scrollToFraction(p, 0.4);
    expect(await ad.getAttribute('data-impressed')).toBe('false');
    expect(await campaignCounts(s.ctx, w.campaignId)).toMatchObject({ impEvents: 0, impressions: 0 });

    await scrollToFraction(p, 1);
    await expect.poll(() => ad.getAttribute('data-impressed')).toBe('true');
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).impressions).toBe(1);
    await p.evaluate(() => window.scrollTo(0, 0));
    await settleFrames(p);
    await scrollToFraction(p, 1);
    expect(await campaignCounts(s.ctx, w.campaignId)).toMatchObject({ impEvents: 1, impressions: 1 });
    await screenshot(p, 'embed-card', false);

    const link = ad.locator('a');
    expect(await link.getAttribute('rel')).toBe('sponsored noopener');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForURL(/\/landing\?/);
    const landed = new URL(popup.url());
    for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig'])
      expect(landed.searchParams.get(k), k).toBeTruthy();
    expect(landed.searchParams.get('grcpid')).toBe(w.campaignId);
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).clicks).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the slot empty and the page working when nothing fills', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    const errors = collectPageErrors(p);
    const before = adRequests.length;
    await p.goto(`${site.url}/nofill.html`);
    await expect.poll(() => adRequests.length).toBe(before + 1);
    await p.waitForFunction(() => document.querySelector('#slot')?.getAttribute('data-orbit-slot') === 'done');
    await settleFrames(p);
    expect(await p.locator('#slot').innerHTML()).toBe('');
    expect(await p.locator('#after').innerText()).toBe('page continues');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders an ad object through the JavaScript API, queued before the script loaded', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    const errors = collectPageErrors(p);
    await p.goto(`${site.url}/queued.html`);
    await p.locator('#a [data-orbit-ad="inline"]').waitFor();
    expect(await p.locator('#a').innerText()).toContain('Queued ad');
    expect(await p.locator('#b').innerText()).toContain('Only text');
    expect(await p.locator('#b >> text=Sponsored').count()).toBe(1);
    await expect.poll(() => p.evaluate(() => (window as any).events)).toEqual(['Queued ad']);
    // Rendering into the same container replaces the ad there.
    await p.evaluate(() =>
      (window as any).OrbitAds.render(document.getElementById('a'), {
        title: 'Replacement',
        url: 'https://r.example.com',
      }),
    );
    expect(await p.locator('#a [data-orbit-ad]').count()).toBe(1);
    expect(await p.locator('#a').innerText()).toContain('Replacement');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the embed script compressed and cacheable', async () => {
    const res = await fetch(`${s.url}/embed.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect((await res.text()).length).toBeGreaterThan(1000);
  });
});
