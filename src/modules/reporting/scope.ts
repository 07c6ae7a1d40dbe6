import type { Ctx } from '../../context.js';
import { decompose, dayIntervals } from '../../lib/tz.js';
import * as repo from './repo.js';
import { COUNTERS, zero, type Counters, type Scope } from './repo.js';
import type { DayRange } from './range.js';

/**
 * The scope engine: counters of publishers, campaigns or ad groups per local day of a range, read from
 * the rollup scope mirrors (`rollup_scope_day` whole UTC days, `rollup_scope_qh` quarter-hour edges).
 */

export function addInto(into: Counters, from: Counters, sign: 1 | -1, read: readonly repo.Counter[] = COUNTERS): void {
  for (const c of read) into[c] += sign * from[c];
}

/**
 * Counters of some scope ids per local day of a range, dense: the counter
 * `read[k]` of id `ids[i]` on local day `firstDay + d` is
 * `cells[(i * days + d) * read.length + k]` (0 where nothing was recorded).
 */
export interface ScopeGrid {
  ids: string[];
  firstDay: number;
  days: number;
  read: readonly repo.Counter[];
  cells: Float64Array;
}

/** Where one read term lands: the local day index and the sign it is added with. */
type Target = { day: number; sign: 1 | -1 };

/**
 * Counters per scope id per local day of `range`, exact in its timezone: each
 * local day is read as whole UTC days from `rollup_scope_day` plus or minus
 * short quarter-hour ranges from `rollup_scope_qh` (see lib/tz decompose).
 * `ids` fixes the ids and their order (rows of other ids are skipped); without
 * it, every id with rows is listed, in the order first read.
 */
export async function scopeGrid(
  ctx: Ctx,
  scope: Scope,
  parentId: string,
  range: DayRange,
  ids?: readonly string[],
  read: readonly repo.Counter[] = COUNTERS,
): Promise<ScopeGrid> {
  const days = range.lastDay - range.firstDay + 1;
  let minDay = Infinity;
  let maxDay = -Infinity;
  const dayTerms: [number, Target][] = [];
  const rangeIndex = new Map<string, number>();
  const ranges: [number, number][] = [];
  const rangeTargets: Target[][] = [];
  for (const iv of dayIntervals(range.tz, range.firstDay, range.lastDay)) {
    const day = iv.day - range.firstDay;
    for (const t of decompose(iv.from, iv.to)) {
      if ('day' in t) {
        minDay = Math.min(minDay, t.day);
        maxDay = Math.max(maxDay, t.day);
        dayTerms.push([t.day, { day, sign: t.sign }]);
      } else {
        const k = `${t.from}:${t.to}`;
        let i = rangeIndex.get(k);
        if (i === undefined) {
          rangeIndex.set(k, (i = ranges.length));
          ranges.push([t.from, t.to]);
          rangeTargets.push([]);
        }
        rangeTargets[i].push({ day, sign: t.sign });
      }
    }
  }
  // Targets of each UTC day, indexed by day - minDay.
  const dayTargets: Target[][] = minDay <= maxDay ? Array.from({ length: maxDay - minDay + 1 }, () => []) : [];
  for (const [d, t] of dayTerms) dayTargets[d - minDay].push(t);

  const index = new Map<string, number>();
  const list: string[] = [];
  for (const id of ids ?? []) if (!index.has(id)) index.set(id, list.push(id) - 1);
  const R = read.length;
  // With the ids known, rows are added as they are read; otherwise they are kept until every id is known.
  let cells = new Float64Array(ids ? list.length * days * R : 0);
  const later: [Target[], string, number[]][] = [];
  const apply = (targets: Target[], i: number, v: ArrayLike<number>) => {
    for (const t of targets) {
      const at = (i * days + t.day) * R;
      if (t.sign === 1) for (let k = 0; k < R; k++) cells[at + k] += v[k];
      else for (let k = 0; k < R; k++) cells[at + k] -= v[k];
    }
  };
  const sink =
    (targetsOf: (key: number) => Target[]): repo.ScopeSink =>
    (key, id, v) => {
      if (!ids) {
        if (!index.has(id)) index.set(id, list.push(id) - 1);
        later.push([targetsOf(key), id, Array.from(v)]);
        return;
      }
      const i = index.get(id);
      if (i !== undefined) apply(targetsOf(key), i, v);
    };
  await Promise.all([
    minDay <= maxDay &&
      repo.scopeDays(
        ctx.database,
        scope,
        parentId,
        minDay,
        maxDay,
        read,
        sink((d) => dayTargets[d - minDay]),
      ),
    ranges.length &&
      repo.scopeRanges(
        ctx.database,
        scope,
        parentId,
        ranges,
        read,
        ids?.length === 1,
        sink((i) => rangeTargets[i]),
      ),
  ]);
  if (!ids) {
    cells = new Float64Array(list.length * days * R);
    for (const [targets, id, v] of later) apply(targets, index.get(id)!, v);
  }
  return { ids: list, firstDay: range.firstDay, days, read, cells };
}

/**
 * The same as a map: scope id → local day → counters (the counters not read
 * are 0). Days whose counters are all zero are absent.
 */
export async function scopeSeries(
  ctx: Ctx,
  scope: Scope,
  parentId: string,
  range: DayRange,
  ids?: string[],
  read: readonly repo.Counter[] = COUNTERS,
): Promise<Map<string, Map<number, Counters>>> {
  const g = await scopeGrid(ctx, scope, parentId, range, ids, read);
  const R = read.length;
  const out = new Map<string, Map<number, Counters>>();
  g.ids.forEach((id, i) => {
    for (let d = 0; d < g.days; d++) {
      const at = (i * g.days + d) * R;
      let nonZero = false;
      for (let k = 0; k < R; k++) if (g.cells[at + k] !== 0) nonZero = true;
      if (!nonZero) continue;
      const c = zero();
      for (let k = 0; k < R; k++) c[read[k]] = g.cells[at + k];
      let s = out.get(id);
      if (!s) out.set(id, (s = new Map()));
      s.set(g.firstDay + d, c);
    }
  });
  return out;
}

export function total(series: Map<number, Counters> | undefined): Counters {
  const t = zero();
  if (series) for (const c of series.values()) addInto(t, c, 1);
  return t;
}
