import { useState } from 'react';
import { fmtCents, fmtDate, fmtInt } from '../format';
import { Async, Badge, Card, Page, Table, useApi } from '../ui';

interface Conversion {
  conversion_id: string;
  event_type: string;
  value_cents: number;
  currency: string;
  conversion_timestamp: string;
  campaign_id: string | null;
  order_id: string | null;
  page_url: string | null;
  source: string;
  is_attributed: boolean;
}

interface Resp {
  conversions: Conversion[];
  total_conversions: number;
  has_more: boolean;
  next_cursor: string | null;
}

const PAGE = 25;

export function Conversions() {
  // The cursors of the pages seen so far, so "Previous" works without the API going backwards.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [eventType, setEventType] = useState('');
  const cursor = cursors[cursors.length - 1];
  const list = useApi<Resp>('/advertiser-dashboard/conversions', { limit: PAGE, cursor, event_type: eventType || undefined });
  return (
    <Page title="Conversions" subtitle="Purchases, leads and sign-ups reported by your pixel, gateway and connected platforms">
      <div className="toolbar">
        <label className="inline-field">
          Event type
          <select
            value={eventType}
            onChange={(e) => {
              setEventType(e.target.value);
              setCursors([undefined]);
            }}
          >
            <option value="">All</option>
            {['purchase', 'lead', 'complete_registration', 'subscribe', 'start_trial', 'schedule', 'booking_created'].map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      </div>
      <Card>
        <Async state={list}>
          {(d) => (
            <>
              <div className="muted small table-meta" data-total={d.total_conversions}>
                {fmtInt(d.total_conversions)} conversions · page {cursors.length}
              </div>
              <Table
                caption="Conversions"
                empty="No conversions yet. Install the pixel or send events to the gateway."
                rows={d.conversions}
                rowKey={(c) => c.conversion_id}
                columns={[
                  { key: 'conversion_timestamp', label: 'When', render: (c) => fmtDate(c.conversion_timestamp) },
                  { key: 'event_type', label: 'Event', render: (c) => <code>{c.event_type}</code> },
                  { key: 'value', label: 'Value', align: 'right', render: (c) => fmtCents(c.value_cents, c.currency || 'USD'), raw: (c) => c.value_cents },
                  { key: 'order_id', label: 'Order', render: (c) => c.order_id ?? '—' },
                  { key: 'source', label: 'Source', render: (c) => c.source },
                  { key: 'is_attributed', label: 'Attribution', render: (c) => (c.is_attributed ? <Badge tone="good">ad click</Badge> : <Badge>unattributed</Badge>) },
                ]}
              />
              <div className="pager">
                <button type="button" className="btn" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  ← Previous
                </button>
                <button type="button" className="btn" disabled={!d.has_more || !d.next_cursor} onClick={() => setCursors((c) => [...c, d.next_cursor ?? undefined])}>
                  Next →
                </button>
              </div>
            </>
          )}
        </Async>
      </Card>
    </Page>
  );
}
