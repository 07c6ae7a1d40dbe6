import { stringify } from 'csv-stringify/sync';

/**
 * Report rows as CSV (RFC 4180, header row first), the one home for it:
 * the columns are the row objects' own fields in their order (the first
 * row's, then any others seen), so a CSV export has exactly the rows and
 * fields of the JSON answer. Nested arrays of objects (a row's `daily`
 * series) are left out; arrays of plain values are joined with "; "; null
 * is an empty cell. Cells that a spreadsheet would run as a formula
 * (=, +, -, @ first) are escaped (csv-stringify's `escape_formulas`).
 */
export function csvText(rows: readonly object[]): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) {
      if (seen.has(k) || (Array.isArray(v) && v.some((x) => x !== null && typeof x === 'object'))) continue;
      seen.add(k);
      columns.push(k);
    }
  }
  const cell = (v: unknown): string | number | boolean => {
    if (v === null || v === undefined) return '';
    if (Array.isArray(v)) return v.map((x) => String(x)).join('; ');
    if (typeof v === 'object') return JSON.stringify(v);
    return v as string | number | boolean;
  };
  return stringify(
    rows.map((r) => columns.map((c) => cell((r as Record<string, unknown>)[c]))),
    { header: true, columns, escape_formulas: true, cast: { boolean: (b) => (b ? 'true' : 'false') } },
  );
}

/** A download file name for a report: `orbit-<report>.csv`, characters outside [a-z0-9-] dropped. */
export const csvFileName = (report: string): string => `orbit-${report.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.csv`;
