import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { RUNNING_CAMPAIGN, adRequestBody, requestAd, waitFor } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { postJson } from '../../../test/fixtures/reporting.js';
import { expectReply } from '../../../test/fixtures/expect-reply.js';

const LONG_COPY =
  'Light, cushioned running shoes for long miles, with a breathable mesh upper, a grippy outsole for wet roads, and a rocker sole that rolls you forward through every stride of your next marathon.';

describe('POST /publisher-dashboard/placements', () => {
  const env = useSeededServer(
    {},
    {
      ...RUNNING_CAMPAIGN,
      groups: [
        {
          ...RUNNING_CAMPAIGN.groups[0],
          ads: [
            { headline: 'Stride Cloud', copy: LONG_COPY, cta: 'Shop now' },
            { headline: 'Stride Lite', copy: 'Light running shoes.', cta: 'Shop' },
          ],
        },
      ],
    },
  );

  it('creates a placement with the spec defaults and a case-keeping slug', async () => {
    const r = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', { name: 'Sidebar Top' });
    expectReply(r, 201, {
      publisher_id: env.w.publisherId,
      name: 'Sidebar Top',
      slug: 'Sidebar-Top',
      placement_type: 'below_response',
      device: 'all',
      framework: 'any',
      description: null,
      screenshot_url: null,
      screenshot_region: null,
      status: 'active',
      display_config: null,
    });
    expect(r.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(r.body.id).toBeTruthy();
  });

  it('takes every optional field', async () => {
    const optional = {
      placement_type: 'search_result',
      device: 'mobile',
      framework: 'react-native',
      page_url: 'https://chat.example.com/search',
      description: 'under the answer',
      display_config: { max_ad_text_chars: 150 },
    };
    const r = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', {
      name: 'Search  Results!',
      ...optional,
    });
    expectReply(r, 201, { slug: 'Search-Results', ...optional });
  });

  it('serves at once on this instance and honours max_ad_text_chars', async () => {
    const r = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', {
      name: 'Tight Slot',
      display_config: { max_ad_text_chars: 120 },
    });
    expect(r.status).toBe(201);
    expect(LONG_COPY.length).toBeGreaterThan(120);
    for (let i = 0; i < 8; i++) {
      const res = await requestAd(
        env.s.url,
        env.w.publisherKey,
        adRequestBody(undefined, { placements: [{ placement: 'below_response', placement_id: 'Tight-Slot' }] }),
      );
      expect(res.status).toBe(200);
      const [ad] = (await res.json()) as { adText: string; placement_id: string }[];
      expect(ad.placement_id).toBe('Tight-Slot');
      expect(ad.adText.length).toBeLessThanOrEqual(120);
    }
  });

  it('serves within seconds on another instance sharing the storage', async () => {
    const other: RunningServer = await startServer({ ...env.s.config, port: 0, inventoryRefreshMs: 200 });
    try {
      const slot = { placements: [{ placement: 'below_response', placement_id: 'Elsewhere' }] };
      expect((await requestAd(other.url, env.w.publisherKey, adRequestBody(undefined, slot))).status).toBe(204);
      expect(
        (await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', { name: 'Elsewhere' }))
          .status,
      ).toBe(201);
      // The other instance reloads its inventory every 200 ms: wait for the new placement to serve there.
      await waitFor(
        async () => (await requestAd(other.url, env.w.publisherKey, adRequestBody(undefined, slot))).status === 200,
        'an ad on the other instance',
        { everyMs: 100 },
      );
    } finally {
      await other.close();
    }
  });
});
