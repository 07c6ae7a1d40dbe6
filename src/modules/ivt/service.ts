import fs from 'node:fs';
import { compile as compileRanges } from '@fastify/proxy-addr';
import type { Ctx } from '../../context.js';
import type { Config } from '../../config.js';
import { isBot } from '../../lib/request-facts.js';
import { sha256Hex } from '../../lib/hash.js';
import { publisherClickThroughSince } from '../ledger/service.js';
import type { IvtReason } from './rules.js';
import { stateOf, valueCache } from '../../caches.js';

/**
 * Invalid-traffic filtering on the request path (rules and reasons: ivt/rules.ts).
 * GIVT from the request alone (`requestIvt`, cheap enough for every
 * impression: cached per user agent and per address by the callers); the
 * click-only checks through the shared counters (`clickIvt`: per-IP and
 * per-user click velocity, repeat clicks of one ad, and publishers whose
 * click-through is implausible); the checks that need the record of the
 * impression run in the journal's transaction (tracking/repo.ts).
 */

/** The configured data-centre ranges as one matcher (proxy-addr's CIDR matcher, IPv4 and IPv6); null when none. */
export function datacenterMatcher(
  config: Pick<Config, 'ivtDatacenterRanges' | 'ivtDatacenterFile'>,
): ((ip: string) => boolean) | null {
  const ranges = [...config.ivtDatacenterRanges];
  if (config.ivtDatacenterFile) {
    for (const line of fs.readFileSync(config.ivtDatacenterFile, 'utf8').split(/\r?\n/)) {
      const r = line.replace(/#.*/, '').trim();
      if (r) ranges.push(r);
    }
  }
  if (ranges.length === 0) return null;
  let match: (addr: string, hop: number) => boolean;
  try {
    match = compileRanges(ranges);
  } catch (err) {
    throw new Error(`ORBIT_IVT_DATACENTER_RANGES / ORBIT_IVT_DATACENTER_FILE: ${(err as Error).message}`);
  }
  return (ip) => {
    try {
      return match(ip, 0);
    } catch {
      return false;
    }
  };
}

/** Whether an address is in a configured data-centre range. */
export function isDatacenter(ctx: Ctx, ip: string): boolean {
  const m = stateOf(ctx, 'datacenterMatcher', () => ({ match: datacenterMatcher(ctx.config) })).match;
  return m !== null && m(ip);
}

/** What a tracking request says about itself (its headers), for GIVT. */
export interface RequestSignals {
  ua: string | undefined;
  /** The address is in a data-centre range (callers cache it per address). */
  datacenter: boolean;
  prefetch: boolean;
}

/** General invalid traffic, from the request alone. */
export function requestIvt(s: RequestSignals): IvtReason | null {
  if (!s.ua) return 'no_user_agent';
  if (isBot(s.ua)) return 'bot';
  if (s.prefetch) return 'prefetch';
  if (s.datacenter) return 'datacenter';
  return null;
}

/** Publishers whose click-through over the last hour is implausible (src/caches.ts `ivtAnomalies`: refreshed at most once a minute, in the background). */
const HOUR_MS = 3_600_000;
const anomalies = (ctx: Ctx) => valueCache<ReadonlySet<string>>(ctx, 'ivtAnomalies');

function publisherAnomalous(ctx: Ctx, publisherId: string): boolean {
  const a = anomalies(ctx);
  const now = ctx.clock.now();
  if (a.peek(now) === undefined && !a.pending) {
    a.refresh(now, () => refreshAnomalies(ctx)).catch((err) =>
      ctx.log.warn({ err }, 'publisher click-through refresh failed'),
    );
  }
  return a.last?.has(publisherId) ?? false;
}

/** The publishers judged anomalous, once any refresh in flight has finished (operators and tests). */
export async function anomalousPublishers(ctx: Ctx): Promise<ReadonlySet<string>> {
  const a = anomalies(ctx);
  await a.pending?.catch(() => undefined);
  return a.last ?? new Set();
}

async function refreshAnomalies(ctx: Ctx): Promise<ReadonlySet<string>> {
  const rows = await publisherClickThroughSince(ctx, ctx.clock.now() - HOUR_MS);
  const next = new Set<string>();
  for (const [id, r] of rows) {
    if (
      r.clicks >= ctx.config.ivtPublisherMinClicks &&
      r.clicks > ctx.config.ivtPublisherMaxCtr * Math.max(1, r.impressions)
    )
      next.add(id);
  }
  return next;
}

/** The facts of a click the sophisticated checks look at. */
export interface ClickSignals {
  ipHash: string;
  ua: string;
  adId: string;
  publisherId: string;
}

/**
 * The click-only checks through the shared counters (Redis when configured,
 * so every instance counts the same clicks): every click attempt counts, so a
 * storm is judged as a whole. Returns the first reason that applies.
 */
export async function clickIvt(ctx: Ctx, c: ClickSignals): Promise<IvtReason | null> {
  const cfg = ctx.config;
  const user = `${c.ipHash}:${sha256Hex(c.ua).slice(0, 16)}`;
  const keys: { key: string; windowMs: number; limit: number; reason: IvtReason }[] = [];
  if (cfg.ivtDuplicateClickMs > 0)
    keys.push({
      key: `ivt:d:${user}:${c.adId}`,
      windowMs: cfg.ivtDuplicateClickMs,
      limit: 1,
      reason: 'duplicate_click',
    });
  if (cfg.ivtIpClicksPerMinute > 0)
    keys.push({
      key: `ivt:ip:${c.ipHash}`,
      windowMs: 60_000,
      limit: cfg.ivtIpClicksPerMinute,
      reason: 'ip_click_velocity',
    });
  if (cfg.ivtUserClicksPerMinute > 0)
    keys.push({
      key: `ivt:u:${user}`,
      windowMs: 60_000,
      limit: cfg.ivtUserClicksPerMinute,
      reason: 'user_click_velocity',
    });
  if (keys.length > 0) {
    const counts = await ctx.counters.hitMany(keys);
    for (let i = 0; i < keys.length; i++) if (counts[i] > keys[i].limit) return keys[i].reason;
  }
  return publisherAnomalous(ctx, c.publisherId) ? 'publisher_ctr_anomaly' : null;
}
