import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { MOBILE_UA, testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { countryOf } from '../../lib/request-facts.js';
import { explainDecision } from './service.js';
import { AS_IS } from '../campaigns/review.js';
import {
  advertiserWith,
  ask,
  body,
  campaign,
  NOON,
  publisher,
  seeded,
  type Pub,
} from '../../../test/fixtures/decisions.js';

const Q = 'Which ski goggles work in flat light?';

describe('targeting and frequency caps', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let pub: Pub;
  let campaignId: string;
  const clock = new ManualClock(NOON);
  /** Change the campaign's targeting as approved (targeting edits serve once reviewed: campaigns/review.ts). */
  const setCampaign = async (patch: Record<string, unknown>) => {
    await ctx.db
      .updateTable('campaigns')
      .set({ ...patch, approved_json: AS_IS })
      .where('id', '=', campaignId)
      .execute();
    await ctx.inventory.rebuild();
  };

  beforeAll(async () => {
    ({ ctx, stop } = await testContext({ freqCapPerSession: 2, freqCapPerUserDay: 3 }, { clock }));
    pub = await publisher(ctx, [
      { name: 'Chat Below' },
      { name: 'Narrow', maxChars: 120 },
      { name: 'Phones', device: 'mobile' },
    ]);
    ({
      campaignIds: [campaignId],
    } = await advertiserWith(ctx, campaign('Snow Optics', 'ski goggles, flat light lenses, snowboard goggles')));
  });
  afterAll(() => stop());

  it('targets countries from the request, or from the IP when the request states none', async () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    await setCampaign({ allowed_countries_json: JSON.stringify(['DE']) });
    expect((await ask(ctx, pub, body(Q, { device: { country: 'de' } }))).ads).toHaveLength(1);
    expect((await ask(ctx, pub, body(Q, { device: { country: 'US' } }))).ads).toHaveLength(0);
    expect((await ask(ctx, pub, body(Q, { device: { ip: '8.8.8.8' } }))).ads).toHaveLength(0);
    // An unknown or malformed country is a normal no-fill for targeted campaigns, not an error.
    const odd = await ask(ctx, pub, body(Q, { device: { country: 'Narnia' } }));
    expect(odd.ads).toHaveLength(0);
    await setCampaign({ allowed_countries_json: JSON.stringify(['US']) });
    expect((await ask(ctx, pub, body(Q, { device: { ip: '8.8.8.8' } }))).ads).toHaveLength(1);
    await setCampaign({ allowed_countries_json: null });
  });

  it('targets devices from the user agent', async () => {
    await setCampaign({ allowed_devices_json: JSON.stringify(['mobile']) });
    expect((await ask(ctx, pub, body(Q))).ads).toHaveLength(0);
    expect((await ask(ctx, pub, body(Q, { device: { ua: MOBILE_UA } }))).ads).toHaveLength(1);
    await setCampaign({ allowed_devices_json: null });
  });

  it('honours placement device and type', async () => {
    const phones = body(Q, { placements: [{ placement: 'below_response', placement_id: 'Phones' }] });
    const desk = await ask(ctx, pub, phones);
    expect(desk.ads).toHaveLength(0);
    expect(explainDecision(ctx, desk.requestId).slots[0].reason).toMatch(/placement_device_mismatch/);
    expect((await ask(ctx, pub, { ...phones, sessionId: 'p2', device: { ua: MOBILE_UA } })).ads).toHaveLength(1);
    const wrongType = await ask(
      ctx,
      pub,
      body(Q, { placements: [{ placement: 'right_response', placement_id: 'Chat-Below' }] }),
    );
    expect(wrongType.ads).toHaveLength(0);
    expect(explainDecision(ctx, wrongType.requestId).slots[0].reason).toMatch(/placement_type_mismatch/);
  });

  it('serves only inside the campaign schedule', async () => {
    await setCampaign({ end_time: NOON + 60_000 });
    expect((await ask(ctx, pub, body(Q))).ads).toHaveLength(1);
    clock.advance(120_000); // the snapshot still holds the campaign; the decision checks the end time itself
    const after = await ask(ctx, pub, body(Q));
    expect(after.ads).toHaveLength(0);
    clock.set(NOON);
    await setCampaign({ end_time: null });
  });

  it('never serves an ad longer than the placement allows', async () => {
    const narrow = await publisher(ctx, [{ name: 'Narrow', maxChars: 120 }]);
    await advertiserWith(
      ctx,
      campaign('Long Winded', 'avalanche beacon, backcountry safety', { copy: 'x '.repeat(100).trim() }),
    );
    const b = body('Which avalanche beacon for backcountry safety?', {
      placements: [{ placement: 'below_response', placement_id: 'Narrow' }],
    });
    const r = await ask(ctx, narrow, b);
    expect(r.ads).toHaveLength(0);
    expect(explainDecision(ctx, r.requestId).candidates[0].reason).toBe('no_ad_fits_slot');
  });

  it('caps ads per session and per user', async () => {
    const session = body(Q, { sessionId: 'cap-session' });
    const shown = [];
    for (let i = 0; i < 4; i++) shown.push((await ask(ctx, pub, session)).ads.length);
    expect(shown).toEqual([1, 1, 0, 0]);
    const user = (i: number) => body(Q, { sessionId: `u-${i}`, userId: 'user-42' });
    const perUser = [];
    for (let i = 0; i < 5; i++) perUser.push((await ask(ctx, pub, user(i))).ads.length);
    expect(perUser).toEqual([1, 1, 1, 0, 0]);
    const d = await ask(ctx, pub, user(9));
    expect(explainDecision(ctx, d.requestId).filtered.map((f) => f.reason)).toContain('user_frequency_cap');
    // The next UTC day starts afresh for the user.
    clock.advance(86_400_000);
    expect((await ask(ctx, pub, user(10))).ads).toHaveLength(1);
    clock.set(NOON);
  });

  it('asks for feedback on the configured share of ads, deterministically under an injected random', async () => {
    const ask20 = async (c: Ctx, p: Pub) => {
      const flags: boolean[] = [];
      const random = seeded(7);
      for (let i = 0; i < 20; i++)
        flags.push(...(await ask(c, p, body(Q), { random })).ads.map((a) => a.feedbackPrompt));
      return flags;
    };
    const a = await ask20(ctx, pub);
    const b = await ask20(ctx, pub);
    expect(a).toEqual(b);
    expect(a.length).toBe(20);
    const yes = a.filter(Boolean).length;
    expect(yes).toBeGreaterThan(0); // default 10%: with this seed some, far from all
    expect(yes).toBeLessThan(10);
    const all = await testContext({ feedbackPromptRate: 1 }, { clock });
    const none = await testContext({ feedbackPromptRate: 0 }, { clock });
    try {
      for (const [c, want] of [
        [all.ctx, true],
        [none.ctx, false],
      ] as const) {
        const p = await publisher(c);
        await advertiserWith(c, campaign('Snow Optics', 'ski goggles, flat light lenses'));
        const flags = await ask20(c, p);
        expect(flags.every((f) => f === want)).toBe(true);
      }
    } finally {
      await all.stop();
      await none.stop();
    }
  });
});
