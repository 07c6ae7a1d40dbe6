import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { BROWSER_UA, adRequestBody, requestAd } from '../helpers.js';
import { goTo } from '../fixtures/browser.js';
import { cellValue, DAILY_CAMPAIGN, DAILY_SIGN_IN, dailyTraffic, useDashboard } from '../fixtures/dashboard.js';

/**
 * Issue 28 in Chromium, a publisher's daily work: range and time zone in the
 * address, CSV exports equal to the API's, sorting, the previous period,
 * placements and unknown slugs, feedback with blocking that serving honours.
 */
describe('the everyday dashboard in Chromium: publisher', () => {
  const d = useDashboard({ campaign: DAILY_CAMPAIGN, traffic: dailyTraffic, signIn: DAILY_SIGN_IN });
  const { api, signIn } = d;

  it('keeps range and time zone in the address, compares with the previous period, sorts and exports the same rows as the API', async () => {
    const { context, page, errors } = await signIn(d.w.publisherKey);
    await page.locator('[data-metric="totalImpressions"]').waitFor();
    // The effective range is written into the address at once.
    await expect.poll(() => new URL(page.url()).searchParams.get('tz')).toBe('America/New_York');
    await page.getByRole('button', { name: '7d', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('7');
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Asia/Kolkata');
    await expect.poll(() => new URL(page.url()).searchParams.get('tz')).toBe('Asia/Kolkata');
    const stats = await api<{ totalImpressions: number; timeSeries: { date: string; impressions: number }[] }>(
      d.w.publisherKey,
      '/publisher-dashboard/stats?days=7&tz=Asia/Kolkata',
    );
    await expect
      .poll(async () => Number(await page.locator('[data-metric="totalImpressions"]').getAttribute('data-value')))
      .toBe(stats.totalImpressions);
    // A shared link opens the same report in another browser (another time zone, no remembered range).
    const shared = page.url();
    const other = await d.browser.newContext({
      userAgent: BROWSER_UA,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Europe/Berlin',
    });
    const p2 = await other.newPage();
    await p2.goto(`${d.s.url}/dashboard/`);
    await p2.fill('#api-key', d.w.publisherKey);
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
      d.w.publisherKey,
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
    await goTo(page, '/activity');
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
      d.w.publisherKey,
      '/publisher-dashboard/activity?days=7&tz=Asia/Kolkata',
    );
    expect(csvRows.map((r) => [r.date, Number(r.requests)])).toEqual(act.data.map((d) => [d.date, d.requests]));
    expect(page.url()).not.toContain(d.w.publisherKey);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists placements with slug, requests and fill; creates an unknown slug in one click', async () => {
    const { context, page, errors } = await signIn(d.w.publisherKey);
    await goTo(page, '/placements');
    const row = page.locator('tr', { has: page.locator('td[data-col="placement_id"]', { hasText: 'Chat-Below' }) });
    await row.waitFor();
    const perf = await api<{ placements: { placement_id: string; requests: number; fill_rate: number }[] }>(
      d.w.publisherKey,
      '/publisher-dashboard/placements?days=7',
    );
    const below = perf.placements.find((p) => p.placement_id === 'Chat-Below')!;
    expect(await cellValue(row, 'requests')).toBe(below.requests);
    expect(await cellValue(row, 'fill_rate')).toBe(below.fill_rate);
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
    const { context, page, errors } = await signIn(d.w.publisherKey);
    await goTo(page, '/feedback');
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
    await page.locator(`[data-block-advertiser="${d.w.advertiserId}"]`).waitFor();
    expect(await row.innerText()).toContain('advertiser blocked');
    // The decision engine honours it at once: the only advertiser is no longer served to this publisher.
    expect((await requestAd(d.s.url, d.w.publisherKey, adRequestBody())).status).toBe(204);
    // Undo from the notice brings it back.
    await page.locator('.notice').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator(`[data-block-advertiser="${d.w.advertiserId}"]`).count()).toBe(0);
    expect((await requestAd(d.s.url, d.w.publisherKey, adRequestBody())).status).toBe(200);
    // Block the category from the row, then lift it from the list.
    await row.getByRole('button', { name: 'Block category' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await page.locator('[data-block-category="sports_fitness"]').waitFor();
    expect((await requestAd(d.s.url, d.w.publisherKey, adRequestBody())).status).toBe(204);
    await page.getByRole('button', { name: 'Unblock category Sports & fitness' }).click();
    await expect.poll(() => page.locator('[data-block-category]').count()).toBe(0);
    expect((await requestAd(d.s.url, d.w.publisherKey, adRequestBody())).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
