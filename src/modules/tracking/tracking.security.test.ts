import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { keyedHash } from '../../lib/secrets.js';
import { randomBytes } from 'node:crypto';
import {
  adRequestBody,
  BROWSER_UA,
  seedWorld,
  startTestServer,
  type TestServer,
  type World,
} from '../../../test/helpers.js';
import { hit, serveOne, tokenOf, trackingFootprint } from '../../../test/fixtures/hot-paths.js';

/**
 * Tracking URLs: a token that is forged, tampered with, truncated or expired
 * records nothing; impressions and clicks count once; bots and test ads are
 * recorded but never billed; X-Forwarded-For is believed only from trusted
 * proxies; nothing may be cached.
 */
const TTL_S = 3600;

describe('tracking — tokens, dedup, bots, proxies', () => {
  let s: TestServer;
  let w: World;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    s = await startTestServer({ tokenTtlSeconds: TTL_S }, { clock });
    w = await seedWorld(s.ctx);
  });
  afterAll(() => s.stop());

  const track = (path: string, p: string, headers: Record<string, string> = { 'user-agent': BROWSER_UA }) =>
    hit(`${s.url}${path}?p=${encodeURIComponent(p)}`, headers);

  async function expectNothingRecorded(run: () => Promise<void>) {
    const before = await trackingFootprint(s.ctx);
    await run();
    expect(await trackingFootprint(s.ctx)).toEqual(before);
  }

  it('refuses forged, tampered, truncated and re-keyed tokens with a 400 and records nothing', async () => {
    const ad = await serveOne(s, w);
    const p = tokenOf(ad.impUrl);
    const raw = Buffer.from(p, 'base64url');
    const variants: [string, string][] = [
      ['forged', randomBytes(raw.length).toString('base64url')],
      ['truncated', p.slice(0, p.length - 6)],
      ['too short', p.slice(0, 20)],
      ['extended', p + 'AAAA'],
      ['not base64url', p.slice(0, -2) + '!!'],
    ];
    for (const i of [0, 1, 13, 30, raw.length - 1]) {
      const t = Buffer.from(raw);
      t[i] ^= 0x01;
      variants.push([`byte ${i} flipped`, t.toString('base64url')]);
    }
    await expectNothingRecorded(async () => {
      for (const [name, bad] of variants) {
        for (const path of ['/track/imp', '/ack', '/track/click']) {
          const res = await track(path, bad);
          expect(res.status, `${name} at ${path}`).toBe(400);
          const body = (await res.json()) as { message: string };
          expect(body.message, name).toMatch(/tracking token/i);
          expect(res.headers.get('cache-control')).toContain('no-store');
        }
      }
    });
  });

  it('a missing or oversized p is a 400 naming p', async () => {
    await expectNothingRecorded(async () => {
      for (const path of ['/track/imp', '/ack', '/track/click']) {
        const none = await hit(`${s.url}${path}`);
        expect(none.status).toBe(400);
        expect(((await none.json()) as { message: string }).message).toMatch(/\bp\b/);
        const big = await track(path, 'A'.repeat(5000));
        expect(big.status).toBe(400);
        expect(((await big.json()) as { message: string }).message).toMatch(/\bp\b/);
      }
    });
  });

  it('an expired token is a 410 and records nothing', async () => {
    const ad = await serveOne(s, w);
    clock.advance((TTL_S + 1) * 1000);
    try {
      await expectNothingRecorded(async () => {
        for (const url of [ad.impUrl, ad.clickUrl]) {
          const res = await hit(url);
          expect(res.status).toBe(410);
          expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
          expect(res.headers.get('cache-control')).toContain('no-store');
        }
      });
    } finally {
      clock.advance(-(TTL_S + 1) * 1000);
    }
  });

  it('records one impression however often and however concurrently it is fired, on either URL', async () => {
    const ad = await serveOne(s, w);
    const before = await trackingFootprint(s.ctx);
    const ack = ad.impUrl.replace('/track/imp?', '/ack?');
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => hit(i % 2 ? ack : ad.impUrl)));
    for (let i = 0; i < 5; i++) first.push(await hit(ad.impUrl));
    for (const r of first) {
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toContain('no-store');
      expect(r.headers.get('pragma')).toBe('no-cache');
    }
    const after = await trackingFootprint(s.ctx);
    expect(after.impressions - before.impressions).toBe(1);
    expect(after.events - before.events).toBe(1);
    expect(after.spend).toBe(before.spend); // a CPC campaign pays for clicks only
  });

  it('charges a click once, however often it is followed (repeats are recorded as invalid duplicate clicks)', async () => {
    const ad = await serveOne(s, w);
    expect((await hit(ad.impUrl)).status).toBe(200); // a click counts only after its impression (issue 25)
    const before = await trackingFootprint(s.ctx);
    const res = await Promise.all(Array.from({ length: 10 }, () => hit(ad.clickUrl)));
    for (const r of res) {
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toMatch(/^https:\/\/shoes\.example\.com\/run\?/);
      expect(r.headers.get('cache-control')).toContain('no-store');
    }
    const after = await trackingFootprint(s.ctx);
    expect(after.clicks - before.clicks).toBe(1);
    // Charged the price sealed in the token (the auction's second price), once.
    expect(after.spend - before.spend).toBe(s.ctx.codec.open(tokenOf(ad.clickUrl)).priceMicros);
    const clickId = s.ctx.codec.open(tokenOf(ad.clickUrl)).clickId;
    const rows = await s.ctx.db
      .selectFrom('tracking_events')
      .select(['is_bot', 'ivt_reason', 'spend_micros'])
      .where('click_id', '=', clickId)
      .where('kind', '=', 'click')
      .execute();
    expect(rows.filter((r) => r.is_bot === 0)).toHaveLength(1);
    expect(rows.filter((r) => r.ivt_reason === 'duplicate_click' && r.spend_micros === 0)).toHaveLength(9);
  });

  it('records bots (isbot User-Agent or none) but never counts or bills them', async () => {
    const ad = await serveOne(s, w);
    const before = await trackingFootprint(s.ctx);
    const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect((await hit(ad.impUrl, googlebot)).status).toBe(200);
    expect((await hit(ad.impUrl, {})).status).toBe(200);
    expect((await hit(ad.clickUrl, googlebot)).status).toBe(302);
    expect((await hit(ad.clickUrl, {})).status).toBe(302);
    const mid = await trackingFootprint(s.ctx);
    expect(mid).toEqual({ ...before, events: before.events + 4 });
    const bots = await s.ctx.db
      .selectFrom('tracking_events')
      .selectAll()
      .where('is_bot', '=', 1)
      .where('campaign_id', '=', ad.campaignId)
      .execute();
    expect(bots.length).toBeGreaterThanOrEqual(4);
    expect(bots.every((b) => Number(b.spend_micros) === 0)).toBe(true);
    // Recorded as invalid traffic with the reason (issue 25).
    const clickId = s.ctx.codec.open(tokenOf(ad.clickUrl)).clickId;
    const mine = bots.filter((b) => b.click_id === clickId);
    expect(mine).toHaveLength(4);
    expect(mine.every((b) => b.ivt_reason === 'bot' || b.ivt_reason === 'no_user_agent')).toBe(true);
    // A bot hit does not take the human's place: the human impression and click still count once.
    await hit(ad.impUrl);
    await hit(ad.clickUrl);
    const after = await trackingFootprint(s.ctx);
    expect(after.impressions - before.impressions).toBe(1);
    expect(after.clicks - before.clicks).toBe(1);
    // Charged the price sealed in the token (the auction's second price), once.
    expect(after.spend - before.spend).toBe(s.ctx.codec.open(tokenOf(ad.clickUrl)).priceMicros);
  });

  it('records test ads but never counts or bills them', async () => {
    const ad = await serveOne(s, w, adRequestBody(undefined, { testAd: true }));
    expect(ad.isTest).toBe(true);
    const before = await trackingFootprint(s.ctx);
    expect((await hit(ad.impUrl)).status).toBe(200);
    expect((await hit(ad.clickUrl)).status).toBe(302);
    const after = await trackingFootprint(s.ctx);
    expect(after).toEqual({ ...before, events: before.events + 2 });
    const rows = await s.ctx.db
      .selectFrom('tracking_events')
      .select(['is_test', 'spend_micros'])
      .where('click_id', '=', clickIdOf(s, ad))
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.is_test === 1 && Number(r.spend_micros) === 0)).toBe(true);
  });

  describe('end-user IP and country', () => {
    async function eventFor(ad: { impUrl: string }, remoteAddress: string, xff?: string) {
      const res = await s.app.inject({
        method: 'GET',
        url: new URL(ad.impUrl).pathname + new URL(ad.impUrl).search,
        remoteAddress,
        headers: { 'user-agent': BROWSER_UA, ...(xff ? { 'x-forwarded-for': xff } : {}) },
      });
      expect(res.statusCode).toBe(200);
      return s.ctx.db
        .selectFrom('tracking_events')
        .select(['ip_hash', 'country'])
        .where('click_id', '=', clickIdOf(s, ad))
        .where('kind', '=', 'imp')
        .executeTakeFirstOrThrow();
    }
    const ipHash = (ip: string) => keyedHash(s.ctx.secrets.dataKey, 'ip', ip);

    it('takes the first X-Forwarded-For address when the peer is a trusted proxy (loopback by default)', async () => {
      const ev = await eventFor(await serveOne(s, w), '127.0.0.1', '81.2.69.142, 8.8.8.8');
      expect(ev.ip_hash).toBe(ipHash('81.2.69.142'));
      expect(ev.country).toBe('GB');
    });

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
      const ev = await eventFor(await serveOne(s, w), '8.8.8.8', '81.2.69.142');
      expect(ev.ip_hash).toBe(ipHash('8.8.8.8'));
      expect(ev.country).toBe('US');
    });

    it('uses the peer itself without a forwarded header, and leaves the country empty for private addresses', async () => {
      const ev = await eventFor(await serveOne(s, w), '10.1.2.3');
      expect(ev.ip_hash).toBe(ipHash('10.1.2.3'));
      expect(ev.country).toBe('');
    });

    it('stores the IP only as a keyed hash', async () => {
      await eventFor(await serveOne(s, w), '127.0.0.1', '81.2.69.142');
      const rows = await s.ctx.db.selectFrom('tracking_events').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain('81.2.69.142');
    });
  });
});

function clickIdOf(s: TestServer, ad: { impUrl: string }): string {
  return s.ctx.codec.open(tokenOf(ad.impUrl)).clickId;
}
