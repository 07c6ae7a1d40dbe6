import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../../src/modules/accounts/service.js';
import { importProductRecords } from '../../src/modules/shop/catalog.js';
import { startMerchant, type RunningMerchant } from '../../src/modules/merchant/server.js';
import { MerchantCheckout, MerchantError, OrbitIndexClient } from '../../packages/client/src/index.js';
import { startIndexWorld, type IndexWorld } from '../fixtures/index-world.js';

/** search → checkout → create_checkout with attribution → requires_escalation echoing it → complete_checkout → conversion attributed in Orbit. */
describe('checkout handoff to a UCP merchant', () => {
  let w: IndexWorld;
  let merchant: RunningMerchant;
  const reported: unknown[] = [];
  beforeAll(async () => {
    w = await startIndexWorld();
    const merchantKey = (await accounts.createAdvertiser(w.server.ctx, { name: 'Orbit Demo Outfitters' })).apiKey;
    merchant = await startMerchant({
      items: [{ id: 'e2e-shoe', title: 'Velo Sprint Running Shoes - Green', price_cents: 8999, currency: 'USD' }],
      onOrder: async (order) => {
        reported.push(order);
        const res = await fetch(`${w.url}/index/conversions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': merchantKey },
          body: JSON.stringify({
            grclid: order.grclid,
            order_id: order.order_id,
            value: order.value_cents / 100,
            currency: order.currency,
          }),
        });
        if (!res.ok) throw new Error(`conversion report failed: ${res.status}`);
      },
    });
    await importProductRecords(w.server.ctx, [
      {
        product_id: 'e2e-shoe',
        name: 'Velo Sprint Running Shoes - Green',
        brand: 'Velo',
        merchant: 'Orbit Demo Outfitters',
        category: 'Shoes/Running',
        description: 'Racing flats.',
        currency: 'USD',
        price: 89.99,
        image_url: 'https://img.example/e2e.jpg',
        url: 'https://outfitters.example/p/e2e',
        availability: 'in stock',
        commission_rate: 0.1,
        checkout: {
          protocol: 'ucp',
          endpoint: merchant.endpoint,
          continue_url: 'https://outfitters.example/cart/e2e',
          item_id: 'e2e-shoe',
        },
      },
    ]);
  });
  afterAll(async () => {
    await merchant.close();
    await w.server.stop();
  });

  it('completes an attributed purchase end to end', async () => {
    const client = new OrbitIndexClient({ indexUrl: w.server.ctx.urls.index, apiKey: w.key });
    const res = await client.shopSearch({ query: 'velo sprint running shoes', brands: ['velo'] });
    const product = res.products[0];
    expect(product.product_id).toBe('e2e-shoe');
    expect(product.checkout).not.toBeNull();

    const handoff = new MerchantCheckout(product.checkout!);
    const created = await handoff.create({ currency: product.currency, quantity: 2 });
    expect(created.status).toBe('requires_escalation');
    expect(created.attribution).toEqual(product.checkout!.attribution); // echoed verbatim
    expect(created.totals.find((t) => t.type === 'total')!.amount).toBe(17998);

    await expect(handoff.complete(created.id, { userConfirmed: true })).rejects.toThrow(MerchantError); // not ready yet
    const ready = await handoff.update(created.id, {
      buyer: { email: 'buyer@example.com', first_name: 'Ada' },
      fulfillment: {
        address: {
          street_address: '1 Main St',
          address_locality: 'Springfield',
          postal_code: '12345',
          address_country: 'US',
        },
      },
      payment: { instrument: { type: 'card', id: 'tok_demo', handler_id: 'demo' } },
    });
    expect(ready.status).toBe('ready_for_complete');
    expect(() => handoff.complete(created.id, {} as { userConfirmed: true })).toThrow(/consent/);
    const done = await handoff.complete(created.id, { userConfirmed: true });
    expect(done.status).toBe('completed');
    expect(done.order?.id).toMatch(/^ord_/);
    expect(reported).toHaveLength(1);

    const conv = await w.server.ctx.db
      .selectFrom('index_conversions')
      .selectAll()
      .where('grclid', '=', product.grclid)
      .execute();
    expect(conv).toHaveLength(1);
    expect(conv[0]).toMatchObject({
      search_id: res.search_id,
      publisher_id: w.publisherId,
      kind: 'purchase',
      value_micros: 179_980_000,
      source: 'merchant',
    });
    // 10% commission, split with the publisher's revenue share; commission = revenue + take exactly
    expect(conv[0].commission_micros).toBe(17_998_000);
    expect(conv[0].revenue_micros + conv[0].take_micros).toBe(conv[0].commission_micros);

    // completing again changes nothing, and the same order reported twice counts once
    await handoff.complete(created.id, { userConfirmed: true });
    const again = await fetch(`${w.url}/index/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grclid: product.grclid }),
    });
    expect(again.status).toBe(401);
    // another advertiser cannot claim the order: the grclid is not theirs to report
    const intruder = (await accounts.createAdvertiser(w.server.ctx, { name: 'Someone Else' })).apiKey;
    const stolen = await fetch(`${w.url}/index/conversions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': intruder },
      body: JSON.stringify({ grclid: product.grclid, order_id: 'fake-1', value: 999 }),
    });
    expect(stolen.status).toBe(404);
    expect(
      await w.server.ctx.db.selectFrom('index_conversions').selectAll().where('grclid', '=', product.grclid).execute(),
    ).toHaveLength(1);
  });

  it('refuses unknown items and mismatched currencies instead of guessing', async () => {
    const client = new OrbitIndexClient({ indexUrl: w.server.ctx.urls.index, apiKey: w.key });
    const res = await client.shopSearch({ query: 'velo sprint running shoes', brands: ['velo'], currency: 'EUR' });
    const handoff = new MerchantCheckout(res.products[0].checkout!);
    await expect(handoff.create({ currency: 'EUR' })).rejects.toThrow(/sold in USD/);
    const bogus = new MerchantCheckout({ ...res.products[0].checkout!, item_id: 'nope' });
    await expect(bogus.create({ currency: 'USD' })).rejects.toThrow(/unknown item/);
  });
});
