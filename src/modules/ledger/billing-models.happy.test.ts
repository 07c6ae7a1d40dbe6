import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, settleRollups } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { BROWSER_UA, seedWorld, startTestServer, type TestServer } from '../../../test/helpers.js';
import { withDatabaseBefore } from '../../../test/fixtures/migrations.js';
import { defaultAdGroupRow } from '../campaigns/group-row.js';
import { UNREVIEWED } from '../campaigns/review.js';
import { clickThrough, purchase, sendEvents, topicCampaign } from '../../../test/fixtures/conversions.js';

/**
 * One billing model per campaign (issue 25): CPM is charged on impressions
 * only, CPC on clicks only, CPA on conversions only (its serves rank by a
 * derived click bid, but the click is free). The probe: CPA campaigns were
 * served with CPC pricing and also charged max_cpa per conversion.
 */
describe('each billing model charges exactly one kind of event', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.stop());

  const money = async (campaignId: string) => {
    await settleRollups(s.ctx.db);
    const rows = await s.ctx.db
      .selectFrom('tracking_events')
      .select(['kind', 'spend_micros'])
      .where('campaign_id', '=', campaignId)
      .where('is_bot', '=', 0)
      .execute();
    const conv = await s.ctx.db
      .selectFrom('conversions')
      .select('spend_micros')
      .where('campaign_id', '=', campaignId)
      .execute();
    const sum = (xs: { spend_micros: number }[]) => xs.reduce((a, x) => a + Number(x.spend_micros), 0);
    return {
      imp: sum(rows.filter((r) => r.kind === 'imp')),
      click: sum(rows.filter((r) => r.kind === 'click')),
      conversion: sum(conv),
    };
  };

  async function worldBilled(topic: string, words: string, billing: 'cpm' | 'cpc' | 'cpa') {
    const w = await seedWorld(s.ctx, {
      ...topicCampaign(topic, words),
      ...(billing === 'cpm' ? { max_cpc: undefined, max_cpm: 8 } : {}),
    });
    if (billing === 'cpa')
      await s.ctx.db
        .updateTable('campaigns')
        .set({ billing_model: 'cpa', max_cpa_micros: 4_000_000 })
        .where('id', '=', w.campaignId)
        .execute();
    await s.ctx.inventory.rebuild();
    const attr = await clickThrough(s, w, `I want to buy one: ${words}. Which should I get?`);
    const res = await sendEvents(s, w.advertiserKey, { data: [purchase(s, { event_id: `o-${topic}` }, attr)] });
    expect(res.status).toBe(200);
    return money(w.campaignId);
  }

  it('CPM: the impression is charged, the click and the conversion are not', async () => {
    const m = await worldBilled('Tents', 'camping tent backpacking hiking shelter', 'cpm');
    expect(m.imp).toBeGreaterThan(0);
    expect(m).toMatchObject({ click: 0, conversion: 0 });
  });

  it('CPC: the click is charged, the impression and the conversion are not', async () => {
    const m = await worldBilled('Kettles', 'electric kettle tea water boiling', 'cpc');
    expect(m.click).toBeGreaterThan(0);
    expect(m).toMatchObject({ imp: 0, conversion: 0 });
  });

  it('CPA: only the conversion is charged, at max_cpa (the click is free: no double billing)', async () => {
    const m = await worldBilled('Lamps', 'desk lamp reading light office lighting', 'cpa');
    expect(m).toEqual({ imp: 0, click: 0, conversion: 4_000_000 });
  });

  it('a campaign asking for CPA billing without a price per conversion is refused (422 naming max_cpa)', async () => {
    const w = await seedWorld(s.ctx);
    const res = await fetch(`${s.url}/advertiser-dashboard/campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': w.advertiserKey, 'user-agent': BROWSER_UA },
      body: JSON.stringify({
        name: 'No price',
        landing_page: 'https://x.example.com/',
        daily_budget: 10,
        billing_model: 'cpa',
        ad_groups: [{ name: 'g', ads: [{ headline: 'h', copy: 'c' }] }],
      }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('max_cpa');
  });
});

describe('migration 0012 gives every existing campaign one billing model, as it was charged', () => {
  it('cpa only with a price; conversion-optimised and CPC-bid campaigns (campaign or live group) cpc; the rest cpm; the spend ledger filled', async () => {
    await withDatabaseBefore('0012', async (database) => {
      const now = Date.now();
      const adv = newId();
      await database.db
        .insertInto('advertisers')
        .values({
          id: adv,
          name: 'Old',
          email_enc: null,
          email_hash: null,
          has_payment_method: 1,
          status: 'active',
          created_at: now,
        } as never)
        .execute();
      const base = {
        advertiser_id: adv,
        status: 'active',
        is_active: 1,
        is_archived: 0,
        daily_budget_micros: 10_000_000,
        landing_page: 'https://x.example.com/',
        bid_strategy: null,
        start_time: null,
        end_time: null,
        click_goal: null,
        impression_goal: null,
        max_cpm_micros: null,
        conversion_type: null,
        demographics_json: null,
        utm_params_json: null,
        allowed_countries_json: null,
        allowed_devices_json: null,
        custom_favicon_url: null,
        deployment_status: 'deployed',
        review_status: 'approved',
        submitted_for_review_at: null,
        reviewed_at: null,
        review_notes: null,
        created_at: now,
        updated_at: now,
      };
      const cases: [string, Record<string, unknown>, string][] = [
        [
          'cpa with a price',
          { billing_model: 'cpa', max_cpa_micros: 5_000_000, max_cpc_micros: null, campaign_objective: 'conversions' },
          'cpa',
        ],
        [
          'cpa without a price, cpc bid',
          { billing_model: 'cpa', max_cpa_micros: null, max_cpc_micros: 500_000, campaign_objective: null },
          'cpc',
        ],
        [
          'conversion-optimised',
          { billing_model: null, max_cpa_micros: 3_000_000, max_cpc_micros: null, campaign_objective: 'conversions' },
          'cpc',
        ],
        [
          'cpc bid',
          { billing_model: null, max_cpa_micros: null, max_cpc_micros: 400_000, campaign_objective: 'clicks' },
          'cpc',
        ],
        [
          'no bid',
          { billing_model: null, max_cpa_micros: null, max_cpc_micros: null, campaign_objective: 'awareness' },
          'cpm',
        ],
        [
          'cpm but a group bids per click',
          { billing_model: 'cpm', max_cpa_micros: null, max_cpc_micros: null, campaign_objective: null },
          'cpc',
        ],
      ];
      const ids: string[] = [];
      for (const [name, fields] of cases) {
        const id = newId();
        ids.push(id);
        await database.db
          .insertInto('campaigns')
          .values({ id, name, ...base, ...fields } as never)
          .execute();
      }
      // The group as stored before migration 0013, which added its review columns.
      const added = new Set(['review_status', ...Object.keys(UNREVIEWED)]);
      const group = Object.fromEntries(
        Object.entries(
          defaultAdGroupRow({
            id: newId(),
            campaign_id: ids[5],
            advertiser_id: adv,
            name: 'g',
            auto_optimize_budget: 0,
            max_cpc_micros: 300_000,
            created_at: now,
          }),
        ).filter(([column]) => !added.has(column)),
      );
      await database.db
        .insertInto('ad_groups')
        .values(group as never)
        .execute();
      const day = Math.floor(now / 86_400_000);
      await database.db
        .insertInto('rollup_scope_day')
        .values({
          scope: 'cmp',
          parent_id: adv,
          day,
          scope_id: ids[3],
          requests: 0,
          wins: 0,
          impressions: 0,
          clicks: 3,
          conversions: 0,
          spend_micros: 1_200_000,
          revenue_micros: 0,
          take_micros: 0,
          conversion_value_micros: 0,
        } as never)
        .execute();
      await migrate(database);
      const rows = await database.db.selectFrom('campaigns').select(['id', 'billing_model']).execute();
      const got = Object.fromEntries(rows.map((r) => [r.id, r.billing_model]));
      expect(ids.map((id) => got[id])).toEqual(cases.map((c) => c[2]));
      const ledger = await database.db.selectFrom('spend_ledger').selectAll().where('id', '=', ids[3]).execute();
      expect(ledger.map((l) => [l.scope, Number(l.period), Number(l.spend_micros)])).toEqual([['c', day, 1_200_000]]);
    });
  });
});
