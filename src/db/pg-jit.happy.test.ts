import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { BACKEND, testContext } from '../../test/helpers.js';

/**
 * Orbit's PostgreSQL connections run with JIT off unless ORBIT_PG_JIT is on:
 * its reports are index-range reads where compiling costs more than it saves.
 */
describe.skipIf(BACKEND !== 'postgres')('PostgreSQL JIT setting', () => {
  it('is off on Orbit’s connections by default, and the server’s own setting with pgJit on', async () => {
    const plain = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await plain.connect();
    const serverDefault = (await plain.query<{ jit: string }>('SHOW jit')).rows[0].jit;
    await plain.end();

    const off = await testContext();
    try {
      // Every pooled connection carries it (several at once, so more than one is opened).
      const rows = await Promise.all(
        Array.from({ length: 4 }, () => sql<{ jit: string }>`SHOW jit`.execute(off.ctx.db)),
      );
      expect(rows.map((r) => r.rows[0].jit)).toEqual(['off', 'off', 'off', 'off']);
      // The schema option still applies alongside it.
      expect((await sql<{ s: string }>`SELECT current_schema() AS s`.execute(off.ctx.db)).rows[0].s).toBe(
        off.ctx.database.schema,
      );
    } finally {
      await off.stop();
    }

    const on = await testContext({ pgJit: true });
    try {
      expect((await sql<{ jit: string }>`SHOW jit`.execute(on.ctx.db)).rows[0].jit).toBe(serverDefault);
      expect((await sql<{ s: string }>`SELECT current_schema() AS s`.execute(on.ctx.db)).rows[0].s).toBe(
        on.ctx.database.schema,
      );
    } finally {
      await on.stop();
    }
  });
});
