import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND, BROWSER_UA, requestAd, seedWorld, startTestServer, type TestServer, type World } from '../helpers.js';

/**
 * On SQLite the journal shares its connection with Kysely. A journal commit
 * must never land inside another module's open transaction: if that
 * transaction rolled back, an impression already acknowledged would vanish.
 */
describe.skipIf(BACKEND !== 'sqlite')('journal and open transactions (SQLite)', () => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer();
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  it('an impression acknowledged while another transaction is open survives that transaction rolling back', async () => {
    const ads = (await (await requestAd(s.url, w.publisherKey)).json()) as { impUrl: string }[];
    let imp: Promise<Response> | undefined;
    await expect(
      s.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('publishers').set({ name: 'renamed inside a transaction' }).where('id', '=', w.publisherId).execute();
        imp = fetch(ads[0].impUrl, { headers: { 'user-agent': BROWSER_UA } });
        // Real I/O inside the transaction: the event loop turns while it stays open.
        await new Promise((r) => setTimeout(r, 150));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await imp!).status).toBe(200);
    const rows = await s.ctx.db.selectFrom('tracking_events').select('click_id').where('kind', '=', 'imp').execute();
    expect(rows).toHaveLength(1);
    const pub = await s.ctx.db.selectFrom('publishers').select('name').where('id', '=', w.publisherId).executeTakeFirstOrThrow();
    expect(pub.name).not.toBe('renamed inside a transaction');
  });
});
