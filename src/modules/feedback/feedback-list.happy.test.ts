import { describe, expect, it } from 'vitest';
import * as accounts from '../accounts/service.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson, postJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

/** GET /publisher-dashboard/feedback: the publisher's recent ad feedback, for the dashboard. */
describe('GET /publisher-dashboard/feedback', () => {
  const env = useSeededServer();

  it('lists the publisher’s own feedback newest first, with limit', async () => {
    const ad = (await serveAndTrack(env.s.url, env.w.publisherKey, { imp: true }))!;
    const first = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', {
      sessionId: 'a',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_up',
      reasons: ['helpful'],
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', {
      sessionId: 'b',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_down',
      reasons: ['irrelevant'],
      comment: 'Not for me',
      placement: 'below_response',
      placementId: 'Chat-Below',
    });
    const all = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/feedback');
    expect(all.status).toBe(200);
    expect(all.body.feedback.map((f: { feedback_id: string }) => f.feedback_id)).toEqual([
      second.body.feedbackId,
      first.body.feedbackId,
    ]);
    expect(all.body.feedback[0]).toMatchObject({
      sentiment: 'thumbs_down',
      reasons: ['irrelevant'],
      comment: 'Not for me',
      placement: 'below_response',
      placement_id: 'Chat-Below',
      campaign_id: env.w.campaignId,
    });
    const one = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/feedback?limit=1');
    expect(one.body.feedback).toHaveLength(1);
  });

  it('shows another publisher nothing, refuses advertiser keys and bad limits', async () => {
    const other = await accounts.createPublisher(env.s.ctx, { name: 'Other publisher' });
    const theirs = await getJson(env.s.url, other.apiKey, '/publisher-dashboard/feedback');
    expect(theirs.status).toBe(200);
    expect(theirs.body.feedback).toEqual([]);
    expect((await getJson(env.s.url, env.w.advertiserKey, '/publisher-dashboard/feedback')).status).toBe(401);
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'tz=UTC',
      'days=0',
      'days=1&tz=Not/AZone',
      'start_date=2026-02-02&end_date=2026-02-01',
    ]) {
      const r = await getJson(env.s.url, env.w.publisherKey, `/publisher-dashboard/feedback?${q}`);
      expect(r.status, q).toBe(400);
    }
  });
});
