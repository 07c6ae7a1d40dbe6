import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA } from '../../../test/helpers.js';
import { post, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

describe('POST /shop/search', () => {
  let w: IndexWorld;
  beforeAll(async () => {
    w = await startIndexWorld({ generated: 300 });
  });
  afterAll(() => w.server.stop());

  it('returns ranked in-stock products with tracked links, facets and the contract version', async () => {
    const r = await post(w.url, '/shop/search', { query: 'running shoes', max_results: 10, rerank: false }, w.key);
    expect(r.status).toBe(200);
    const b = r.body;
    expect(b.vertical).toBe('consumer');
    expect(b.api_version).toBe('2026-09-09');
    expect(b.ranking).toBe('retrieval');
    expect(b.query).toBe('running shoes');
    expect(b.count).toBe(b.products.length);
    expect(b.count).toBeGreaterThan(3);
    expect(b.recommendation).toEqual(b.products[0]);
    expect(b.web_results).toEqual([]);
    expect(typeof b.reasoning).toBe('string');
    const ids = b.products.map((p: any) => p.product_id);
    expect(ids).not.toContain('fx-oos');
    expect(ids).not.toContain('fx-noimg');
    for (const p of b.products) {
      expect(p.image_url).toMatch(/^https:\/\//);
      expect(p.click_url).toBe(`${w.server.ctx.urls.clickBase}/go/${p.grclid}`);
      expect(p.name.toLowerCase()).toMatch(/run|shoe/);
    }
    expect(new Set(b.products.map((p: any) => p.grclid)).size).toBe(b.products.length);
    expect(b.facets.brands.length).toBeGreaterThan(0);
    expect(b.facets.brands.length).toBeLessThanOrEqual(10);
    expect(b.facets.price_range.min).toBeLessThanOrEqual(b.facets.price_range.max);
  });

  it('defaults to 5 results, and ranks the colour and gender asked for first', async () => {
    const r = await post(w.url, '/shop/search', { query: "women's navy running shoes" }, w.key);
    expect(r.status).toBe(200);
    expect(r.body.count).toBeLessThanOrEqual(5);
    expect(r.body.products[0].product_id).toBe('fx-run-w-navy');
  });

  it('applies hard filters: price in the requested currency, brands case-insensitively, sizes, on sale, gender, categories', async () => {
    const eur = await post(
      w.url,
      '/shop/search',
      { query: 'running shoes', currency: 'EUR', price_max: 95, brands: ['KESTREL'], merchants: ['maison lumière'] },
      w.key,
    );
    expect(eur.status).toBe(200);
    expect(eur.body.products.map((p: any) => p.product_id)).toEqual(['fx-run-eur']);
    expect(eur.body.products[0]).toMatchObject({ currency: 'EUR', price: 92 });

    const usd = await post(
      w.url,
      '/shop/search',
      { query: 'running shoes', price_min: 100, price_max: 130, brands: ['stride'], max_results: 25 },
      w.key,
    );
    expect(usd.body.products.map((p: any) => p.product_id).sort()).toEqual(['fx-run-m-red', 'fx-run-w-navy']);

    const sale = await post(
      w.url,
      '/shop/search',
      { query: 'running shoes', on_sale_only: true, brands: ['Stride', 'Pacer'], max_results: 25 },
      w.key,
    );
    for (const p of sale.body.products) expect(p.on_sale && p.price < p.regular_price).toBe(true);
    expect(sale.body.products.map((p: any) => p.product_id)).not.toContain('fx-run-m-red');

    const size = await post(
      w.url,
      '/shop/search',
      { query: 'running shoes', sizes: ['11'], brands: ['Stride', 'Kestrel', 'Pacer'], max_results: 25 },
      w.key,
    );
    const sized = size.body.products.map((p: any) => p.product_id);
    expect(sized).toContain('fx-run-m-red'); // names size 11
    expect(sized).toContain('fx-run-eur'); // names no size: kept
    expect(sized).not.toContain('fx-run-w-navy'); // names other sizes only

    const men = await post(
      w.url,
      '/shop/search',
      { query: 'stride running shoes', gender: 'men', brands: ['stride'] },
      w.key,
    );
    expect(men.body.products.map((p: any) => p.product_id)).toEqual(['fx-run-m-red']);

    const cat = await post(
      w.url,
      '/shop/search',
      { query: 'lamp', categories: ['furniture_decor'], max_results: 25 },
      w.key,
    );
    expect(cat.body.products.length).toBeGreaterThan(0);
    expect(cat.body.products.map((p: any) => p.product_id)).toContain('fx-lamp');

    const red = await post(
      w.url,
      '/shop/search',
      { query: 'running shoes', colors: ['Crimson'], brands: ['stride'] },
      w.key,
    );
    expect(red.body.products.map((p: any) => p.product_id)).toEqual(['fx-run-m-red']);
  });

  it('gives UCP-capable listings a checkout whose attribution carries the grclid', async () => {
    const r = await post(
      w.url,
      '/shop/search',
      { query: 'pacer road running shoes', brands: ['pacer'], merchants: ['orbit demo outfitters'] },
      w.key,
    );
    const p = r.body.products.find((x: any) => x.product_id === 'fx-ucp');
    expect(p.checkout).toMatchObject({
      protocol: 'ucp',
      endpoint: 'http://127.0.0.1:1/mcp',
      item_id: 'fx-ucp',
      continue_url: 'https://outfitters.example/cart/4',
    });
    expect(p.checkout.attribution).toEqual({
      referring_domain: new URL(w.server.ctx.urls.index).hostname,
      click_id_tag: 'grclid',
      click_id_value: p.grclid,
    });
    expect(p.checkout.agent_profile).toMatch(/agent-profile\.json$/);
    const lamp = await post(w.url, '/shop/search', { query: 'desk lamp', brands: ['lumo'] }, w.key);
    expect(lamp.body.products[0].checkout).toBeNull();
  });

  it('infers the need from context.messages when no query is given, and weighs style softly', async () => {
    const r = await post(
      w.url,
      '/shop/search',
      {
        context: {
          messages: [
            { role: 'assistant', content: 'How can I help?' },
            { role: 'user', content: 'I need a desk lamp for my home office' },
          ],
          style: 'dimmable',
        },
      },
      w.key,
    );
    expect(r.status).toBe(200);
    expect(r.body.query).toContain('desk lamp');
    expect(r.body.products[0].name).toMatch(/Lamp/);
  });

  it('is honest when nothing fits: empty products, null recommendation, a reason', async () => {
    const r = await post(w.url, '/shop/search', { query: 'running shoes', brands: ['No Such Brand'] }, w.key);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ products: [], count: 0, recommendation: null, web_results: [] });
    expect(r.body.reasoning).toMatch(/brand/);
    expect(r.body.facets.price_range).toBeNull();
  });

  it('tracked links redirect people (recording the click) and unfurl for link-preview bots', async () => {
    const r = await post(w.url, '/shop/search', { query: 'desk lamp', brands: ['lumo'] }, w.key);
    const p = r.body.products[0];
    const bot = await fetch(p.click_url, {
      redirect: 'manual',
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
    });
    expect(bot.status).toBe(200);
    const html = await bot.text();
    expect(html).toContain('og:title');
    expect(html).toContain('Lumo LED Desk Lamp');
    expect(html).toContain('og:image');
    expect(html).toContain('45.00');
    const human = await fetch(p.click_url, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
    expect(human.status).toBe(302);
    const loc = new URL(human.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe('https://hearth.example/p/5');
    expect(loc.searchParams.get('grclid')).toBe(p.grclid);
    const clicks = await w.server.ctx.db
      .selectFrom('index_clicks')
      .selectAll()
      .where('grclid', '=', p.grclid)
      .execute();
    expect(clicks).toHaveLength(1); // the preview was not counted
    expect(clicks[0]).toMatchObject({ search_id: r.body.search_id, is_bot: 0, publisher_id: w.publisherId });
    const crawler = await fetch(p.click_url, {
      redirect: 'manual',
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    expect(crawler.status).toBe(302);
    const all = await w.server.ctx.db.selectFrom('index_clicks').selectAll().where('grclid', '=', p.grclid).execute();
    expect(all.filter((c) => c.is_bot === 1)).toHaveLength(1); // recorded as a bot, never counted as a click
    const unknown = await fetch(`${w.url}/go/0190aaaa-0000-7000-8000-000000000000`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(unknown.status).toBe(404);
  });
});
