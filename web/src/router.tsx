/** A small history router under /dashboard: paths and report parameters (range, filters) only — never keys or secrets. */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const BASE = '/dashboard';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
window.addEventListener('popstate', () => {
  focusPending = true;
  notify();
});

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const current = () => {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return p.replace(/\/+$/, '') || '/';
};

export function usePath(): string {
  return useSyncExternalStore(subscribe, current);
}

/** The query string of the current address (report range, time zone, filters), so a report can be shared or bookmarked. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => location.search);
}

/**
 * Set some query parameters of the current address (null or '' removes one),
 * replacing the history entry: changing a filter is not a new page.
 */
export function setSearch(patch: Record<string, string | number | null | undefined>): void {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, String(v));
  }
  const s = q.toString();
  history.replaceState(history.state, '', `${location.pathname}${s ? `?${s}` : ''}`);
  notify();
}

/** Whether the next page heading should take the focus (after a navigation or sign-in; never on a filter change). */
let focusPending = false;
export const takeFocusRequest = (): boolean => {
  const f = focusPending;
  focusPending = false;
  return f;
};

/** Go to a dashboard path (it may carry a query); the new page's heading gets the focus. */
export function navigate(to: string, replace = false): void {
  const url = `${BASE}${to === '/' ? '/' : to}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  focusPending = true;
  notify();
}

/** Match `/campaigns/:id` style patterns; returns the params or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) out[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return out;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      {...rest}
      href={`${BASE}${to}`}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
