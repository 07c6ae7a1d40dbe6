import { type FormEvent } from 'react';
import { config, get, put } from '../api';
import { FormAlert, TextField, useForm } from '../forms';
import { fmtDate, fmtInt } from '../format';
import { Async, Badge, Card, CopyBlock, Page, Table, useApi } from '../ui';

interface Gateway {
  status: 'no_data' | 'active' | 'gone_quiet';
  label: string;
  last_received_at: string | null;
  events_total: number;
}

interface Connection {
  id: string;
  shop_domain: string;
  is_active: boolean;
  connected_at: string;
  verification_status: string;
}

function StripeSecret() {
  const status = useApi<{ configured: boolean; updated_at: string | null }>(
    '/advertiser-dashboard/integrations/stripe',
  );
  const f = useForm({ signing_secret: '' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.values.signing_secret.trim())
      return f.setErrors({ signing_secret: 'Paste the endpoint signing secret (whsec_…).' });
    await f.run(['signing_secret'], async () => {
      await put('/advertiser-dashboard/integrations/stripe', { signing_secret: f.values.signing_secret.trim() });
      f.setValues({ signing_secret: '' });
      status.reload();
    });
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Stripe signing secret">
      <div className="gateway-row">
        {status.data ? (
          status.data.configured ? (
            <Badge tone="good">
              Signing secret set {status.data.updated_at ? fmtDate(status.data.updated_at) : ''}
            </Badge>
          ) : (
            <Badge tone="warn">No signing secret yet</Badge>
          )
        ) : status.error ? (
          <span className="muted small">{status.error.message}</span>
        ) : null}
      </div>
      <FormAlert message={f.formError} />
      <TextField
        label="Endpoint signing secret"
        name="signing_secret"
        type="password"
        value={f.values.signing_secret}
        onChange={(v) => f.set('signing_secret', v)}
        error={f.errors.signing_secret}
        hint="Stored encrypted; never shown again."
      />
      <div className="form-actions">
        <button className="btn" type="submit" disabled={f.busy}>
          {f.busy ? 'Saving…' : 'Save secret'}
        </button>
      </div>
    </form>
  );
}

function ShopifyConnect() {
  const f = useForm({ shop: '' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.values.shop.trim()) return f.setErrors({ shop: 'Enter your store domain, e.g. my-store.myshopify.com' });
    await f.run(['shop'], async () => {
      const r = await get<{ install_url: string }>('/advertiser-dashboard/integrations/shopify/install', {
        shop: f.values.shop.trim(),
      });
      window.location.assign(r.install_url);
    });
  };
  return (
    <form className="form row-form" onSubmit={submit} noValidate aria-label="Connect Shopify">
      <FormAlert message={f.formError} />
      <div className="row-2">
        <TextField
          label="Store domain"
          name="shop"
          value={f.values.shop}
          onChange={(v) => f.set('shop', v)}
          error={f.errors.shop}
          placeholder="my-store.myshopify.com"
        />
        <div className="field align-end">
          <button className="btn btn-primary" type="submit" disabled={f.busy}>
            {f.busy ? 'Connecting…' : 'Connect store'}
          </button>
        </div>
      </div>
    </form>
  );
}

const TONE = { no_data: 'neutral', active: 'good', gone_quiet: 'warn' } as const;

export function Integrations() {
  const gw = useApi<Gateway>('/advertiser-dashboard/gateway-status');
  const integ = useApi<Record<string, Connection[]>>('/advertiser-dashboard/integrations');
  const api = config.apiUrl;
  const gateway = `curl -X POST ${api}/gateway/events \\
  -H "Authorization: Bearer $ORBIT_ADVERTISER_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{ "data": [{
    "event_name": "Purchase",
    "event_time": ${Math.floor(Date.now() / 1000)},
    "event_id": "order-1001",
    "action_source": "website",
    "user_data": { "em": ["customer@example.com"] },
    "custom_data": { "value": 49.0, "currency": "USD", "order_id": "order-1001" }
  }] }'`;
  return (
    <Page title="Integrations & gateway" subtitle="Where your conversions come from">
      <Card title="Conversion gateway">
        <Async state={gw}>
          {(g) => (
            <div className="gateway" data-gateway-status={g.status}>
              <div className="gateway-row">
                <Badge tone={TONE[g.status] ?? 'neutral'}>{g.label}</Badge>
                <span className="muted">
                  {g.last_received_at
                    ? `Last event ${fmtDate(g.last_received_at)} · ${fmtInt(g.events_total)} events in total`
                    : 'No real (non-test) event received yet.'}
                </span>
              </div>
              {g.status === 'gone_quiet' && (
                <div className="alert alert-warn">
                  No events for 7 days or more. Check that your backend still sends conversions.
                </div>
              )}
            </div>
          )}
        </Async>
        <CopyBlock label="Send a conversion from your backend" code={gateway} />
      </Card>
      <div className="grid-2">
        <Card title="Stripe">
          <p>
            Count one-time payments and first subscription invoices. Add a webhook endpoint in Stripe for{' '}
            <code>checkout.session.completed</code> and <code>invoice.paid</code>:
          </p>
          <CopyBlock label="Webhook URL" code={`${api}/stripe-conversions/webhook?api_key=YOUR_ADVERTISER_KEY`} />
          <StripeSecret />
        </Card>
        <Card title="Cal.com">
          <p>Count bookings. Add a webhook with your advertiser key as its secret:</p>
          <CopyBlock label="Webhook URL" code={`${api}/cal/booking?api_key=YOUR_ADVERTISER_KEY`} />
        </Card>
      </div>
      <Card title="Shopify stores">
        <ShopifyConnect />
        <Async state={integ}>
          {(d) => (
            <Table
              caption="Shopify connections"
              empty="No store connected. Connected stores send paid orders as purchases, without the pixel snippet."
              rows={d.shopify ?? []}
              rowKey={(c) => c.id}
              columns={[
                { key: 'shop_domain', label: 'Store' },
                {
                  key: 'is_active',
                  label: 'State',
                  render: (c) => (c.is_active ? <Badge tone="good">active</Badge> : <Badge>inactive</Badge>),
                },
                {
                  key: 'verification_status',
                  label: 'Verification',
                  render: (c) => (
                    <Badge tone={c.verification_status === 'verified' ? 'good' : 'warn'}>{c.verification_status}</Badge>
                  ),
                },
                { key: 'connected_at', label: 'Connected', render: (c) => fmtDate(c.connected_at) },
              ]}
            />
          )}
        </Async>
      </Card>
    </Page>
  );
}
