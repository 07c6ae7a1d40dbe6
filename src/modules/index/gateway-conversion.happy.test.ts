import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { post, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/** A conversion sent through the gateway with an index grclid joins its search (issue 7, item 5). */
describe('index conversions through the conversion gateway', () => {
  let w: IndexWorld;
  let merchantKey: string;
  let otherKey: string;
  beforeAll(async () => {
    w = await startIndexWorld();
    merchantKey = (await accounts.createAdvertiser(w.server.ctx, { name: 'Northwind Outfitters' })).apiKey;
    otherKey = (await accounts.createAdvertiser(w.server.ctx, { name: 'Someone Else' })).apiKey;
  });
  afterAll(() => w.server.stop());

  const purchase = (grclid: string, orderId: string) => ({
    data: [
      {
        event_name: 'Purchase',
        event_time: Math.floor(Date.now() / 1000),
        event_id: orderId,
        action_source: 'website',
        user_data: { grclid, em: ['buyer@example.com'] },
        custom_data: { value: 120, currency: 'USD', order_id: orderId },
      },
    ],
  });

  it("attributes the listing merchant's purchase to the search and its publisher, once", async () => {
    const search = await post(
      w.url,
      '/shop/search',
      { query: 'stride running shoes women', brands: ['stride'] },
      w.key,
    );
    expect(search.status).toBe(200);
    const product = (search.body.products as { product_id: string; grclid: string; merchant: string }[]).find(
      (p) => p.merchant === 'Northwind Outfitters',
    )!;
    expect(product).toBeTruthy();

    const res = await post(w.url, '/gateway/events', purchase(product.grclid, 'ord-1'), undefined, {
      authorization: `Bearer ${merchantKey}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'ok', attributed: true });

    const again = await post(w.url, '/gateway/events', purchase(product.grclid, 'ord-1'), undefined, {
      authorization: `Bearer ${merchantKey}`,
    });
    expect(again.body.results[0].status).toBe('duplicate');

    const conv = await w.server.ctx.db
      .selectFrom('index_conversions')
      .selectAll()
      .where('grclid', '=', product.grclid)
      .execute();
    expect(conv).toHaveLength(1);
    expect(conv[0]).toMatchObject({
      search_id: search.body.search_id,
      publisher_id: w.publisherId,
      kind: 'purchase',
      value_micros: 120_000_000,
      source: 'gateway',
    });
    expect(conv[0].revenue_micros + conv[0].take_micros).toBe(conv[0].commission_micros);

    // The publisher reads what its search led to; another publisher cannot.
    const report = await fetch(`${w.url}/index/searches/${search.body.search_id}`, { headers: { 'x-api-key': w.key } });
    expect(report.status).toBe(200);
    const body = (await report.json()) as {
      search_id: string;
      conversions: { kind: string; value: number; publisher_revenue: number }[];
    };
    expect(body.search_id).toBe(search.body.search_id);
    expect(body.conversions).toEqual([
      expect.objectContaining({ kind: 'purchase', value: 120, publisher_revenue: conv[0].revenue_micros / 1_000_000 }),
    ]);
    const stranger = (await accounts.createPublisher(w.server.ctx, { name: 'Stranger', indexApproved: true })).apiKey;
    expect(
      (await fetch(`${w.url}/index/searches/${search.body.search_id}`, { headers: { 'x-api-key': stranger } })).status,
    ).toBe(404);
    expect((await fetch(`${w.url}/index/searches/${search.body.search_id}`)).status).toBe(401);
  });

  it("does not let another advertiser claim a listing's grclid", async () => {
    const search = await post(w.url, '/shop/search', { query: 'stride running shoes men', brands: ['stride'] }, w.key);
    const product = (search.body.products as { grclid: string; merchant: string }[]).find(
      (p) => p.merchant === 'Northwind Outfitters',
    )!;
    const res = await post(w.url, '/gateway/events', purchase(product.grclid, 'ord-2'), undefined, {
      authorization: `Bearer ${otherKey}`,
    });
    expect(res.body.results[0]).toMatchObject({ status: 'ok', attributed: false });
    const conv = await w.server.ctx.db
      .selectFrom('index_conversions')
      .selectAll()
      .where('grclid', '=', product.grclid)
      .execute();
    expect(conv).toHaveLength(0);
  });
});
