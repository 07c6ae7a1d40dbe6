import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { importProductsFile } from './catalog.js';
import { importServicesFile, DEMO_SERVICES_FILE, categoryCounts } from '../index/catalog.js';
import { generateProducts, DEMO_PRODUCT_COUNT } from './generator.js';
import { mapCategory } from './taxonomy.js';

describe('catalog import', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-cat-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await stop();
  });

  const product = (id: string) =>
    ctx.db.selectFrom('index_products').selectAll().where('product_id', '=', id).executeTakeFirst();

  it('reads a merchant product-feed CSV: sale prices, taxonomy, colour, size, gender; drops out-of-stock and image-less listings', async () => {
    const file = path.join(dir, 'feed.csv');
    fs.writeFileSync(
      file,
      [
        'id,title,description,link,image_link,availability,price,sale_price,brand,product_type,color,size,gender,merchant',
        `gf-1,"Acme Trail Runner Men's Running Shoes - Black","Grippy, with a ""rock plate""",https://acme.example/p/1,https://acme.example/i/1.jpg,in stock,120.00 USD,99.00 USD,Acme,"Apparel & Accessories > Shoes",Black,10,male,Acme Store`,
        'gf-2,Acme Sold Out Hoodie,Warm,https://acme.example/p/2,https://acme.example/i/2.jpg,out of stock,50.00 USD,,Acme,Clothing,,M,,Acme Store',
        'gf-3,Acme No Image Tee,Soft,https://acme.example/p/3,,in stock,20.00 USD,,Acme,Clothing,,M,,Acme Store',
        'gf-4,Acme Bad Price,x,https://acme.example/p/4,https://acme.example/i/4.jpg,in stock,free,,Acme,Clothing,,,,Acme Store',
        'gf-5,Acme Euro Scarf - Red,Wool,https://acme.example/p/5,https://acme.example/i/5.jpg,in stock,€35,,Acme,Apparel,,,,Acme Store',
      ].join('\n'),
    );
    const r = await importProductsFile(ctx, file);
    expect(r).toMatchObject({ read: 5, upserted: 2, dropped: 2, rejected: 1 });
    expect(r.errors).toEqual([{ line: 5, message: 'gf-4: invalid price "free"' }]);
    expect(await product('gf-1')).toMatchObject({
      price_micros: 99_000_000,
      regular_price_micros: 120_000_000,
      currency: 'USD',
      category: 'footwear',
      color: 'black',
      sizes: '|10|',
      gender: 'men',
      description: 'Grippy, with a "rock plate"',
    });
    expect(await product('gf-5')).toMatchObject({
      currency: 'EUR',
      price_micros: 35_000_000,
      color: 'red',
      category: 'apparel',
    });
    expect(await product('gf-2')).toBeUndefined();
    expect(await product('gf-3')).toBeUndefined();
  });

  it('upserts JSON Lines by id and removes a listing that went out of stock', async () => {
    const file = path.join(dir, 'p.jsonl');
    const base = {
      product_id: 'jl-1',
      name: 'Lumo Desk Lamp - White',
      merchant: 'Hearth',
      currency: 'USD',
      price: 40,
      image_url: 'https://i.example/1.jpg',
      url: 'https://h.example/1',
      category: 'Home & Garden > Lighting > Lamps',
    };
    fs.writeFileSync(file, `${JSON.stringify(base)}\n`);
    await importProductsFile(ctx, file);
    fs.writeFileSync(file, `${JSON.stringify({ ...base, price: 35, regular_price: 40 })}\n[1,2]\n`);
    const r = await importProductsFile(ctx, file);
    expect(r).toMatchObject({ upserted: 1, rejected: 1 });
    expect(await product('jl-1')).toMatchObject({
      price_micros: 35_000_000,
      regular_price_micros: 40_000_000,
      category: 'furniture_decor',
    });
    fs.writeFileSync(file, `${JSON.stringify({ ...base, availability: 'out of stock' })}\n`);
    const gone = await importProductsFile(ctx, file);
    expect(gone).toMatchObject({ dropped: 1, removed: 1 });
    expect(await product('jl-1')).toBeUndefined();
  });

  it('ships a demo services catalog of 300+ real services across all 22 categories', async () => {
    const r = await importServicesFile(ctx, DEMO_SERVICES_FILE);
    expect(r.rejected).toBe(0);
    expect(r.upserted).toBeGreaterThanOrEqual(300);
    const counts = await categoryCounts(ctx);
    expect(counts).toHaveLength(22);
    for (const c of counts) expect(c.count, c.category).toBeGreaterThanOrEqual(10);
  });

  it('generates the same demo product catalog every time, over all 15 categories', () => {
    const a = [...generateProducts({ count: 500 })].map((g) => g.product);
    const b = [...generateProducts({ count: 500 })].map((g) => g.product);
    expect(a).toEqual(b);
    expect(DEMO_PRODUCT_COUNT).toBeGreaterThanOrEqual(5200);
    const cats = new Set([...generateProducts({ count: 2000 })].map((g) => mapCategory(g.product.category)));
    expect(cats.size).toBe(15);
  });
});
