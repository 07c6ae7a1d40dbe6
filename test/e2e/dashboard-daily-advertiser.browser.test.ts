import { describe, expect, it } from 'vitest';
import { goTo, screenshot } from '../fixtures/browser.js';
import { DAILY_CAMPAIGN, DAILY_SIGN_IN, dailyTraffic, fillFields, useDashboard } from '../fixtures/dashboard.js';

/**
 * Issue 28 in Chromium, an advertiser's daily work: the campaign form's
 * pickers, preview and errors, archive with confirmation and undo,
 * conversions filtered in the address, a pixel that cannot be verified, and
 * report tables as phone cards.
 */
describe('the everyday dashboard in Chromium: advertiser', () => {
  const d = useDashboard({ campaign: DAILY_CAMPAIGN, traffic: dailyTraffic, signIn: DAILY_SIGN_IN });
  const { api, signIn } = d;

  it('guides the campaign form: every error at once with the focus on the first, plain words, pickers, preview, targeting and archive', async () => {
    const { context, page, errors } = await signIn(d.w.advertiserKey);
    await goTo(page, '/campaigns/new');
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
    await fillFields(form, {
      start_time: '2030-03-01T09:00',
      end_time: '2030-02-01T09:00',
      group_name: 'Spring runners',
      headline: 'Spring into trails',
      copy: 'Light shoes for muddy spring miles.',
    });
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
      >(d.w.advertiserKey, '/advertiser-dashboard/campaigns')
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
    await goTo(page, '/?status=archived');
    await page.locator('tr', { hasText: 'Spring trail' }).waitFor();
    expect(await page.locator('tr', { hasText: 'Runners' }).count()).toBe(0);
    await page.locator('tr', { hasText: 'Spring trail' }).getByRole('link', { name: 'Spring trail' }).click();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unarchive' }).click();
    await expect.poll(() => page.getByText('This campaign is archived').count()).toBe(0);
    expect(
      (await api<{ is_archived: boolean }>(d.w.advertiserKey, `/advertiser-dashboard/campaigns/${created.campaign_id}`))
        .is_archived,
    ).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters conversions by campaign and type in the address, newest first, with campaign and attribution columns', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sent = await fetch(`${d.s.url}/gateway/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${d.w.advertiserKey}`, 'content-type': 'application/json' },
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
    const { context, page, errors } = await signIn(d.w.advertiserKey);
    await goTo(page, '/conversions?type=lead');
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
    await page.locator('#f-campaign').selectOption(d.w.campaignId);
    await expect.poll(() => new URL(page.url()).searchParams.get('campaign')).toBe(d.w.campaignId);
    await expect.poll(() => page.locator('[data-total]').getAttribute('data-total')).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a pixel that cannot be verified and checks again on demand', async () => {
    const { context, page, errors } = await signIn(d.w.advertiserKey);
    await goTo(page, '/pixels');
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

  it('shows report tables as labelled cards on a phone, with nothing cut off', async () => {
    const { context, page, errors } = await signIn(d.w.advertiserKey, { width: 390, height: 844 });
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
