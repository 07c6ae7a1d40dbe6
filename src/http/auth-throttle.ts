import type { Counters } from '../lib/counters.js';
import { RateLimited } from '../lib/errors.js';

/**
 * Throttled failed authentication, per client address: every refused key or
 * admin token (an answer of 401, on any route and either HTTP path) counts in
 * the shared counters (Redis when configured, so all instances count
 * together); past `limitPerMinute` in a minute, the address is refused 429
 * with `Retry-After` for what is left of that minute on every request that
 * presents credentials. Checking costs a map lookup on this instance: an
 * address is known blocked here once one of its failures landed here after
 * the shared count passed the limit.
 */
export class AuthThrottle {
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly counters: Counters,
    private readonly limitPerMinute: number,
    private readonly now: () => number,
    private readonly onError: (err: unknown) => void,
  ) {}

  get enabled(): boolean {
    return this.limitPerMinute > 0;
  }

  /** The refusal for an address currently throttled, or null. */
  check(ip: string): RateLimited | null {
    if (!this.enabled || this.blocked.size === 0) return null;
    const until = this.blocked.get(ip);
    if (until === undefined) return null;
    const left = until - this.now();
    if (left <= 0) {
      this.blocked.delete(ip);
      return null;
    }
    return Object.assign(
      new RateLimited(
        `Too many failed authentication attempts from this address; retry in ${Math.ceil(left / 1000)} s`,
      ),
      {
        retryAfterSeconds: Math.ceil(left / 1000),
      },
    );
  }

  /** Count a failed authentication from an address (in the background: the 401 is not held back). */
  failed(ip: string): void {
    if (!this.enabled) return;
    this.counters.hit(`authfail:${ip}`, 60_000).then(
      ({ count, resetMs }) => {
        if (count > this.limitPerMinute) {
          if (this.blocked.size >= 10_000) this.blocked.clear();
          this.blocked.set(ip, this.now() + resetMs);
        }
      },
      (err) => this.onError(err),
    );
  }
}

/** Whether a request presents credentials (a key header, a bearer token, or an `api_key` query parameter). */
export function presentsCredentials(headers: Record<string, unknown>, url: string | undefined): boolean {
  return (
    headers['x-api-key'] !== undefined ||
    headers.authorization !== undefined ||
    (url !== undefined && url.includes('api_key='))
  );
}
