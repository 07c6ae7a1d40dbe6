import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as accounts from '../../src/modules/accounts/service.js';
import { createPlacement } from '../../src/modules/placements/service.js';
import { BROWSER_UA, adRequestBody, requestAd, startTestServer, type TestServer } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.js';
import {
  collectPageErrors,
  ensureWebBuilt,
  html,
  launchBrowser,
  newContext,
  screenshot,
  startSite,
  type Site,
} from '../fixtures/browser.js';

/**
 * Self-serve end to end in Chromium (issue 27): a new advertiser (as
 * `orbit advertisers create` makes it) signs in, creates a campaign, is told
 * activation needs billing, buys credits through (a local stand-in for)
 * Stripe Checkout, activates; the operator approves the review; the campaign
 * serves. And a new publisher's first screen: three steps whose live check
 * turns green when Orbit sees its first request and impression.
 */
describe('self-serve in the dashboard', () => {
  let s: TestServer;
  let stripe: FakeStripe;
  let landing: Site;
  let browser: Browser;
  let pubKey: string;
  beforeAll(async () => {
    ensureWebBuilt();
    stripe = await startFakeStripe();
    s = await startTestServer({
      stripeSecretKey: stripe.secretKey,
      stripeWebhookSecret: stripe.webhookSecret,
      stripeApiBase: stripe.url,
      inventoryRefreshMs: 500,
    });
    stripe.setWebhook(`${s.url}/billing/stripe/webhook`);
    landing = await startSite({ '/kayaks': (_req, _b, res) => html(res, '<h1>Kayaks</h1>') });
    const pub = await accounts.createPublisher(s.ctx, { name: 'Chat app' });
    await createPlacement(s.ctx, pub.publisher.id, { name: 'Chat Below', placement_type: 'below_response' });
    pubKey = pub.apiKey;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await landing?.close();
    await s?.stop();
    await stripe?.close();
  });

  async function signIn(page: Page, key: string): Promise<void> {
    await page.goto(`${s.url}/dashboard/`);
    await page.fill('#api-key', key);
    await page.click('button[type=submit]');
    await page.waitForSelector('nav[aria-label="Main"]');
  }

  it('a new advertiser goes from sign-up to a serving campaign, buying credits through Stripe Checkout; only the review needs the operator', async () => {
    const adv = await accounts.createAdvertiser(s.ctx, { name: 'Paddle Co' });
    const ctx = await newContext(browser, { width: 1100, height: 900 });
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, adv.apiKey);

    // A campaign, from the form.
    await page.goto(`${s.url}/dashboard/campaigns/new`);
    await page.fill('#f-name', 'Sea kayaks');
    await page.fill('#f-landing_page', `${landing.url}/kayaks`);
    await page.fill('#f-daily_budget', '20');
    await page.fill('#f-max_cpc', '0.5');
    await page.fill('#f-group_name', 'Touring');
    await page.selectOption('#f-group_type', 'manual');
    await page.fill('#f-context', 'sea kayak touring paddling beginners');
    await page.fill('#f-headline', 'Touring kayaks for beginners');
    await page.fill('#f-copy', 'Stable sea kayaks with free lessons.');
    await page.fill('#f-cta', 'See kayaks');
    await page.click('form[aria-label="Create campaign"] button[type=submit]');
    await page.waitForURL(/\/dashboard\/campaigns\/[0-9a-f-]{36}(\?.*)?$/);
    const campaignId = new URL(page.url()).pathname.split('/').pop()!;

    // Activation needs billing: the alert links to the Billing page.
    await page.click('button:has-text("Activate")');
    await page.waitForSelector('[role=alert][data-status="402"]');
    await page.click('[role=alert] a:has-text("Open billing")');
    await page.waitForSelector('#top-up');
    await page.fill('#top-up', '50');
    await page.click('button:has-text("Buy credits")');

    // Stripe Checkout (the local stand-in): pay, and come back.
    await page.waitForURL(new RegExp(`^${stripe.url}/pay/`));
    await screenshot(page, 'self-serve-checkout');
    await page.click('button:has-text("Pay 50.00 USD")');
    await page.waitForURL(/\/dashboard\/billing\?checkout=success/);
    await page.waitForSelector('[data-metric="balance_dollars"][data-value="50"]');
    expect(await page.textContent('[data-metric="balance_dollars"]')).toContain('$50.00');
    await page.waitForSelector('td[data-col="amount"][data-value="50"]');
    await screenshot(page, 'self-serve-billing');

    // Activate: submitted for review, not serving yet.
    await page.goto(`${s.url}/dashboard/campaigns/${campaignId}`);
    await page.click('button:has-text("Activate")');
    await page.waitForSelector('.review-state[data-review-status="pending_review"]');
    expect(
      (await requestAd(s.url, pubKey, adRequestBody('Which sea kayak is good for touring beginners?'))).status,
    ).toBe(204);

    // The operator approves (the only operator action); the campaign serves.
    const review = await fetch(`${s.url}/admin/campaigns/${campaignId}/review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.ctx.secrets.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(review.status).toBe(200);
    const served = await requestAd(s.url, pubKey, adRequestBody('Which sea kayak is good for touring beginners?'));
    expect(served.status).toBe(200);
    const [ad] = (await served.json()) as { campaignId: string; title: string; clickUrl: string }[];
    expect(ad).toMatchObject({ campaignId, title: 'Touring kayaks for beginners' });
    const click = await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
    expect(click.headers.get('location')).toMatch(new RegExp(`^${landing.url}/kayaks\\?`));

    await page.reload();
    await page.waitForSelector('.review-state[data-live="yes"]');
    await screenshot(page, 'self-serve-live');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a new publisher's first screen shows the three steps, and the live check turns green on its first request and impression", async () => {
    const pub = await accounts.createPublisher(s.ctx, { name: 'New chat app' });
    s.ctx.inventory.invalidate();
    const ctx = await newContext(browser, { width: 1000, height: 900 });
    const page = await ctx.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, pub.apiKey);
    await page.waitForSelector('li.step[data-step="3"]');
    expect(await page.getAttribute('li.step[data-step="1"]', 'data-done')).toBe('yes');
    expect(await page.getAttribute('li.step[data-step="2"]', 'data-done')).toBe('no');
    expect(await page.getAttribute('li.step[data-step="3"]', 'data-done')).toBe('no');
    await screenshot(page, 'onboarding-waiting');

    // The publisher's own integration (its server) sends a test request and fires the impression.
    const res = await requestAd(s.url, pub.apiKey, { ...adRequestBody('Testing my integration'), testAd: true });
    expect(res.status).toBe(200);
    await page.waitForSelector('li.step[data-step="2"][data-done="yes"]');
    const [ad] = (await res.json()) as { impUrl: string }[];
    expect((await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    await page.waitForSelector('li.step[data-step="3"][data-done="yes"]');
    await page.waitForSelector('text=Your integration works');
    await screenshot(page, 'onboarding-done');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
