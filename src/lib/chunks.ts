/** Consecutive slices of at most `n` rows (multi-row statements stay under the drivers' parameter limits). */
export const chunks = <T>(rows: T[], n: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += n) out.push(rows.slice(i, i + n));
  return out;
};
