/**
 * The dashboard's only way to the server: the public API under the platform
 * URL, with the signed-in key in the `X-API-Key` header (never in a URL).
 */
import { getSession, setSession } from './session';

interface Config {
  platformUrl: string;
  apiUrl: string;
  embedUrl: string;
}

function readConfig(): Config {
  const fallback = { platformUrl: location.origin, apiUrl: location.origin, embedUrl: `${location.origin}/embed.js` };
  try {
    const el = document.getElementById('orbit-config');
    return el?.textContent ? { ...fallback, ...(JSON.parse(el.textContent) as Partial<Config>) } : fallback;
  } catch {
    return fallback;
  }
}

export const config: Config = readConfig();

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: FieldError[] = [],
    readonly code?: string,
  ) {
    super(message);
  }
  /** Messages per top-level field name (`ad_groups.0.name` is kept whole as well as under `ad_groups`). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const d of this.details) {
      out[d.field] ??= d.message;
      const top = d.field.split('.')[0];
      out[top] ??= d.message;
    }
    return out;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export function qs(q: Query = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function request<T>(
  method: string,
  path: string,
  opts: { query?: Query; body?: unknown; key?: string } = {},
): Promise<T> {
  const key = opts.key ?? getSession()?.key;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers['x-api-key'] = key;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${config.platformUrl}${path}${qs(opts.query)}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the Orbit server. Check your connection and try again.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const b = (data ?? {}) as {
      message?: string;
      details?: FieldError[];
      code?: string;
      requestId?: string;
      detail?: { loc?: unknown[]; msg?: string }[];
    };
    const details = Array.isArray(b.details)
      ? b.details
      : Array.isArray(b.detail)
        ? b.detail.map((d) => ({
            field: (d.loc ?? []).filter((x) => x !== 'body').join('.'),
            message: d.msg ?? 'is invalid',
          }))
        : [];
    // A server failure never shows its raw text: say what happened and what to do.
    const message =
      res.status >= 500
        ? res.status === 503
          ? 'The server is busy or briefly unavailable. Nothing was lost; try again in a moment.'
          : `The server could not finish this (a problem on our side, not in what you entered). Try again; if it keeps happening, tell your operator${b.requestId ? ` the request id ${b.requestId}` : ''}.`
        : b.message ||
          (res.status === 404
            ? 'This endpoint is not available on this server yet.'
            : `Request failed (${res.status})`);
    // The signed-in key stopped working (revoked or rotated): back to sign-in, saying why.
    if (res.status === 401 && !opts.key && key)
      setSession(null, 'Your key is no longer accepted (it may have been revoked). Sign in with a current key.');
    throw new ApiError(res.status, message, details, b.code);
  }
  return data as T;
}

/** Download a report as CSV (the API's `format=csv`, with the key in a header, never in the URL) under `filename`. */
export async function downloadCsv(path: string, query: Query, filename: string): Promise<void> {
  const key = getSession()?.key;
  let res: Response;
  try {
    res = await fetch(`${config.platformUrl}${path}${qs({ ...query, format: 'csv' })}`, {
      headers: key ? { 'x-api-key': key } : {},
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the Orbit server. Check your connection and try again.');
  }
  if (!res.ok)
    throw new ApiError(
      res.status,
      res.status >= 500
        ? 'The export failed on the server; try again.'
        : (((await res.json().catch(() => null)) as { message?: string } | null)?.message ??
            `Export failed (${res.status})`),
    );
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const get = <T>(path: string, query?: Query) => request<T>('GET', path, { query });
export const post = <T>(path: string, body: unknown) => request<T>('POST', path, { body });
export const patch = <T>(path: string, body: unknown) => request<T>('PATCH', path, { body });
export const del = (path: string) => request<void>('DELETE', path);
export const put = <T>(path: string, body: unknown) => request<T>('PUT', path, { body });
