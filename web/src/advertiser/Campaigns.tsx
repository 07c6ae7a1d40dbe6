import { useState } from 'react';
import { fmtDate, fmtInt, fmtMoney } from '../format';
import { Link } from '../router';
import { Async, Badge, Card, Page, Table, statusTone, useApi } from '../ui';
import type { Campaign } from './types';

const FILTERS = ['all', 'active', 'paused', 'draft'] as const;

export function Campaigns() {
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('all');
  const list = useApi<Campaign[] | { campaigns: Campaign[] }>('/advertiser-dashboard/campaigns', { status: status === 'all' ? undefined : status });
  return (
    <Page
      title="Campaigns"
      subtitle="Status and lifetime results of every campaign"
      actions={
        <Link to="/campaigns/new" className="btn btn-primary">
          New campaign
        </Link>
      }
    >
      <div className="segmented tabs" role="group" aria-label="Status filter">
        {FILTERS.map((f) => (
          <button key={f} type="button" aria-pressed={f === status} className={f === status ? 'on' : ''} onClick={() => setStatus(f)}>
            {f[0].toUpperCase() + f.slice(1)}
          </button>
        ))}
      </div>
      <Card>
        <Async state={list}>
          {(d) => {
            const rows = Array.isArray(d) ? d : d.campaigns;
            return (
              <Table
                caption="Campaigns"
                empty="No campaigns here yet. Create one to start reaching people in AI conversations."
                rows={rows}
                rowKey={(c) => c.campaign_id}
                columns={[
                  {
                    key: 'name',
                    label: 'Campaign',
                    render: (c) => (
                      <div>
                        <Link to={`/campaigns/${c.campaign_id}`} className="strong-link">
                          {c.name}
                        </Link>
                        <div className="muted small">{c.landing_page}</div>
                      </div>
                    ),
                  },
                  {
                    key: 'status',
                    label: 'Status',
                    render: (c) => (
                      <div className="badges">
                        <Badge tone={statusTone(c.status)}>{c.status}</Badge>
                        {c.review_status && c.review_status !== 'approved' && <Badge tone={statusTone(c.review_status)}>{c.review_status.replace('_', ' ')}</Badge>}
                      </div>
                    ),
                  },
                  { key: 'daily_budget', label: 'Daily budget', align: 'right', render: (c) => fmtMoney(c.daily_budget), raw: (c) => c.daily_budget },
                  { key: 'impressions', label: 'Impressions', align: 'right', render: (c) => fmtInt(c.impressions), raw: (c) => c.impressions },
                  { key: 'clicks', label: 'Clicks', align: 'right', render: (c) => fmtInt(c.clicks), raw: (c) => c.clicks },
                  { key: 'conversions', label: 'Conversions', align: 'right', render: (c) => fmtInt(c.conversions), raw: (c) => c.conversions },
                  { key: 'spend', label: 'Spend', align: 'right', render: (c) => fmtMoney(c.spend), raw: (c) => c.spend },
                  { key: 'created_at', label: 'Created', render: (c) => fmtDate(c.created_at) },
                ]}
              />
            );
          }}
        </Async>
      </Card>
    </Page>
  );
}
