import { useState } from 'react';
import { fmtCents, fmtDate, fmtInt } from '../format';
import { Link } from '../router';
import { useFilter, useReportRange } from '../range';
import { Async, Badge, Card, ExportCsv, Page, RangeControls, Table, useApi } from '../ui';
import type { AdGroup, Campaign } from './types';

interface Conversion {
  conversion_id: string;
  event_type: string;
  value_cents: number;
  currency: string;
  conversion_timestamp: string;
  campaign_id: string | null;
  ad_group_id: string | null;
  order_id: string | null;
  page_url: string | null;
  source: string;
  is_attributed: boolean;
  attribution: string | null;
}

interface Resp {
  conversions: Conversion[];
  total_conversions: number;
  has_more: boolean;
  next_cursor: string | null;
}

const PAGE = 25;
const TYPES = [
  'purchase',
  'lead',
  'complete_registration',
  'subscribe',
  'start_trial',
  'schedule',
  'add_to_cart',
  'initiate_checkout',
  'contact',
  'booking_created',
];
/** How a conversion was (or was not) tied to an ad click, in plain words. */
const ATTRIBUTION: Record<string, string> = {
  signed: 'ad click (signed)',
  grclid: 'ad click (click id)',
  graid: 'ad click (attribution id)',
  click_not_found: 'no matching click',
  ids_mismatch: 'ids did not match the click',
  bad_signature: 'bad signature',
  signature_required: 'signature missing',
  before_click: 'happened before the click',
  outside_window: 'outside the attribution window',
};

export function Conversions() {
  const r = useReportRange({ defaultDays: 30, maxDays: 3650 });
  const [campaign, setCampaign] = useFilter('campaign');
  const [eventType, setEventType] = useFilter('type');
  // The cursors of the pages seen so far, so "Previous" works without the API going backwards.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const filterKey = JSON.stringify([r.query, campaign, eventType]);
  const [seenKey, setSeenKey] = useState(filterKey);
  if (seenKey !== filterKey) {
    setSeenKey(filterKey);
    setCursors([undefined]);
  }
  const cursor = cursors[cursors.length - 1];
  const query = { ...r.query, campaign_id: campaign || undefined, event_type: eventType || undefined };
  const list = useApi<Resp>('/advertiser-dashboard/conversions', { ...query, limit: PAGE, cursor });
  const campaigns = useApi<Campaign[]>('/advertiser-dashboard/campaigns');
  const groups = useApi<AdGroup[]>('/advertiser-dashboard/ad-groups', { include_archived: true });
  const campaignName = new Map((campaigns.data ?? []).map((c) => [c.campaign_id, c.name]));
  const groupName = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
  return (
    <Page
      title="Conversions"
      subtitle="Purchases, leads and sign-ups reported by your pixel, gateway and connected platforms, newest first"
      actions={<RangeControls range={r} />}
    >
      <div className="filters">
        <div className="field">
          <label htmlFor="f-campaign">Campaign</label>
          <select id="f-campaign" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
            <option value="">All campaigns</option>
            {(campaigns.data ?? []).map((c) => (
              <option key={c.campaign_id} value={c.campaign_id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-type">Event type</label>
          <select id="f-type" value={eventType} onChange={(e) => setEventType(e.target.value)}>
            <option value="">All types</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Card
        actions={
          <ExportCsv path="/advertiser-dashboard/conversions" query={{ ...query, limit: 100 }} name="conversions" />
        }
        title={r.label}
      >
        <Async state={list}>
          {(d) => (
            <>
              <div className="muted small table-meta" data-total={d.total_conversions}>
                {fmtInt(d.total_conversions)} conversions · page {cursors.length}
              </div>
              <Table
                caption="Conversions"
                empty="No conversions match. Widen the range or the filters, install the pixel, or send events to the gateway."
                rows={d.conversions}
                rowKey={(c) => c.conversion_id}
                columns={[
                  {
                    key: 'conversion_timestamp',
                    label: 'When',
                    render: (c) => fmtDate(c.conversion_timestamp),
                    raw: (c) => c.conversion_timestamp,
                  },
                  {
                    key: 'event_type',
                    label: 'Event',
                    render: (c) => <code>{c.event_type}</code>,
                    raw: (c) => c.event_type,
                  },
                  {
                    key: 'campaign',
                    label: 'Campaign',
                    render: (c) =>
                      c.campaign_id ? (
                        <Link to={`/campaigns/${c.campaign_id}`}>
                          {campaignName.get(c.campaign_id) ?? c.campaign_id}
                        </Link>
                      ) : (
                        '—'
                      ),
                    raw: (c) => (c.campaign_id ? (campaignName.get(c.campaign_id) ?? c.campaign_id) : null),
                  },
                  {
                    key: 'ad_group',
                    label: 'Ad group',
                    render: (c) => (c.ad_group_id ? (groupName.get(c.ad_group_id) ?? '—') : '—'),
                    raw: (c) => (c.ad_group_id ? (groupName.get(c.ad_group_id) ?? null) : null),
                  },
                  {
                    key: 'value',
                    label: 'Value',
                    align: 'right',
                    render: (c) => fmtCents(c.value_cents, c.currency || 'USD'),
                    raw: (c) => c.value_cents,
                  },
                  {
                    key: 'is_attributed',
                    label: 'Attribution',
                    render: (c) => (
                      <Badge tone={c.is_attributed ? 'good' : 'neutral'}>
                        {c.attribution
                          ? (ATTRIBUTION[c.attribution] ?? c.attribution)
                          : c.is_attributed
                            ? 'ad click'
                            : 'unattributed'}
                      </Badge>
                    ),
                    raw: (c) => (c.is_attributed ? 1 : 0),
                  },
                  { key: 'source', label: 'Source', render: (c) => c.source },
                  { key: 'order_id', label: 'Order', render: (c) => c.order_id ?? '—' },
                ]}
              />
              <div className="pager">
                <button
                  type="button"
                  className="btn"
                  disabled={cursors.length <= 1}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  ← Newer
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={!d.has_more || !d.next_cursor}
                  onClick={() => setCursors((c) => [...c, d.next_cursor ?? undefined])}
                >
                  Older →
                </button>
              </div>
            </>
          )}
        </Async>
      </Card>
    </Page>
  );
}
