import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { BACKEND, testContext } from '../../test/helpers.js';
import { randomBase62 } from '../lib/ids.js';

/**
 * Several deployments (or test runs) share one PostgreSQL database, each in
 * its own schema: introspection — which the migrator runs at every start —
 * sees only its own schema, and another schema dropped meanwhile never fails it.
 */
describe.skipIf(BACKEND !== 'postgres')('PostgreSQL schemas side by side', () => {
  it('lists only its own tables, and starts while other schemas are created and dropped', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const other = `t_other_${randomBase62(8).toLowerCase()}`;
    await admin.query(`CREATE SCHEMA ${other}; CREATE TABLE ${other}.only_elsewhere (id serial primary key)`);
    // Schemas with serial tables come and go for the whole test.
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const s = `t_churn_${randomBase62(8).toLowerCase()}`;
        await admin.query(
          `CREATE SCHEMA ${s}; CREATE TABLE ${s}.a (id serial primary key); CREATE TABLE ${s}.b (id serial primary key)`,
        );
        await admin.query(`DROP SCHEMA ${s} CASCADE`);
      }
    })();
    const opened: { stop(): Promise<void> }[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const t = await testContext(); // migrates a fresh schema
        opened.push(t);
        for (let k = 0; k < 10; k++) {
          const tables = await t.ctx.db.introspection.getTables();
          const names = tables.map((x) => x.name);
          expect(names).toContain('tracking_events');
          expect(names).not.toContain('only_elsewhere');
          expect(names).not.toContain('kysely_migration');
          expect(new Set(tables.map((x) => x.schema))).toEqual(new Set([t.ctx.database.schema]));
          expect(tables.find((x) => x.name === 'tracking_events')!.columns.map((c) => c.name)).toContain('click_id');
        }
      }
    } finally {
      churning = false;
      await churn;
      for (const t of opened) await t.stop();
      await admin.query(`DROP SCHEMA IF EXISTS ${other} CASCADE`);
      await admin.end();
    }
  });
});
