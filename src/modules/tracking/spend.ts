import type { Ctx } from '../../context.js';
import { utcDayStart } from '../../lib/clock.js';
import { campaignSpendSince } from '../ledger/service.js';

/**
 * Today's spend per campaign (UTC day), for the budget check on the serving
 * path. The rollups are the truth: `sync` reads them (so spend recorded by
 * other instances arrives with each inventory refresh) and commits on this
 * instance add to it at once.
 */
export class SpendTracker {
  private day = -1;
  private base = new Map<string, number>();
  private local = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  private roll(): void {
    const d = utcDayStart(this.now());
    if (d !== this.day) {
      this.day = d;
      this.base = new Map();
      this.local = new Map();
    }
  }

  today(campaignId: string): number {
    this.roll();
    return (this.base.get(campaignId) ?? 0) + (this.local.get(campaignId) ?? 0);
  }

  add(campaignId: string, micros: number, at: number): void {
    this.roll();
    if (micros <= 0 || utcDayStart(at) !== this.day) return;
    this.local.set(campaignId, (this.local.get(campaignId) ?? 0) + micros);
  }

  async sync(ctx: Ctx): Promise<void> {
    this.roll();
    const day = this.day;
    const before = new Map(this.local);
    const fromDb = await campaignSpendSince(ctx, day);
    if (day !== this.day) return;
    this.base = fromDb;
    // Keep only what was added while the query ran (it may be counted twice: a safe overestimate).
    for (const [k, v] of before) {
      const rest = (this.local.get(k) ?? 0) - v;
      if (rest > 0) this.local.set(k, rest);
      else this.local.delete(k);
    }
  }
}
