import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { migrate, settleRollups } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { microsToDollars } from '../../lib/money.js';
import * as accounts from '../accounts/service.js';
import { advertiserLifetimeSpend, lifetimeTotals } from './service.js';
import { zeroCounters } from './rollup.js';
import { advertiserBilling } from '../reporting/advertiser.js';
import {
  adRequestBody,
  BROWSER_UA,
  requestAd,
  seedWorld,
  startTestServer,
  type TestServer,
} from '../../../test/helpers.js';
import { withDatabaseBefore } from '../../../test/fixtures/migrations.js';

/**
 * The ledger (issue 26): a campaign's lifetime figures are one all-time row
 * written with the rollups, so a process that serves only some route groups
 * keeps them (the old lifetime deltas were folded by the campaigns route
 * plugin, which a tracking-only process never loaded), and the billing report
 * and the activation gate read the same figure as the campaign list.
 */
describe('a process without the campaigns routes keeps lifetime totals', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ routes: 'serving,tracking' });
  });
  afterAll(() => s.stop());

  it('impressions, clicks and spend recorded there are in the all-time row, the billing report and the activation gate (credits spent down to zero refuse activation)', async () => {
    expect((await fetch(`${s.url}/advertiser-dashboard/campaigns`)).status).toBe(404); // no campaigns routes here
    const w = await seedWorld(s.ctx);
    const res = await requestAd(s.url, w.publisherKey, adRequestBody());
    expect(res.status).toBe(200);
    const [ad] = (await res.json()) as { impUrl: string; clickUrl: string }[];
    expect((await fetch(ad.impUrl, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(200);
    expect((await fetch(ad.clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' })).status).toBe(302);

    await settleRollups(s.ctx.db);
    const sums = await sql<{ impressions: number; clicks: number; spend: number }>`
      SELECT SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(spend_micros) AS spend FROM rollups WHERE campaign_id = ${w.campaignId}`.execute(
      s.ctx.db,
    );
    const spend = Number(sums.rows[0].spend);
    expect(spend).toBeGreaterThan(0);
    expect(Number(sums.rows[0].impressions)).toBe(1);
    expect(Number(sums.rows[0].clicks)).toBe(1);

    // Nothing waits for a fold: the all-time row itself holds the figures.
    const row = await s.ctx.db
      .selectFrom('rollup_scope_all')
      .selectAll()
      .where('scope', '=', 'cmp')
      .where('scope_id', '=', w.campaignId)
      .executeTakeFirstOrThrow();
    expect([Number(row.impressions), Number(row.clicks), Number(row.spend_micros), row.parent_id]).toEqual([
      1,
      1,
      spend,
      w.advertiserId,
    ]);
    expect((await lifetimeTotals(s.ctx, w.advertiserId, [w.campaignId])).get(w.campaignId)).toMatchObject({
      impressions: 1,
      clicks: 1,
      spend_micros: spend,
    });

    // One figure: the billing report and the activation gate's balance.
    expect(await advertiserLifetimeSpend(s.ctx, w.advertiserId)).toBe(spend);
    expect((await advertiserBilling(s.ctx, w.advertiserId)).total_spend_dollars).toBe(microsToDollars(spend));
    // No payment method; credits exactly what was spent: balance 0, refused; a cent more: allowed.
    await s.ctx.db.updateTable('advertisers').set({ has_payment_method: 0 }).where('id', '=', w.advertiserId).execute();
    await s.ctx.db.deleteFrom('credits').where('advertiser_id', '=', w.advertiserId).execute();
    await accounts.addCredits(s.ctx, { advertiserId: w.advertiserId, amountDollars: microsToDollars(spend) });
    await expect(accounts.assertCanActivate(s.ctx, w.advertiserId)).rejects.toThrow(/payment method/);
    await accounts.addCredits(s.ctx, { advertiserId: w.advertiserId, amountDollars: 0.01 });
    await expect(accounts.assertCanActivate(s.ctx, w.advertiserId)).resolves.toBeUndefined();
  });
});

describe('migration 0015 moves lifetime totals into the ledger', () => {
  it('campaign_stats + pending deltas survive as the all-time rows; the other counters come from the day rows; the old tables go', async () => {
    await withDatabaseBefore('0015', async (database) => {
      // The old tables are not in today's schema type.
      const put = (table: string, rows: Record<string, unknown>[]) =>
        (database.db as never as Kysely<any>).insertInto(table).values(rows).execute();
      const adv = newId();
      const other = newId();
      const [c1, c2, c3] = [newId(), newId(), newId()];
      const counters = zeroCounters();
      // c1: folded totals and pending deltas, with day rows over two days; c2: only folded totals; c3: day rows only.
      await put('campaign_stats', [
        {
          campaign_id: c1,
          advertiser_id: adv,
          impressions: 1000,
          clicks: 30,
          conversions: 2,
          spend_micros: 15_000_000,
          conversion_value_micros: 90_000_000,
        },
        {
          campaign_id: c2,
          advertiser_id: other,
          impressions: 7,
          clicks: 1,
          conversions: 0,
          spend_micros: 500_000,
          conversion_value_micros: 0,
        },
      ]);
      await put('campaign_stat_deltas', [
        {
          campaign_id: c1,
          advertiser_id: adv,
          impressions: 20,
          clicks: 1,
          conversions: 0,
          spend_micros: 500_000,
          conversion_value_micros: 0,
        },
        {
          campaign_id: c1,
          advertiser_id: adv,
          impressions: 5,
          clicks: 0,
          conversions: 1,
          spend_micros: 0,
          conversion_value_micros: 40_000_000,
        },
      ]);
      await put('rollup_scope_day', [
        {
          ...counters,
          scope: 'cmp',
          parent_id: adv,
          day: 20_000,
          scope_id: c1,
          requests: 900,
          wins: 600,
          impressions: 600,
          clicks: 20,
          spend_micros: 10_000_000,
          revenue_micros: 7_000_000,
          take_micros: 3_000_000,
        },
        {
          ...counters,
          scope: 'cmp',
          parent_id: adv,
          day: 20_001,
          scope_id: c1,
          requests: 500,
          wins: 425,
          impressions: 425,
          clicks: 11,
          conversions: 3,
          spend_micros: 5_500_000,
          revenue_micros: 3_850_000,
          take_micros: 1_650_000,
          conversion_value_micros: 130_000_000,
        },
        {
          ...counters,
          scope: 'cmp',
          parent_id: adv,
          day: 20_001,
          scope_id: c3,
          wins: 4,
          impressions: 4,
          invalid_clicks: 2,
        },
        { ...counters, scope: 'grp', parent_id: adv, day: 20_001, scope_id: newId(), impressions: 99 },
      ]);

      await migrate(database);

      const rows = await database.db.selectFrom('rollup_scope_all').selectAll().orderBy('scope_id').execute();
      const got = Object.fromEntries(
        rows.map((r) => [
          r.scope_id,
          Object.fromEntries(
            Object.entries(r).map(([k, v]) => [
              k,
              typeof v === 'string' && k !== 'scope' && !k.endsWith('_id') ? Number(v) : v,
            ]),
          ),
        ]),
      );
      expect(Object.keys(got).sort()).toEqual([c1, c2, c3].sort());
      expect(got[c1]).toEqual({
        ...counters,
        scope: 'cmp',
        parent_id: adv,
        scope_id: c1,
        // What the campaign list showed (stats + deltas)…
        impressions: 1025,
        clicks: 31,
        conversions: 3,
        spend_micros: 15_500_000,
        conversion_value_micros: 130_000_000,
        // …and the counters only the day rows kept.
        requests: 1400,
        wins: 1025,
        revenue_micros: 10_850_000,
        take_micros: 4_650_000,
      });
      expect(got[c2]).toEqual({
        ...counters,
        scope: 'cmp',
        parent_id: other,
        scope_id: c2,
        impressions: 7,
        clicks: 1,
        spend_micros: 500_000,
      });
      expect(got[c3]).toEqual({
        ...counters,
        scope: 'cmp',
        parent_id: adv,
        scope_id: c3,
        wins: 4,
        impressions: 4,
        invalid_clicks: 2,
      });

      // The old tables and the DELETE trigger that fed them are gone: deleting a rollup row still works.
      for (const t of ['campaign_stats', 'campaign_stat_deltas'])
        await expect(sql.raw(`SELECT 1 FROM ${t}`).execute(database.db)).rejects.toThrow();
      await database.db
        .insertInto('rollups')
        .values({
          bucket: 1,
          publisher_id: '',
          placement_id: '',
          placement_type: '',
          advertiser_id: adv,
          campaign_id: c1,
          ad_group_id: '',
          ad_id: '',
          device: '',
          country: '',
          ...counters,
          impressions: 1,
        })
        .execute();
      await database.db.deleteFrom('rollups').where('campaign_id', '=', c1).execute();
    });
  });
});
