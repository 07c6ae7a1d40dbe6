/**
 * Campaign schedule times: the API speaks UTC (ISO 8601; without an offset
 * it means UTC); the form shows and takes them as wall-clock times of a
 * chosen time zone (by default the browser's).
 */
const utcMs = (iso: string): number => Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);

function parts(ms: number, tz: string): Record<string, number> {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Offset of `tz` from UTC at instant ms, in ms. */
function offsetAt(ms: number, tz: string): number {
  const p = parts(ms, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An API time as the value of a datetime-local input in `tz` ("2026-12-01T09:00"); '' for none. */
export function toLocalInput(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  const ms = utcMs(iso);
  if (Number.isNaN(ms)) return '';
  const p = parts(ms, tz);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour % 24)}:${pad(p.minute)}`;
}

/** A datetime-local value meant in `tz` as an ISO UTC time for the API; null when it is not a date-time. */
export function fromLocalInput(local: string, tz: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  let ms = wall - offsetAt(wall, tz);
  ms = wall - offsetAt(ms, tz); // across a DST change the offset at the result is the one that counts
  return new Date(ms).toISOString();
}

/** An API time for reading, in `tz`. */
export function fmtInZone(iso: string, tz: string): string {
  const ms = utcMs(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleString('en-US', { timeZone: tz, dateStyle: 'medium', timeStyle: 'short' });
}
