import { useState } from 'react';
import { Funnel, TimeChart } from '../charts';
import { fmtInt, fmtRate } from '../format';
import { useReportRange } from '../range';
import { Async, Card, ExportCsv, Page, RangeControls, Stat, Table, useApi } from '../ui';
import type { ActivityResp } from './types';

export function Activity() {
  const [allDays, setAllDays] = useState(false);
  const r = useReportRange({ defaultDays: 7, maxDays: 30 });
  const act = useApi<ActivityResp>('/publisher-dashboard/activity', r.query);
  return (
    <Page
      title="Activity"
      subtitle="How often ad requests match a campaign, and how often matched ads are seen"
      actions={<RangeControls range={r} />}
    >
      <Async state={act}>
        {(a) => (
          <>
            <div className="stats">
              <Stat label="Requests" metric="total_requests" raw={a.total_requests} value={fmtInt(a.total_requests)} />
              <Stat label="Wins" metric="total_wins" raw={a.total_wins} value={fmtInt(a.total_wins)} />
              <Stat
                label="Impressions"
                metric="total_impressions"
                raw={a.total_impressions}
                value={fmtInt(a.total_impressions)}
              />
              <Stat
                label="Fill rate"
                metric="fill_rate"
                raw={a.fill_rate}
                value={fmtRate(a.fill_rate)}
                hint="wins ÷ requests"
              />
              <Stat
                label="Show rate"
                metric="show_rate"
                raw={a.show_rate}
                value={fmtRate(a.show_rate)}
                hint="impressions ÷ wins"
              />
            </div>
            <div className="grid-2">
              <Card title="Funnel">
                <Funnel
                  steps={[
                    { label: 'Requests', value: a.total_requests, display: fmtInt(a.total_requests) },
                    {
                      label: 'Wins',
                      value: a.total_wins,
                      display: fmtInt(a.total_wins),
                      note: `${fmtRate(a.fill_rate)} of requests filled`,
                    },
                    {
                      label: 'Impressions',
                      value: a.total_impressions,
                      display: fmtInt(a.total_impressions),
                      note: `${fmtRate(a.show_rate)} of wins seen`,
                    },
                  ]}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Requests"
                  kind="bar"
                  points={a.data.map((d) => ({ date: d.date, value: d.requests }))}
                  format={fmtInt}
                />
              </Card>
            </div>
            <Card
              title="By day"
              actions={
                <span className="card-tools">
                  <button
                    type="button"
                    className="link-btn"
                    onClick={() => setAllDays((x) => !x)}
                    aria-pressed={allDays}
                  >
                    {allDays ? 'Only days with activity' : 'Show every day'}
                  </button>
                  <ExportCsv path="/publisher-dashboard/activity" query={r.query} name="activity" />
                </span>
              }
            >
              <Table
                caption="Activity by day"
                empty="No ad requests in this range."
                rows={[...a.data].reverse().filter((d) => allDays || d.requests || d.wins || d.impressions)}
                rowKey={(d) => d.date}
                columns={[
                  { key: 'date', label: 'Date' },
                  {
                    key: 'requests',
                    label: 'Requests',
                    align: 'right',
                    render: (d) => fmtInt(d.requests),
                    raw: (d) => d.requests,
                  },
                  { key: 'wins', label: 'Wins', align: 'right', render: (d) => fmtInt(d.wins), raw: (d) => d.wins },
                  {
                    key: 'impressions',
                    label: 'Impressions',
                    align: 'right',
                    render: (d) => fmtInt(d.impressions),
                    raw: (d) => d.impressions,
                  },
                  {
                    key: 'fill',
                    label: 'Fill rate',
                    align: 'right',
                    render: (d) => (d.requests ? fmtRate(d.wins / d.requests) : '—'),
                    raw: (d) => (d.requests ? d.wins / d.requests : null),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </Async>
    </Page>
  );
}
