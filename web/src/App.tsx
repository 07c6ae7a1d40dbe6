import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { getSession, setSession, subscribeSession, type Session } from './session';
import { Link, match, navigate, usePath } from './router';
import { SignIn } from './SignIn';
import { Empty, ErrorState, Loading, Page } from './ui';
import type { Route } from './routes';
import { getTheme, setTheme, type Theme } from './theme';

/** Each dashboard is its own chunk: the sign-in page loads neither. */
const SECTIONS: Record<Session['kind'], () => Promise<{ routes: Route[] }>> = {
  publisher: () => import('./publisher/routes'),
  advertiser: () => import('./advertiser/routes'),
};

function Logo() {
  return (
    <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="12" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="26" cy="8" r="4.5" fill="currentColor" />
    </svg>
  );
}

const THEMES: Theme[] = ['system', 'light', 'dark'];
const THEME_LABEL: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

function ThemeToggle() {
  const [t, setT] = useState<Theme>(getTheme);
  return (
    <label className="theme-toggle">
      <span>Colours</span>
      <select
        value={t}
        onChange={(e) => {
          const v = e.target.value as Theme;
          setT(v);
          setTheme(v);
        }}
      >
        {THEMES.map((x) => (
          <option key={x} value={x}>
            {THEME_LABEL[x]}
          </option>
        ))}
      </select>
    </label>
  );
}

function Shell({ session, routes }: { session: Session; routes: Route[] }) {
  const path = usePath();
  const [menu, setMenu] = useState(false);
  let content: ReactNode = null;
  for (const r of routes) {
    const m = match(r.path, path);
    if (m) {
      content = r.render(m);
      break;
    }
  }
  const active = (r: Route) =>
    r.path === '/'
      ? path === '/' || (session.kind === 'advertiser' && path.startsWith('/campaigns'))
      : path.startsWith(r.path);
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}
      >
        Skip to content
      </a>
      <aside className={`sidebar ${menu ? 'open' : ''}`}>
        <div className="brand-row">
          <span className="brand">
            <Logo /> Orbit
          </span>
          <button
            type="button"
            className="menu-btn"
            aria-expanded={menu}
            aria-controls="nav"
            onClick={() => setMenu((m) => !m)}
          >
            Menu
          </button>
        </div>
        <div className="account">
          <span className="account-kind">{session.kind === 'publisher' ? 'Publisher' : 'Advertiser'}</span>
          <span className="account-name" title={session.name}>
            {session.name}
          </span>
        </div>
        <nav id="nav" aria-label="Main">
          {routes
            .filter((r) => r.label)
            .map((r) => (
              <Link
                key={r.path}
                to={r.path}
                className={active(r) ? 'active' : ''}
                aria-current={active(r) ? 'page' : undefined}
                onClick={() => setMenu(false)}
              >
                {r.label}
              </Link>
            ))}
          <ThemeToggle />
          <button
            type="button"
            className="signout"
            onClick={() => {
              setSession(null);
              navigate('/', true);
            }}
          >
            Sign out
          </button>
        </nav>
      </aside>
      <main className="main" id="main" tabIndex={-1}>
        {content ?? (
          <Page title="Page not found">
            <Empty title="There is nothing at this address.">
              <Link to="/">Back to the start</Link>
            </Empty>
          </Page>
        )}
      </main>
    </div>
  );
}

function Section({ session }: { session: Session }) {
  const [state, setState] = useState<{ routes: Route[] | null; error: Error | null }>({ routes: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    SECTIONS[session.kind]().then(
      (m) => live && setState({ routes: m.routes, error: null }),
      () =>
        live &&
        setState({
          routes: null,
          error: new Error('The dashboard could not be loaded. Check your connection and try again.'),
        }),
    );
    return () => {
      live = false;
    };
  }, [session.kind, attempt]);
  if (state.error) return <ErrorState error={state.error} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!state.routes) return <Loading label="Loading your dashboard…" />;
  return <Shell session={session} routes={state.routes} />;
}

export function App() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  if (!session) return <SignIn />;
  return <Section key={session.kind} session={session} />;
}
