import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, downloadCsv, get, type Query } from './api';
import { takeFocusRequest } from './router';

export { RangeControls } from './range-controls';

/** Load a GET endpoint; re-runs when the path or query changes. */
export function useApi<T>(path: string | null, query?: Query) {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({
    data: null,
    error: null,
    loading: !!path,
  });
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    get<T>(path, JSON.parse(key) as Query).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) =>
        live &&
        setState({
          data: null,
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
          loading: false,
        }),
    );
    return () => {
      live = false;
    };
  }, [path, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Orbit`;
  }, [title]);
  // After a navigation (or sign-in) the page's heading takes the focus, so keyboard and screen-reader users start at the new page.
  useEffect(() => {
    if (takeFocusRequest()) heading.current?.focus();
  }, []);
  return (
    <section className="page">
      <header className="page-head">
        <div>
          <h1 ref={heading} tabIndex={-1} id="page-title">
            {title}
          </h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </div>
        {actions && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
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

export function Stat({
  label,
  value,
  raw,
  metric,
  hint,
}: {
  label: string;
  value: string;
  raw?: number | string | null;
  metric?: string;
  hint?: ReactNode;
}) {
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
      <strong>
        {status === 404 ? 'Not available' : status === 401 ? 'Your key was rejected' : 'Something went wrong'}
      </strong>
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
export function Async<T>({
  state,
  children,
}: {
  state: { data: T | null; error: ApiError | null; loading: boolean; reload: () => void };
  children: (data: T) => ReactNode;
}) {
  if (state.error) return <ErrorState error={state.error} onRetry={state.reload} />;
  if (state.data === null) return <Loading />;
  return <>{children(state.data)}</>;
}

export interface Column<R> {
  key: string;
  label: string;
  render?: (row: R) => ReactNode;
  align?: 'right' | 'left';
  /** The raw value (data-value, and what sorting compares). */
  raw?: (row: R) => string | number | null | undefined;
  /** False: this column cannot be sorted (actions). */
  sortable?: boolean;
}

const valueOf = <R,>(c: Column<R>, r: R): string | number | null | undefined =>
  c.raw ? c.raw(r) : ((r as Record<string, unknown>)[c.key] as string | number | null | undefined);

/**
 * A report table: sortable by any column (click its header; aria-sort says
 * how), stacked as cards on narrow screens (each cell labelled), with an
 * optional caption and toolbar (the CSV export).
 */
export function Table<R>({
  columns,
  rows,
  caption,
  rowKey,
  empty = 'Nothing here yet.',
  defaultSort,
}: {
  columns: Column<R>[];
  rows: R[];
  caption?: string;
  rowKey?: (r: R, i: number) => string;
  empty?: string;
  defaultSort?: { key: string; dir: 'asc' | 'desc' };
}) {
  const [sort, setSort] = useState<{ key: string; dir: 'asc' | 'desc' } | null>(defaultSort ?? null);
  if (!rows.length) return <Empty title={empty} />;
  const col = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const shown = col
    ? rows
        .map((r, i) => ({ r, i, v: valueOf(col, r) }))
        .sort((a, b) => {
          const x = a.v ?? null;
          const y = b.v ?? null;
          if (x === y) return a.i - b.i;
          if (x === null) return 1; // empty cells last, whatever the direction
          if (y === null) return -1;
          const d =
            typeof x === 'number' && typeof y === 'number'
              ? x - y
              : String(x).localeCompare(String(y), undefined, { numeric: true });
          return sort!.dir === 'asc' ? d : -d;
        })
        .map((e) => e.r)
    : rows;
  return (
    <div className="table-wrap">
      <table className="cards-on-mobile">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => {
              const on = sort?.key === c.key;
              return (
                <th
                  key={c.key}
                  className={c.align === 'right' ? 'num' : undefined}
                  scope="col"
                  aria-sort={on ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.sortable === false ? (
                    c.label
                  ) : (
                    <button
                      type="button"
                      className="sort-btn"
                      onClick={() =>
                        setSort(
                          on && sort!.dir === 'desc'
                            ? { key: c.key, dir: 'asc' }
                            : { key: c.key, dir: on ? 'desc' : c.align === 'right' ? 'desc' : 'asc' },
                        )
                      }
                    >
                      {c.label}
                      <span className="sort-mark" aria-hidden="true">
                        {on ? (sort!.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={rowKey ? rowKey(r, i) : i}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={c.align === 'right' ? 'num' : undefined}
                  data-col={c.key}
                  data-label={c.label}
                  data-value={c.raw ? (c.raw(r) ?? undefined) : undefined}
                >
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

/** "Export CSV": the same rows as the report, from the API (`format=csv`), in the selected range and time zone. */
export function ExportCsv({ path, query, name }: { path: string; query: Query; name: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <span className="export">
      <button
        type="button"
        className="btn btn-small"
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true, error: null });
          const stamp = [
            query.start_date ?? (query.days ? `last-${query.days}d` : ''),
            query.end_date ?? '',
            query.tz ? String(query.tz).replace(/\//g, '-') : '',
          ]
            .filter(Boolean)
            .join('_');
          downloadCsv(path, query, `orbit-${name}${stamp ? `_${stamp}` : ''}.csv`).then(
            () => setState({ busy: false, error: null }),
            (e: Error) => setState({ busy: false, error: e.message }),
          );
        }}
      >
        {state.busy ? 'Exporting…' : 'Export CSV'}
      </button>
      {state.error && (
        <span className="field-error" role="alert">
          {state.error}
        </span>
      )}
    </span>
  );
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'good' | 'warn' | 'bad' | 'neutral' | 'info';
  children: ReactNode;
}) {
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

export function Field({
  label,
  name,
  error,
  hint,
  count,
  max,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  count?: number;
  max?: number;
  children: ReactNode;
}) {
  return (
    <div className={`field ${error ? 'has-error' : ''}`} data-field={name}>
      <label htmlFor={`f-${name}`}>
        {label}
        {max !== undefined && (
          <span className={`counter ${count !== undefined && count > max ? 'over' : ''}`} aria-hidden="true">
            {count ?? 0}/{max}
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <div className="hint" id={`h-${name}`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="field-error" role="alert" id={`e-${name}`}>
          {error}
        </div>
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
      {/* Focusable, so a keyboard can scroll a long snippet sideways. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
