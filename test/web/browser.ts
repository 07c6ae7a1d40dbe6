import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { sql } from 'kysely';
import type { Ctx } from '../../src/context.js';
import { BROWSER_UA } from '../helpers.js';
import { settleRollups } from '../../src/db/index.js';

/**
 * Shared by the browser tests: Debian's Chromium through playwright-core (never
 * a downloaded browser), the built web assets, a local "publisher site" and
 * counters read straight from the test server's storage.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Build the dashboard, embed and component when their sources changed (a hash check otherwise). */
export function ensureWebBuilt(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'web/build.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (.ci/run does it)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A desktop browser context whose User-Agent is not a bot's (headless Chromium's own UA is one, and bot traffic is never counted). */
export async function newContext(
  browser: Browser,
  opts: { width?: number; height?: number; mobile?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: BROWSER_UA,
    viewport: { width: opts.width ?? 1000, height: opts.height ?? 700 },
    deviceScaleFactor: 1,
    ...(opts.mobile ? { isMobile: true, hasTouch: true } : {}),
  });
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
}

/**
 * A dashboard tab signed in with `key` (through the sign-in form, as a user
 * would), its page and the errors the page throws. Defaults: 1280×800, UTC,
 * light colours.
 */
export async function signInAs(
  browser: Browser,
  baseUrl: string,
  key: string,
  opts: {
    width?: number;
    height?: number;
    timezoneId?: string;
    colorScheme?: 'light' | 'dark';
    bypassCSP?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({
    userAgent: BROWSER_UA,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    deviceScaleFactor: 1,
    timezoneId: opts.timezoneId ?? 'UTC',
    colorScheme: opts.colorScheme ?? 'light',
    acceptDownloads: true,
    bypassCSP: opts.bypassCSP ?? false,
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(`${baseUrl}/dashboard/`);
  await page.fill('#api-key', key);
  await page.click('button[type=submit]');
  await page.locator('.shell').waitFor();
  return { context, page, errors };
}

/** GET an API path with a key, expecting 200: the numbers a page must show. */
export async function apiJson<T>(baseUrl: string, key: string, p: string): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, { headers: { 'x-api-key': key } });
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Move the signed-in dashboard to another path (its own router, as a link click would). */
export async function goTo(page: Page, to: string): Promise<void> {
  await page.evaluate((u) => {
    history.pushState(null, '', `/dashboard${u}`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Errors thrown in the page (uncaught exceptions): a test asserts there are none. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

/** Wait until the page has painted twice, so IntersectionObserver callbacks for the current layout have run. */
export async function settleFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))),
  );
}

export type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => unknown;

export interface Site {
  url: string;
  close(): Promise<void>;
}

/** A local web server on 127.0.0.1 standing in for the publisher's site and backend, or an advertiser's landing page. */
export async function startSite(routes: Record<string, Handler>): Promise<Site> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = new URL(req.url ?? '/', 'http://x').pathname;
      const h = routes[p];
      if (!h) {
        res.writeHead(404).end('not found');
        return;
      }
      Promise.resolve(h(req, Buffer.concat(chunks).toString('utf8'), res)).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const html = (res: http.ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
export const js = (res: http.ServerResponse, body: string | Buffer) =>
  res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' }).end(body);

/** Human impressions and clicks of a campaign: tracking events and the rollups the reports read. */
export async function campaignCounts(ctx: Ctx, campaignId: string) {
  const ev = await ctx.db
    .selectFrom('tracking_events')
    .select(['kind', sql<number>`count(*)`.as('n')])
    .where('campaign_id', '=', campaignId)
    .where('is_bot', '=', 0)
    .groupBy('kind')
    .execute();
  await settleRollups(ctx.db);
  const roll = await ctx.db
    .selectFrom('rollups')
    .select([
      sql<number>`coalesce(sum(impressions), 0)`.as('impressions'),
      sql<number>`coalesce(sum(clicks), 0)`.as('clicks'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const n = (k: string) => Number(ev.find((e) => e.kind === k)?.n ?? 0);
  return {
    impEvents: n('imp'),
    clickEvents: n('click'),
    impressions: Number(roll.impressions),
    clicks: Number(roll.clicks),
  };
}

/** A campaign whose landing page is on the local site, so a click can be followed to the end. */
export function localCampaign(landing: string) {
  return {
    name: 'Trail shoes',
    landing_page: landing,
    daily_budget: 50,
    max_cpc: 0.4,
    groups: [
      {
        name: 'Trail running',
        context: 'running shoes marathon trainers jogging trail',
        landing_page: landing,
        brand_name: 'Ridgeline',
        ads: [
          {
            headline: 'Ridgeline Trail 2',
            copy: 'Grippy, light trail shoes for long days on rough ground.',
            cta: 'See the shoe',
          },
        ],
      },
    ],
  };
}
