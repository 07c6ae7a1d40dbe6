import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ManualClock } from '../../lib/clock.js';
import { RUNNING_CAMPAIGN, seedWorld } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import {
  clickThrough,
  dashboard,
  purchase,
  sendEvents,
  SKILLET_QUESTION,
  SKILLETS,
  topicCampaign,
  type GatewayOut,
} from '../../../test/fixtures/conversions.js';
import { settleRollups } from '../../db/index.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const HOUR = 3600_000;

describe('conversion gateway: happy paths', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 10, 12, 0, 0));
  const env = useSeededServer({}, RUNNING_CAMPAIGN, { clock });

  const rollupTotals = async (campaignId: string) => {
    await settleRollups(env.s.ctx.db);
    const rows = await env.s.ctx.db.selectFrom('rollups').selectAll().where('campaign_id', '=', campaignId).execute();
    const sum = (
      k: 'conversions' | 'conversion_value_micros' | 'spend_micros' | 'revenue_micros' | 'take_micros' | 'clicks',
    ) => rows.reduce((a, r) => a + Number(r[k]), 0);
    return {
      conversions: sum('conversions'),
      value: sum('conversion_value_micros'),
      spend: sum('spend_micros'),
      revenue: sum('revenue_micros'),
      take: sum('take_micros'),
      clicks: sum('clicks'),
    };
  };

  it('attributes a conversion to the click that caused it and updates the rollups in the same write', async () => {
    const attr = await clickThrough(env.s, env.w);
    const before = await rollupTotals(env.w.campaignId);
    const res = await sendEvents(env.s, env.w.advertiserKey, {
      data: [purchase(env.s, { event_id: 'order-1' }, { ...attr, ph: ['+1 (555) 123-4567'] })],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GatewayOut;
    expect(body).toEqual({
      events_received: 1,
      events_processed: 1,
      events_errored: 0,
      test_mode: false,
      results: [{ event_id: 'order-1', status: 'ok', attributed: true }],
    });
    const after = await rollupTotals(env.w.campaignId);
    expect(after.conversions - before.conversions).toBe(1);
    expect(after.value - before.value).toBe(49_990_000);
    expect(after.spend).toBe(before.spend); // a CPC campaign is not charged again for the conversion

    const row = await env.s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('event_id', '=', 'order-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      advertiser_id: env.w.advertiserId,
      event_type: 'purchase',
      campaign_id: env.w.campaignId,
      publisher_id: env.w.publisherId,
      click_id: attr.grclid,
      attributed: 1,
      currency: 'USD',
      source: 'capi',
    });
    const identity = JSON.parse(row.identity_json!) as { em: string[]; ph: string[] };
    expect(identity.em).toEqual([sha('buyer@example.com')]);
    expect(identity.ph).toEqual([sha('15551234567')]);
  });

  it('resolves graid alone to the click, campaign, ad and publisher', async () => {
    const attr = await clickThrough(env.s, env.w);
    const res = await sendEvents(
      env.s,
      env.w.advertiserKey,
      { data: [purchase(env.s, { event_id: 'order-graid' }, { graid: attr.graid })] },
      'query',
    );
    const body = (await res.json()) as GatewayOut;
    expect(body.results[0]).toEqual({ event_id: 'order-graid', status: 'ok', attributed: true });
    const row = await env.s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('event_id', '=', 'order-graid')
      .executeTakeFirstOrThrow();
    expect(row.click_id).toBe(attr.grclid);
    expect(row.ad_id).toBe(attr.gradid);
    expect(row.publisher_id).toBe(attr.grpuid);
  });

  it('hashes formatted, bare and E.164 phones alike and accepts pre-hashed values as they are', async () => {
    const pre = sha('someone@example.com');
    const res = await sendEvents(env.s, env.w.advertiserKey, {
      data: [
        purchase(env.s, { event_id: 'ph-1' }, { em: [pre], ph: ['+1 555-123-4567'] }),
        purchase(env.s, { event_id: 'ph-2' }, { em: ['  Someone@Example.com '], ph: ['15551234567'] }),
        purchase(
          env.s,
          { event_id: 'ph-3' },
          { em: [], ph: ['+15551234567'], fn: ' Ada ', ln: 'LOVELACE', external_id: ['cust-9'] },
        ),
      ],
    });
    expect(((await res.json()) as GatewayOut).results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    const rows = await env.s.ctx.db
      .selectFrom('conversions')
      .select(['event_id', 'identity_json'])
      .where('event_id', 'in', ['ph-1', 'ph-2', 'ph-3'])
      .execute();
    const ids = Object.fromEntries(rows.map((r) => [r.event_id, JSON.parse(r.identity_json!)]));
    expect(ids['ph-1'].ph).toEqual(ids['ph-2'].ph);
    expect(ids['ph-2'].ph).toEqual(ids['ph-3'].ph);
    expect(ids['ph-1'].em).toEqual([pre]);
    expect(ids['ph-2'].em).toEqual([pre]);
    expect(ids['ph-3']).toMatchObject({ fn: sha('ada'), ln: sha('lovelace'), external_id: [sha('cust-9')] });
  });

  it('accepts every standard event name and custom names; stores without signals unattributed', async () => {
    const names = [
      'Purchase',
      'Lead',
      'CompleteRegistration',
      'Subscribe',
      'StartTrial',
      'InitiateCheckout',
      'AddToCart',
      'Contact',
      'Schedule',
      'webinar_signup',
    ];
    const res = await sendEvents(env.s, env.w.advertiserKey, {
      data: names.map((n, i) => ({
        ...purchase(env.s, { event_id: `names-${i}`, event_name: n }),
        custom_data: undefined,
      })),
    });
    const body = (await res.json()) as GatewayOut;
    expect(body.results.every((r) => r.status === 'ok' && r.attributed === false)).toBe(true);
    const types = await env.s.ctx.db
      .selectFrom('conversions')
      .select('event_type')
      .where('event_id', 'like', 'names-%')
      .orderBy('event_id')
      .execute();
    expect(types.map((t) => t.event_type).sort()).toEqual(
      [
        'purchase',
        'lead',
        'complete_registration',
        'subscribe',
        'start_trial',
        'initiate_checkout',
        'add_to_cart',
        'contact',
        'schedule',
        'webinar_signup',
      ].sort(),
    );
  });

  it('deduplicates event_id + event_name for 48 hours, inside a batch and across batches', async () => {
    const e = purchase(env.s, { event_id: 'dup-1' });
    const first = (await (
      await sendEvents(env.s, env.w.advertiserKey, { data: [e, e, { ...e, event_name: 'Lead' }] })
    ).json()) as GatewayOut;
    expect(first.results.map((r) => r.status)).toEqual(['ok', 'duplicate', 'ok']);
    clock.advance(47 * HOUR);
    const again = (await (
      await sendEvents(env.s, env.w.advertiserKey, { data: [{ ...e, event_time: Math.floor(clock.now() / 1000) }] })
    ).json()) as GatewayOut;
    expect(again.results[0].status).toBe('duplicate');
    clock.advance(1 * HOUR + 1000);
    const later = (await (
      await sendEvents(env.s, env.w.advertiserKey, { data: [{ ...e, event_time: Math.floor(clock.now() / 1000) }] })
    ).json()) as GatewayOut;
    expect(later.results[0].status).toBe('ok');
    const n = await env.s.ctx.db
      .selectFrom('conversions')
      .select('id')
      .where('event_id', '=', 'dup-1')
      .where('event_type', '=', 'purchase')
      .execute();
    expect(n).toHaveLength(2);
  });

  it('test mode validates end to end and stores nothing', async () => {
    const attr = await clickThrough(env.s, env.w);
    const before = await env.s.ctx.db.selectFrom('conversions').select('id').execute();
    const res = await sendEvents(env.s, env.w.advertiserKey, {
      test_event_code: 'TEST123',
      data: [purchase(env.s, { event_id: 'test-1' }, attr), { event_name: 'Lead' }],
    });
    const body = (await res.json()) as GatewayOut;
    expect(body.test_mode).toBe(true);
    expect(body.results[0]).toEqual({ event_id: 'test-1', status: 'test_ok', attributed: true });
    expect(body.results[1].status).toBe('error');
    expect(body.events_processed).toBe(1);
    expect(await env.s.ctx.db.selectFrom('conversions').select('id').execute()).toHaveLength(before.length);
    expect(
      await env.s.ctx.db.selectFrom('conversion_dedup').selectAll().where('event_id', '=', 'test-1').execute(),
    ).toHaveLength(0);
  });

  it('skips opted-out users: the opt_out flag and the suppression list', async () => {
    const add = await fetch(`${env.s.url}/advertiser-dashboard/suppressions`, {
      method: 'POST',
      headers: { 'x-api-key': env.w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ em: ['Gone@Example.com'], ph: ['+44 20 7946 0958'] }),
    });
    expect(add.status).toBe(200);
    expect(await add.json()).toEqual({ added: 2, total: 2 });
    const res = await sendEvents(env.s, env.w.advertiserKey, {
      data: [
        purchase(env.s, { event_id: 'opt-1' }, { opt_out: true }),
        purchase(env.s, { event_id: 'opt-2' }, { em: ['gone@example.com'] }),
        purchase(env.s, { event_id: 'opt-3' }, { em: [], ph: ['00442079460958'] }),
        purchase(env.s, { event_id: 'opt-4' }, { em: ['stays@example.com'] }),
      ],
    });
    const body = (await res.json()) as GatewayOut;
    expect(body.results.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped', 'ok']);
    expect(
      await env.s.ctx.db
        .selectFrom('conversions')
        .select('id')
        .where('event_id', 'in', ['opt-1', 'opt-2', 'opt-3'])
        .execute(),
    ).toHaveLength(0);
    const del = await fetch(`${env.s.url}/advertiser-dashboard/suppressions`, {
      method: 'DELETE',
      headers: { 'x-api-key': env.w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ em: ['gone@example.com'] }),
    });
    expect(await del.json()).toEqual({ removed: 1, total: 1 });
  });

  it('charges CPA campaigns the campaign CPA price, split exactly into revenue and take', async () => {
    const w2 = await seedWorld(env.s.ctx, SKILLETS);
    await env.s.ctx.db
      .updateTable('campaigns')
      .set({ billing_model: 'cpa', max_cpa_micros: 12_000_000, conversion_type: 'Purchase' })
      .where('id', '=', w2.campaignId)
      .execute();
    await env.s.ctx.inventory.rebuild();
    const before = await rollupTotals(w2.campaignId);
    // One billing model per campaign: a CPA campaign's click is free, only its conversion is charged.
    const attr = await clickThrough(env.s, w2, SKILLET_QUESTION);
    const res = await sendEvents(env.s, w2.advertiserKey, {
      data: [
        purchase(env.s, { event_id: 'cpa-1' }, attr),
        { ...purchase(env.s, { event_id: 'cpa-2' }, attr), event_name: 'Lead' },
      ],
    });
    expect(((await res.json()) as GatewayOut).results.map((r) => [r.status, r.attributed])).toEqual([
      ['ok', true],
      ['ok', true],
    ]);
    const after = await rollupTotals(w2.campaignId);
    expect(after.conversions - before.conversions).toBe(2);
    expect(after.spend - before.spend).toBe(12_000_000); // only the Purchase matches the campaign's conversion type
    expect(after.revenue - before.revenue).toBe(8_400_000);
    expect(after.take - before.take).toBe(3_600_000);
    expect(env.s.ctx.spend.today(w2.campaignId)).toBeGreaterThanOrEqual(12_000_000);
  });

  it('reports conversions with cursor pagination, filters, stats and the gateway status', async () => {
    const w3 = await seedWorld(env.s.ctx, topicCampaign('Tents', 'camping tent backpacking hiking shelter'));
    const status0 = await (await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/gateway-status')).json();
    expect(status0).toMatchObject({ status: 'no_data', label: 'No data yet', last_received_at: null });
    const attr = await clickThrough(env.s, w3, 'What camping tent is good for backpacking?');
    const data = Array.from({ length: 5 }, (_, i) => purchase(env.s, { event_id: `rep-${i}` }, i < 2 ? attr : {}));
    data.push({ ...purchase(env.s, { event_id: 'rep-lead' }), event_name: 'Lead' });
    await sendEvents(env.s, w3.advertiserKey, { data });

    const p1 = (await (
      await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/conversions?limit=4')
    ).json()) as {
      conversions: Record<string, unknown>[];
      total_conversions: number;
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(p1.total_conversions).toBe(6);
    expect(p1.conversions).toHaveLength(4);
    expect(p1.has_more).toBe(true);
    expect(Object.keys(p1.conversions[0]).sort()).toEqual(
      // The spec's fields, plus ad_group_id and attribution (issue 28: the dashboard's columns).
      [
        'ad_group_id',
        'attribution',
        'campaign_id',
        'conversion_id',
        'conversion_timestamp',
        'currency',
        'event_type',
        'is_attributed',
        'order_id',
        'page_url',
        'source',
        'value_cents',
      ].sort(),
    );
    const p2 = (await (
      await dashboard(env.s, w3.advertiserKey, `/advertiser-dashboard/conversions?limit=4&cursor=${p1.next_cursor}`)
    ).json()) as typeof p1;
    expect(p2.conversions).toHaveLength(2);
    expect(p2.has_more).toBe(false);
    expect(p2.next_cursor).toBeNull();
    const allIds = [...p1.conversions, ...p2.conversions].map((c) => c.conversion_id);
    expect(new Set(allIds).size).toBe(6);

    const byCampaign = (await (
      await dashboard(env.s, w3.advertiserKey, `/advertiser-dashboard/conversions?campaign_id=${w3.campaignId}`)
    ).json()) as typeof p1;
    expect(byCampaign.total_conversions).toBe(2);
    expect(byCampaign.conversions.every((c) => c.is_attributed === true && c.value_cents === 4999)).toBe(true);
    const leads = (await (
      await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/conversions?event_type=lead')
    ).json()) as typeof p1;
    expect(leads.total_conversions).toBe(1);

    const stats = (await (
      await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/events/conversion-stats?days=7')
    ).json()) as {
      total: number;
      time_series: { date: string; conversions: number }[];
      by_event_type: { event_type: string; total: number }[];
    };
    expect(stats.total).toBe(6);
    expect(stats.by_event_type).toEqual([
      { event_type: 'purchase', total: 5 },
      { event_type: 'lead', total: 1 },
    ]);
    expect(stats.time_series.reduce((a, d) => a + d.conversions, 0)).toBe(6);

    const status1 = (await (
      await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/gateway-status')
    ).json()) as {
      status: string;
      last_received_at: string;
    };
    expect(status1.status).toBe('active');
    expect(Date.parse(status1.last_received_at)).toBe(clock.now());
    clock.advance(7 * 24 * HOUR);
    const status2 = (await (
      await dashboard(env.s, w3.advertiserKey, '/advertiser-dashboard/gateway-status')
    ).json()) as {
      status: string;
      label: string;
    };
    expect(status2).toMatchObject({ status: 'gone_quiet', label: 'Gone quiet' });
  });
});
