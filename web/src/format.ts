/** Display formats; the raw API value is kept next to each shown number (data-value) so it can be checked. */
const int = new Intl.NumberFormat('en-US');
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usd4 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);

export const fmtInt = (v: unknown) => int.format(num(v));
/** Money: two decimals, always (issue 27). Per-unit prices use fmtPrice. */
export const fmtMoney = (v: unknown) => usd.format(num(v));
/** Per-unit prices (CPC, CPM, eCPM) keep up to four decimals; their column or label names the unit. */
export const fmtPrice = (v: unknown) => usd4.format(num(v));
/** An amount in an account's currency (ISO 4217), two decimals. */
export function fmtAmount(v: unknown, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(num(v));
  } catch {
    return `${num(v).toFixed(2)} ${currency}`;
  }
}
/** A percentage given on the 0–100 scale. */
export const fmtPct = (v: unknown) => `${num(v).toFixed(2)}%`;
/** A rate given as a fraction (0–1). */
export const fmtRate = (v: unknown) => `${(num(v) * 100).toFixed(1)}%`;
export const fmtCents = (cents: unknown, currency = 'USD') => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(num(cents) / 100);
  } catch {
    return `${(num(cents) / 100).toFixed(2)} ${currency}`;
  }
};

export function fmtDate(v: unknown): string {
  if (typeof v !== 'string' || !v) return '—';
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) || v.length === 10 ? v : `${v}Z`);
  if (Number.isNaN(d.getTime())) return v;
  return v.length === 10
    ? d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function fmtDay(v: string): string {
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? v
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const localTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export function timeZones(): string[] {
  const common = [
    'UTC',
    localTimeZone(),
    'America/New_York',
    'America/Los_Angeles',
    'Europe/London',
    'Europe/Berlin',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Tokyo',
    'Australia/Sydney',
  ];
  let all: string[] = [];
  try {
    all = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  } catch {
    all = [];
  }
  return [...new Set([...common, ...all])];
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

export function countryName(code: string): string {
  if (!code || ['XX', 'ZZ', '--', '??'].includes(code.toUpperCase())) return 'Unknown';
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** CTR as the reporting API returns it (percent, clicks / impressions × 100, as spec 2's formula). */
export const fmtCtr = (v: unknown) => fmtPct(v);
