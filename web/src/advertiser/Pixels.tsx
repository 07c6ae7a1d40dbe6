import { useEffect, useState, type FormEvent } from 'react';
import { config, post } from '../api';
import { FormAlert, TextField, useForm } from '../forms';
import { fmtDate } from '../format';
import { Async, Badge, Card, CopyBlock, Empty, Page, useApi } from '../ui';

interface Pixel {
  pixel_id: string;
  name: string;
  url: string;
  domain?: string;
  is_functional: boolean | null;
  verification_error?: string | null;
  last_checked_at?: string | null;
  last_event_at?: string | null;
  created_at: string;
  snippet?: string;
}

function Verification({ p }: { p: Pixel }) {
  if (p.is_functional === true) return <Badge tone="good">Verified</Badge>;
  if (p.is_functional === false) return <Badge tone="bad">Not found on site</Badge>;
  return <Badge tone="warn">Checking…</Badge>;
}

/** "Check again": the server fetches the site now and says what it found. */
function CheckAgain({ p, onDone }: { p: Pixel; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="card-tools">
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          post(`/advertiser-dashboard/pixels/${encodeURIComponent(p.pixel_id)}/verify`, {}).then(
            () => (setBusy(false), onDone()),
            (e: Error) => (setBusy(false), setError(e.message)),
          );
        }}
      >
        {busy ? 'Checking…' : 'Check again'}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** How a conversion reaches Orbit once the pixel is on the site: the page reads the attribution, the backend sends the event. */
function conversionExample(api: string): string {
  return `// 1. On the thank-you page (browser): read the attribution the pixel kept from the ad click.
const capi = window.OrbitPixel?.getCAPIData() ?? {};
await fetch('/api/order-complete', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ orderId: 'order-1001', value: 49.0, currency: 'USD', capi }),
});

// 2. On your server: send the conversion with your advertiser key (never from the browser).
await fetch('${api}/gateway/events', {
  method: 'POST',
  headers: { authorization: \`Bearer \${process.env.ORBIT_ADVERTISER_KEY}\`, 'content-type': 'application/json' },
  body: JSON.stringify({ data: [{
    event_name: 'Purchase',
    event_time: Math.floor(Date.now() / 1000),
    event_id: body.orderId,
    action_source: 'website',
    user_data: { ...body.capi.user_data, em: [customer.email] },
    client_context: body.capi.client_context,
    custom_data: { value: body.value, currency: body.currency, order_id: body.orderId },
  }] }),
});`;
}

export function Pixels() {
  const list = useApi<Pixel[] | { pixels: Pixel[] }>('/advertiser-dashboard/pixels');
  const f = useForm({ url: '', name: '' });
  // Verification runs in the background: look again while a pixel is still being checked.
  const pending = (Array.isArray(list.data) ? list.data : (list.data?.pixels ?? [])).some(
    (p) => p.is_functional === null,
  );
  const { reload } = list;
  useEffect(() => {
    if (!pending) return;
    const t = window.setInterval(reload, 5000);
    return () => window.clearInterval(t);
  }, [pending, reload]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.values.url.trim()) return f.setErrors({ url: 'Enter your site URL.' });
    await f.run(
      ['url', 'name'],
      async () => {
        await post('/advertiser-dashboard/pixels', {
          url: f.values.url,
          ...(f.values.name.trim() ? { name: f.values.name } : {}),
        });
        f.setValues({ url: '', name: '' });
        list.reload();
      },
      'url',
    );
  };
  return (
    <Page title="Pixels" subtitle="Measure conversions on your site">
      <Card title="Add a pixel">
        <form className="form row-form" onSubmit={submit} noValidate aria-label="Add pixel" ref={f.formRef}>
          <FormAlert message={f.formError} />
          <div className="row-3">
            <TextField
              label="Site URL"
              name="url"
              value={f.values.url}
              onChange={(v) => f.set('url', v)}
              error={f.errors.url}
              placeholder="shop.example.com"
            />
            <TextField
              label="Name (optional)"
              name="name"
              value={f.values.name}
              onChange={(v) => f.set('name', v)}
              error={f.errors.name}
              placeholder="Untitled Pixel"
            />
            <div className="field align-end">
              <button className="btn btn-primary" type="submit" disabled={f.busy}>
                {f.busy ? 'Adding…' : 'Add pixel'}
              </button>
            </div>
          </div>
        </form>
      </Card>
      <Async state={list}>
        {(d) => {
          const pixels = Array.isArray(d) ? d : d.pixels;
          if (!pixels.length)
            return <Empty title="No pixels yet.">Add your site above to get an install snippet.</Empty>;
          return (
            <>
              {pixels.map((p) => (
                <Card
                  key={p.pixel_id}
                  title={
                    <span>
                      {p.name} <Verification p={p} />
                    </span>
                  }
                  actions={p.is_functional !== true ? <CheckAgain p={p} onDone={list.reload} /> : undefined}
                >
                  <p className="muted small">
                    {p.url} · created {fmtDate(p.created_at)}
                    {p.last_checked_at ? ` · checked ${fmtDate(p.last_checked_at)}` : ''}
                    {p.last_event_at ? ` · last event ${fmtDate(p.last_event_at)}` : ''}
                  </p>
                  {p.verification_error && <div className="alert alert-warn">{p.verification_error}</div>}
                  {p.snippet && <CopyBlock label="Paste before </head> on every page" code={p.snippet} />}
                </Card>
              ))}
              <Card title="Send a conversion">
                <p>
                  The pixel keeps the ad click’s attribution in the visitor’s browser. When an order completes, pass it
                  to your backend, which sends the conversion to the gateway with your advertiser key:
                </p>
                <CopyBlock label="Thank-you page and backend (JavaScript)" code={conversionExample(config.apiUrl)} />
              </Card>
            </>
          );
        }}
      </Async>
    </Page>
  );
}
