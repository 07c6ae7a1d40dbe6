import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { RUNNING_CAMPAIGN, adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { getJson, postJson, serveAndTrack } from '../../../test/fixtures/reporting.js';
import { purchase, sendEvents, clickThrough } from '../../../test/fixtures/conversions.js';

/**
 * What the dashboard reads beyond the spec's reports (issue 28): CSV exports
 * with the same rows as the JSON, placements with requests and fill, recent
 * unknown placement slugs, feedback that names the ad, campaign and
 * advertiser, conversions newest first with date filters, archived ads that
 * can be listed and restored, and a pixel check that explains itself.
 */
describe('dashboard reads and exports', () => {
  const env = useSeededServer({}, { ...RUNNING_CAMPAIGN, category: 'sports_fitness' });
  const csv = async (key: string, path: string) => {
    const res = await fetch(`${env.s.url}${path}`, { headers: { 'x-api-key': key } });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orbit-[a-z-]+\.csv"$/);
    return parse(await res.text(), { columns: true }) as Record<string, string>[];
  };

  beforeAll(async () => {
    await serveAndTrack(env.s.url, env.w.publisherKey, { imp: true, click: true });
    await serveAndTrack(env.s.url, env.w.publisherKey, { imp: true });
    // Two requests for a slug that is not a placement.
    for (let i = 0; i < 2; i++) {
      const res = await requestAd(
        env.s.url,
        env.w.publisherKey,
        adRequestBody(undefined, { placements: [{ placement: 'inline_response', placement_id: 'Chat-Inline' }] }),
      );
      expect(res.status).toBe(204);
    }
  });

  it('exports every report as CSV with the rows and fields of its JSON', async () => {
    const stats = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/stats?days=7&tz=Asia/Kolkata');
    const rows = await csv(env.w.publisherKey, '/publisher-dashboard/stats?days=7&tz=Asia/Kolkata&format=csv');
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => r.date)).toEqual(stats.body.timeSeries.map((d: { date: string }) => d.date));
    expect(rows.map((r) => Number(r.impressions))).toEqual(
      stats.body.timeSeries.map((d: { impressions: number }) => d.impressions),
    );
    expect(Object.keys(rows[0])).toEqual(Object.keys(stats.body.timeSeries[0]));
    // Nested daily series are left out; the table's own fields stay.
    const pl = await csv(env.w.publisherKey, '/publisher-dashboard/placements?days=7&format=csv');
    expect(Object.keys(pl[0])).not.toContain('daily');
    expect(pl.find((p) => p.placement_id === 'Chat-Below')).toMatchObject({
      name: 'Chat Below',
      requests: '2',
      wins: '2',
      impressions: '2',
      clicks: '1',
    });
    for (const p of ['activity?days=7', 'devices?days=7', 'geography?days=7', 'countries?limit=5'])
      expect(await csv(env.w.publisherKey, `/publisher-dashboard/${p}&format=csv`)).toBeInstanceOf(Array);
    const metrics = await csv(
      env.w.advertiserKey,
      `/advertiser-dashboard/metrics?days=3&tz=UTC&campaign_id=${env.w.campaignId}&format=csv`,
    );
    expect(metrics).toHaveLength(3);
    expect(metrics.reduce((a, r) => a + Number(r.clicks), 0)).toBe(1);
    const groups = await csv(env.w.advertiserKey, `/advertiser-dashboard/ad-group-metrics?days=3&format=csv`);
    expect(groups.map((g) => g.name)).toEqual(['Running shoes']);
    // format=json is the default answer.
    expect(
      (await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/activity?days=7&format=json')).body
        .total_requests,
    ).toBe(4);
  });

  it('reports requests, fill rate and creation per placement, and lists unknown slugs until they exist', async () => {
    const pl = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements?days=7');
    const below = pl.body.placements.find((p: { placement_id: string }) => p.placement_id === 'Chat-Below');
    expect(below).toMatchObject({
      name: 'Chat Below',
      placement: 'below_response',
      device: 'all',
      status: 'active',
      requests: 2,
      wins: 2,
      fill_rate: 1,
      impressions: 2,
    });
    expect(Date.parse(below.created_at)).toBeGreaterThan(0);
    expect(pl.body.placements.some((p: { placement_id: string }) => p.placement_id === 'Chat-Inline')).toBe(false);
    const unknown = await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/unknown-placements');
    expect(unknown.body).toEqual({
      unknown_placements: [
        { placement_id: 'Chat-Inline', placement: 'inline_response', requests: 2, last_seen_at: expect.any(String) },
      ],
      window_hours: 24,
    });
    expect(Date.parse(unknown.body.unknown_placements[0].last_seen_at)).toBeLessThanOrEqual(env.s.ctx.clock.now());
    const created = await postJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/placements', {
      name: 'Chat Inline',
      placement_type: 'inline_response',
    });
    expect(created.status).toBe(201);
    expect(
      (await getJson(env.s.url, env.w.publisherKey, '/publisher-dashboard/unknown-placements')).body.unknown_placements,
    ).toEqual([]);
  });

  it('names the ad, campaign, advertiser and category of each feedback, by date, and as CSV with formulas defused', async () => {
    const ad = (await serveAndTrack(env.s.url, env.w.publisherKey, { imp: true }))!;
    const fb = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', {
      sessionId: 'x',
      impUrl: ad.impUrl,
      sentiment: 'thumbs_down',
      reasons: ['irrelevant', 'repetitive'],
      comment: '=HYPERLINK("x")',
    });
    expect(fb.status).toBe(200);
    const list = await getJson(
      env.s.url,
      env.w.publisherKey,
      '/publisher-dashboard/feedback?days=1&tz=Pacific/Kiritimati',
    );
    expect(list.body.feedback[0]).toMatchObject({
      feedback_id: fb.body.feedbackId,
      ad_title: 'Stride Cloud',
      campaign_id: env.w.campaignId,
      campaign_name: 'Runners',
      advertiser_id: env.w.advertiserId,
      advertiser_name: expect.stringMatching(/^Adv /),
      category: 'sports_fitness',
    });
    expect(
      (
        await getJson(
          env.s.url,
          env.w.publisherKey,
          '/publisher-dashboard/feedback?start_date=2020-01-01&end_date=2020-01-31',
        )
      ).body.feedback,
    ).toEqual([]);
    const rows = await csv(env.w.publisherKey, '/publisher-dashboard/feedback?days=7&format=csv');
    expect(rows[0].reasons).toBe('irrelevant; repetitive');
    expect(rows[0].comment).toBe(`'=HYPERLINK("x")`);
  });

  it('lists conversions by conversion time, newest first, with date filters and stable cursors', async () => {
    const attr = await clickThrough(env.s, env.w);
    const now = Math.floor(env.s.ctx.clock.now() / 1000);
    // Sent out of time order: 1 h ago, 3 days ago, now, 2 h ago.
    const times = [now - 3600, now - 3 * 86400, now, now - 7200];
    for (const t of times) {
      const res = await sendEvents(env.s, env.w.advertiserKey, {
        data: [purchase(env.s, { event_time: t, event_id: `e-${t}` }, attr)],
      });
      expect(res.status).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await getJson(
        env.s.url,
        env.w.advertiserKey,
        `/advertiser-dashboard/conversions?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.body.total_conversions).toBe(4);
      seen.push(...page.body.conversions.map((c: { conversion_timestamp: string }) => c.conversion_timestamp));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...times].sort((a, b) => b - a).map((t) => new Date(t * 1000).toISOString()));
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    const since = `start_date=${new Date((now - 86400) * 1000).toISOString().slice(0, 10)}&end_date=${today}&tz=UTC`;
    const recent = await getJson(env.s.url, env.w.advertiserKey, `/advertiser-dashboard/conversions?${since}`);
    expect(recent.body.total_conversions).toBe(3);
    // Only the conversion after the click is attributed to the campaign (the others came before it).
    const mine = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/conversions?${since}&campaign_id=${env.w.campaignId}`,
    );
    expect(mine.body.total_conversions).toBe(1);
    expect(mine.body.conversions[0]).toMatchObject({
      campaign_id: env.w.campaignId,
      ad_group_id: expect.any(String),
      is_attributed: true,
      attribution: 'signed',
    });
    const rows = await csv(env.w.advertiserKey, '/advertiser-dashboard/conversions?limit=10&format=csv');
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0])).toContain('ad_group_id');
  });

  it('lists archived ads and restores one', async () => {
    const groups = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/ad-groups?campaign_id=${env.w.campaignId}`,
    );
    const group = groups.body[0];
    const adId = group.ads[0].id;
    const del = await fetch(`${env.s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'DELETE',
      headers: { 'x-api-key': env.w.advertiserKey },
    });
    expect(del.status).toBe(204);
    const archived = await getJson(
      env.s.url,
      env.w.advertiserKey,
      `/advertiser-dashboard/ad-groups/${group.id}/ads?status=archived`,
    );
    expect(archived.body.map((a: { id: string }) => a.id)).toEqual([adId]);
    expect(
      (await getJson(env.s.url, env.w.advertiserKey, `/advertiser-dashboard/ad-groups/${group.id}/ads`)).body,
    ).toEqual([]);
    const restore = await fetch(`${env.s.url}/advertiser-dashboard/ads/${adId}`, {
      method: 'PATCH',
      headers: { 'x-api-key': env.w.advertiserKey, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'active' }),
    });
    expect(restore.status).toBe(200);
    expect(((await restore.json()) as { status: string }).status).toBe('active');
    expect(
      (
        await getJson(env.s.url, env.w.advertiserKey, `/advertiser-dashboard/ad-groups/${group.id}/ads?status=all`)
      ).body.map((a: { status: string }) => a.status),
    ).toEqual(['active']);
  });

  it('checks a pixel again on demand and says why it failed in plain words', async () => {
    const created = await postJson(env.s.url, env.w.advertiserKey, '/advertiser-dashboard/pixels', {
      url: 'https://no-such-host.invalid',
    });
    expect(created.status).toBe(201);
    const res = await fetch(`${env.s.url}/advertiser-dashboard/pixels/${created.body.pixel_id}/verify`, {
      method: 'POST',
      headers: { 'x-api-key': env.w.advertiserKey },
    });
    expect(res.status).toBe(200);
    const p = (await res.json()) as { is_functional: boolean; verification_error: string; last_checked_at: string };
    expect(p.is_functional).toBe(false);
    expect(p.verification_error).toMatch(
      /^Site not reachable: the site’s domain name (does not exist|could not be looked up)/,
    );
    expect(p.verification_error).not.toMatch(/ENOTFOUND|getaddrinfo/);
    expect(p.last_checked_at).not.toBeNull();
  });
});
