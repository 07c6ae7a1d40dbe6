import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { addBlock } from '../blocks/service.js';
import { explainDecision } from './service.js';
import { advertiserWith, ask, body, campaign, NOON, publisher } from '../../../test/fixtures/decisions.js';

/**
 * The relative floor (only candidates close to the best relevance compete) is
 * measured against the best candidate that can serve this request: a best fit
 * the publisher blocked, or one its frequency cap stops, keeps no less
 * relevant rival out, and that rival is then judged against its own relevance.
 */
describe('relative floor against the best eligible candidate', () => {
  const ESPRESSO = 'espresso machine, coffee grinder, latte at home, home barista';
  const NEAR = 'coffee grinder, burr grinder for filter coffee';
  const Q = 'Which espresso machine and coffee grinder should I buy for lattes at home?';
  const clock = new ManualClock(NOON);

  for (const semanticWeight of [0, 0.15]) {
    describe(`semantic weight ${semanticWeight}`, () => {
      let ctx: Ctx;
      let stop: () => Promise<void>;
      // A fresh store per case: no group of another case competes.
      beforeEach(async () => {
        ({ ctx, stop } = await testContext({ minRelevance: 0.05, semanticWeight }, { clock }));
      });
      afterEach(() => stop());

      it('serves the less relevant rival when the publisher blocked the best fit', async () => {
        const pub = await publisher(ctx);
        const best = await advertiserWith(ctx, campaign('Crema Exact', ESPRESSO, { max_cpm: 5 }));
        const rival = await advertiserWith(ctx, campaign('Burr Works', NEAR, { max_cpm: 15 }));
        // Unblocked: the rival is too far below the best fit to compete at all.
        const open = await ask(ctx, pub, body(Q));
        expect(open.ads.map((a) => a.campaignId)).toEqual([best.campaignIds[0]]);
        const before = explainDecision(ctx, open.requestId);
        expect(before.candidates.map((c) => c.campaignId)).toEqual([best.campaignIds[0]]);
        expect(before.filteredCounts.below_best_relevance).toBe(1);

        await addBlock(ctx, pub.id, { kind: 'advertiser', value: best.advertiserId });
        const blocked = await ask(ctx, pub, body(Q));
        expect(blocked.ads.map((a) => a.campaignId)).toEqual([rival.campaignIds[0]]);
        const d = explainDecision(ctx, blocked.requestId);
        expect(d.filtered).toEqual([expect.objectContaining({ reason: 'blocked_advertiser' })]);
        expect(d.filteredCounts.below_best_relevance ?? 0).toBe(0);
        expect(d.candidates[0]).toMatchObject({ campaignId: rival.campaignIds[0], outcome: 'won' });
      });

      it('serves the less relevant rival once the best fit reached its frequency cap in the session', async () => {
        const pub = await publisher(ctx);
        const best = await advertiserWith(ctx, campaign('Crema Capped', ESPRESSO, { max_cpm: 5 }));
        const rival = await advertiserWith(ctx, campaign('Burr Capped', NEAR, { max_cpm: 15 }));
        const served: string[] = [];
        for (let i = 0; i < ctx.config.freqCapPerSession + 1; i++) {
          const { ads } = await ask(ctx, pub, body(Q, { sessionId: 'capped-session' }));
          served.push(...ads.map((a) => a.campaignId));
        }
        expect(served).toEqual([
          ...Array.from({ length: ctx.config.freqCapPerSession }, () => best.campaignIds[0]),
          rival.campaignIds[0],
        ]);
      });
    });
  }
});
