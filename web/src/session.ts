/**
 * The signed-in API key lives in sessionStorage only: it is gone when the tab
 * closes, never written to a URL, a cookie or a log.
 */
export type Kind = 'publisher' | 'advertiser';

export interface Session {
  key: string;
  kind: Kind;
  accountId: string;
  name: string;
}

const STORE = 'orbit.session';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

export function getSession(): Session | null {
  if (cached === undefined) {
    try {
      const raw = sessionStorage.getItem(STORE);
      cached = raw ? (JSON.parse(raw) as Session) : null;
    } catch {
      cached = null;
    }
  }
  return cached;
}

let notice: string | null = null;

/** Why the last session ended (shown on the sign-in page until the next sign-in). */
export const sessionNotice = (): string | null => notice;

export function setSession(s: Session | null, why?: string): void {
  notice = why ?? null;
  cached = s;
  try {
    if (s) sessionStorage.setItem(STORE, JSON.stringify(s));
    else sessionStorage.removeItem(STORE);
  } catch {
    /* storage disabled: the session lasts as long as the page */
  }
  listeners.forEach((l) => l());
}

export function subscribeSession(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
