import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { sql } from 'kysely';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { requestAd, adRequestBody, seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';
import {
  ROOT,
  campaignCounts,
  collectPageErrors,
  html,
  js,
  launchBrowser,
  localCampaign,
  newContext,
  screenshot,
  settleFrames,
  startSite,
  type Site,
} from '../fixtures/browser.js';

/**
 * The React <Ad> component in a real browser, against a real seeded server:
 * viewable impressions (once, at ≥50%), clicks that land with attribution,
 * feedback that is sent but never counted as a click, and a host page that
 * survives broken tracking.
 */

// The publisher page's bundle: React, react-dom and the component, rendered in StrictMode (effects run twice in development).
const HARNESS = `
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Ad, useAd } from './packages/react/src/index.tsx';
window.events = [];
// A chat page that fetches its ad through its own backend with the hook.
function Fetched({ request }) {
  const { ad, loading } = useAd('/api/ads', request);
  return loading ? createElement('p', { id: 'loading' }, 'loading') : createElement(Ad, { ad, variant: 'inline', sessionId: request.sessionId });
}
window.renderFetched = (id, request) => createRoot(document.getElementById(id)).render(createElement(Fetched, { request }));
window.renderAd = (id, props) => {
  const el = document.getElementById(id);
  const all = {
    ...props,
    onImpression: (ad) => window.events.push({ type: 'impression', impUrl: ad.impUrl }),
    onClick: (ad) => window.events.push({ type: 'click', campaignId: ad.campaignId }),
  };
  if (props.useOnFeedback) all.onFeedback = (p) => window.events.push({ type: 'feedback', payload: p });
  createRoot(el).render(createElement(StrictMode, null, createElement(Ad, all)));
};
`;

// The same component rendered on the server (no window, document or IntersectionObserver).
const SSR = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Ad } from './packages/react/src/index.tsx';
export const render = (props) => renderToString(createElement(Ad, props));
`;

const PAGE = (title: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8fafc}.chat{max-width:560px;margin:0 auto;padding:16px}
.msg{background:#fff;border-radius:12px;padding:12px 14px;margin:12px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}.spacer{height:1400px}</style></head>
<body><div class="chat"><div class="msg">Which running shoes should I buy for my first trail marathon?</div>
<div class="msg">For rocky trails look for a lugged outsole and a rock plate…</div><div class="spacer"></div>
<div id="slot"></div><div id="slot2" style="margin-top:16px"></div><div id="slot3" style="margin-top:16px"></div><div id="slot4" style="margin-top:16px"></div>
<button id="host-button" onclick="this.textContent='host still works'">host button</button><div class="spacer"></div></div>
<script src="/harness.js"></script></body></html>`;

describe('React <Ad> component in Chromium', () => {
  let s: TestServer;
  let w: World;
  let site: Site;
  let browser: Browser;
  let harness: string;
  const feedbackBodies: Record<string, unknown>[] = [];
  const forwarded: number[] = [];

  beforeAll(async () => {
    const bundle = await build({
      stdin: { contents: HARNESS, resolveDir: ROOT, loader: 'tsx' },
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'error',
    });
    harness = bundle.outputFiles[0].text;
    s = await startTestServer();
    site = await startSite({
      '/page.html': (_req, _b, res) => html(res, PAGE('Chat with ads')),
      '/harness.js': (_req, _b, res) => js(res, harness),
      '/landing': (_req, _b, res) =>
        html(res, '<!doctype html><title>Ridgeline landing</title><h1>Ridgeline Trail 2</h1>'),
      // The publisher's backend: adds its key and forwards feedback to Orbit (the key never reaches the browser).
      '/api/ad-feedback': async (_req, body, res) => {
        feedbackBodies.push(JSON.parse(body) as Record<string, unknown>);
        const up = await fetch(`${s.url}/ad-feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': w.publisherKey },
          body,
        });
        forwarded.push(up.status);
        res.writeHead(up.status, { 'content-type': 'application/json' }).end(await up.text());
      },
      '/api/broken': (_req, _b, res) => res.writeHead(500).end('boom'),
      // The publisher's ad endpoint: the key is added here, never in the page.
      '/api/ads': async (req, body, res) => {
        const up = await fetch(`${s.url}/api/v1/ad`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${w.publisherKey}`,
            'content-type': 'application/json',
            'user-agent': String(req.headers['user-agent']),
          },
          body,
        });
        res.writeHead(up.status, { 'content-type': 'application/json' }).end(up.status === 204 ? '' : await up.text());
      },
    });
    w = await seedWorld(s.ctx, localCampaign(`${site.url}/landing`));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await s?.stop();
  });

  async function serveAd(): Promise<{ impUrl: string; clickUrl: string; campaignId: string; [k: string]: unknown }> {
    const res = await requestAd(
      s.url,
      w.publisherKey,
      adRequestBody('Which trail running shoes for my first marathon?'),
    );
    expect(res.status).toBe(200);
    const [ad] = (await res.json()) as { impUrl: string; clickUrl: string; campaignId: string }[];
    expect(ad.campaignId).toBe(w.campaignId);
    return ad;
  }

  async function openPage(): Promise<{ page: Page; errors: Error[]; impRequests: string[] }> {
    const context = await newContext(browser, { width: 800, height: 600 });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const impRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/track/imp')) impRequests.push(r.url());
    });
    await page.goto(`${site.url}/page.html`);
    return { page, errors, impRequests };
  }

  /** Scroll so that `fraction` of the element's height is inside the viewport, entering from below. */
  async function scrollToFraction(page: Page, selector: string, fraction: number) {
    await page.evaluate(
      ([sel, f]) => {
        const el = document.querySelector(sel as string)!;
        const r = el.getBoundingClientRect();
        const top = r.top + window.scrollY;
        window.scrollTo(0, top - window.innerHeight + r.height * (f as number));
      },
      [selector, fraction] as const,
    );
    await settleFrames(page);
  }

  it('fires exactly one impression at ≥50% visibility, none below, and a click lands with attribution', async () => {
    const ad = await serveAd();
    const { page, errors, impRequests } = await openPage();
    await page.evaluate((a) => (window as any).renderAd('slot', { ad: a, variant: 'card', sessionId: 'sess-1' }), ad);
    const card = page.locator('#slot [data-orbit-ad="card"]');
    await card.waitFor();
    expect(await card.getAttribute('data-impressed')).toBe('false');

    // 40% visible: nothing fires.
    await scrollToFraction(page, '#slot [data-orbit-ad]', 0.4);
    expect(await card.getAttribute('data-impressed')).toBe('false');
    expect(await page.evaluate(() => (window as any).events)).toEqual([]);
    expect(impRequests).toHaveLength(0);
    expect(await campaignCounts(s.ctx, w.campaignId)).toMatchObject({ impEvents: 0, impressions: 0 });

    // Fully visible: one impression, even with StrictMode's double effects.
    await scrollToFraction(page, '#slot [data-orbit-ad]', 1);
    await expect.poll(() => card.getAttribute('data-impressed')).toBe('true');
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).impressions).toBe(1);

    // Scrolling away and back does not fire again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settleFrames(page);
    await scrollToFraction(page, '#slot [data-orbit-ad]', 1);
    expect(impRequests).toHaveLength(1);
    expect(impRequests[0]).toBe(ad.impUrl);
    expect(
      (await page.evaluate(() => (window as any).events)).filter((e: { type: string }) => e.type === 'impression'),
    ).toHaveLength(1);
    expect(await campaignCounts(s.ctx, w.campaignId)).toMatchObject({ impEvents: 1, impressions: 1, clicks: 0 });

    // The disclosure and the link attributes.
    await expect.poll(() => card.locator('text=Sponsored').count()).toBe(1);
    const link = card.locator('a');
    expect(await link.getAttribute('rel')).toBe('sponsored noopener');
    expect(await link.getAttribute('href')).toBe(ad.clickUrl);
    await screenshot(page, 'component-card', false);

    // Click: a new tab through the tracking redirect to the landing page, with the attribution parameters.
    const [popup] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await popup.waitForURL(/\/landing\?/);
    const landed = new URL(popup.url());
    expect(landed.origin + landed.pathname).toBe(`${site.url}/landing`);
    for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig'])
      expect(landed.searchParams.get(k), k).toBeTruthy();
    expect(landed.searchParams.get('grcpid')).toBe(w.campaignId);
    expect(landed.searchParams.get('grpuid')).toBe(w.publisherId);
    expect(await popup.title()).toBe('Ridgeline landing');
    expect(await page.evaluate(() => (window as any).events)).toContainEqual({
      type: 'click',
      campaignId: w.campaignId,
    });
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).clicks).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends feedback through the publisher backend without counting a click', async () => {
    const ad = { ...(await serveAd()), feedbackPrompt: true };
    const before = await campaignCounts(s.ctx, w.campaignId);
    const { page, errors } = await openPage();
    await page.evaluate(
      (a) => (window as any).renderAd('slot', { ad: a, sessionId: 'sess-fb', feedbackUrl: '/api/ad-feedback' }),
      ad,
    );
    await scrollToFraction(page, '#slot [data-orbit-ad]', 1);
    const card = page.locator('#slot [data-orbit-ad="card"]');
    await card.getByRole('button', { name: 'Thumbs down' }).click();
    await card.getByRole('button', { name: 'Irrelevant' }).click();
    await card.getByLabel('Comment (optional)').fill('Not about trail running at all');
    await screenshot(page, 'component-feedback', false);
    await card.getByRole('button', { name: 'Send feedback' }).click();
    await card.getByText('Thanks for your feedback.').waitFor();
    expect(page.url()).toBe(`${site.url}/page.html`); // no navigation
    expect(page.context().pages()).toHaveLength(1); // no new tab

    await expect.poll(() => feedbackBodies.length).toBe(1);
    expect(feedbackBodies[0]).toEqual({
      sessionId: 'sess-fb',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_down',
      reasons: ['irrelevant'],
      comment: 'Not about trail running at all',
      placement: 'below_response',
      placementId: 'Chat-Below',
    });
    await expect.poll(() => forwarded.length).toBe(1);
    // Stored by POST /ad-feedback (when this process serves it).
    if (s.app.hasRoute({ method: 'POST', url: '/ad-feedback' })) {
      expect(forwarded[0]).toBe(200);
      const stored = await sql<{
        sentiment: string;
        reasons_json: string;
        comment: string;
      }>`select sentiment, reasons_json, comment from ad_feedback where campaign_id = ${w.campaignId}`.execute(
        s.ctx.db,
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]).toMatchObject({ sentiment: 'thumbs_down', comment: 'Not about trail running at all' });
      expect(JSON.parse(stored.rows[0].reasons_json)).toEqual(['irrelevant']);
    }
    // Feedback is never a click.
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).impressions).toBe(before.impressions + 1);
    expect(await campaignCounts(s.ctx, w.campaignId)).toMatchObject({
      clicks: before.clicks,
      clickEvents: before.clickEvents,
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the host page working when impression and feedback calls fail, and renders ads missing optional fields', async () => {
    const { page, errors } = await openPage();
    const broken = {
      title: 'Broken tracking',
      adText: 'This ad has tracking URLs that fail.',
      clickUrl: `${site.url}/landing`,
      impUrl: 'http://127.0.0.1:9/track/imp?p=nothing-listens-here',
      feedbackPrompt: true,
    };
    await page.evaluate(
      (a) => (window as any).renderAd('slot', { ad: a, sessionId: 's-broken', feedbackUrl: '/api/broken' }),
      broken,
    );
    // Optional fields missing: only a text and a URL.
    await page.evaluate(() =>
      (window as any).renderAd('slot2', {
        ad: { adText: 'Plain text only', url: 'https://plain.example.org/x' },
        variant: 'inline',
      }),
    );
    // Garbage in fields that should be strings.
    await page.evaluate(() =>
      (window as any).renderAd('slot3', {
        ad: { title: 42, brandName: null, cta: {}, favicon: 'javascript:alert(1)', url: 'https://odd.example.net' },
        variant: 'minimal',
      }),
    );
    await page.evaluate(() =>
      (window as any).renderAd('slot4', {
        ad: { title: 'Text link ad', brandName: 'Textco', clickUrl: 'https://textco.example.com' },
        variant: 'text',
      }),
    );
    await scrollToFraction(page, '#slot4', 1);
    await expect.poll(() => page.locator('#slot [data-orbit-ad]').getAttribute('data-impressed')).toBe('true');

    await page.getByRole('button', { name: 'Thumbs up' }).click();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thanks for your feedback.').waitFor();

    const plain = page.locator('#slot2 [data-orbit-ad="inline"]');
    expect(await plain.innerText()).toContain('Plain text only');
    expect(await plain.innerText()).toContain('plain.example.org'); // brand falls back to the host name
    expect(await plain.locator('a').getAttribute('href')).toBe('https://plain.example.org/x');
    const odd = page.locator('#slot3 [data-orbit-ad="minimal"]');
    expect(await odd.innerText()).toContain('odd.example.net');
    expect(await odd.locator('img').count()).toBe(0); // an unsafe favicon URL is not loaded
    const text = page.locator('#slot4 [data-orbit-ad="text"]');
    expect(await text.innerText()).toContain('Sponsored');
    expect(await text.locator('a').getAttribute('rel')).toBe('sponsored noopener');
    for (const slot of ['#slot', '#slot2', '#slot3', '#slot4'])
      expect(await page.locator(`${slot} >> text=Sponsored`).count()).toBe(1);

    await page.click('#host-button');
    expect(await page.locator('#host-button').innerText()).toBe('host still works');
    expect(errors).toEqual([]);
    await screenshot(page, 'component-variants', false);
    await page.context().close();
  });

  it('fetches its ad through the publisher endpoint with useAd', async () => {
    const before = await campaignCounts(s.ctx, w.campaignId);
    const { page, errors } = await openPage();
    await page.evaluate(() =>
      (window as any).renderFetched('slot', {
        sessionId: 'hook-session',
        placement: 'below_response',
        placementId: 'Chat-Below',
        messages: [{ role: 'user', content: 'Which trail running shoes for my first marathon?' }],
      }),
    );
    const ad = page.locator('#slot [data-orbit-ad="inline"]');
    await ad.waitFor({ state: 'attached' });
    expect(await ad.innerText()).toContain('Ridgeline Trail 2');
    await scrollToFraction(page, '#slot [data-orbit-ad]', 1);
    await expect.poll(async () => (await campaignCounts(s.ctx, w.campaignId)).impressions).toBe(before.impressions + 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders on the server without touching window', async () => {
    const out = await build({
      stdin: { contents: SSR, resolveDir: ROOT, loader: 'tsx' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      jsx: 'automatic',
      logLevel: 'error',
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-ssr-')), 'ssr.mjs');
    fs.writeFileSync(file, out.outputFiles[0].text);
    const mod = (await import(file)) as { render(p: unknown): string };
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const markup = mod.render({
      ad: {
        title: 'Server ad',
        brandName: 'SSR Co',
        clickUrl: 'https://ssr.example.com/c',
        feedbackPrompt: true,
        impUrl: 'https://x/imp',
      },
      feedbackUrl: '/fb',
    });
    expect(markup).toContain('Sponsored');
    expect(markup).toContain('rel="sponsored noopener"');
    expect(markup).toContain('data-impressed="false"');
    expect(markup).toContain('Thumbs down');
    expect(mod.render({ ad: null })).toBe('');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
