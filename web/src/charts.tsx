/**
 * Charts drawn as plain SVG (daily series are a few hundred points at most),
 * each with its numbers one click away as a table.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { fmtDay } from './format';

export interface Point {
  date: string;
  value: number;
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const n = v / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * p;
}

const H = 180;

/**
 * The rendered width of an element, so the SVG draws at 1:1 (text is never
 * stretched). Measured in a layout effect: the re-render at the real width
 * happens before the browser paints, so the chart is never shown (or laid
 * out) at the fallback width, which is wider than a phone screen.
 */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setW(Math.max(200, Math.round(el.clientWidth)));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, w] as const;
}
const PAD = { l: 48, r: 8, t: 10, b: 24 };

/** The change from a previous period, as "+12.5%" (null when there is nothing to compare with). */
export function change(now: number, before: number): { text: string; dir: 'up' | 'down' | 'flat' } | null {
  if (!Number.isFinite(now) || !Number.isFinite(before)) return null;
  if (before === 0) return now === 0 ? { text: '±0%', dir: 'flat' } : null;
  const pct = ((now - before) / Math.abs(before)) * 100;
  return { text: `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`, dir: pct > 0.05 ? 'up' : pct < -0.05 ? 'down' : 'flat' };
}

export function TimeChart({
  title,
  points,
  format,
  kind = 'line',
  color = 'var(--accent)',
  total,
  previous,
  previousTotal,
  currentTotal,
}: {
  title: string;
  points: Point[];
  format: (v: number) => string;
  kind?: 'line' | 'bar';
  color?: string;
  total?: ReactNode;
  /** The previous period's values, day by day (same length), drawn dashed for comparison. */
  previous?: number[];
  previousTotal?: number;
  currentTotal?: number;
}) {
  const [table, setTable] = useState(false);
  const [hover, setHover] = useState<number | null>(null);
  const id = useId();
  const [box, W] = useWidth(600);
  const max = niceMax(Math.max(0, ...points.map((p) => p.value), ...(previous ?? [])));
  const delta = previousTotal !== undefined && currentTotal !== undefined ? change(currentTotal, previousTotal) : null;
  const iw = W - PAD.l - PAD.r;
  const ih = H - PAD.t - PAD.b;
  const n = Math.max(points.length, 1);
  const step = iw / n;
  const x = (i: number) => PAD.l + step * i + step / 2;
  const y = (v: number) => PAD.t + ih - (Math.max(0, v) / max) * ih;
  const ticks = [0, 0.5, 1].map((f) => max * f);
  const labelEvery = Math.ceil(n / Math.max(2, Math.floor(W / 90)));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length
    ? `${path} L${x(points.length - 1).toFixed(1)},${PAD.t + ih} L${x(0).toFixed(1)},${PAD.t + ih} Z`
    : '';
  const h = hover !== null ? points[hover] : null;
  return (
    <div className="chart" data-chart={title}>
      <div className="chart-head">
        <div>
          <h3 id={id}>{title}</h3>
          {total !== undefined && (
            <div className="chart-total">
              {total}
              {delta && (
                <span className={`chart-delta ${delta.dir}`} data-delta={delta.text}>
                  {delta.text} <span className="sr-only">compared with the previous period</span>
                </span>
              )}
            </div>
          )}
        </div>
        <button type="button" className="link-btn" aria-expanded={table} onClick={() => setTable((t) => !t)}>
          {table ? 'Show chart' : 'Show table'}
        </button>
      </div>
      {table ? (
        <div className="table-wrap chart-table">
          <table aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  {title}
                </th>
                {previous && (
                  <th scope="col" className="num">
                    Previous period
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={p.date}>
                  <td>{p.date}</td>
                  <td className="num" data-value={p.value}>
                    {format(p.value)}
                  </td>
                  {previous && (
                    <td className="num" data-prev={previous[i] ?? 0}>
                      {format(previous[i] ?? 0)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="chart-svg" ref={box}>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            width={W}
            height={H}
            role="img"
            aria-labelledby={id}
            onMouseLeave={() => setHover(null)}
          >
            {ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.l} x2={W - PAD.r} y1={y(t)} y2={y(t)} className="grid" />
                <text x={PAD.l - 6} y={y(t) + 4} textAnchor="end" className="axis">
                  {format(t)}
                </text>
              </g>
            ))}
            {points.map((p, i) =>
              i % labelEvery === 0 ? (
                <text key={p.date} x={x(i)} y={H - 6} textAnchor="middle" className="axis">
                  {fmtDay(p.date)}
                </text>
              ) : null,
            )}
            {kind === 'bar'
              ? points.map((p, i) => (
                  <rect
                    key={p.date}
                    x={x(i) - Math.max(1, step * 0.35)}
                    width={Math.max(2, step * 0.7)}
                    y={y(p.value)}
                    height={Math.max(0, PAD.t + ih - y(p.value))}
                    rx={2}
                    fill={color}
                    opacity={hover === null || hover === i ? 1 : 0.45}
                  />
                ))
              : points.length > 0 && (
                  <>
                    <path d={area} fill={color} opacity={0.12} />
                    <path d={path} fill="none" stroke={color} strokeWidth={2} vectorEffect="non-scaling-stroke" />
                    {h && hover !== null && <circle cx={x(hover)} cy={y(h.value)} r={4} fill={color} />}
                  </>
                )}
            {previous && previous.length > 0 && (
              <path
                className="prev"
                d={previous.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                vectorEffect="non-scaling-stroke"
              />
            )}
            {points.map((p, i) => (
              <rect
                key={`hit-${p.date}`}
                x={PAD.l + step * i}
                width={step}
                y={PAD.t}
                height={ih}
                fill="transparent"
                onMouseEnter={() => setHover(i)}
              />
            ))}
          </svg>
          {h && (
            <div className="tooltip" style={{ left: `${(x(hover!) / W) * 100}%` }}>
              <span>{fmtDay(h.date)}</span>
              <strong>{format(h.value)}</strong>
              {previous && <span>before: {format(previous[hover!] ?? 0)}</span>}
            </div>
          )}
          {points.length === 0 && <div className="chart-empty">No data in this range</div>}
        </div>
      )}
      {previous && !table && (
        <div className="legend" aria-hidden="true">
          <span>
            <i style={{ borderTopColor: color }} />
            This period
          </span>
          <span>
            <i className="prev" />
            Previous period
          </span>
        </div>
      )}
    </div>
  );
}

/** Ranked horizontal bars (geography, devices), already a table. */
export function BarTable<R>({
  rows,
  label,
  value,
  display,
  columns,
  caption,
}: {
  rows: R[];
  label: (r: R) => ReactNode;
  value: (r: R) => number;
  display: (r: R) => string;
  columns?: { label: string; render: (r: R) => ReactNode; raw?: (r: R) => number | string }[];
  caption: string;
}) {
  const max = Math.max(0, ...rows.map(value));
  return (
    <div className="table-wrap">
      <table className="bar-table cards-on-mobile">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{caption}</th>
            <th scope="col" className="bar-col">
              Share
            </th>
            {columns?.map((c) => (
              <th key={c.label} scope="col" className="num">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td data-label={caption}>{label(r)}</td>
              <td className="bar-col" data-label="Share">
                <div className="bar-track" title={display(r)}>
                  <div className="bar-fill" style={{ width: `${max > 0 ? (value(r) / max) * 100 : 0}%` }} />
                </div>
              </td>
              {columns?.map((c) => (
                <td key={c.label} className="num" data-col={c.label} data-label={c.label} data-value={c.raw?.(r)}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Requests → wins → impressions, each step's width relative to the first. */
export function Funnel({ steps }: { steps: { label: string; value: number; display: string; note?: string }[] }) {
  const first = Math.max(1, steps[0]?.value ?? 1);
  return (
    <ol className="funnel">
      {steps.map((s) => (
        <li key={s.label} data-step={s.label} data-value={s.value}>
          <div className="funnel-label">
            <span>{s.label}</span>
            <strong>{s.display}</strong>
          </div>
          <div className="funnel-track">
            <div className="funnel-fill" style={{ width: `${Math.max(1, (s.value / first) * 100)}%` }} />
          </div>
          {s.note && <div className="muted small">{s.note}</div>}
        </li>
      ))}
    </ol>
  );
}
