import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import {
  importProductsFile,
  importProductRecords,
  catalogStats,
  type ImportOptions,
  type ImportResult,
} from './catalog.js';
import { esciAvailable, loadEsciProducts, writeMerchantCenterCsv } from '../../../bench/relevance/shop/esci.js';

/**
 * The formats read the same way: one feed each, written as a file and imported; the import's report and
 * some products as stored are checked (the Merchant Center CSV, with more to check, has its own test).
 */
const FEEDS: {
  format: string;
  file: string;
  opts: ImportOptions;
  report: Partial<ImportResult>;
  stored: Record<string, Record<string, unknown>>;
  text: string;
}[] = [
  {
    format: 'an RSS 2.0 feed in the g: namespace: repeated highlights, CDATA with markup, nested elements ignored',
    file: 'feed.xml',
    opts: { merchant: 'Trail Co' },
    report: { read: 2, upserted: 1, dropped: 1, rejected: 0, complete: true },
    stored: {
      'x-1': {
        name: "Men's Trail Running Shoes & Laces",
        description: 'Grippy outsole',
        bullets: 'Rock plate\nWaterproof upper',
        price_micros: 99_000_000,
        regular_price_micros: 120_000_000,
        category: 'footwear',
        category_path: 'Apparel & Accessories > Shoes',
        gender: 'men',
        sizes: '|10|',
      },
    },
    text: `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
<channel><title>Example</title><link>https://shop.example</link>
<item>
  <g:id>x-1</g:id>
  <g:title><![CDATA[Men's Trail <b>Running</b> Shoes &amp; Laces]]></g:title>
  <g:description>Grippy &lt;b&gt;outsole&lt;/b&gt;</g:description>
  <g:product_highlight>Rock plate</g:product_highlight>
  <g:product_highlight>Waterproof upper</g:product_highlight>
  <g:link>https://shop.example/x-1</g:link>
  <g:image_link>https://img.example/x-1.jpg</g:image_link>
  <g:availability>in_stock</g:availability>
  <g:price>120.00 USD</g:price>
  <g:sale_price>99.00 USD</g:sale_price>
  <g:google_product_category>187</g:google_product_category>
  <g:size>10</g:size>
  <g:shipping><g:country>US</g:country><g:price>5.00 USD</g:price></g:shipping>
</item>
<item>
  <g:id>x-2</g:id><g:title>Gone Jacket</g:title><g:link>https://shop.example/x-2</g:link>
  <g:image_link>https://img.example/x-2.jpg</g:image_link><g:availability>out_of_stock</g:availability><g:price>50 USD</g:price>
</item>
</channel></rss>`,
  },
  {
    format: 'a Shopify products.json: the cheapest available variant, compare-at price, size and colour options',
    file: 'products.json',
    opts: { merchant: 'Woolly Shop', shopUrl: 'https://woolly.example/', currency: 'GBP' },
    report: { read: 2, upserted: 1, dropped: 1, rejected: 0 },
    stored: {
      '7001': {
        product_url: 'https://woolly.example/products/merino-crew',
        price_micros: 79_000_000,
        regular_price_micros: 99_000_000,
        currency: 'GBP',
        sizes: '|s|m|',
        color: 'green',
        gender: 'women',
        description: 'Soft merino wool.',
        brand: 'Woolly',
      },
    },
    text: JSON.stringify({
      products: [
        {
          id: 7001,
          title: 'Merino Crew Sweater',
          handle: 'merino-crew',
          body_html: '<p>Soft <strong>merino</strong> wool.</p>',
          vendor: 'Woolly',
          product_type: 'Sweaters',
          tags: ['women', 'knitwear'],
          options: [{ name: 'Size' }, { name: 'Color' }],
          variants: [
            { id: 1, price: '89.00', compare_at_price: '110.00', available: true, option1: 'S', option2: 'Green' },
            { id: 2, price: '79.00', compare_at_price: '99.00', available: true, option1: 'M', option2: 'Green' },
            { id: 3, price: '59.00', compare_at_price: null, available: false, option1: 'L', option2: 'Green' },
          ],
          images: [{ src: 'https://cdn.example/merino.jpg' }],
        },
        {
          id: 7002,
          title: 'Sold Out Scarf',
          handle: 'scarf',
          body_html: '',
          vendor: 'Woolly',
          options: [],
          variants: [{ id: 9, price: '20.00', available: false }],
          images: [{ src: 'https://cdn.example/s.jpg' }],
        },
      ],
    }),
  },
  {
    format: 'JSON Lines with arrays (category path, bullet points) and ratings',
    file: 'p.jsonl',
    opts: { merchant: 'Kids Co' },
    report: { upserted: 1, rejected: 0 },
    stored: {
      'jl-9': {
        bullets: 'Stretch cotton\nAdjustable waist',
        category_path: 'Clothing, Shoes & Jewelry > Boys > Clothing > Pants',
        category: 'apparel',
        gender: 'kids',
        rating: 4.4,
        rating_count: 812,
        price_micros: 19_500_000,
      },
    },
    text: `${JSON.stringify({ asin: 'jl-9', title: 'Boys Slim Fit Chino Pants', bullet_points: ['Stretch cotton', 'Adjustable waist'], category: ['Clothing, Shoes & Jewelry', 'Boys', 'Clothing', 'Pants'], price: 19.5, rating: 4.4, rating_count: 812, image: 'https://img.example/9.jpg', url: 'https://shop.example/9' })}\n`,
  },
];

/** Merchant feeds as merchants have them: Merchant Center CSV/TSV/XML, Shopify products.json, JSON Lines with arrays; re-imports and full feeds. */
describe('catalog import: merchant feeds', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-feeds-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await stop();
  });

  const product = (id: string) =>
    ctx.db.selectFrom('index_products').selectAll().where('product_id', '=', id).executeTakeFirst();
  const write = (name: string, text: string | Buffer) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, text);
    return f;
  };

  it('imports a Merchant Center CSV that names no merchant: the merchant given once, price-less rows kept, highlights indexed, categories on Google’s taxonomy', async () => {
    const file = write(
      'mc.csv',
      [
        'id,title,description,product_highlight,brand,color,price,availability,link,image_link,product_type',
        `mc-1,"Women's Long Sleeve Wrap Dress","","Soft stretch jersey\nTie waist",Lumen,Navy,,in stock,https://shop.example/1,https://img.example/1.jpg,"Clothing, Shoes & Jewelry > Women > Clothing > Dresses"`,
        'mc-2,Stainless Balloon Whisk 12 Inch,Sturdy whisk,,Cook Co,,8.99 USD,in stock,https://shop.example/2,https://img.example/2.jpg,Home & Kitchen > Kitchen & Dining > Kitchen Utensils & Gadgets > Cooking Utensils > Whisks',
        'mc-3,Daily Multivitamin 90 Tablets,,"One a day",VitaCo,,"USD 12",in stock,https://shop.example/3,https://img.example/3.jpg,"Health & Household > Vitamins, Minerals & Supplements > Vitamins > Multivitamins"',
        'mc-4,Organic Marshmallows,,,Sweet,,"1.234,56 EUR",in stock,https://shop.example/4,https://img.example/4.jpg,Grocery & Gourmet Food > Pantry Staples > Cooking & Baking > Marshmallows',
      ].join('\n'),
    );
    const r = await importProductsFile(ctx, file, { merchant: 'Example Store' });
    expect(r).toMatchObject({ read: 4, upserted: 4, rejected: 0, without_price: 1, complete: true });
    expect(await product('mc-1')).toMatchObject({
      merchant: 'Example Store',
      merchant_lc: 'example store',
      price_micros: null,
      regular_price_micros: null,
      bullets: 'Soft stretch jersey\nTie waist',
      category: 'apparel',
      gender: 'women', // from the title: the feed has no gender column
      color: 'blue',
      category_path: 'Clothing, Shoes & Jewelry > Women > Clothing > Dresses',
    });
    expect((await product('mc-1'))!.google_category_id).toBe(2271); // Apparel & Accessories > Clothing > Dresses
    expect(await product('mc-2')).toMatchObject({
      price_micros: 8_990_000,
      currency: 'USD',
      category: 'home_kitchen',
      google_category_id: 3597,
    }); // … > Whisks
    expect(await product('mc-3')).toMatchObject({
      price_micros: 12_000_000,
      currency: 'USD',
      category: 'beauty_personal_care',
    });
    expect(await product('mc-4')).toMatchObject({ price_micros: 1_234_560_000, currency: 'EUR', category: 'other' });
    // Bullets are searchable text: the catalog statistics count their words.
    const stats = await catalogStats(ctx, ['tie']);
    expect(stats.df.get('tie')).toBeGreaterThanOrEqual(1);
  });

  for (const f of FEEDS)
    it(`reads ${f.format}`, async () => {
      expect(await importProductsFile(ctx, write(f.file, f.text), f.opts)).toMatchObject(f.report);
      for (const [id, stored] of Object.entries(f.stored)) expect(await product(id)).toMatchObject(stored);
    });

  it('re-imports idempotently; a full feed removes the listings it no longer has, a partial one never does', async () => {
    const row = (id: string, price: string) =>
      `${id},Desk Lamp ${id},Lamp,,Lumo,White,${price},in stock,https://lamps.example/${id},https://img.example/${id}.jpg,Home & Garden > Lighting > Lamps`;
    const header = 'id,title,description,product_highlight,brand,color,price,availability,link,image_link,product_type';
    const full = write('lamps.csv', [header, row('L1', '40 USD'), row('L2', '45 USD'), row('L3', '50 USD')].join('\n'));
    await importProductsFile(ctx, full, { merchant: 'Lamp Shop', full: true });
    const count = async () =>
      Number(
        (await ctx.db
          .selectFrom('index_products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('merchant_lc', '=', 'lamp shop')
          .executeTakeFirst())!.n,
      );
    const docs = async () => (await catalogStats(ctx, [])).docs;
    const before = await docs();
    expect(await count()).toBe(3);
    const again = await importProductsFile(ctx, full, { merchant: 'Lamp Shop', full: true });
    expect(again).toMatchObject({ upserted: 3, removed: 0 });
    expect(await count()).toBe(3);
    expect(await docs()).toBe(before); // the same catalog, the same statistics

    // A partial update changes a price and leaves the rest alone.
    await importProductsFile(ctx, write('lamps-partial.csv', [header, row('L2', '39 USD')].join('\n')), {
      merchant: 'Lamp Shop',
    });
    expect(await count()).toBe(3);
    expect((await product('L2'))!.price_micros).toBe(39_000_000);

    // The full feed without L3, with L2's row broken: L3 goes, L2 keeps its last good version, another merchant is untouched.
    await importProductRecords(
      ctx,
      [
        {
          id: 'other-1',
          title: 'Other Lamp',
          link: 'https://o.example/1',
          image_link: 'https://img.example/o.jpg',
          price: '10 USD',
        },
      ],
      { merchant: 'Other Shop' },
    );
    const gone = await importProductsFile(
      ctx,
      write('lamps-2.csv', [header, row('L1', '40 USD'), row('L2', 'call us')].join('\n')),
      { merchant: 'Lamp Shop', full: true },
    );
    expect(gone).toMatchObject({ upserted: 1, rejected: 1, removed: 1 });
    expect(gone.errors[0]).toEqual({ line: 3, message: 'L2: invalid price "call us"' });
    expect(await product('L3')).toBeUndefined();
    expect((await product('L2'))!.price_micros).toBe(39_000_000);
    expect(await product('other-1')).toBeDefined();
    expect(await docs()).toBe(before - 1 + 1); // L3 left, other-1 came
  });

  it.skipIf(!esciAvailable())(
    'imports all 6,764 ESCI products from a Merchant Center CSV without edits',
    { timeout: 300_000 },
    async () => {
      const file = path.join(dir, 'esci.csv');
      writeMerchantCenterCsv(file, loadEsciProducts());
      const seen: number[] = [];
      const r = await importProductsFile(ctx, file, { merchant: 'ESCI Amazon', onProgress: (done) => seen.push(done) });
      expect(r).toMatchObject({ read: 6764, upserted: 6764, rejected: 0, without_price: 4774, complete: true });
      expect(seen.at(-1)).toBe(6764);
      const cats = await ctx.db
        .selectFrom('index_products')
        .select(['category'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_lc', '=', 'esci amazon')
        .groupBy('category')
        .execute();
      const by = Object.fromEntries(cats.map((c) => [c.category, Number(c.n)]));
      // Clothing is apparel (not footwear); every one of the 15 categories but books has listings.
      expect(by.apparel).toBeGreaterThan(by.footwear);
      expect(Object.keys(by).length).toBeGreaterThanOrEqual(14);
    },
  );
});
