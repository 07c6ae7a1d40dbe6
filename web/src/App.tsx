import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { getSession, setSession, subscribeSession, type Session } from './session';
import { Link, match, navigate, usePath } from './router';
import { SignIn } from './SignIn';
import { Empty, Page } from './ui';
import { Overview } from './publisher/Overview';
import { Activity } from './publisher/Activity';
import { Placements } from './publisher/Placements';
import { Audience } from './publisher/Audience';
import { Setup } from './publisher/Setup';
import { Campaigns } from './advertiser/Campaigns';
import { CampaignDetail } from './advertiser/CampaignDetail';
import { CampaignForm } from './advertiser/CampaignForm';
import { Conversions } from './advertiser/Conversions';
import { Billing } from './advertiser/Billing';
import { Pixels } from './advertiser/Pixels';
import { Integrations } from './advertiser/Integrations';

interface Route {
  path: string;
  label?: string;
  render: (p: Record<string, string>) => ReactNode;
}

const PUBLISHER: Route[] = [
  { path: '/', label: 'Overview', render: () => <Overview /> },
  { path: '/activity', label: 'Activity', render: () => <Activity /> },
  { path: '/placements', label: 'Placements', render: () => <Placements /> },
  { path: '/audience', label: 'Devices & geography', render: () => <Audience /> },
  { path: '/setup', label: 'API key & snippets', render: () => <Setup /> },
];

const ADVERTISER: Route[] = [
  { path: '/', label: 'Campaigns', render: () => <Campaigns /> },
  { path: '/campaigns/new', render: () => <CampaignForm /> },
  { path: '/campaigns/:id', render: (p) => <CampaignDetail id={p.id} /> },
  { path: '/campaigns/:id/edit', render: (p) => <CampaignForm id={p.id} /> },
  { path: '/conversions', label: 'Conversions', render: () => <Conversions /> },
  { path: '/billing', label: 'Billing', render: () => <Billing /> },
  { path: '/pixels', label: 'Pixels', render: () => <Pixels /> },
  { path: '/integrations', label: 'Integrations & gateway', render: () => <Integrations /> },
];

function Logo() {
  return (
    <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="12" fill="none" stroke="currentColor" strokeWidth="4" />
      <circle cx="26" cy="8" r="4.5" fill="currentColor" />
    </svg>
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
  const active = (r: Route) => (r.path === '/' ? path === '/' || (session.kind === 'advertiser' && path.startsWith('/campaigns')) : path.startsWith(r.path));
  return (
    <div className="shell">
      <aside className={`sidebar ${menu ? 'open' : ''}`}>
        <div className="brand-row">
          <span className="brand">
            <Logo /> Orbit
          </span>
          <button type="button" className="menu-btn" aria-expanded={menu} aria-controls="nav" onClick={() => setMenu((m) => !m)}>
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
              <Link key={r.path} to={r.path} className={active(r) ? 'active' : ''} aria-current={active(r) ? 'page' : undefined} onClick={() => setMenu(false)}>
                {r.label}
              </Link>
            ))}
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
      <main className="main">
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

export function App() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  if (!session) return <SignIn />;
  return <Shell key={session.kind} session={session} routes={session.kind === 'publisher' ? PUBLISHER : ADVERTISER} />;
}
