import { config } from '../api';
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
                  {g.last_received_at ? `Last event ${fmtDate(g.last_received_at)} · ${fmtInt(g.events_total)} events in total` : 'No real (non-test) event received yet.'}
                </span>
              </div>
              {g.status === 'gone_quiet' && <div className="alert alert-warn">No events for 7 days or more. Check that your backend still sends conversions.</div>}
            </div>
          )}
        </Async>
        <CopyBlock label="Send a conversion from your backend" code={gateway} />
      </Card>
      <div className="grid-2">
        <Card title="Stripe">
          <p>Count one-time payments and first subscription invoices. Add a webhook endpoint in Stripe for <code>checkout.session.completed</code> and <code>invoice.paid</code>:</p>
          <CopyBlock label="Webhook URL" code={`${api}/stripe-conversions/webhook?api_key=YOUR_ADVERTISER_KEY`} />
        </Card>
        <Card title="Cal.com">
          <p>Count bookings. Add a webhook with your advertiser key as its secret:</p>
          <CopyBlock label="Webhook URL" code={`${api}/cal/booking?api_key=YOUR_ADVERTISER_KEY`} />
        </Card>
      </div>
      <Card title="Shopify stores">
        <Async state={integ}>
          {(d) => (
            <Table
              caption="Shopify connections"
              empty="No store connected. Connected stores send paid orders as purchases, without the pixel snippet."
              rows={d.shopify ?? []}
              rowKey={(c) => c.id}
              columns={[
                { key: 'shop_domain', label: 'Store' },
                { key: 'is_active', label: 'State', render: (c) => (c.is_active ? <Badge tone="good">active</Badge> : <Badge>inactive</Badge>) },
                { key: 'verification_status', label: 'Verification', render: (c) => <Badge tone={c.verification_status === 'verified' ? 'good' : 'warn'}>{c.verification_status}</Badge> },
                { key: 'connected_at', label: 'Connected', render: (c) => fmtDate(c.connected_at) },
              ]}
            />
          )}
        </Async>
      </Card>
    </Page>
  );
}
