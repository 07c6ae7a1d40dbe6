import { useState } from 'react';
import { localTimeZone } from './format';

/** The chosen date range and time zone, shared by the report pages of this tab. */
export function useRange(defaultDays: number, allowed: number[]) {
  const read = () => {
    try {
      return JSON.parse(sessionStorage.getItem('orbit.range') ?? '{}') as { days?: number; tz?: string };
    } catch {
      return {};
    }
  };
  const saved = read();
  const [days, setDaysState] = useState(saved.days && allowed.includes(saved.days) ? saved.days : defaultDays);
  const [tz, setTzState] = useState(saved.tz ?? localTimeZone());
  const save = (v: { days?: number; tz?: string }) => {
    try {
      sessionStorage.setItem('orbit.range', JSON.stringify({ ...read(), ...v }));
    } catch {
      /* not persisted */
    }
  };
  return {
    days,
    tz,
    setDays: (d: number) => {
      setDaysState(d);
      save({ days: d });
    },
    setTz: (z: string) => {
      setTzState(z);
      save({ tz: z });
    },
  };
}
