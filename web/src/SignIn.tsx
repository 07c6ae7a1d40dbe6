import { useState, type FormEvent } from 'react';
import { ApiError, request } from './api';
import { setSession, sessionNotice, type Kind, type Session } from './session';
import { navigate } from './router';

async function identify(key: string): Promise<Session> {
  const kinds: Kind[] = key.startsWith('orb_adv_')
    ? ['advertiser']
    : key.startsWith('orb_pub_')
      ? ['publisher']
      : ['publisher', 'advertiser'];
  let last: ApiError | null = null;
  for (const kind of kinds) {
    try {
      const info = await request<Record<string, unknown>>('GET', `/${kind}-dashboard/info`, { key });
      const accountId = String(info[`${kind}_id`] ?? '');
      return { key, kind, accountId, name: String(info.name ?? (kind === 'publisher' ? 'Publisher' : 'Advertiser')) };
    } catch (err) {
      last = err instanceof ApiError ? err : new ApiError(0, String(err));
      if (last.status !== 401 && last.status !== 403) throw last;
    }
  }
  throw last ?? new ApiError(401, 'Key not accepted');
}

export function SignIn() {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(() => sessionNotice());
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim();
    if (!k) {
      setError('Paste your publisher or advertiser API key.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const s = await identify(k);
      setKey('');
      setSession(s);
      navigate('/', true);
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      setError(
        status === 401 || status === 403
          ? 'This key was not accepted: it is wrong, incomplete or has been revoked. Copy the whole key (it starts with orb_pub_ or orb_adv_) and try again.'
          : status === 404
            ? 'This server does not offer the dashboard API for this kind of key.'
            : err instanceof Error
              ? err.message
              : 'Sign-in failed.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="signin">
      <form className="signin-card" onSubmit={submit} noValidate>
        <div className="signin-brand">
          <svg width="34" height="34" viewBox="0 0 32 32" aria-hidden="true">
            <circle cx="16" cy="16" r="12" fill="none" stroke="currentColor" strokeWidth="4" />
            <circle cx="26" cy="8" r="4.5" fill="currentColor" />
          </svg>
          <span>Orbit</span>
        </div>
        <h1>Sign in to your dashboard</h1>
        <p className="muted">
          Publishers and advertisers sign in with their API key. It stays in this tab only and is forgotten when you
          close it.
        </p>
        <div className={`field ${error ? 'has-error' : ''}`}>
          <label htmlFor="api-key">API key</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="orb_pub_… or orb_adv_…"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'signin-error' : undefined}
            autoFocus
          />
          {error && (
            <div className="field-error" role="alert" id="signin-error">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted small">
          No key yet? An operator creates one with <code>orbit publishers create</code> or{' '}
          <code>orbit advertisers create</code>; <code>npm start</code> prints demo keys.
        </p>
      </form>
    </div>
  );
}
