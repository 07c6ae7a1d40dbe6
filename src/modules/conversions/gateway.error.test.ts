import { describe, expect, it } from 'vitest';
import { seedWorld } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { dashboard, purchase, sendEvents, type GatewayOut } from '../../../test/fixtures/conversions.js';

describe('conversion gateway: bad input', () => {
  const env = useSeededServer();

  it('refuses missing, wrong and publisher keys with 401', async () => {
    const body = { data: [purchase(env.s)] };
    const none = await fetch(`${env.s.url}/gateway/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(none.status).toBe(401);
    expect((await sendEvents(env.s, 'orb_adv_' + 'x'.repeat(32), body)).status).toBe(401);
    expect((await sendEvents(env.s, 'nonsense', body, 'query')).status).toBe(401);
    const pub = await sendEvents(env.s, env.w.publisherKey, body);
    expect(pub.status).toBe(401);
    expect(((await pub.json()) as { message: string }).message).toMatch(/advertiser key/);
  });

  it('refuses batches over 1,000 events, empty batches, malformed JSON and non-object bodies with a clear 4xx', async () => {
    const big = await sendEvents(env.s, env.w.advertiserKey, {
      data: Array.from({ length: 1001 }, () => purchase(env.s)),
    });
    expect(big.status).toBe(422);
    const bigBody = (await big.json()) as { message: string; details: { field: string }[] };
    expect(bigBody.message).toMatch(/at most 1000/);
    expect(bigBody.details[0].field).toBe('data');
    const empty = await sendEvents(env.s, env.w.advertiserKey, { data: [] });
    expect(empty.status).toBe(422);
    const missing = await sendEvents(env.s, env.w.advertiserKey, { events: [purchase(env.s)] });
    expect(missing.status).toBe(422);
    const bad = await sendEvents(env.s, env.w.advertiserKey, '{"data": [');
    expect(bad.status).toBe(400);
    const arr = await sendEvents(env.s, env.w.advertiserKey, '[1,2]');
    expect(arr.status).toBe(422);
    expect(await env.s.ctx.db.selectFrom('conversions').select('id').execute()).toHaveLength(0);
  });

  it('reports each bad event on its own, with the field named, and stores the good ones only', async () => {
    const now = Math.floor(env.s.ctx.clock.now() / 1000);
    const cases: [unknown, RegExp][] = [
      [{ ...purchase(env.s), event_name: undefined }, /event_name/],
      [{ ...purchase(env.s), event_time: 'yesterday' }, /event_time: must be an integer/],
      [{ ...purchase(env.s), event_time: 12.5 }, /event_time/],
      [{ ...purchase(env.s), event_time: now * 1000 }, /milliseconds/],
      [{ ...purchase(env.s), event_time: now + 86_400 }, /future/],
      [{ ...purchase(env.s), event_time: now - 30 * 86_400 }, /older than 7 days/],
      [{ ...purchase(env.s), action_source: 'carrier_pigeon' }, /action_source/],
      [{ ...purchase(env.s), user_data: undefined }, /user_data/],
      [{ ...purchase(env.s), custom_data: { value: -5 } }, /custom_data.value/],
      [{ ...purchase(env.s), custom_data: { value: 1e15 } }, /custom_data.value/],
      [{ ...purchase(env.s), custom_data: { value: 10, currency: 'dollars' } }, /custom_data.currency/],
      [purchase(env.s, {}, { em: ['not-an-email'] }), /user_data.em\[0\]/],
      [purchase(env.s, {}, { ph: ['call me'] }), /user_data.ph\[0\]/],
      [purchase(env.s, {}, { em: [42] }), /user_data.em\[0\]/],
      [purchase(env.s, {}, { em: Array.from({ length: 11 }, (_, i) => `a${i}@x.io`) }), /at most 10/],
      [{ ...purchase(env.s), event_source_url: 'javascript:alert(1)' }, /event_source_url/],
      [{ ...purchase(env.s), client_context: { blob: 'x'.repeat(5000) } }, /client_context/],
      [null, /event: must be an object/],
      [7, /event: must be an object/],
    ];
    const good = purchase(env.s, { event_id: 'good-1' });
    const res = await sendEvents(env.s, env.w.advertiserKey, { data: [good, ...cases.map((c) => c[0])] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GatewayOut;
    expect(body.events_received).toBe(cases.length + 1);
    expect(body.events_processed).toBe(1);
    expect(body.events_errored).toBe(cases.length);
    expect(body.results[0]).toEqual({ event_id: 'good-1', status: 'ok', attributed: false });
    cases.forEach(([, re], i) => {
      const r = body.results[i + 1];
      expect(r.status, JSON.stringify(cases[i][0])?.slice(0, 80)).toBe('error');
      expect(r.error).toMatch(re);
    });
    const stored = await env.s.ctx.db.selectFrom('conversions').select('event_id').execute();
    expect(stored.map((r) => r.event_id)).toEqual(['good-1']);
  });

  it('refuses bad report parameters with 400 naming them, foreign campaigns with 404', async () => {
    const other = await seedWorld(env.s.ctx);
    const bad: [string, number, RegExp][] = [
      ['/advertiser-dashboard/conversions?cursor=garbage', 400, /cursor/],
      ['/advertiser-dashboard/conversions?cursor=' + Buffer.from('c1:1234').toString('base64url'), 400, /cursor/],
      ['/advertiser-dashboard/conversions?limit=0', 400, /limit/],
      ['/advertiser-dashboard/conversions?limit=101', 400, /limit/],
      ['/advertiser-dashboard/conversions?limit=ten', 400, /limit/],
      [`/advertiser-dashboard/conversions?campaign_id=${other.campaignId}`, 404, /campaign/],
      ['/advertiser-dashboard/conversions?tz=UTC', 400, /tz/],
      ['/advertiser-dashboard/events/analytics?days=0', 400, /days/],
      ['/advertiser-dashboard/events/analytics?days=366', 400, /days/],
      ['/advertiser-dashboard/events/analytics?start_date=2026-01-01', 400, /together/],
      ['/advertiser-dashboard/events/conversion-stats?start_date=2026-02-30&end_date=2026-03-01', 400, /start_date/],
      ['/advertiser-dashboard/events/conversion-stats?start_date=2026-03-02&end_date=2026-03-01', 400, /end_date/],
      ['/advertiser-dashboard/events/conversion-stats?start_date=2024-01-01&end_date=2026-03-01', 400, /at most 365/],
    ];
    for (const [path, status, re] of bad) {
      const res = await dashboard(env.s, env.w.advertiserKey, path);
      expect(res.status, path).toBe(status);
      expect(((await res.json()) as { message: string }).message, path).toMatch(re);
    }
    expect((await fetch(`${env.s.url}/advertiser-dashboard/conversions`)).status).toBe(401);
    expect((await dashboard(env.s, env.w.publisherKey, '/advertiser-dashboard/conversions')).status).toBe(401);
  });

  it('refuses bad suppression bodies and bad pixel events with 4xx', async () => {
    const post = (body: unknown) =>
      fetch(`${env.s.url}/advertiser-dashboard/suppressions`, {
        method: 'POST',
        headers: { 'x-api-key': env.w.advertiserKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({})).status).toBe(422);
    const badEmail = await post({ em: ['nope'] });
    expect(badEmail.status).toBe(400);
    expect(((await badEmail.json()) as { message: string }).message).toMatch(/em\[0\]/);
    const pixel = (body: string) =>
      fetch(`${env.s.url}/pixel/events`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect((await pixel('{not json')).status).toBe(400);
    expect((await pixel(JSON.stringify({ advertiser_id: env.w.advertiserId, events: [] }))).status).toBe(422);
    expect(
      (
        await pixel(
          JSON.stringify({
            advertiser_id: env.w.advertiserId,
            events: [{ event_type: 'page view!', url: 'https://a.example/' }],
          }),
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await pixel(
          JSON.stringify({
            advertiser_id: 'unknown',
            events: [{ event_type: 'page_view', url: 'https://a.example/' }],
          }),
        )
      ).status,
    ).toBe(404);
  });
});
