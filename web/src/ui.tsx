import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, get, type Query } from './api';
import { timeZones } from './format';

/** Load a GET endpoint; re-runs when the path or query changes. */
export function useApi<T>(path: string | null, query?: Query) {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: !!path });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    get<T>(path, JSON.parse(key) as Query).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live && setState({ data: null, error: error instanceof ApiError ? error : new ApiError(0, String(error)), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function Page({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Orbit`;
  }, [title]);
  return (
    <section className="page">
      <header className="page-head">
        <div>
          <h1>{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Card({ title, actions, children, className }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={`card ${className ?? ''}`}>
      {(title || actions) && (
        <div className="card-head">
          {title && <h2>{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}

export function Stat({ label, value, raw, metric, hint }: { label: string; value: string; raw?: number | string | null; metric?: string; hint?: string }) {
  return (
    <div className="stat" data-metric={metric} data-value={raw ?? undefined}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {hint && <div className="stat-hint">{hint}</div>}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: ApiError | Error; onRetry?: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <div className="error-state" role="alert">
      <strong>{status === 404 ? 'Not available' : status === 401 ? 'Your key was rejected' : 'Something went wrong'}</strong>
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <strong>{title}</strong>
      {children && <div className="muted">{children}</div>}
    </div>
  );
}

/** Loading → error → content, for one API call. */
export function Async<T>({ state, children }: { state: { data: T | null; error: ApiError | null; loading: boolean; reload: () => void }; children: (data: T) => ReactNode }) {
  if (state.error) return <ErrorState error={state.error} onRetry={state.reload} />;
  if (state.data === null) return <Loading />;
  return <>{children(state.data)}</>;
}

export interface Column<R> {
  key: string;
  label: string;
  render?: (row: R) => ReactNode;
  align?: 'right' | 'left';
  raw?: (row: R) => string | number | null | undefined;
}

export function Table<R>({ columns, rows, caption, rowKey, empty = 'Nothing here yet.' }: { columns: Column<R>[]; rows: R[]; caption?: string; rowKey?: (r: R, i: number) => string; empty?: string }) {
  if (!rows.length) return <Empty title={empty} />;
  return (
    <div className="table-wrap">
      <table>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={c.align === 'right' ? 'num' : undefined} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={rowKey ? rowKey(r, i) : i}>
              {columns.map((c) => (
                <td key={c.key} className={c.align === 'right' ? 'num' : undefined} data-col={c.key} data-value={c.raw ? (c.raw(r) ?? undefined) : undefined}>
                  {c.render ? c.render(r) : String((r as Record<string, unknown>)[c.key] ?? '—')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: 'good' | 'warn' | 'bad' | 'neutral' | 'info'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

export const statusTone = (s: string | null | undefined): 'good' | 'warn' | 'bad' | 'neutral' | 'info' =>
  s === 'active' || s === 'approved' || s === 'deployed' || s === 'verified'
    ? 'good'
    : s === 'paused' || s === 'pending_review' || s === 'pending'
      ? 'warn'
      : s === 'archived' || s === 'rejected'
        ? 'bad'
        : 'neutral';

export function Field({ label, name, error, hint, count, max, children }: { label: string; name: string; error?: string; hint?: ReactNode; count?: number; max?: number; children: ReactNode }) {
  return (
    <div className={`field ${error ? 'has-error' : ''}`} data-field={name}>
      <label htmlFor={`f-${name}`}>
        {label}
        {max !== undefined && (
          <span className={`counter ${count !== undefined && count > max ? 'over' : ''}`} aria-live="polite">
            {count ?? 0}/{max}
          </span>
        )}
      </label>
      {children}
      {hint && !error && <div className="hint">{hint}</div>}
      {error && (
        <div className="field-error" role="alert" id={`e-${name}`}>
          {error}
        </div>
      )}
    </div>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function RangeControls({
  days,
  onDays,
  options,
  tz,
  onTz,
  custom,
  onCustom,
}: {
  days: number;
  onDays: (d: number) => void;
  options: number[];
  tz?: string;
  onTz?: (tz: string) => void;
  custom?: { start: string; end: string } | null;
  onCustom?: (c: { start: string; end: string } | null) => void;
}) {
  const [open, setOpen] = useState(!!custom);
  const showDates = !!onCustom && (open || !!custom);
  return (
    <div className="range">
      <div className="segmented" role="group" aria-label="Date range">
        {options.map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={!custom && !open && d === days}
            className={!custom && !open && d === days ? 'on' : ''}
            onClick={() => {
              setOpen(false);
              onDays(d);
            }}
          >
            {d}d
          </button>
        ))}
        {onCustom && (
          <button
            type="button"
            aria-pressed={showDates}
            className={showDates ? 'on' : ''}
            onClick={() => {
              setOpen(true);
              if (!custom) {
                const end = new Date();
                onCustom({ start: isoDay(new Date(end.getTime() - (days - 1) * 86_400_000)), end: isoDay(end) });
              }
            }}
          >
            Custom
          </button>
        )}
      </div>
      {showDates && custom && (
        <span className="dates">
          <input type="date" aria-label="Start date" value={custom.start} max={custom.end} onChange={(e) => e.target.value && onCustom?.({ ...custom, start: e.target.value })} />
          <span className="muted">–</span>
          <input type="date" aria-label="End date" value={custom.end} min={custom.start} onChange={(e) => e.target.value && onCustom?.({ ...custom, end: e.target.value })} />
        </span>
      )}
      {tz !== undefined && onTz && (
        <select aria-label="Time zone" value={tz} onChange={(e) => onTz(e.target.value)}>
          {timeZones().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

export function CopyBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const t = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(t.current), []);
  return (
    <div className="code">
      <div className="code-head">
        <span>{label}</span>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            );
            t.current = window.setTimeout(() => setCopied(false), 2000);
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre>
        <code>{code}</code>
      </pre>
    </div>
  );
}
