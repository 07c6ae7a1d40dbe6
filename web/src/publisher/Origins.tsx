import { useEffect, useState, type FormEvent } from 'react';
import '../selfserve.css';
import { ApiError, put } from '../api';
import { Async, Card, Page, useApi } from '../ui';

interface Origins {
  allowed_origins: string[];
}

/** The web origins whose pages may call Orbit's ad API from the browser (CORS). */
export function AllowedOrigins() {
  const state = useApi<Origins>('/publisher-dashboard/allowed-origins');
  const [list, setList] = useState<string[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (state.data) setList(state.data.allowed_origins);
  }, [state.data]);

  const save = async (next: string[]) => {
    setError(null);
    setSaved(null);
    try {
      const out = await put<Origins>('/publisher-dashboard/allowed-origins', { allowed_origins: next });
      setList(out.allowed_origins);
      setDraft('');
      setSaved('Saved. Browsers on these origins can call the ad API within a few seconds.');
    } catch (err) {
      if (err instanceof ApiError) {
        const detail = err.details[0];
        setError(
          detail ? `${next[Number(detail.field.split('.')[1])] ?? 'That origin'}: ${detail.message}` : err.message,
        );
      } else setError(String(err));
    }
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim() || !list) return;
    void save([...list, draft.trim()]);
  };

  return (
    <Page
      title="Allowed origins"
      subtitle="Web pages on these origins may request ads, send feedback and read tracking answers straight from the browser."
    >
      <Async state={state}>
        {() => (
          <Card title="Origins">
            {list && list.length > 0 ? (
              <ul className="origin-list" aria-label="Allowed origins">
                {list.map((o) => (
                  <li key={o}>
                    <code>{o}</code>
                    <button
                      type="button"
                      className="link-btn danger"
                      onClick={() => void save(list.filter((x) => x !== o))}
                      aria-label={`Remove ${o}`}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">None yet: only your servers (which send no Origin) can call the ad API.</p>
            )}
            <form className="inline-form" onSubmit={add} noValidate>
              <div className={`field ${error ? 'has-error' : ''}`}>
                <label htmlFor="origin">Add an origin</label>
                <input
                  id="origin"
                  name="origin"
                  placeholder="https://app.example.com"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  aria-invalid={!!error}
                  aria-describedby={error ? 'origin-error' : 'origin-hint'}
                />
                <div className="muted small" id="origin-hint">
                  Scheme, host and port only (no path, no wildcard): e.g. https://app.example.com or
                  http://localhost:5173.
                </div>
                {error && (
                  <div className="field-error" role="alert" id="origin-error">
                    {error}
                  </div>
                )}
              </div>
              <button type="submit" className="btn btn-primary">
                Add
              </button>
            </form>
            {saved && (
              <p className="small" role="status">
                {saved}
              </p>
            )}
            <p className="muted small">
              A browser page calling Orbit directly holds your publisher key; prefer your own backend when you can, and
              allow only the origins you serve.
            </p>
          </Card>
        )}
      </Async>
    </Page>
  );
}
