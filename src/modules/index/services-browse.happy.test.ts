import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';
import { expectReply } from '../../../test/fixtures/expect-reply.js';

describe('GET /services and /services/{slug}', () => {
  let w: IndexWorld;
  beforeAll(async () => {
    w = await startIndexWorld();
  });
  afterAll(() => w.server.stop());

  const get = async (path: string) => {
    const r = await fetch(`${w.url}${path}`);
    return { status: r.status, body: (await r.json()) as any };
  };

  it('browses by category, tag and text with pagination', async () => {
    const db = await get('/services?category=database&limit=5');
    expect(db.status).toBe(200);
    expect(db.body.services).toHaveLength(5);
    expect(db.body.total).toBeGreaterThan(10);
    expect(db.body.services.every((s: any) => s.category === 'Database')).toBe(true);
    const page2 = await get('/services?category=Database&limit=5&offset=5');
    expect(page2.body.services[0].slug).not.toBe(db.body.services[0].slug);
    const tag = await get('/services?tag=open%20source&category=Auth');
    expect(tag.body.services.length).toBeGreaterThan(0);
    expect(tag.body.services.every((s: any) => s.tags.some((t: string) => t.includes('open source')))).toBe(true);
    const text = await get('/services?q=transactional%20email');
    expect(text.body.services[0].category).toBe('Email');
    const none = await get('/services?category=spaceships');
    expect(none.body).toMatchObject({ services: [], total: 0 });
  });

  it('looks a service up by slug; unknown slugs are 404, bad paging is a clear 422', async () => {
    const s = await get('/services/neon');
    expectReply(s, 200, {
      slug: 'neon',
      name: 'Neon',
      category: 'Database',
      website_url: 'https://neon.tech/',
    });
    expect(s.body.install.steps[0].command).toBe('npm install @neondatabase/serverless');
    const missing = await get('/services/no-such-thing');
    expect(missing.status).toBe(404);
    const bad = await get('/services?limit=0');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'limit']);
  });

  it('serves the index health, category counts and the agent profile', async () => {
    const h = await get('/index/health');
    expect(h.body).toMatchObject({ status: 'ok' });
    expect(h.body.services).toBeGreaterThanOrEqual(300);
    const c = await get('/index/categories');
    expect(c.body.categories).toHaveLength(22);
    const p = await get('/agent-profile.json');
    expect(p.body.capabilities.checkout).toContain('create_checkout');
  });
});
