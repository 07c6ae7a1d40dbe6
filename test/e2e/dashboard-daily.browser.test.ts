import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import {
  BROWSER_UA,
  RUNNING_CAMPAIGN,
  adRequestBody,
  requestAd,
  seedWorld,
  startTestServer,
  type TestServer,
  type World,
} from '../helpers.js';
import { ensureWebBuilt, apiJson, goTo, launchBrowser, screenshot, signInAs } from '../fixtures/browser.js';
import { describeViolations, seriousViolations } from '../fixtures/a11y.js';

/**
 * Issue 28 in Chromium: a dashboard people use every day. Every page is
 * checked with axe-core in both colour schemes (no serious or critical
 * violation) and photographed at 1280×800 and 390×844 (test-artifacts/);
 * then the daily work: range and time zone in the address, CSV exports
 * equal to the API's, sorting, the previous period, placements and unknown
 * slugs, feedback with blocking that serving honours, the campaign form's
 * pickers, preview and errors, archive with confirmation and undo, focus
 * on navigation, the skip link, dark mode and phone cards.
 */
describe('the everyday dashboard in Chromium', () => {
  let s: TestServer;
  let w: World;
  let browser: Browser;

  const api = <T>(key: string, p: string): Promise<T> => apiJson<T>(s.url, key, p);

  beforeAll(async () => {
    ensureWebBuilt();
    s = await startTestServer();
    w = await seedWorld(s.ctx, { ...RUNNING_CAMPAIGN, category: 'sports_fitness' });
    for (let i = 0; i < 3; i++) {
      const [ad] = (await (await requestAd(s.url, w.publisherKey, adRequestBody())).json()) as {
        impUrl: string;
        clickUrl: string;
      }[];
      await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } });
      if (i === 0) await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
      if (i === 1) {
        const fb = await fetch(`${s.url}/ad-feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': w.publisherKey },
          body: JSON.stringify({
            sessionId: 'daily',
            impUrl: ad.impUrl,
            sentiment: 'thumbs_down',
            reasons: ['irrelevant', 'repetitive'],
            comment: 'Shoes again?',
          }),
        });
        expect(fb.status).toBe(200);
      }
    }
    // Requests for a slug the publisher has not created.
    for (let i = 0; i < 2; i++)
      await requestAd(
        s.url,
        w.publisherKey,
        adRequestBody(undefined, { placements: [{ placement: 'inline_response', placement_id: 'Chat-Inline' }] }),
      );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  const signIn = (
    key: string,
    opts: { width?: number; height?: number; scheme?: 'light' | 'dark'; bypassCSP?: boolean } = {},
  ) => signInAs(browser, s.url, key, { ...opts, colorScheme: opts.scheme, timezoneId: 'America/New_York' });
  const go = goTo;

  /** Wait until a page has settled: its heading is there and nothing is loading. */
  async function settled(page: Page) {
    await page.locator('h1').first().waitFor();
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
  }

  const publisherPages = ['/', '/activity', '/placements', '/audience', '/feedback', '/setup'];
  const advertiserPages = () => [
    '/',
    '/campaigns/new',
    `/campaigns/${w.campaignId}`,
    `/campaigns/${w.campaignId}/edit`,
    '/conversions',
    '/billing',
    '/pixels',
    '/integrations',
  ];
  const slug = (p: string) =>
    p === '/' ? 'home' : p.replace(/^\//, '').replace(/\//g, '-').replace(w.campaignId, 'id');

  it('has no serious or critical axe-core violation on any page, in light and dark, and is photographed at both sizes', async () => {
    const failures: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      // Sign-in page.
      const ctx = await browser.newContext({
        userAgent: BROWSER_UA,
        viewport: { width: 1280, height: 800 },
        colorScheme: scheme,
        bypassCSP: true,
      });
      const signin = await ctx.newPage();
      await signin.goto(`${s.url}/dashboard/`);
      await signin.locator('#api-key').waitFor();
      const v0 = await seriousViolations(signin);
      if (v0.length) failures.push(`[${scheme}] sign-in\n${describeViolations(v0)}`);
      await screenshot(signin, `daily-${scheme}-1280-sign-in`);
      await ctx.close();
      for (const [who, key, pages] of [
        ['publisher', w.publisherKey, publisherPages],
        ['advertiser', w.advertiserKey, advertiserPages()],
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
            scheme,
            bypassCSP: true,
          });
          for (const p of pages) {
            await go(page, p);
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

  it('keeps range and time zone in the address, compares with the previous period, sorts and exports the same rows as the API', async () => {
    const { context, page, errors } = await signIn(w.publisherKey);
    await page.locator('[data-metric="totalImpressions"]').waitFor();
    // The effective range is written into the address at once.
    await expect.poll(() => new URL(page.url()).searchParams.get('tz')).toBe('America/New_York');
    await page.getByRole('button', { name: '7d', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Kolkata');
    await expect.poll(() => new URL(page.url()).searchParams.get('tz')).toBe('Asia/Kolkata');
    const stats = await api<{ totalImpressions: number; timeSeries: { date: string; impressions: number }[] }>(
      w.publisherKey,
      '/publisher-dashboard/stats?days=7&tz=Asia/Kolkata',
    );
    await expect
      .poll(async () => Number(await page.locator('[data-metric="totalImpressions"]').getAttribute('data-value')))
      .toBe(stats.totalImpressions);
    // A shared link opens the same report in another browser (another time zone, no remembered range).
    const shared = page.url();
    const other = await browser.newContext({
      userAgent: BROWSER_UA,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Europe/Berlin',
    });
    const p2 = await other.newPage();
    await p2.goto(`${s.url}/dashboard/`);
    await p2.fill('#api-key', w.publisherKey);
    await p2.click('button[type=submit]');
    await p2.locator('.shell').waitFor();
    await p2.goto(shared);
    await p2.locator('[data-metric="totalImpressions"]').waitFor();
    expect(await p2.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Asia/Kolkata');
    expect(await p2.getByRole('button', { name: '7d', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await other.close();

    // The previous period: the same length just before, from the API.
    const today = stats.timeSeries[6].date;
    const dayMs = 86_400_000;
    const prevEnd = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * dayMs).toISOString().slice(0, 10);
    const prevStart = new Date(Date.parse(`${today}T00:00:00Z`) - 13 * dayMs).toISOString().slice(0, 10);
    const prev = await api<{ timeSeries: { impressions: number }[] }>(
      w.publisherKey,
      `/publisher-dashboard/stats?start_date=${prevStart}&end_date=${prevEnd}&tz=Asia/Kolkata`,
    );
    const chart = page.locator('[data-chart="Impressions"]');
    await chart.getByRole('button', { name: 'Show table' }).click();
    expect(
      await chart.locator('td[data-prev]').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-prev')))),
    ).toEqual(prev.timeSeries.map((d) => d.impressions));
    expect(await chart.locator('th', { hasText: 'Previous period' }).count()).toBe(1);

    // A custom range with the end before the start: a message next to the dates, the report stays.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('Start date').fill('2026-03-10');
    await page.getByLabel('End date').fill('2026-03-01');
    await expect
      .poll(() => page.locator('.range-problem').innerText())
      .toContain('The end date is before the start date');
    expect(await page.locator('.error-state').count()).toBe(0);
    expect(await page.getByLabel('End date').getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: '7d', exact: true }).click();

    // Sorting a report table, and its CSV (downloaded as the API writes it).
    await go(page, '/activity');
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Activity by day' }) });
    await table.waitFor();
    await page.getByRole('button', { name: 'Show every day' }).click();
    const requestsHeader = table.locator('th', { hasText: 'Requests' });
    await requestsHeader.getByRole('button').click();
    expect(await requestsHeader.getAttribute('aria-sort')).toBe('descending');
    const vals = await table
      .locator('td[data-col="requests"]')
      .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
    expect(vals).toEqual([...vals].sort((a, b) => b - a));
    await requestsHeader.getByRole('button').click();
    expect(await requestsHeader.getAttribute('aria-sort')).toBe('ascending');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orbit-activity_last-7d_Asia-Kolkata\.csv$/);
    const csvRows = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    const act = await api<{ data: { date: string; requests: number }[] }>(
      w.publisherKey,
      '/publisher-dashboard/activity?days=7&tz=Asia/Kolkata',
    );
    expect(csvRows.map((r) => [r.date, Number(r.requests)])).toEqual(act.data.map((d) => [d.date, d.requests]));
    expect(page.url()).not.toContain(w.publisherKey);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists placements with slug, requests and fill; creates an unknown slug in one click', async () => {
    const { context, page, errors } = await signIn(w.publisherKey);
    await go(page, '/placements');
    const row = page.locator('tr', { has: page.locator('td[data-col="placement_id"]', { hasText: 'Chat-Below' }) });
    await row.waitFor();
    const perf = await api<{ placements: { placement_id: string; requests: number; fill_rate: number }[] }>(
      w.publisherKey,
      '/publisher-dashboard/placements?days=7',
    );
    const below = perf.placements.find((p) => p.placement_id === 'Chat-Below')!;
    expect(Number(await row.locator('td[data-col="requests"]').getAttribute('data-value'))).toBe(below.requests);
    expect(Number(await row.locator('td[data-col="fill_rate"]').getAttribute('data-value'))).toBe(below.fill_rate);
    expect(await row.locator('td[data-col="name"]').innerText()).toContain('Chat Below');
    // Unknown slug → "Create it" fills the form; the new placement shows in the table without a reload.
    const unknown = page.locator('.unknown-slugs tr', { hasText: 'Chat-Inline' });
    await unknown.getByRole('button', { name: 'Create it' }).click();
    const form = page.getByRole('form', { name: 'Create placement' });
    expect(await form.locator('#f-name').inputValue()).toBe('Chat-Inline');
    expect(await form.locator('#f-placement_type').inputValue()).toBe('inline_response');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-name');
    await form.getByRole('button', { name: 'Create placement' }).click();
    await page.locator('td[data-col="placement_id"][data-value="Chat-Inline"]').waitFor();
    await expect.poll(() => page.locator('.unknown-slugs').count()).toBe(0);
    // An empty submit: the message is next to the name, which takes the focus.
    await form.getByRole('button', { name: 'Create placement' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-name');
    expect(await form.locator('[data-field="name"] .field-error').innerText()).toContain('Give the placement a name');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the ad, campaign and advertiser of feedback, in plain words, and blocks the advertiser so it is never served', async () => {
    const { context, page, errors } = await signIn(w.publisherKey);
    await go(page, '/feedback');
    const row = page.locator('tr', { hasText: 'Shoes again?' });
    await row.waitFor();
    expect(await row.locator('td[data-col="reasons"]').innerText()).toBe('Not relevant, Seen too often');
    expect(await row.locator('td[data-col="ad"]').innerText()).toContain('Stride Cloud');
    expect(await row.locator('td[data-col="ad"]').innerText()).toContain('Runners');
    expect(await row.locator('td[data-col="category"]').innerText()).toBe('Sports & fitness');
    await row.getByRole('button', { name: 'Block advertiser' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('never show ads from');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await page.locator(`[data-block-advertiser="${w.advertiserId}"]`).waitFor();
    expect(await row.innerText()).toContain('advertiser blocked');
    // The decision engine honours it at once: the only advertiser is no longer served to this publisher.
    expect((await requestAd(s.url, w.publisherKey, adRequestBody())).status).toBe(204);
    // Undo from the notice brings it back.
    await page.locator('.notice').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator(`[data-block-advertiser="${w.advertiserId}"]`).count()).toBe(0);
    expect((await requestAd(s.url, w.publisherKey, adRequestBody())).status).toBe(200);
    // Block the category from the row, then lift it from the list.
    await row.getByRole('button', { name: 'Block category' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await page.locator('[data-block-category="sports_fitness"]').waitFor();
    expect((await requestAd(s.url, w.publisherKey, adRequestBody())).status).toBe(204);
    await page.getByRole('button', { name: 'Unblock category Sports & fitness' }).click();
    await expect.poll(() => page.locator('[data-block-category]').count()).toBe(0);
    expect((await requestAd(s.url, w.publisherKey, adRequestBody())).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('guides the campaign form: every error at once with the focus on the first, plain words, pickers, preview, targeting and archive', async () => {
    const { context, page, errors } = await signIn(w.advertiserKey);
    await go(page, '/campaigns/new');
    const form = page.getByRole('form', { name: 'Create campaign' });
    await form.waitFor();
    // An empty submit: every missing field says so, and the first takes the focus.
    await form.getByRole('button', { name: 'Create campaign' }).click();
    for (const f of ['name', 'landing_page', 'daily_budget', 'group_name', 'copy'])
      await form.locator(`[data-field="${f}"] .field-error`).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-name');
    // A 6,000-character name: a message, not only a red counter.
    await form.locator('#f-name').fill('x'.repeat(6000));
    expect(await form.locator('[data-field="name"] .field-error').innerText()).toContain('at most 200');
    await form.locator('#f-name').fill('Spring trail');
    await form.locator('#f-landing_page').fill('https://shoes.example.com/spring');
    // The server's 4xx in plain words, on its field.
    await form.locator('#f-daily_budget').fill('5000000');
    await form.locator('#f-category').selectOption('sports_fitness');
    await form.locator('#f-allowed_countries').fill('germ');
    await form.locator('#f-allowed_countries').press('Enter');
    await form.locator('#f-start_time').fill('2030-03-01T09:00');
    await form.locator('#f-end_time').fill('2030-02-01T09:00');
    await form.locator('#f-group_name').fill('Spring runners');
    await form.locator('#f-headline').fill('Spring into trails');
    await form.locator('#f-copy').fill('Light shoes for muddy spring miles.');
    expect(await page.getByTestId('campaign-ad-preview').innerText()).toContain('Spring into trails');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    expect(await form.locator('[data-field="end_time"] .field-error').innerText()).toContain('after the start');
    await form.locator('#f-end_time').fill('2030-04-01T18:00');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => form.locator('[data-field="daily_budget"] .field-error').count()).toBe(1);
    const budgetMsg = await form.locator('[data-field="daily_budget"] .field-error').innerText();
    expect(budgetMsg).toMatch(/^Enter a number up to 1000000\.|at most/i);
    expect(budgetMsg).not.toMatch(/daily_budget|Too big/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-daily_budget');
    await form.locator('#f-daily_budget').fill('20');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Spring trail', exact: true }).waitFor();
    // The heading of the new page has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const created = (
      await api<
        {
          campaign_id: string;
          name: string;
          category: string;
          allowed_countries: string[];
          start_time: string;
          end_time: string;
        }[]
      >(w.advertiserKey, '/advertiser-dashboard/campaigns')
    ).find((c) => c.name === 'Spring trail')!;
    // New York wall-clock times, stored in UTC (EST, UTC−5, on 1 March; EDT, UTC−4, on 1 April).
    expect(created).toMatchObject({
      category: 'sports_fitness',
      allowed_countries: ['DE'],
      start_time: '2030-03-01T14:00:00.000',
      end_time: '2030-04-01T22:00:00.000',
    });
    const targeting = page.getByTestId('targeting');
    expect(await targeting.innerText()).toContain('Germany (DE)');
    expect(await targeting.innerText()).toContain('Mar 1, 2030, 9:00 AM');
    expect(await targeting.innerText()).toContain('Sports & fitness');

    // Archive an ad: confirmation, then Undo.
    await page.locator('.ad-tile').first().getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive ad' }).click();
    await expect.poll(() => page.locator('.ad-tile').count()).toBe(0);
    await page.locator('.notice').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('.ad-tile', { hasText: 'Spring into trails' }).count()).toBe(1);
    // Archive again and restore from the archived view.
    await page.locator('.ad-tile').first().getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive ad' }).click();
    await page.getByRole('button', { name: 'Show archived ads' }).click();
    await page.getByTestId('archived-ads').getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => page.locator('.ad-tile:not(.archived)', { hasText: 'Spring into trails' }).count()).toBe(1);

    // Archive the campaign (confirmed), find it under Archived, unarchive it.
    await page.locator('.status-actions').getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('This campaign is archived').waitFor();
    await go(page, '/?status=archived');
    await page.locator('tr', { hasText: 'Spring trail' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Runners' }).count()).toBe(0);
    await page.locator('tr', { hasText: 'Spring trail' }).getByRole('link', { name: 'Spring trail' }).click();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unarchive' }).click();
    await expect.poll(() => page.getByText('This campaign is archived').count()).toBe(0);
    expect(
      (await api<{ is_archived: boolean }>(w.advertiserKey, `/advertiser-dashboard/campaigns/${created.campaign_id}`))
        .is_archived,
    ).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters conversions by campaign and type in the address, newest first, with campaign and attribution columns', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sent = await fetch(`${s.url}/gateway/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.advertiserKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        data: [0, 2, 1].map((h) => ({
          event_name: 'Lead',
          event_time: now - h * 3600,
          event_id: `lead-${h}`,
          action_source: 'website',
          user_data: { em: [`l${h}@example.com`] },
        })),
      }),
    });
    expect(sent.status).toBe(200);
    const { context, page, errors } = await signIn(w.advertiserKey);
    await go(page, '/conversions?type=lead');
    await page.locator('[data-total]').waitFor();
    expect(await page.locator('#f-type').inputValue()).toBe('lead');
    const times = await page
      .locator('td[data-col="conversion_timestamp"]')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value')!));
    expect(times).toEqual([...times].sort().reverse());
    expect(times).toHaveLength(3);
    expect(await page.locator('td[data-col="is_attributed"]').first().innerText()).toMatch(
      /no matching click|unattributed/,
    );
    await page.locator('#f-campaign').selectOption(w.campaignId);
    await expect.poll(() => new URL(page.url()).searchParams.get('campaign')).toBe(w.campaignId);
    await expect.poll(() => page.locator('[data-total]').getAttribute('data-total')).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a pixel that cannot be verified and checks again on demand', async () => {
    const { context, page, errors } = await signIn(w.advertiserKey);
    await go(page, '/pixels');
    const form = page.getByRole('form', { name: 'Add pixel' });
    await form.locator('#f-url').fill('https://no-such-host.invalid');
    await form.getByRole('button', { name: 'Add pixel' }).click();
    const card = page.locator('.card', { hasText: 'no-such-host.invalid' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => card.locator('.alert').innerText()).toContain('Site not reachable');
    expect(await card.innerText()).not.toMatch(/ENOTFOUND|getaddrinfo/);
    expect(await page.getByText('Send a conversion').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers a skip link, moves focus to the heading on navigation, and remembers a chosen colour scheme', async () => {
    const { context, page, errors } = await signIn(w.publisherKey);
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

  it('shows report tables as labelled cards on a phone, with nothing cut off', async () => {
    const { context, page, errors } = await signIn(w.advertiserKey, { width: 390, height: 844 });
    const row = page.locator('tr', { hasText: 'Runners' });
    await row.waitFor();
    const cell = row.locator('td[data-col="status"]');
    expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Status"');
    // Every badge fits in its cell.
    const cut = await page
      .locator('.badge')
      .evaluateAll(
        (els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth)
            .length,
      );
    expect(cut).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'daily-phone-campaign-cards', false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
