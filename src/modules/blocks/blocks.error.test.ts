import { describe, expect, it } from 'vitest';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';

/** Bad input to the blocks endpoints: a clear 4xx naming the problem, nothing stored. */
describe('publisher blocks: bad input', () => {
  const env = useSeededServer();

  const post = (body: unknown, key = env.w.publisherKey) =>
    fetch(`${env.s.url}/publisher-dashboard/blocks`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('names the field that is wrong', async () => {
    for (const [body, field] of [
      [{ kind: 'brand', value: 'x' }, 'kind'],
      [{ kind: 'category', value: 'casinos' }, 'value'],
      [{ kind: 'advertiser', value: '' }, 'value'],
      [{ kind: 'advertiser', value: 'x'.repeat(65) }, 'value'],
      [{ kind: 'advertiser', value: env.w.advertiserId, extra: 1 }, ''],
      [{}, 'kind'],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const b = (await res.json()) as { message: string; details?: { field: string }[] };
      if (field)
        expect(
          b.details?.map((d) => d.field),
          JSON.stringify(body),
        ).toContain(field);
    }
  });

  it('answers 404 for an advertiser that does not exist and stores nothing', async () => {
    const res = await post({ kind: 'advertiser', value: '0190aaaa-0000-7000-8000-000000000000' });
    expect(res.status).toBe(404);
    const rows = await env.s.ctx.db.selectFrom('publisher_blocks').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('refuses a bad kind on DELETE with 400', async () => {
    const res = await fetch(`${env.s.url}/publisher-dashboard/blocks/brand/x`, {
      method: 'DELETE',
      headers: { 'x-api-key': env.w.publisherKey },
    });
    expect(res.status).toBe(400);
  });
});
