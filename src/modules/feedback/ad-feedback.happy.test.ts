import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server.js';
import { feedbackScores } from './service.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson, postJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

describe('POST /ad-feedback', () => {
  const env = useSeededServer();

  it('stores the reaction from the decrypted impUrl, never as a click, and it reaches reporting and the scores', async () => {
    const ad = (await serveAndTrack(env.s.url, env.w.publisherKey, { imp: true }))!;
    const before = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/stats');
    const r = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', {
      sessionId: 'sess-1',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_down',
      reasons: ['irrelevant', 'repetitive', 'anything goes'],
      comment: 'Not for me',
      placement: 'below_response',
      placementId: 'Chat-Below',
      userId: 'user-42',
      device: { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148', country: 'de' },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
    expect(r.body.feedbackId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', {
      sessionId: 'sess-2',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_up',
      reasons: ['helpful'],
    });

    const row = await env.s.ctx.db
      .selectFrom('ad_feedback')
      .selectAll()
      .where('id', '=', r.body.feedbackId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      publisher_id: env.w.publisherId,
      campaign_id: env.w.campaignId,
      advertiser_id: env.w.advertiserId,
      sentiment: 'thumbs_down',
      comment: 'Not for me',
      placement: 'below_response',
      placement_id: 'Chat-Below',
      device: 'mobile',
      country: 'DE',
    });
    expect(JSON.parse(row.reasons_json)).toEqual(['irrelevant', 'repetitive', 'anything goes']);
    expect(row.user_hash).not.toContain('user-42');
    expect(row.session_hash).not.toContain('sess-1');

    // Never a click: the reports are unchanged.
    const after = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/stats');
    expect(after.body.totalClicks).toBe(before.body.totalClicks);
    expect(after.body.totalImpressions).toBe(before.body.totalImpressions);

    const groups = await getJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/ad-group-metrics');
    expect(groups.body.ad_groups[0].feedback).toEqual({ thumbs_up: 1, thumbs_down: 1 });

    const scores = await feedbackScores(env.s.ctx);
    expect(scores.adGroups.get(row.ad_group_id)).toEqual({ thumbsUp: 1, thumbsDown: 1, dislikeRatio: 0.5 });
    expect(scores.ads.get(row.ad_id)).toEqual({ thumbsUp: 1, thumbsDown: 1, dislikeRatio: 0.5 });
  });

  it('limits one session to 30 submissions a minute, across instances sharing storage and Redis', async () => {
    const ad = (await serveAndTrack(env.s.url, env.w.publisherKey, {}))!;
    let other: RunningServer | null = null;
    if (env.s.config.redisUrl) other = await startServer({ ...env.s.config, port: 0 });
    try {
      const body = { sessionId: 'busy-session', impUrl: ad.impUrl, sentiment: 'thumbs_up' };
      for (let i = 0; i < 30; i++) {
        const url = other && i % 2 ? other.url : env.s.url;
        expect((await postJson(url, env.w.publisherKey, '/ad-feedback', body)).status).toBe(200);
      }
      const over = await postJson(other ? other.url : env.s.url, env.w.publisherKey, '/ad-feedback', body);
      expect(over.status).toBe(429);
      expect(over.body.message).toContain('30');
      expect(
        (await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', { ...body, sessionId: 'calm-session' })).status,
      ).toBe(200);
    } finally {
      await other?.close();
    }
  });
});
