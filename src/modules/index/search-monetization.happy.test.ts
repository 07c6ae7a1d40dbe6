import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from '../../../test/helpers.js';
import { importServicesFile } from './catalog.js';
import { post, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/** monetization.mode = boost_cpa: a small, bounded lift for services with a live CPA campaign; economics never returned. */
describe('POST /search monetization', () => {
  let w: IndexWorld;
  let dir: string;
  let advertiserKey: string;
  let otherKey: string;
  beforeAll(async () => {
    w = await startIndexWorld();
    const world = await seedWorld(w.server.ctx);
    advertiserKey = world.advertiserKey;
    otherKey = (await seedWorld(w.server.ctx)).advertiserKey;
    await w.server.ctx.db
      .updateTable('campaigns')
      .set({ billing_model: 'cpa', max_cpa_micros: 20_000_000 })
      .where('id', '=', world.campaignId)
      .execute();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-svc-'));
    const file = path.join(dir, 'extra.jsonl');
    const twin = (slug: string, name: string, extra: object = {}) =>
      JSON.stringify({
        slug,
        name,
        category: 'queues',
        website_url: `https://${slug}.example.com`,
        tags: ['quasar jobs'],
        description: 'Quasar job scheduling for workers',
        ...extra,
      });
    fs.writeFileSync(
      file,
      [
        twin('acme-quasar', 'Acme Quasar'),
        twin('bolt-quasar', 'Bolt Quasar', { cpa_campaign_id: world.campaignId }),
        JSON.stringify({
          slug: 'weak-quasar',
          name: 'Weak Q',
          category: 'Queues',
          website_url: 'https://weak.example.com',
          description: 'A scheduler that mentions quasar once',
          cpa_campaign_id: world.campaignId,
        }),
        '{not json',
        JSON.stringify({
          slug: 'bad-cat',
          name: 'Bad',
          category: 'Spaceships',
          website_url: 'https://bad.example.com',
        }),
      ].join('\n'),
    );
    const res = await importServicesFile(w.server.ctx, file);
    expect(res).toMatchObject({ read: 5, upserted: 3, rejected: 2 });
    expect(res.errors.map((e) => e.line)).toEqual([4, 5]);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await w.server.stop();
  });

  it('is pure relevance without monetization', async () => {
    const r = await post(w.url, '/search', { query: 'quasar job scheduling' }, w.key);
    expect(r.body.recommendation.slug).toBe('acme-quasar');
  });

  it('lifts a near-tied CPA service under boost_cpa, never a much weaker one, and returns no economics', async () => {
    const r = await post(
      w.url,
      '/search',
      { query: 'quasar job scheduling', monetization: { mode: 'boost_cpa' } },
      w.key,
    );
    expect(r.body.recommendation.slug).toBe('bolt-quasar');
    expect(JSON.stringify(r.body)).not.toMatch(/cpa|boost|bid|commission|campaign/i);
    const off = await post(w.url, '/search', { query: 'quasar job scheduling', monetization: { mode: 'off' } }, w.key);
    expect(off.body.recommendation.slug).toBe('acme-quasar');
    const weak = await post(
      w.url,
      '/search',
      { query: 'quasar job scheduling workers', monetization: { mode: 'boost_cpa' } },
      w.key,
    );
    expect(weak.body.recommendation.slug).not.toBe('weak-quasar');
  });

  it('lets only the CPA advertiser report a signup for its service', async () => {
    const r = await post(
      w.url,
      '/search',
      { query: 'quasar job scheduling', monetization: { mode: 'boost_cpa' } },
      w.key,
    );
    const report = (key: string) =>
      post(w.url, '/index/conversions', { grclid: r.body.grclid, kind: 'signup', order_id: 'acct-1' }, key);
    expect((await report(otherKey)).status).toBe(404);
    const ok = await report(advertiserKey);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ attributed: true, duplicate: false, search_id: r.body.search_id, kind: 'signup' });
    expect((await report(advertiserKey)).body.duplicate).toBe(true);
  });
});
