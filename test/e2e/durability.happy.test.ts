import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../src/context.js';
import { closeContext, createContext } from '../../src/server.js';
import { newId } from '../../src/lib/ids.js';
import { lifetimeTotals } from '../../src/modules/ledger/service.js';
import { BROWSER_UA, dropStorage, seedWorld, testConfig, type World } from '../helpers.js';
import { spawnServe } from '../fixtures/hot-paths.js';

/**
 * Durability of acknowledgements, against the real `orbit serve` process: an
 * impression answered 200 is in storage even if the process is SIGKILLed the
 * next instant; SIGTERM answers and records everything in flight, then exits 0.
 */
function mintImpressions(ctx: Ctx, w: World, n: number): { clickId: string; p: string }[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: n }, () => {
    const clickId = newId();
    const p = ctx.codec.seal({
      clickId,
      campaignId: w.campaignId,
      adGroupId: newId(),
      adId: newId(),
      publisherId: w.publisherId,
      advertiserId: w.advertiserId,
      placementType: 'below_response',
      placementId: 'Chat-Below',
      priceMicros: 2_000_000,
      pricing: 'cpm',
      revenueShareBps: 7000,
      test: false,
      issuedAt: now,
    });
    return { clickId, p };
  });
}

async function recordedClickIds(config: ReturnType<typeof testConfig>): Promise<Set<string>> {
  return (await recorded(config)).clickIds;
}

/** The impressions in storage, and the campaign's lifetime impressions as its reports read them (from the rollups). */
async function recorded(
  config: ReturnType<typeof testConfig>,
  w?: World,
): Promise<{ clickIds: Set<string>; reported: number }> {
  const ctx = await createContext(config, { log: undefined });
  try {
    const rows = await ctx.db.selectFrom('tracking_events').select('click_id').where('kind', '=', 'imp').execute();
    const reported = w
      ? ((await lifetimeTotals(ctx, w.advertiserId, [w.campaignId])).get(w.campaignId)?.impressions ?? 0)
      : 0;
    return { clickIds: new Set(rows.map((r) => r.click_id)), reported };
  } finally {
    await closeContext(ctx);
  }
}

/** Drive `workers` concurrent keep-alive loops over the tokens until they run out or `stop()` says so. */
async function fire(
  url: string,
  tokens: { clickId: string; p: string }[],
  workers: number,
  onAck: (clickId: string) => void,
): Promise<{ acked: string[]; failed: number; statuses: Map<number, number> }> {
  const acked: string[] = [];
  const statuses = new Map<number, number>();
  let failed = 0;
  let next = 0;
  let dead = false;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!dead && next < tokens.length) {
        const t = tokens[next++];
        try {
          const res = await fetch(`${url}/track/imp?p=${t.p}`, { headers: { 'user-agent': BROWSER_UA } });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) {
            acked.push(t.clickId);
            onAck(t.clickId);
          }
        } catch {
          failed++;
          dead = true; // the server is gone: stop this run
        }
      }
    }),
  );
  return { acked, failed, statuses };
}

async function seededStorage() {
  const config = testConfig();
  const ctx = await createContext(config);
  const w = await seedWorld(ctx);
  const codecCtx = ctx;
  const tokens = mintImpressions(codecCtx, w, 6000);
  await closeContext(ctx);
  return { config, tokens, w };
}

describe('durability of acknowledged events (real server process)', () => {
  // A child process compiling the server from source, 6,000 sealed tokens and two storage reopenings: seconds
  // on a quiet machine, minutes on a busy one. The limit only bounds a hang; nothing here waits on the clock.
  it('loses no acknowledged impression when SIGKILLed under load', { timeout: 300_000 }, async () => {
    const { config, tokens, w } = await seededStorage();
    try {
      const server = await spawnServe(config);
      let acks = 0;
      const run = fire(server.url, tokens, 48, () => {
        if (++acks === 400) server.child.kill('SIGKILL');
      });
      const { acked, failed } = await run;
      const exit = await server.exited;
      expect(exit.signal).toBe('SIGKILL');
      expect(acked.length).toBeGreaterThanOrEqual(400);
      expect(acked.length).toBeLessThan(tokens.length); // it really died mid-load
      expect(failed).toBeGreaterThan(0);
      const { clickIds, reported } = await recorded(config, w);
      const lost = acked.filter((id) => !clickIds.has(id));
      expect(lost).toEqual([]);
      // Nothing is recorded twice, and nothing beyond what was sent.
      const sent = new Set(tokens.map((t) => t.clickId));
      expect([...clickIds].every((id) => sent.has(id))).toBe(true);
      // The reports count every recorded impression: rollup deltas the killed writer had logged but not folded are folded now.
      expect(reported).toBe(clickIds.size);
    } finally {
      await dropStorage(config);
    }
  });

  it('SIGTERM answers and records the requests in flight, then exits 0', { timeout: 300_000 }, async () => {
    const { config, tokens } = await seededStorage();
    try {
      // A 50 ms group-commit window keeps requests in flight when the signal lands.
      const server = await spawnServe(config, { ORBIT_GROUP_COMMIT_WAIT_MS: '50' });
      let acks = 0;
      let acksAfterTerm = 0;
      let termSent = false;
      const { acked, statuses } = await fire(server.url, tokens.slice(0, 3000), 32, () => {
        acks++;
        if (termSent) acksAfterTerm++;
        if (acks === 200) {
          termSent = true;
          server.child.kill('SIGTERM');
        }
      });
      const exit = await server.exited;
      expect(exit.code, server.output().slice(-3000)).toBe(0);
      expect(acksAfterTerm).toBeGreaterThan(0); // requests in flight at the signal were answered
      for (const status of statuses.keys()) expect([200, 503]).toContain(status);
      const recorded = await recordedClickIds(config);
      expect(acked.filter((id) => !recorded.has(id))).toEqual([]);
      expect(server.output()).toMatch(/shutting down: draining in-flight work/);
    } finally {
      await dropStorage(config);
    }
  });
});
