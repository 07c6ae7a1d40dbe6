import { describe, expect, it } from 'vitest';
import * as accounts from '../../src/modules/accounts/service.js';
import { goTo, screenshot } from '../fixtures/browser.js';
import { cellValue, fillFields, overviewTraffic, statValue, useDashboard } from '../fixtures/dashboard.js';

/**
 * The advertiser's dashboard in Chromium against a seeded server: the numbers
 * each advertiser page shows against the API's own answers, the campaign, ad
 * and ad-group forms (with the server's 4xx next to the right field), the
 * billing gate, pixels, conversions and gateway status. The publisher's pages:
 * dashboard-publisher.browser.test.ts.
 */
describe('advertiser dashboard in Chromium', () => {
  const d = useDashboard({ traffic: overviewTraffic, signIn: { width: 1280, height: 860 } });
  const { api, signIn, need } = d;

  it('shows the advertiser the API’s numbers and creates a campaign through the forms', async () => {
    need('GET', '/advertiser-dashboard/campaigns');
    const { context, page, errors } = await signIn(d.w.advertiserKey);
    const list = await api<{ campaign_id: string; impressions: number; clicks: number; spend: number }[]>(
      d.w.advertiserKey,
      '/advertiser-dashboard/campaigns',
    );
    const seeded = list.find((c) => c.campaign_id === d.w.campaignId)!;
    expect(seeded.impressions).toBe(2);
    const row = page.locator('tr', { hasText: 'Runners' });
    await row.waitFor();
    expect(await cellValue(row, 'impressions')).toBe(seeded.impressions);
    expect(await cellValue(row, 'clicks')).toBe(seeded.clicks);
    expect(await cellValue(row, 'spend')).toBe(seeded.spend);
    await screenshot(page, 'dashboard-advertiser-campaigns');

    // Detail: lifetime numbers and the metrics totals.
    await row.getByRole('link', { name: 'Runners' }).click();
    await page.locator('[data-metric="impressions"]').waitFor();
    expect(await statValue(page, 'impressions')).toBe(seeded.impressions);
    expect(await statValue(page, 'spend')).toBe(seeded.spend);
    {
      need('GET', '/advertiser-dashboard/metrics');
      const m = await api<{ total_spend: number; total_clicks: number }>(
        d.w.advertiserKey,
        `/advertiser-dashboard/metrics?campaign_id=${d.w.campaignId}&days=30&tz=UTC`,
      );
      const spendChart = page.locator('[data-chart="Spend"]');
      await spendChart.waitFor();
      await spendChart.getByRole('button', { name: 'Show table' }).click();
      const sum = (
        await spendChart
          .locator('td[data-value]')
          .evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))))
      ).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(m.total_spend, 6);
    }
    await page.locator('.group-card').first().waitFor();
    await screenshot(page, 'dashboard-advertiser-campaign');

    // Create: live counters, a server 422 next to its field, then success.
    await goTo(page, '/campaigns/new');
    const form = page.getByRole('form', { name: 'Create campaign' });
    await fillFields(form, {
      name: 'Winter trail push',
      landing_page: 'https://shoes.example.com/winter',
      daily_budget: '5000000',
      group_name: 'Trail runners',
      context: 'trail running winter shoes',
      headline: 'Grip on ice',
    });
    expect(await form.locator('[data-field="headline"] .counter').innerText()).toBe('11/80');
    await form.locator('#f-copy').fill('Studded trail shoes for winter miles.');
    expect(await form.locator('[data-field="copy"] .counter').innerText()).toBe('37/500');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => form.locator('[data-field="daily_budget"] .field-error').count()).toBe(1);
    expect(await form.locator('[data-field="daily_budget"] .field-error').innerText()).toMatch(/at most|budget/i);
    await screenshot(page, 'dashboard-advertiser-campaign-form');
    await form.locator('#f-daily_budget').fill('40');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Winter trail push', exact: true }).waitFor();
    const created = (
      await api<{ campaign_id: string; name: string; status: string; daily_budget: number }[]>(
        d.w.advertiserKey,
        '/advertiser-dashboard/campaigns',
      )
    ).find((c) => c.name === 'Winter trail push')!;
    expect(created).toMatchObject({ status: 'draft', daily_budget: 40 });
    expect(page.url()).toContain(`/dashboard/campaigns/${created.campaign_id}`);

    // Edit it: the form starts from the campaign's values.
    await page.getByRole('link', { name: 'Edit' }).first().click();
    const edit = page.getByRole('form', { name: 'Edit campaign' });
    await expect.poll(() => edit.locator('#f-daily_budget').inputValue()).toBe('40');
    await edit.locator('#f-daily_budget').fill('55.5');
    // The searchable country picker: part of a name, then Enter.
    await edit.locator('#f-allowed_countries').fill('united sta');
    await edit.locator('#f-allowed_countries').press('Enter');
    await edit.locator('#f-allowed_countries').fill('CA');
    await edit.locator('#f-allowed_countries').press('Enter');
    expect(await edit.locator('.chip').allInnerTexts()).toEqual([
      expect.stringContaining('United States'),
      expect.stringContaining('Canada'),
    ]);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Winter trail push', exact: true }).waitFor();
    const edited = await api<{ daily_budget: number; allowed_countries: string[] }>(
      d.w.advertiserKey,
      `/advertiser-dashboard/campaigns/${created.campaign_id}`,
    );
    expect(edited).toMatchObject({ daily_budget: 55.5, allowed_countries: ['US', 'CA'] });

    // Add an ad to its manual group: counters and the live preview.
    await page.getByRole('button', { name: 'Add ad' }).click();
    const adForm = page.getByRole('form', { name: 'New ad' });
    await adForm.locator('#f-headline').fill('Second winter ad');
    await adForm.locator('#f-copy').fill('Warm, dry and fast on frozen trails.');
    expect(await adForm.locator('.preview').innerText()).toContain('Second winter ad');
    await adForm.getByRole('button', { name: 'Add ad' }).click();
    await expect.poll(() => page.locator('.ad-tile', { hasText: 'Second winter ad' }).count()).toBe(1);

    // Edit the group: only what changed is sent.
    await page.getByRole('button', { name: 'Edit group' }).click();
    const groupForm = page.getByRole('form', { name: 'Edit ad group' });
    expect(await groupForm.locator('#f-name').inputValue()).toBe('Trail runners');
    await groupForm.locator('#f-name').fill('Trail runners, winter');
    await groupForm.getByRole('button', { name: 'Save ad group' }).click();
    await page.locator('.group-card h2', { hasText: 'Trail runners, winter' }).waitFor();
    const groups = await api<{ name: string; ads: { headline: string }[] }[]>(
      d.w.advertiserKey,
      `/advertiser-dashboard/ad-groups?campaign_id=${created.campaign_id}`,
    );
    expect(groups.map((g) => g.name)).toEqual(['Trail runners, winter']);
    expect(groups[0].ads.map((a) => a.headline).sort()).toEqual(['Grip on ice', 'Second winter ad']);
    await screenshot(page, 'dashboard-advertiser-new-campaign');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the billing gate’s message when activation is refused', async () => {
    const broke = await accounts.createAdvertiser(d.s.ctx, { name: 'No Card Co' });
    const { context, page, errors } = await signIn(broke.apiKey);
    await page.getByRole('link', { name: 'New campaign' }).click();
    const form = page.getByRole('form', { name: 'Create campaign' });
    await form.locator('#f-name').fill('Unfunded');
    await form.locator('#f-landing_page').fill('https://nocard.example.com');
    await form.locator('#f-daily_budget').fill('10');
    await form.locator('#f-group_name').fill('Everything');
    await form.locator('#f-copy').fill('Our product, described.');
    await form.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Unfunded' }).waitFor();
    await page.getByRole('button', { name: 'Activate' }).click();
    const alert = page.locator('.alert[data-status="402"]');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Billing needed to activate');
    expect(await alert.innerText()).toMatch(/payment method|credit/);
    await screenshot(page, 'dashboard-advertiser-billing-gate', false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows billing, pixels, conversions and gateway status as the API reports them', async () => {
    const { context, page, errors } = await signIn(d.w.advertiserKey);
    {
      need('GET', '/advertiser-dashboard/billing');
      const b = await api<{ total_spend_dollars: number; credits_dollars: number }>(
        d.w.advertiserKey,
        '/advertiser-dashboard/billing',
      );
      await goTo(page, '/billing');
      await page.locator('[data-metric="total_spend_dollars"]').waitFor();
      expect(await statValue(page, 'total_spend_dollars')).toBe(b.total_spend_dollars);
      expect(await statValue(page, 'credits_dollars')).toBe(b.credits_dollars);
      await screenshot(page, 'dashboard-advertiser-billing');
    }
    {
      need('POST', '/advertiser-dashboard/pixels');
      await goTo(page, '/pixels');
      const form = page.getByRole('form', { name: 'Add pixel' });
      await form.locator('#f-url').fill('shop.example.com');
      await form.getByRole('button', { name: 'Add pixel' }).click();
      await page.locator('.code pre', { hasText: 'script' }).first().waitFor();
      // The same site again: the server's 409 under the URL field.
      await form.locator('#f-url').fill('shop.example.com');
      await form.getByRole('button', { name: 'Add pixel' }).click();
      await expect.poll(() => form.locator('[data-field="url"] .field-error').count()).toBe(1);
      expect(await form.locator('[data-field="url"] .field-error').innerText()).toContain('already exists');
      await screenshot(page, 'dashboard-advertiser-pixels');
    }
    {
      need('GET', '/advertiser-dashboard/conversions');
      // 30 purchases through the gateway: two pages of 25 and 5, walked with the cursor.
      const now = Math.floor(Date.now() / 1000);
      const data = Array.from({ length: 30 }, (_, i) => ({
        event_name: 'Purchase',
        event_time: now - i * 60,
        event_id: `order-${i}`,
        action_source: 'website',
        user_data: { em: [`buyer${i}@example.com`] },
        custom_data: { value: 10 + i, currency: 'USD', order_id: `order-${i}` },
      }));
      const sent = await fetch(`${d.s.url}/gateway/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${d.w.advertiserKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      expect(sent.status).toBe(200);
      const first = await api<{ conversions: { order_id: string }[]; total_conversions: number; next_cursor: string }>(
        d.w.advertiserKey,
        '/advertiser-dashboard/conversions?limit=25',
      );
      const second = await api<{ conversions: { order_id: string }[] }>(
        d.w.advertiserKey,
        `/advertiser-dashboard/conversions?limit=25&cursor=${encodeURIComponent(first.next_cursor)}`,
      );
      expect([first.conversions.length, second.conversions.length]).toEqual([25, 5]);
      await goTo(page, '/conversions');
      await page.locator('[data-total]').waitFor();
      expect(Number(await page.locator('[data-total]').getAttribute('data-total'))).toBe(first.total_conversions);
      const orders = () => page.locator('td[data-col="order_id"]').allInnerTexts();
      expect(await orders()).toEqual(first.conversions.map((c) => c.order_id));
      await screenshot(page, 'dashboard-advertiser-conversions');
      await page.getByRole('button', { name: 'Older →' }).click();
      await expect.poll(orders).toEqual(second.conversions.map((c) => c.order_id));
      expect(await page.getByRole('button', { name: 'Older →' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: '← Newer' }).click();
      await expect.poll(orders).toEqual(first.conversions.map((c) => c.order_id));
    }
    {
      need('GET', '/advertiser-dashboard/gateway-status');
      const g = await api<{ status: string; label: string }>(d.w.advertiserKey, '/advertiser-dashboard/gateway-status');
      await goTo(page, '/integrations');
      await page.locator(`[data-gateway-status="${g.status}"]`).waitFor();
      expect(await page.locator('[data-gateway-status]').innerText()).toContain(g.label);
      await screenshot(page, 'dashboard-advertiser-integrations');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
