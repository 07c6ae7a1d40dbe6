import { useState } from 'react';
import { ApiError, patch } from '../api';
import { TimeChart } from '../charts';
import { fmtDate, fmtInt, fmtMoney, fmtPct, fmtPrice } from '../format';
import { useRange } from '../range';
import { Link } from '../router';
import { Async, Badge, Card, ErrorState, Loading, Page, RangeControls, Stat, Table, statusTone, useApi } from '../ui';
import { AdGroups } from './AdGroups';
import type { Campaign, Metrics } from './types';

const OPTIONS = [7, 30, 90, 365];

function StatusActions({ c, onChanged }: { c: Campaign; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ status: number; message: string } | null>(null);
  const set = async (status: 'active' | 'paused') => {
    setBusy(true);
    setError(null);
    try {
      await patch(`/advertiser-dashboard/campaigns/${encodeURIComponent(c.campaign_id)}`, { status });
      onChanged();
    } catch (err) {
      setError({ status: err instanceof ApiError ? err.status : 0, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="status-actions">
      <div className="page-actions">
        <Link to={`/campaigns/${c.campaign_id}/edit`} className="btn">
          Edit
        </Link>
        {c.status === 'active' ? (
          <button type="button" className="btn" disabled={busy} onClick={() => void set('paused')}>
            Pause
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void set('active')}>
            {busy ? 'Activating…' : 'Activate'}
          </button>
        )}
      </div>
      {error && (
        <div className={`alert ${error.status === 402 ? 'alert-warn' : 'alert-bad'}`} role="alert" data-status={error.status}>
          {error.status === 402 && <strong>Billing needed to activate. </strong>}
          {error.message}
          {error.status === 402 && (
            <>
              {' '}
              <Link to="/billing">Open billing</Link>
            </>
          )}
        </div>
      )}
    </div>
  );
}

export function CampaignDetail({ id }: { id: string }) {
  const r = useRange(30, OPTIONS);
  const days = OPTIONS.includes(r.days) ? r.days : 30;
  const [allDays, setAllDays] = useState(false);
  const campaign = useApi<Campaign>(`/advertiser-dashboard/campaigns/${encodeURIComponent(id)}`);
  const metrics = useApi<Metrics>('/advertiser-dashboard/metrics', { campaign_id: id, ...r.query(days), tz: r.tz });
  if (campaign.error) return <ErrorState error={campaign.error} onRetry={campaign.reload} />;
  const c = campaign.data;
  if (!c) return <Loading />;
  return (
    <Page
      title={c.name}
      subtitle={
        <span className="badges">
          <Badge tone={statusTone(c.status)}>{c.status}</Badge>
          <Badge tone={statusTone(c.review_status)}>review: {c.review_status?.replace('_', ' ')}</Badge>
          <span className="muted small">
            {fmtMoney(c.daily_budget)}/day · {c.campaign_objective ?? '—'} · created {fmtDate(c.created_at)} · <a href={c.landing_page}>{c.landing_page}</a>
          </span>
        </span>
      }
      actions={<StatusActions c={c} onChanged={campaign.reload} />}
    >
      {c.review_notes && <div className="alert alert-info">Review notes: {c.review_notes}</div>}
      <h2 className="section-title">Lifetime</h2>
      <div className="stats">
        <Stat label="Impressions" metric="impressions" raw={c.impressions} value={fmtInt(c.impressions)} />
        <Stat label="Clicks" metric="clicks" raw={c.clicks} value={fmtInt(c.clicks)} />
        <Stat label="Conversions" metric="conversions" raw={c.conversions} value={fmtInt(c.conversions)} />
        <Stat label="Spend" metric="spend" raw={c.spend} value={fmtMoney(c.spend)} />
        <Stat label="Conversion value" metric="conversion_value" raw={c.conversion_value} value={fmtMoney(c.conversion_value)} />
      </div>
      <div className="section-head">
        <h2>Daily metrics</h2>
        <RangeControls days={days} onDays={r.setDays} options={OPTIONS} tz={r.tz} onTz={r.setTz} custom={r.custom} onCustom={r.setCustom} />
      </div>
      <Async state={metrics}>
        {(m) => (
          <>
            <div className="grid-2">
              <Card>
                <TimeChart title="Spend" kind="bar" points={m.data.map((d) => ({ date: d.date, value: d.spend }))} format={fmtMoney} total={fmtMoney(m.total_spend)} />
              </Card>
              <Card>
                <TimeChart title="Impressions" points={m.data.map((d) => ({ date: d.date, value: d.impressions }))} format={fmtInt} total={fmtInt(m.total_impressions)} />
              </Card>
              <Card>
                <TimeChart title="Clicks" points={m.data.map((d) => ({ date: d.date, value: d.clicks }))} format={fmtInt} color="var(--accent-2)" total={fmtInt(m.total_clicks)} />
              </Card>
              <Card>
                <TimeChart title="Conversions" kind="bar" points={m.data.map((d) => ({ date: d.date, value: d.conversions }))} format={fmtInt} color="var(--accent-3)" total={fmtInt(m.total_conversions)} />
              </Card>
            </div>
            <Card
              title="By day"
              actions={
                <button type="button" className="link-btn" onClick={() => setAllDays((a) => !a)} aria-pressed={allDays}>
                  {allDays ? 'Only days with activity' : 'Show every day'}
                </button>
              }
            >
              <Table
                caption="Daily metrics"
                empty="No delivery in this range."
                rows={[...m.data].reverse().filter((d) => allDays || d.impressions || d.clicks || d.conversions || d.spend)}
                rowKey={(d) => d.date}
                columns={[
                  { key: 'date', label: 'Date' },
                  { key: 'impressions', label: 'Impr.', align: 'right', render: (d) => fmtInt(d.impressions), raw: (d) => d.impressions },
                  { key: 'clicks', label: 'Clicks', align: 'right', render: (d) => fmtInt(d.clicks), raw: (d) => d.clicks },
                  { key: 'invalid_clicks', label: 'Invalid clicks', align: 'right', render: (d) => fmtInt(d.invalid_clicks), raw: (d) => d.invalid_clicks },
                  { key: 'ctr', label: 'CTR', align: 'right', render: (d) => fmtPct(d.ctr), raw: (d) => d.ctr },
                  { key: 'spend', label: 'Spend', align: 'right', render: (d) => fmtMoney(d.spend), raw: (d) => d.spend },
                  { key: 'cpc', label: 'CPC', align: 'right', render: (d) => fmtPrice(d.cpc), raw: (d) => d.cpc },
                  { key: 'conversions', label: 'Conv.', align: 'right', render: (d) => fmtInt(d.conversions), raw: (d) => d.conversions },
                  { key: 'cpa', label: 'CPA', align: 'right', render: (d) => (d.conversions ? fmtMoney(d.cpa) : '—'), raw: (d) => d.cpa },
                  { key: 'roas', label: 'ROAS', align: 'right', render: (d) => (d.spend ? `${d.roas.toFixed(2)}×` : '—'), raw: (d) => d.roas },
                ]}
              />
            </Card>
          </>
        )}
      </Async>
      <AdGroups campaign={c} range={r.query(days)} tz={r.tz} />
    </Page>
  );
}
