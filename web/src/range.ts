/**
 * The report range of a page, kept in the address (`days`, or `from`/`to`,
 * and `tz`) so a report can be bookmarked and shared, and remembered for
 * this tab so moving between pages keeps it. One hook for every report page;
 * its control is `RangeControls` (ui.tsx).
 */
import { useEffect } from 'react';
import { localTimeZone } from './format';
import { setSearch, useSearch } from './router';

export const PRESETS = [1, 7, 30, 90, 365];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const STORE = 'orbit.range';

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(tz: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(),
    );
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

const dayNum = (s: string) => Math.floor(Date.parse(`${s}T00:00:00Z`) / 86_400_000);
const dayStr = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
export const validTz = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export interface RangeState {
  days: number;
  /** A custom range (both set) overrides days. */
  from: string | null;
  to: string | null;
  tz: string;
}

function remembered(): Partial<RangeState> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Partial<RangeState>;
  } catch {
    return {};
  }
}

/** Why a custom range cannot be used (shown next to the dates), or null. */
export function rangeProblem(
  from: string | null,
  to: string | null,
  maxDays: number,
): { field: 'from' | 'to'; message: string } | null {
  if (!from || !to) return null;
  if (!DAY.test(from) || Number.isNaN(dayNum(from))) return { field: 'from', message: 'Enter a start date.' };
  if (!DAY.test(to) || Number.isNaN(dayNum(to))) return { field: 'to', message: 'Enter an end date.' };
  if (dayNum(to) < dayNum(from)) return { field: 'to', message: 'The end date is before the start date.' };
  if (dayNum(to) - dayNum(from) + 1 > maxDays)
    return { field: 'to', message: `This report covers at most ${maxDays} days; shorten the range.` };
  return null;
}

export interface ReportRange extends RangeState {
  maxDays: number;
  presets: number[];
  utcOnly: boolean;
  /** The custom dates' problem, if any (the report then keeps its last preset). */
  problem: { field: 'from' | 'to'; message: string } | null;
  /** The range as the reporting API's parameters (with tz unless the report counts UTC days). */
  query: Record<string, string | number>;
  /** The same length just before it, for comparisons. */
  previousQuery: Record<string, string | number>;
  /** "Last 7 days", "Jan 3 – Jan 9, 2026"… */
  label: string;
  setDays(d: number): void;
  setCustom(from: string, to: string): void;
  setTz(tz: string): void;
}

export function useReportRange(opts: { defaultDays: number; maxDays: number; utcOnly?: boolean }): ReportRange {
  const search = useSearch();
  const p = new URLSearchParams(search);
  const mem = remembered();
  const utcOnly = !!opts.utcOnly;
  const presets = PRESETS.filter((d) => d <= opts.maxDays);
  const daysParam = Number(p.get('days') ?? mem.days);
  const days =
    Number.isInteger(daysParam) && daysParam >= 1 && daysParam <= opts.maxDays ? daysParam : opts.defaultDays;
  const from = p.get('from') ?? (p.has('days') ? null : (mem.from ?? null));
  const to = p.get('to') ?? (p.has('days') ? null : (mem.to ?? null));
  const tzParam = p.get('tz') ?? mem.tz ?? localTimeZone();
  const tz = utcOnly ? 'UTC' : validTz(tzParam) ? tzParam : 'UTC';
  const problem = rangeProblem(from, to, opts.maxDays);
  const custom = !!from && !!to && !problem;

  // Write the effective range into the address, so what is on screen is what a copied link shows.
  const want = {
    days: custom ? null : String(days),
    from: from ?? null,
    to: to ?? null,
    tz: utcOnly ? p.get('tz') : tz,
  };
  const stale = (Object.keys(want) as (keyof typeof want)[]).some((k) => (want[k] ?? null) !== p.get(k));
  useEffect(() => {
    if (stale) setSearch(want);
  });

  const remember = (v: Partial<RangeState>) => {
    try {
      sessionStorage.setItem(STORE, JSON.stringify({ ...remembered(), ...v }));
    } catch {
      /* not remembered */
    }
  };
  const today = dayNum(todayIn(tz));
  const [a, b] = custom ? [dayNum(from!), dayNum(to!)] : [today - days + 1, today];
  const len = b - a + 1;
  const tzq: Record<string, string> = utcOnly ? {} : { tz };
  const fmt = (n: number) =>
    new Date(n * 86_400_000).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return {
    days,
    from,
    to,
    tz,
    maxDays: opts.maxDays,
    presets,
    utcOnly,
    problem,
    query: custom ? { start_date: from!, end_date: to!, ...tzq } : { days, ...tzq },
    previousQuery: { start_date: dayStr(a - len), end_date: dayStr(a - 1), ...tzq },
    label: custom ? `${fmt(a)} – ${fmt(b)}` : days === 1 ? 'Today' : `Last ${days} days`,
    setDays: (d) => {
      remember({ days: d, from: undefined, to: undefined });
      setSearch({ days: d, from: null, to: null });
    },
    setCustom: (f, t) => {
      remember({ from: f, to: t });
      setSearch({ days: null, from: f, to: t });
    },
    setTz: (z) => {
      remember({ tz: z });
      setSearch({ tz: z });
    },
  };
}

/** A filter kept in the address (`?name=value`); '' when absent. */
export function useFilter(name: string): [string, (v: string) => void] {
  const search = useSearch();
  return [new URLSearchParams(search).get(name) ?? '', (v: string) => setSearch({ [name]: v || null })];
}
