import { useState } from 'react';
import { localTimeZone } from './format';

/** The chosen date range and time zone, shared by the report pages of this tab. */
export function useRange(defaultDays: number, allowed: number[]) {
  const read = () => {
    try {
      return JSON.parse(sessionStorage.getItem('orbit.range') ?? '{}') as { days?: number; tz?: string; start?: string; end?: string };
    } catch {
      return {};
    }
  };
  const saved = read();
  const [days, setDaysState] = useState(saved.days && allowed.includes(saved.days) ? saved.days : defaultDays);
  const [tz, setTzState] = useState(saved.tz ?? localTimeZone());
  const [custom, setCustomState] = useState<{ start: string; end: string } | null>(saved.start && saved.end ? { start: saved.start, end: saved.end } : null);
  const save = (v: { days?: number; tz?: string; start?: string; end?: string }) => {
    try {
      sessionStorage.setItem('orbit.range', JSON.stringify({ ...read(), ...v }));
    } catch {
      /* not persisted */
    }
  };
  return {
    days,
    tz,
    custom,
    /** The range as query parameters: an explicit start/end pair overrides days (spec 1 and 2). */
    query: (d: number) => (custom ? { start_date: custom.start, end_date: custom.end } : { days: d }),
    setCustom: (c: { start: string; end: string } | null) => {
      setCustomState(c);
      save({ start: c?.start ?? '', end: c?.end ?? '' });
    },
    setDays: (d: number) => {
      setDaysState(d);
      setCustomState(null);
      save({ days: d, start: '', end: '' });
    },
    setTz: (z: string) => {
      setTzState(z);
      save({ tz: z });
    },
  };
}
