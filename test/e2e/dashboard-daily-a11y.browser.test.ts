import { describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../helpers.js';
import { goTo, screenshot } from '../fixtures/browser.js';
import { describeViolations, seriousViolations } from '../fixtures/a11y.js';
import { DAILY_CAMPAIGN, DAILY_SIGN_IN, dailyTraffic, settled, useDashboard } from '../fixtures/dashboard.js';

/**
 * Issue 28 in Chromium, accessibility: every dashboard page is checked with
 * axe-core in both colour schemes (no serious or critical violation) and
 * photographed at 1280×800 and 390×844 (test-artifacts/); the skip link, focus
 * on navigation and a remembered colour scheme. The daily work:
 * dashboard-daily-publisher and dashboard-daily-advertiser .browser.test.ts.
 */
describe('the everyday dashboard in Chromium: accessibility', () => {
  const d = useDashboard({ campaign: DAILY_CAMPAIGN, traffic: dailyTraffic, signIn: DAILY_SIGN_IN });
  const { signIn } = d;

  const publisherPages = ['/', '/activity', '/placements', '/audience', '/feedback', '/setup'];
  const advertiserPages = () => [
    '/',
    '/campaigns/new',
    `/campaigns/${d.w.campaignId}`,
    `/campaigns/${d.w.campaignId}/edit`,
    '/conversions',
    '/billing',
    '/pixels',
    '/integrations',
  ];
  const slug = (p: string) =>
    p === '/' ? 'home' : p.replace(/^\//, '').replace(/\//g, '-').replace(d.w.campaignId, 'id');

  it('has no serious or critical axe-core violation on any page, in light and dark, and is photographed at both sizes', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      // Sign-in page.
      const ctx = await d.browser.newContext({
        userAgent: BROWSER_UA,
        viewport: { width: 1280, height: 800 },
        colorScheme: scheme,
        bypassCSP: true,
      });
      const signin = await ctx.newPage();
      await signin.goto(`${d.s.url}/dashboard/`);
      await signin.locator('#api-key').waitFor();
      const v0 = await seriousViolations(signin);
      if (v0.length) failures.push(`[${scheme}] sign-in\n${describeViolations(v0)}`);
      await screenshot(signin, `daily-${scheme}-1280-sign-in`);
      await ctx.close();
      for (const [who, key, pages] of [
        ['publisher', d.w.publisherKey, publisherPages],
        ['advertiser', d.w.advertiserKey, advertiserPages()],
      ] as const) {
        for (const size of scheme === 'light'
          ? ([
              [1280, 800],
              [390, 844],
            ] as const)
          : ([[1280, 800]] as const)) {
          const { context, page, errors } = await signIn(key, {
            width: size[0],
            height: size[1],
            colorScheme: scheme,
            bypassCSP: true,
          });
          for (const p of pages) {
            await goTo(page, p);
            await settled(page);
            if (size[0] === 1280) {
              const v = await seriousViolations(page);
              if (v.length) failures.push(`[${scheme}] ${who} ${p}\n${describeViolations(v)}`);
            } else {
              // Phone width: nothing wider than the screen.
              expect(
                await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
                `${who} ${p} fits 390 px`,
              ).toBe(true);
            }
            await screenshot(page, `daily-${scheme}-${size[0]}-${who}-${slug(p)}`);
          }
          expect(errors).toEqual([]);
          await context.close();
        }
      }
    }
    expect(failures.join('\n\n')).toBe('');
  }, 300_000);

  it('offers a skip link, moves focus to the heading on navigation, and remembers a chosen colour scheme', async () => {
    const { context, page, errors } = await signIn(d.w.publisherKey);
    await page.locator('[data-metric="totalImpressions"]').waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Activity');
    // A fresh load: the first Tab reaches the skip link.
    await page.reload();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // Colour scheme: pick dark, it stays after a reload.
    await page.getByRole('combobox', { name: 'Colours' }).selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await page.locator('.shell').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(bg);
    await page.getByRole('combobox', { name: 'Colours' }).selectOption('system');
    expect(errors).toEqual([]);
    await context.close();
  });
});
