/** A tiny trend line for table rows. */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const w = 96;
  const h = 24;
  const max = Math.max(0, ...values);
  if (values.length < 2 || max === 0) return <span className="muted small">no trend</span>;
  const step = w / (values.length - 1);
  const d = values.map((v, i) => `${i ? 'L' : 'M'}${(i * step).toFixed(1)},${(h - 2 - (v / max) * (h - 4)).toFixed(1)}`).join(' ');
  return (
    <svg className="spark" width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label}>
      <path d={d} fill="none" stroke="var(--accent)" strokeWidth="1.5" />
    </svg>
  );
}
