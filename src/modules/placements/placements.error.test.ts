import { describe, expect, it } from 'vitest';
import { seedWorld } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { postJson } from '../../../test/fixtures/reporting.js';

describe('POST /publisher-dashboard/placements: bad input', () => {
  const env = useSeededServer();

  it('409 when the derived slug is taken by this publisher, not by another', async () => {
    expect(
      (await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', { name: 'Footer Slot' }))
        .status,
    ).toBe(201);
    const again = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', {
      name: 'Footer  Slot!',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Footer-Slot');
    const other = await seedWorld(env.s.ctx);
    expect(
      (await postJson(env.s.url, other.publisherKey, '/publisher-dashboard/placements', { name: 'Footer Slot' }))
        .status,
    ).toBe(201);
    // Case is kept, so a different case is a different slug.
    expect(
      (await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', { name: 'footer slot' }))
        .status,
    ).toBe(201);
  });

  it('422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: '!!! ---' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{}, 'name'],
      [{ name: 'A', placement_type: 'sidebar' }, 'placement_type'],
      [{ name: 'A', device: 'tv' }, 'device'],
      [{ name: 'A', framework: 'angular' }, 'framework'],
      [{ name: 'A', display_config: { max_ad_text_chars: 119 } }, 'max_ad_text_chars'],
      [{ name: 'A', display_config: { max_ad_text_chars: 150.5 } }, 'max_ad_text_chars'],
      [{ name: 'A', status: 'paused' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const r = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.message).toContain(field);
    }
    expect(
      (await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', { name: 'x'.repeat(100) }))
        .status,
    ).toBe(201);
  });

  it('401 without a publisher key', async () => {
    expect((await postJson(env.s.url, undefined, '/publisher-dashboard/placements', { name: 'Q' })).status).toBe(401);
    expect(
      (await postJson(env.s.url, env.w.advertiserKey, '/publisher-dashboard/placements', { name: 'Q' })).status,
    ).toBe(401);
  });
});
