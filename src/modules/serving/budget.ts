import type { Ctx } from '../../context.js';
import type { BudgetCheck } from '../../lib/counters.js';
import { HOUR_MS, utcDayStart } from '../../lib/clock.js';
import { campaignSpendSince, groupActivitySince } from '../ledger/service.js';
import type { InvGroup } from './inventory.js';

/**
 * Budgets and pacing for one serve.
 *
 * Committed spend comes from the rollups (campaign day: the SpendTracker;
 * group day and campaign hour: this book, refreshed with the inventory) plus
 * charges committed on this instance since (journal listener). Spend another
 * instance committed since the last refresh is covered by its reservation:
 * every serve reserves its maximum charge in the shared counters for
 * `budgetReservationMs`, and a serve is allowed only if
 * committed + reserved + this charge ≤ limit for every check, atomically.
 *
 * Checks (UTC day):
 * - hard stop: committed + reserved ≤ the daily budget (campaign, and group
 *   when it has one);
 * - pacing: ≤ budget × min(1, (hours elapsed + pacingAheadHours) / 24), so a
 *   budget does not burn out in the first hour;
 * - hourly cap: ≤ HOUR_CAP_SHARE × budget / 24 in any clock hour, so an
 *   underspent morning cannot be dumped into one hour.
 */
export const HOUR_CAP_SHARE = 1.6;
const DAY_MS = 86_400_000;

export class BudgetBook {
  private day = -1;
  private hour = -1;
  private groupDay = new Map<string, number>();
  private campaignHour = new Map<string, number>();
  private refreshedAt = -Infinity;
  private refreshing: Promise<void> | null = null;

  private roll(now: number): void {
    const d = utcDayStart(now);
    const h = now - (now % HOUR_MS);
    if (d !== this.day) {
      this.day = d;
      this.groupDay = new Map();
    }
    if (h !== this.hour) {
      this.hour = h;
      this.campaignHour = new Map();
    }
  }

  groupToday(groupId: string, now: number): number {
    this.roll(now);
    return this.groupDay.get(groupId) ?? 0;
  }

  campaignThisHour(campaignId: string, now: number): number {
    this.roll(now);
    return this.campaignHour.get(campaignId) ?? 0;
  }

  /** A charge committed on this instance. */
  add(campaignId: string, groupId: string, micros: number, at: number, now: number): void {
    this.roll(now);
    if (micros <= 0) return;
    if (utcDayStart(at) === this.day) this.groupDay.set(groupId, (this.groupDay.get(groupId) ?? 0) + micros);
    if (at - (at % HOUR_MS) === this.hour)
      this.campaignHour.set(campaignId, (this.campaignHour.get(campaignId) ?? 0) + micros);
  }

  /** Re-read committed spend from the rollups when older than `maxAgeMs` (the first read is awaited, later ones run behind). */
  async refresh(ctx: Ctx, maxAgeMs: number): Promise<void> {
    const now = ctx.clock.now();
    if (now - this.refreshedAt < maxAgeMs && now >= this.refreshedAt) return;
    const first = this.refreshedAt === -Infinity;
    this.refreshedAt = now;
    this.refreshing ??= this.load(ctx, now).finally(() => (this.refreshing = null));
    if (first) await this.refreshing;
    else this.refreshing.catch((err) => ctx.log.warn({ err }, 'budget refresh failed'));
  }

  private async load(ctx: Ctx, now: number): Promise<void> {
    const day = utcDayStart(now);
    const hour = now - (now % HOUR_MS);
    const [groups, hourly] = await Promise.all([groupActivitySince(ctx, day), campaignSpendSince(ctx, hour)]);
    this.roll(ctx.clock.now());
    if (this.day !== day || this.hour !== hour) return;
    // Rollups are the truth; charges committed while the query ran may count twice (a safe overestimate).
    const g = new Map<string, number>();
    for (const [id, a] of groups) if (a.spend_micros > 0) g.set(id, Math.max(a.spend_micros, 0));
    for (const [id, v] of this.groupDay) if (!g.has(id) || (g.get(id) ?? 0) < v) g.set(id, v);
    this.groupDay = g;
    const c = new Map(hourly);
    for (const [id, v] of this.campaignHour) if ((c.get(id) ?? 0) < v) c.set(id, v);
    this.campaignHour = c;
  }
}

/** The share of the day's budget that may be spent by `now`: even pacing plus a little room ahead. */
export function pacedFraction(now: number, aheadHours: number): number {
  const elapsed = (now - utcDayStart(now)) / DAY_MS;
  return Math.min(1, elapsed + aheadHours / 24);
}

export interface BudgetState {
  now: number;
  campaignToday: (campaignId: string) => number;
  groupToday: (groupId: string) => number;
  campaignThisHour: (campaignId: string) => number;
  aheadHours: number;
}

/**
 * One request's `BudgetState`: the spend read from the tracker (campaign day) and the book (group day, campaign hour)
 * at the request's time. A class, not an object of arrows made per request: under tsx (keepNames) each arrow
 * assigned to a property is named by a `defineProperty` on every request (record 0047 round 18).
 */
export class RequestBudget implements BudgetState {
  constructor(
    readonly now: number,
    readonly aheadHours: number,
    private readonly spend: { today(campaignId: string): number },
    private readonly book: BudgetBook,
  ) {}

  campaignToday(campaignId: string): number {
    return this.spend.today(campaignId);
  }

  groupToday(groupId: string): number {
    return this.book.groupToday(groupId, this.now);
  }

  campaignThisHour(campaignId: string): number {
    return this.book.campaignThisHour(campaignId, this.now);
  }
}

export const BUDGET_CHECK_NAMES = [
  'campaign daily budget (hard stop)',
  'campaign daily pacing',
  'campaign hourly pacing cap',
  'ad group daily budget (hard stop)',
  'ad group daily pacing',
] as const;

/**
 * The checks a serve of this group must pass, in the order of
 * BUDGET_CHECK_NAMES (group checks only when it has a budget). The hard stops
 * reserve the serve's full charge (a click at its price, or one impression),
 * so no number of concurrent serves can take spend past the budget while
 * their reservations live; pacing reserves the expected charge (price ×
 * predicted CTR for clicks), since it smooths the typical case rather than
 * bounding the worst.
 */
export function budgetChecks(g: InvGroup, s: BudgetState, chargeMicros: number): BudgetCheck[] {
  const day = utcDayStart(s.now);
  const hour = s.now - (s.now % HOUR_MS);
  const checks: BudgetCheck[] = [];
  forEachLimit(
    g,
    s,
    chargeMicros,
    (k, base, limit, amount) =>
      void checks.push({
        name: checkName(k, g, day, hour),
        base,
        limit,
        amount,
        shared: sharedName(k, g.campaignId, g.id, day, hour),
      }),
  );
  return checks;
}

/**
 * The shared committed-spend counter each check reads (campaign day for the
 * campaign's stop and pacing, campaign hour for the hourly cap, group day for
 * the group's): what every instance committed, added as charges commit
 * (`shareCommittedSpend`), so pacing holds across instances between reads of
 * the rollups.
 */
const sharedName = (k: number, campaignId: string, groupId: string, day: number, hour: number): string =>
  k <= 1 ? `cd:${campaignId}:${day}` : k === 2 ? `ch:${campaignId}:${hour}` : `gd:${groupId}:${day}`;

/** With shared counters (Redis), every commit's charges are added to them: pacing counters shared across instances. */
export function shareCommittedSpend(ctx: Ctx): void {
  if (ctx.counters.kind !== 'redis') return; // one process: its own book and tracker are the whole truth
  ctx.journal.onCommit((charges) => {
    const entries: { name: string; amount: number; ttlMs: number }[] = [];
    for (const c of charges) {
      if (c.spendMicros <= 0) continue;
      const day = utcDayStart(c.at);
      const hour = c.at - (c.at % HOUR_MS);
      entries.push({
        name: sharedName(0, c.campaignId, c.adGroupId, day, hour),
        amount: c.spendMicros,
        ttlMs: DAY_MS + HOUR_MS,
      });
      entries.push({
        name: sharedName(2, c.campaignId, c.adGroupId, day, hour),
        amount: c.spendMicros,
        ttlMs: 2 * HOUR_MS,
      });
      if (c.adGroupId)
        entries.push({
          name: sharedName(3, c.campaignId, c.adGroupId, day, hour),
          amount: c.spendMicros,
          ttlMs: DAY_MS + HOUR_MS,
        });
    }
    if (entries.length)
      void ctx.counters.addSpent(entries).catch((err) => ctx.log.warn({ err }, 'shared spend count failed'));
  });
}

/** The counter of check k (BUDGET_CHECK_NAMES order), named only for the checks that apply. */
const checkName = (k: number, g: InvGroup, day: number, hour: number): string =>
  k === 0
    ? `hd:${g.campaignId}:${day}`
    : k === 1
      ? `pd:${g.campaignId}:${day}`
      : k === 2
        ? `ph:${g.campaignId}:${hour}`
        : k === 3
          ? `gh:${g.id}:${day}`
          : `gp:${g.id}:${day}`;

/** A cheap pre-filter before the auction: is there room for this charge at all (ignoring reservations)? */
export function hasRoom(g: InvGroup, s: BudgetState, chargeMicros: number): boolean {
  let room = true;
  forEachLimit(g, s, chargeMicros, (_k, base, limit, amount) => {
    if (base + amount > limit) room = false;
  });
  return room;
}

/** The one home of the limits: calls `fn(check index, committed, limit, amount)` for each check that applies. */
function forEachLimit(
  g: InvGroup,
  s: BudgetState,
  chargeMicros: number,
  fn: (k: number, base: number, limit: number, amount: number) => void,
): void {
  const f = pacedFraction(s.now, s.aheadHours);
  const expected = g.pricing === 'cpc' ? Math.max(1, Math.ceil(chargeMicros * g.rates.ctr)) : chargeMicros;
  const campaignToday = s.campaignToday(g.campaignId);
  const budget = g.campaignDailyBudgetMicros;
  fn(0, campaignToday, budget, chargeMicros);
  fn(1, campaignToday, Math.floor(budget * f), expected);
  fn(2, s.campaignThisHour(g.campaignId), Math.floor((budget * HOUR_CAP_SHARE) / 24), expected);
  if (g.groupDailyBudgetMicros !== null) {
    const groupToday = s.groupToday(g.id);
    fn(3, groupToday, g.groupDailyBudgetMicros, chargeMicros);
    fn(4, groupToday, Math.floor(g.groupDailyBudgetMicros * f), expected);
  }
}
