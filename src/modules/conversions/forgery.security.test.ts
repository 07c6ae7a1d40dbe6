import { beforeAll, describe, expect, it } from 'vitest';
import { settleRollups } from '../../db/index.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import {
  clickThrough,
  purchase,
  sendEvents,
  SKILLET_QUESTION,
  SKILLETS,
  type GatewayOut,
} from '../../../test/fixtures/conversions.js';

/**
 * Conversions that cannot be forged (issue 25). The probe: after one real
 * click on a CPA campaign ($5 per conversion), 20 browser-pixel purchases
 * with invented order ids and a value of 999 each charged $100 and counted
 * $19,980. Now the pixel never charges on its own, counts at most one
 * conversion per click and type, a charging source (the gateway with the
 * advertiser's key, signed webhooks) charges at most once per click and type,
 * and values have a ceiling.
 */
describe('conversions that cannot be forged', () => {
  const env = useSeededServer({}, SKILLETS);
  beforeAll(async () => {
    await env.s.ctx.db
      .updateTable('campaigns')
      .set({ billing_model: 'cpa', max_cpa_micros: 5_000_000, conversion_type: 'Purchase' })
      .where('id', '=', env.w.campaignId)
      .execute();
    await env.s.ctx.inventory.rebuild();
  });

  const totals = async () => {
    await settleRollups(env.s.ctx.db);
    const r = await env.s.ctx.db
      .selectFrom('rollups')
      .select((eb) => [
        eb.fn.sum<number>('conversions').as('n'),
        eb.fn.sum<number>('spend_micros').as('spend'),
        eb.fn.sum<number>('conversion_value_micros').as('value'),
      ])
      .where('campaign_id', '=', env.w.campaignId)
      .executeTakeFirst();
    return { conversions: Number(r?.n ?? 0), spend: Number(r?.spend ?? 0), value: Number(r?.value ?? 0) };
  };
  const pixel = (attr: Record<string, string>, orderId: string, value = 999) =>
    fetch(`${env.s.url}/pixel/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        advertiser_id: env.w.advertiserId,
        events: [
          {
            event_type: 'purchase',
            url: 'https://skillets.example.com/thanks',
            attribution: attr,
            props: { order_id: orderId, value, currency: 'USD' },
          },
        ],
      }),
    });

  it('forged pixel purchases: twenty with invented order ids charge nothing and count once', async () => {
    const before = await totals();
    const attr = await clickThrough(env.s, env.w, SKILLET_QUESTION);
    expect((await totals()).spend).toBe(before.spend); // a CPA campaign's click is free
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push((await (await pixel(attr, `forged-${i}`)).json()) as { conversions: number });
    expect(answers.map((a) => a.conversions)).toEqual([1, ...Array(19).fill(0)]);
    const after = await totals();
    expect(after.spend - before.spend).toBe(0);
    expect(after.conversions - before.conversions).toBe(1);
    expect(after.value - before.value).toBe(999_000_000);
    const notes = await env.s.ctx.db
      .selectFrom('conversions')
      .select(['counted', 'charge_note'])
      .where('click_id', '=', attr.grclid)
      .execute();
    expect(notes).toHaveLength(20);
    expect(notes.filter((n) => n.counted === 1)).toEqual([{ counted: 1, charge_note: 'browser_source' }]);
    expect(notes.filter((n) => n.charge_note === 'per_click_cap')).toHaveLength(19);
  });

  it('the gateway matching a pixel purchase charges it once; a second order on the same click is counted, never charged', async () => {
    const attr = await clickThrough(env.s, env.w, SKILLET_QUESTION);
    expect(((await (await pixel(attr, 'real-1', 80)).json()) as { conversions: number }).conversions).toBe(1);
    const before = await totals();
    // The advertiser's backend reports the same order (same type and order id) through the gateway, with its key.
    const res = (await (
      await sendEvents(env.s, env.w.advertiserKey, { data: [purchase(env.s, { event_id: 'real-1' }, attr)] })
    ).json()) as GatewayOut;
    expect(res.results[0]).toMatchObject({ status: 'ok', attributed: true });
    let after = await totals();
    expect(after.spend - before.spend).toBe(5_000_000); // charged now, once
    expect(after.conversions - before.conversions).toBe(0); // the same conversion: counted once, by the pixel
    // Replaying the gateway event is a duplicate; another order on the same click counts but does not charge again.
    const again = (await (
      await sendEvents(env.s, env.w.advertiserKey, {
        data: [purchase(env.s, { event_id: 'real-1' }, attr), purchase(env.s, { event_id: 'real-2' }, attr)],
      })
    ).json()) as GatewayOut;
    expect(again.results.map((r) => r.status)).toEqual(['duplicate', 'ok']);
    after = await totals();
    expect(after.spend - before.spend).toBe(5_000_000);
    expect(after.conversions - before.conversions).toBe(1);
    const row = await env.s.ctx.db
      .selectFrom('conversions')
      .select(['charge_note', 'spend_micros'])
      .where('event_id', '=', 'real-2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ charge_note: 'already_charged', spend_micros: 0 });
  });

  it('counted conversions per click are capped, and a value past the ceiling is refused naming the field', async () => {
    const attr = await clickThrough(env.s, env.w, SKILLET_QUESTION);
    const before = await totals();
    const data = Array.from({ length: 8 }, (_, i) => ({
      ...purchase(env.s, { event_id: `cap-${i}` }, attr),
      event_name: i % 2 ? 'Lead' : 'Purchase',
    }));
    const res = (await (await sendEvents(env.s, env.w.advertiserKey, { data })).json()) as GatewayOut;
    expect(res.results.every((r) => r.status === 'ok')).toBe(true);
    const after = await totals();
    expect(after.conversions - before.conversions).toBe(env.s.ctx.config.conversionsPerClick); // 5
    expect(after.spend - before.spend).toBe(5_000_000); // one Purchase charged
    const huge = (await (
      await sendEvents(env.s, env.w.advertiserKey, {
        data: [
          purchase(
            env.s,
            { event_id: 'huge', custom_data: { value: 5_000_000, currency: 'USD', order_id: 'huge' } },
            attr,
          ),
        ],
      })
    ).json()) as GatewayOut;
    expect(huge.results[0]).toMatchObject({ status: 'error' });
    expect(huge.results[0].error).toContain('custom_data.value');
  });
});
