import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';
import * as accounts from '../accounts/service.js';
import { importProductRecords } from './catalog.js';
import { post } from '../../../test/fixtures/index-world.js';

/**
 * How /shop/search reads a shopper's words, on a small catalog whose right
 * answers are plain: the thing asked for over its accessories, "without" as
 * a negation, gender words kept as text when the feed has no gender column,
 * price-less listings shown without a price, ties broken by ratings.
 */
const listing = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  link: `https://shop.example/${id}`,
  image_link: `https://img.example/${id}.jpg`,
  price: '25 USD',
  ...extra,
});

const CATALOG = [
  listing('ph-1', 'Zephyr X2 Smartphone 128GB Unlocked', {
    product_type: 'Electronics > Cell Phones > Smartphones',
    price: '499 USD',
  }),
  listing('ph-c1', 'Protective Case for Zephyr X2, Shockproof Silicone Cover', {
    product_type: 'Electronics > Cell Phones > Accessories > Cases',
  }),
  listing('ph-c2', 'Zephyr X2 Case Cover Slim Fit Clear', {
    product_type: 'Electronics > Cell Phones > Accessories > Cases',
  }),
  listing('ph-c3', 'Tempered Glass Screen Protector Compatible with Zephyr X2', {
    product_type: 'Electronics > Cell Phones > Accessories',
  }),
  listing('kt-1', 'Stovetop Kettle with Loud Whistle, Stainless Steel 2.5 Qt', {
    product_type: 'Home & Kitchen > Kitchen & Dining > Kettles',
  }),
  listing('kt-2', 'Whistle-Free Stovetop Kettle, Quiet Pour, 2 Qt', {
    product_type: 'Home & Kitchen > Kitchen & Dining > Kettles',
  }),
  listing('kt-3', 'Classic Stovetop Kettle 3 Qt', {
    product_type: 'Home & Kitchen > Kitchen & Dining > Kettles',
    product_highlight: 'Loud whistle tells you when water boils',
  }),
  listing('hb-m', "Ridgeway Men's Waterproof Hiking Boots", { product_type: 'Shoes > Boots' }),
  listing('hb-w', "Ridgeway Women's Waterproof Hiking Boots", { product_type: 'Shoes > Boots' }),
  listing('hb-k', 'Ridgeway Kids Waterproof Hiking Boots', { product_type: 'Shoes > Boots' }),
  listing('np-1', 'Handmade Ceramic Planter Pot', { price: '', product_type: 'Home & Garden > Decor > Planters' }),
  listing('tie-a', 'Bamboo Cutting Board Large', { review_count: '12' }),
  listing('tie-b', 'Bamboo Cutting Board Large', { review_count: '5400' }),
];

describe('POST /shop/search ranking', () => {
  let s: TestServer;
  let key: string;
  const search = async (body: Record<string, unknown>) => {
    const r = await post(s.url, '/shop/search', { rerank: false, max_results: 10, ...body }, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const ids = (b: any) => b.products.map((p: any) => p.product_id);
  beforeAll(async () => {
    s = await startTestServer();
    const r = await importProductRecords(s.ctx, CATALOG, { merchant: 'Ranking Shop' });
    expect(r.rejected).toBe(0);
    key = (await accounts.createPublisher(s.ctx, { name: 'Ranking' })).apiKey;
  });
  afterAll(() => s.stop());

  it('ranks the thing asked for above its accessories, and the accessory first when it is asked for', async () => {
    expect(ids(await search({ query: 'zephyr x2' }))[0]).toBe('ph-1');
    const cases = ids(await search({ query: 'zephyr x2 case' }));
    expect(cases.slice(0, 2).sort()).toEqual(['ph-c1', 'ph-c2']);
  });

  it('reads "without" as a negation: the listing that has it goes below the ones that do not', async () => {
    const r = ids(await search({ query: 'stovetop kettle without whistle' }));
    expect(r[0]).toBe('kt-2');
    expect(r.indexOf('kt-1')).toBeGreaterThan(r.indexOf('kt-3'));
  });

  it('keeps gender words as text when the feed has no gender column', async () => {
    expect(ids(await search({ query: 'hiking boots women' }))[0]).toBe('hb-w');
    expect(ids(await search({ query: 'mens hiking boots' }))[0]).toBe('hb-m');
  });

  it('shows a price-less listing without a price, and never lets it pass a price filter', async () => {
    const b = await search({ query: 'ceramic planter pot' });
    expect(b.products[0]).toMatchObject({
      product_id: 'np-1',
      price_available: false,
      price: 0,
      regular_price: null,
      on_sale: false,
    });
    expect(b.facets.price_range).toBeNull();
    expect(b.reasoning).toMatch(/price not published/);
    const filtered = await search({ query: 'ceramic planter pot', price_max: 1000 });
    expect(ids(filtered)).not.toContain('np-1');
    const priced = await search({ query: 'zephyr x2' });
    expect(priced.products[0]).toMatchObject({ price: 499, price_available: true });
  });

  it('breaks a tie by how many ratings a listing has, not by its id', async () => {
    expect(ids(await search({ query: 'bamboo cutting board' })).slice(0, 2)).toEqual(['tie-b', 'tie-a']);
  });
});
