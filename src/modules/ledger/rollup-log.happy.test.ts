import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type BetterSqlite3 from 'better-sqlite3';
import type { Ctx } from '../../context.js';
import { settleRollups } from '../../db/index.js';
import { sqliteJournalTx, type Batch } from '../tracking/repo.js';
import { foldRollupLog } from './service.js';
import { zeroCounters, type RollupRow } from './rollup.js';
import { BACKEND, testContext } from '../../../test/helpers.js';

/**
 * On SQLite the journal's writer thread logs each commit's rollup deltas
 * (`rollup_log`, one row per commit) instead of upserting the rollups and
 * their mirrors in the commit; folds merge the log into them. Whatever the
 * commits, logging then folding must leave exactly the tables that writing
 * directly leaves, and a read must never miss a logged delta.
 */
const TABLES = [
  'SELECT * FROM rollups ORDER BY bucket, publisher_id, placement_id, placement_type, advertiser_id, campaign_id, ad_group_id, ad_id, device, country',
  'SELECT * FROM rollup_scope_qh ORDER BY scope, parent_id, bucket, scope_id',
  'SELECT * FROM rollup_scope_day ORDER BY scope, parent_id, day, scope_id',
  'SELECT * FROM rollup_scope_all ORDER BY scope, parent_id, scope_id',
];

const row: fc.Arbitrary<RollupRow> = fc.record({
  bucket: fc.integer({ min: 1_900_000, max: 1_900_200 }), // quarter hours across two UTC days
  publisher_id: fc.constantFrom('', 'p1', 'p2'),
  placement_id: fc.constantFrom('', 'Chat-Below'),
  placement_type: fc.constantFrom('', 'below_response'),
  advertiser_id: fc.constantFrom('', 'a1', 'a2'),
  campaign_id: fc.constantFrom('', 'c1', 'c2', 'c3'),
  ad_group_id: fc.constantFrom('', 'g1', 'g2'),
  ad_id: fc.constantFrom('', 'ad1'),
  device: fc.constantFrom('desktop', 'mobile'),
  country: fc.constantFrom('US', 'IN', ''),
  requests: fc.nat(3),
  wins: fc.nat(3),
  impressions: fc.nat(3),
  clicks: fc.nat(2),
  conversions: fc.nat(1),
  spend_micros: fc.nat(3_000_000),
  revenue_micros: fc.nat(2_000_000),
  take_micros: fc.nat(1_000_000),
  conversion_value_micros: fc.nat(5_000_000),
  invalid_impressions: fc.nat(2),
  invalid_clicks: fc.nat(2),
  overdelivery_micros: fc.nat(1_000_000),
});
const commits = fc.array(fc.array(row, { maxLength: 6 }), { minLength: 1, maxLength: 12 });
const batchOf = (rows: RollupRow[]): Batch => ({ requests: [], serves: [], events: [], rollups: rows });

describe.skipIf(BACKEND !== 'sqlite')('rollup log (SQLite writer thread)', () => {
  let logged: { ctx: Ctx; stop(): Promise<void> };
  let direct: { ctx: Ctx; stop(): Promise<void> };
  beforeAll(async () => {
    logged = await testContext();
    direct = await testContext();
  });
  afterAll(async () => {
    await logged?.stop();
    await direct?.stop();
  });

  const sqliteOf = (ctx: Ctx): BetterSqlite3.Database => ctx.database.sqlite!;
  const dump = (sqlite: BetterSqlite3.Database) => TABLES.map((q) => sqlite.prepare(q).all());
  const logRows = (sqlite: BetterSqlite3.Database) =>
    (sqlite.prepare('SELECT COUNT(*) FROM rollup_log').pluck().get() as number) ?? 0;

  it('logging then folding leaves exactly the rollups, mirrors and all-time rows that writing directly leaves', () => {
    const viaLog = sqliteJournalTx(sqliteOf(logged.ctx), { logRollups: true });
    const viaRollups = sqliteJournalTx(sqliteOf(direct.ctx));
    fc.assert(
      fc.property(commits, (batches) => {
        const before = dump(sqliteOf(logged.ctx));
        for (const rows of batches) {
          viaLog(batchOf(rows));
          viaRollups(batchOf(rows));
        }
        const withRows = batches.filter((b) => b.length > 0).length;
        // The commits wrote nothing but the log: one row per commit that had deltas.
        expect(logRows(sqliteOf(logged.ctx))).toBe(withRows);
        expect(dump(sqliteOf(logged.ctx))).toEqual(before);
        // A read settles first: everything logged is folded, once.
        settleRollups(logged.ctx.db);
        expect(logRows(sqliteOf(logged.ctx))).toBe(0);
        expect(dump(sqliteOf(logged.ctx))).toEqual(dump(sqliteOf(direct.ctx)));
        expect(foldRollupLog(sqliteOf(logged.ctx))).toBe(0);
        expect(dump(sqliteOf(logged.ctx))).toEqual(dump(sqliteOf(direct.ctx)));
      }),
      { numRuns: 40 },
    );
  });

  it('reports read through the service include deltas that are still logged', async () => {
    const { ctx } = logged;
    const tx = sqliteJournalTx(sqliteOf(ctx), { logRollups: true });
    const base = {
      publisher_id: 'p9',
      placement_id: '',
      placement_type: '',
      advertiser_id: 'a9',
      campaign_id: 'c9',
      ad_group_id: '',
      ad_id: '',
      device: 'desktop',
      country: 'US',
    };
    const counters = zeroCounters();
    const bucket = Math.floor(Date.now() / 900_000);
    tx(batchOf([{ bucket, ...base, ...counters, impressions: 3, spend_micros: 6_000 }]));
    tx(batchOf([{ bucket, ...base, ...counters, impressions: 2, spend_micros: 4_000 }]));
    expect(logRows(sqliteOf(ctx))).toBe(2);
    const { lifetimeTotals } = await import('./service.js');
    const totals = await lifetimeTotals(ctx, 'a9', ['c9']);
    expect(totals.get('c9')).toMatchObject({ impressions: 5, spend_micros: 10_000 });
    expect(logRows(sqliteOf(ctx))).toBe(0);
  });
});
