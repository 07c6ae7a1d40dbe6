import { fmtDate, fmtInt, fmtMoney } from '../format';
import { useFilter } from '../range';
import { Link } from '../router';
import { Async, Badge, Card, Page, Table, statusTone, useApi } from '../ui';
import type { Campaign } from './types';

const FILTERS = ['all', 'active', 'paused', 'draft', 'archived'] as const;
type Filter = (typeof FILTERS)[number];

export function Campaigns() {
  const [param, setParam] = useFilter('status');
  const status: Filter = (FILTERS as readonly string[]).includes(param) ? (param as Filter) : 'all';
  // Archived campaigns keep their last status (paused): they are listed only under "Archived".
  const list = useApi<Campaign[] | { campaigns: Campaign[] }>('/advertiser-dashboard/campaigns', {
    status: status === 'all' || status === 'archived' ? undefined : status,
  });
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
          <button
            key={f}
            type="button"
            aria-pressed={f === status}
            className={f === status ? 'on' : ''}
            onClick={() => setParam(f === 'all' ? '' : f)}
          >
            {f[0].toUpperCase() + f.slice(1)}
          </button>
        ))}
      </div>
      <Card>
        <Async state={list}>
          {(d) => {
            const rows = (Array.isArray(d) ? d : d.campaigns).filter((c) =>
              status === 'archived' ? c.is_archived : !c.is_archived,
            );
            return (
              <Table
                caption="Campaigns"
                empty={
                  status === 'archived'
                    ? 'No archived campaigns.'
                    : 'No campaigns here yet. Create one to start reaching people in AI conversations.'
                }
                rows={rows}
                rowKey={(c) => c.campaign_id}
                columns={[
                  {
                    key: 'name',
                    label: 'Campaign',
                    raw: (c) => c.name,
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
                        <Badge tone={statusTone(c.is_archived ? 'archived' : c.status)}>
                          {c.is_archived ? 'archived' : c.status}
                        </Badge>
                        {c.review_status && c.review_status !== 'approved' && (
                          <Badge tone={statusTone(c.review_status)}>{c.review_status.replace('_', ' ')}</Badge>
                        )}
                      </div>
                    ),
                    raw: (c) => (c.is_archived ? 'archived' : c.status),
                  },
                  {
                    key: 'daily_budget',
                    label: 'Daily budget',
                    align: 'right',
                    render: (c) => fmtMoney(c.daily_budget),
                    raw: (c) => c.daily_budget,
                  },
                  {
                    key: 'impressions',
                    label: 'Impressions',
                    align: 'right',
                    render: (c) => fmtInt(c.impressions),
                    raw: (c) => c.impressions,
                  },
                  {
                    key: 'clicks',
                    label: 'Clicks',
                    align: 'right',
                    render: (c) => fmtInt(c.clicks),
                    raw: (c) => c.clicks,
                  },
                  {
                    key: 'conversions',
                    label: 'Conversions',
                    align: 'right',
                    render: (c) => fmtInt(c.conversions),
                    raw: (c) => c.conversions,
                  },
                  {
                    key: 'spend',
                    label: 'Spend',
                    align: 'right',
                    render: (c) => fmtMoney(c.spend),
                    raw: (c) => c.spend,
                  },
                  {
                    key: 'created_at',
                    label: 'Created',
                    render: (c) => fmtDate(c.created_at),
                    raw: (c) => c.created_at,
                  },
                ]}
              />
            );
          }}
        </Async>
      </Card>
    </Page>
  );
}
