import { describe, expect, it } from 'vitest';
import { BACKEND, BROWSER_UA, requestAd, waitFor } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { journalOutstanding } from '../../../test/fixtures/hot-paths.js';

/**
 * On SQLite the journal shares its connection with Kysely. A journal commit
 * must never land inside another module's open transaction: if that
 * transaction rolled back, an impression already acknowledged would vanish.
 */
describe.skipIf(BACKEND !== 'sqlite')('journal and open transactions (SQLite)', () => {
  const env = useSeededServer();

  it('an impression acknowledged while another transaction is open survives that transaction rolling back', async () => {
    const { s, w } = env;
    const ads = (await (await requestAd(s.url, w.publisherKey)).json()) as { impUrl: string }[];
    let imp: Promise<Response> | undefined;
    let answered = false;
    await expect(
      s.ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('publishers')
          .set({ name: 'renamed inside a transaction' })
          .where('id', '=', w.publisherId)
          .execute();
        imp = fetch(ads[0].impUrl, { headers: { 'user-agent': BROWSER_UA } }).finally(() => (answered = true));
        // Real I/O inside the transaction: the event loop turns while it stays open, until the
        // impression has reached the journal (or, were the journal to ignore the transaction, been answered).
        await waitFor(() => journalOutstanding(s.ctx) > 0 || answered, 'the impression to reach the journal');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await imp!).status).toBe(200);
    const rows = await s.ctx.db.selectFrom('tracking_events').select('click_id').where('kind', '=', 'imp').execute();
    expect(rows).toHaveLength(1);
    const pub = await s.ctx.db
      .selectFrom('publishers')
      .select('name')
      .where('id', '=', w.publisherId)
      .executeTakeFirstOrThrow();
    expect(pub.name).not.toBe('renamed inside a transaction');
  });
});
