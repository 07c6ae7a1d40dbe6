import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { importProductsFile } from './catalog.js';
import { parsePrice } from './feed.js';

/** Feeds as they go wrong: each bad row rejected with its line and reason, the rest imported, nothing half-written. */
describe('catalog import: bad feeds', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-badfeeds-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await stop();
  });

  const HEADER = 'id,title,description,link,image_link,price';
  const row = (id: string, title: string, price = '10 USD', description = 'd') =>
    `${id},${title},${description},https://s.example/${id},https://img.example/${id}.jpg,${price}`;
  const product = (id: string) =>
    ctx.db.selectFrom('index_products').selectAll().where('product_id', '=', id).executeTakeFirst();
  const write = (name: string, data: string | Buffer) => {
    const f = path.join(dir, name);
    fs.writeFileSync(f, data);
    return f;
  };

  it('reads prices as merchants write them, and names the ones it cannot read', () => {
    expect(parsePrice('1.234,56 EUR')).toEqual({ amount: 1234.56, currency: 'EUR' });
    expect(parsePrice('USD 12')).toEqual({ amount: 12, currency: 'USD' });
    expect(parsePrice('$1,299.00')).toEqual({ amount: 1299, currency: 'USD' });
    expect(parsePrice('12,50 €')).toEqual({ amount: 12.5, currency: 'EUR' });
    expect(parsePrice('1 299,00 SEK')).toEqual({ amount: 1299, currency: 'SEK' });
    expect(parsePrice(19.99)).toEqual({ amount: 19.99, currency: null });
    expect(parsePrice('')).toBeNull();
    for (const bad of ['free', '12.34.56', 'call us', '-5 USD', '1,2,3.4,5'])
      expect(parsePrice(bad), bad).toBe('invalid');
  });

  it('a BOM, mixed line endings and quoted newlines read as one feed; bad rows are rejected with line and reason, the rest imported', async () => {
    const text =
      '\uFEFF' +
      [
        HEADER,
        row('b-1', 'Lamp'),
        `b-2,"Two\nLine Title","Desc with ""quotes""\r\nand lines",https://s.example/b-2,https://img.example/b-2.jpg,"1.234,56 EUR"`,
        row('b-3', 'Mug', 'USD 12'),
      ].join('\r\n') +
      '\r' +
      [
        row('b-4', 'Bad Price', 'free'),
        row('b-1', 'Duplicate Lamp'),
        row('b-5', 'Euro', '"12,50 €"'),
        'b-6,Too,Many,Fields,https://x.example,https://img.example/6.jpg,1 USD,extra',
        row('', 'No Id'),
        'b-7,No Link,d,,https://img.example/7.jpg,5 USD',
      ].join('\n') +
      '\n';
    const r = await importProductsFile(ctx, write('mixed.csv', text), { merchant: 'Mixed' });
    expect(r).toMatchObject({ read: 9, upserted: 4, rejected: 5, complete: true });
    // Lines as an editor numbers them: the quoted title and description of b-2 span lines 3-5.
    expect(r.errors.map((e) => `${e.line}: ${e.message}`).sort()).toEqual([
      '10: more fields than the header has columns',
      '11: missing id (product_id, id, offer_id or sku)',
      '12: b-7: missing or invalid product url (link or url)',
      '7: b-4: invalid price "free"',
      '8: b-1: duplicate id (first on line 2); this row was not imported',
    ]);
    expect(await product('b-1')).toMatchObject({ name: 'Lamp' }); // the first row of a duplicated id wins
    expect(await product('b-2')).toMatchObject({
      name: 'Two Line Title',
      description: 'Desc with "quotes"\nand lines',
      price_micros: 1_234_560_000,
      currency: 'EUR',
    });
    expect(await product('b-3')).toMatchObject({ price_micros: 12_000_000, currency: 'USD' });
    expect(await product('b-5')).toMatchObject({ price_micros: 12_500_000, currency: 'EUR' });
    for (const id of ['b-4', 'b-6', 'b-7']) expect(await product(id)).toBeUndefined();
  });

  it('reads a Latin-1 export (detected), and rejects the rows of a UTF-8 file that hold bytes that are not UTF-8', async () => {
    const latin = await importProductsFile(
      ctx,
      write('latin.csv', Buffer.from([HEADER, row('e-1', 'Caf\xe9 cr\xe8me mug')].join('\n'), 'latin1')),
      { merchant: 'Latin' },
    );
    expect(latin).toMatchObject({ upserted: 1, rejected: 0 });
    expect(latin.encoding).toMatch(/windows-1252/);
    expect((await product('e-1'))!.name).toBe('Café crème mug');

    const utf8 = Buffer.concat([
      Buffer.from(`${[HEADER, row('e-2', 'Crème brûlée torch')].join('\n')}\n`),
      Buffer.from(`${row('e-3', 'Caf\xe9 broken')}\n`, 'latin1'),
      Buffer.from(`${row('e-4', 'Fine')}\n`),
    ]);
    const mixed = await importProductsFile(ctx, write('mixed-enc.csv', utf8), { merchant: 'Latin' });
    expect(mixed).toMatchObject({ upserted: 2, rejected: 1 });
    expect(mixed.errors).toEqual([
      { line: 3, message: 'e-3: bytes that are not valid UTF-8 (re-export the feed as UTF-8, or pass --encoding)' },
    ]);
    expect((await product('e-2'))!.name).toBe('Crème brûlée torch');

    await expect(
      importProductsFile(ctx, write('x.csv', HEADER), { merchant: 'X', encoding: 'klingon' }),
    ).rejects.toThrow(/unknown encoding "klingon"/);
  });

  it('a 10 MB description is imported cut to about 400 words', async () => {
    const huge = `${'word '.repeat(2_100_000)}`;
    const r = await importProductsFile(
      ctx,
      write('huge.csv', [HEADER, row('h-1', 'Huge', '5 USD', `"${huge}"`), row('h-2', 'Small')].join('\n')),
      { merchant: 'Huge' },
    );
    expect(r).toMatchObject({ upserted: 2, rejected: 0 });
    const d = (await product('h-1'))!.description;
    expect(d.split(/\s+/).length).toBeLessThanOrEqual(401);
    expect(d.endsWith('…')).toBe(true);
  });

  it('a broken XML feed: the items before the break are imported, the break is reported, and a full feed then removes nothing', async () => {
    const item = (id: string) =>
      `<item><g:id>${id}</g:id><g:title>Item ${id}</g:title><g:link>https://s.example/${id}</g:link><g:image_link>https://img.example/${id}.jpg</g:image_link><g:price>3 USD</g:price></item>`;
    const ok = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n${item('x-1')}\n${item('x-2')}\n${item('x-3')}\n</channel></rss>`;
    await importProductsFile(ctx, write('ok.xml', ok), { merchant: 'Xml Shop', full: true });
    const broken = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n${item('x-1')}\n<item><g:id>x-2</g:id><g:title>Oops</g:titel></item>\n</channel></rss>`;
    const r = await importProductsFile(ctx, write('broken.xml', broken), { merchant: 'Xml Shop', full: true });
    expect(r).toMatchObject({ upserted: 1, removed: 0, complete: false });
    expect(r.errors.some((e) => e.line === 3 && /XML syntax error/.test(e.message))).toBe(true);
    for (const id of ['x-1', 'x-2', 'x-3']) expect(await product(id), id).toBeDefined();
  });

  it('rows without a merchant, and ids another merchant already lists, are rejected with the reason', async () => {
    const none = await importProductsFile(ctx, write('nomerchant.csv', [HEADER, row('n-1', 'Orphan')].join('\n')));
    expect(none.errors).toEqual([
      {
        line: 2,
        message:
          'n-1: missing merchant: pass --merchant NAME (or --advertiser ID) for the feed, or give a merchant column',
      },
    ]);
    await importProductsFile(ctx, write('a.csv', [HEADER, row('shared-1', 'Mine')].join('\n')), { merchant: 'Shop A' });
    const b = await importProductsFile(ctx, write('b.csv', [HEADER, row('shared-1', 'Theirs')].join('\n')), {
      merchant: 'Shop B',
    });
    expect(b).toMatchObject({ upserted: 0, rejected: 1 });
    expect(b.errors[0].message).toMatch(/already listed by another merchant/);
    expect((await product('shared-1'))!.name).toBe('Mine');
  });
}, 300_000);
