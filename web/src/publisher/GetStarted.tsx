import { useEffect, useState } from 'react';
import '../selfserve.css';
import { config, get } from '../api';
import { fmtDate } from '../format';
import { Link } from '../router';
import { getSession } from '../session';
import { Badge, CopyBlock, Page } from '../ui';

export interface Onboarding {
  steps: {
    key: { done: boolean };
    first_request: { done: boolean; at: string | null };
    first_impression: { done: boolean; at: string | null; counted: boolean };
  };
  complete: boolean;
  placements: { placement_id: string; placement_type: string; name: string }[];
  allowed_origins: string[];
}

/** Polls the onboarding check every few seconds until both requests are seen (it stops once complete). */
export function useOnboarding(): { data: Onboarding | null; error: string | null } {
  const [state, setState] = useState<{ data: Onboarding | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      get<Onboarding>('/publisher-dashboard/onboarding').then(
        (data) => {
          if (!live) return;
          setState({ data, error: null });
          if (!data.complete) timer = setTimeout(tick, 3000);
        },
        (err: Error) => {
          if (!live) return;
          setState((s) => ({ ...s, error: err.message }));
          timer = setTimeout(tick, 6000);
        },
      );
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return state;
}

function Step({ n, done, title, children }: { n: number; done: boolean; title: string; children: React.ReactNode }) {
  return (
    <li className={`step ${done ? 'done' : ''}`} data-step={n} data-done={done ? 'yes' : 'no'}>
      <span className="step-mark" aria-hidden="true">
        {done ? '✓' : n}
      </span>
      <div>
        <h2>
          {title} {done ? <Badge tone="good">done</Badge> : <Badge tone="warn">waiting</Badge>}
        </h2>
        {children}
      </div>
    </li>
  );
}

/** A new publisher's first screen: key, first request, first impression, each turning green when Orbit sees it. */
export function GetStarted() {
  const { data, error } = useOnboarding();
  const [sent, setSent] = useState<string | null>(null);
  const key = getSession()?.key ?? '';
  const masked = key ? `${key.slice(0, 8)}${'•'.repeat(12)}${key.slice(-4)}` : '';
  const slot = data?.placements[0] ?? { placement_id: 'Chat-Below', placement_type: 'below_response' };
  const request = `curl -X POST ${config.apiUrl}/api/v1/ad \\
  -H "Authorization: Bearer $ORBIT_PUBLISHER_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "sessionId": "first-session",
    "messages": [{ "role": "user", "content": "Which running shoes for a first marathon?" }],
    "placements": [{ "placement": "${slot.placement_type}", "placement_id": "${slot.placement_id}" }],
    "testAd": true
  }'`;
  const impression = `# Fire the impUrl of an ad when it is at least 50% visible (an <img>, fetch or your tracking proxy):
curl "<impUrl from the answer>"`;
  /** The same two calls, made from this page: a test request, then its impression. */
  const tryIt = async () => {
    setSent('Sending a test request…');
    try {
      const res = await fetch(`${config.apiUrl}/api/v1/ad`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          sessionId: `dashboard-check-${Date.now()}`,
          messages: [{ role: 'user', content: 'Testing my Orbit integration' }],
          placements: [{ placement: slot.placement_type, placement_id: slot.placement_id }],
          testAd: true,
        }),
      });
      if (res.status !== 200) throw new Error(`the ad request answered ${res.status}`);
      const [ad] = (await res.json()) as { impUrl: string; title: string }[];
      const imp = await fetch(ad.impUrl, { cache: 'no-store' });
      setSent(
        imp.ok
          ? `Test ad received ("${ad.title}") and its impression sent. The checks turn green in a moment.`
          : `The impression answered ${imp.status}`,
      );
    } catch (err) {
      setSent(`The test did not go through: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const s = data?.steps;
  return (
    <Page
      title="Get started"
      subtitle="Three steps to your first ad: the live check turns each one green as soon as Orbit sees it."
    >
      {error && <div className="alert alert-bad">{error}</div>}
      <div aria-live="polite" className="sr-only" data-testid="onboarding-status">
        {s
          ? `request ${s.first_request.done ? 'seen' : 'waiting'}, impression ${s.first_impression.done ? 'seen' : 'waiting'}`
          : 'checking'}
      </div>
      <ol className="steps">
        <Step n={1} done={true} title="Your publisher key">
          <p>
            <code data-testid="api-key">{masked}</code>{' '}
            <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(key)}>
              Copy key
            </button>
          </p>
          <p className="muted small">
            Keep it on your server; to call Orbit from a browser page, allow that page's origin under{' '}
            <Link to="/origins">Allowed origins</Link>.
          </p>
        </Step>
        <Step n={2} done={!!s?.first_request.done} title="Send your first ad request">
          <p className="muted small">
            With <code>testAd: true</code> you always get a clearly marked test ad, never billed or counted, even before
            any campaign matches.{' '}
            {data && data.placements.length === 0 && (
              <>
                To receive real ads, <Link to="/placements">create a placement</Link> and use its id.
              </>
            )}
          </p>
          <CopyBlock label="curl" code={request} />
          {s?.first_request.done && <p className="small">First request seen {fmtDate(s.first_request.at)}.</p>}
        </Step>
        <Step n={3} done={!!s?.first_impression.done} title="Show the ad and fire its impression">
          <CopyBlock label="impression" code={impression} />
          {s?.first_impression.done && (
            <p className="small">
              First impression seen{s.first_impression.at ? ` ${fmtDate(s.first_impression.at)}` : ''}.
            </p>
          )}
        </Step>
      </ol>
      <p>
        <button type="button" className="btn" onClick={() => void tryIt()}>
          Try it from this page
        </button>{' '}
        <span role="status">{sent}</span>
      </p>
      {data?.complete && (
        <div className="alert alert-info" role="status">
          Your integration works. Remove <code>testAd</code> to receive real ads; see the <Link to="/">overview</Link>{' '}
          for your numbers and <Link to="/setup">snippets</Link> for React, your backend and a tracking proxy.
        </div>
      )}
    </Page>
  );
}
