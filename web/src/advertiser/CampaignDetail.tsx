import { useState } from 'react';
import { adCategoryLabel } from '../../../src/lib/ad-categories';
import { ApiError, patch } from '../api';
import { TimeChart } from '../charts';
import { useConfirm } from '../dialog';
import { countryName, fmtDate, fmtInt, fmtMoney, fmtPct, fmtPrice } from '../format';
import { useReportRange } from '../range';
import { Link } from '../router';
import {
  Async,
  Badge,
  Card,
  ErrorState,
  ExportCsv,
  Loading,
  Page,
  RangeControls,
  Stat,
  Table,
  statusTone,
  useApi,
} from '../ui';
import { AdGroups } from './AdGroups';
import { fmtInZone } from './datetime';
import type { Campaign, Metrics } from './types';
import { ReviewState } from './ReviewState';

/** What the campaign targets, as set: schedule, countries, devices, category, bid. */
function Targeting({ c }: { c: Campaign }) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Card title="Targeting and schedule">
      <dl className="targeting" data-testid="targeting">
        <dt>Schedule</dt>
        <dd>
          {c.start_time ? `From ${fmtInZone(c.start_time, tz)}` : 'From activation'}
          {c.end_time ? ` until ${fmtInZone(c.end_time, tz)}` : ', no end date'}{' '}
          <span className="muted small">({tz})</span>
        </dd>
        <dt>Countries</dt>
        <dd data-countries={(c.allowed_countries ?? []).join(',')}>
          {c.allowed_countries?.length
            ? c.allowed_countries.map((x) => `${countryName(x)} (${x})`).join(', ')
            : 'Everywhere'}
        </dd>
        <dt>Devices</dt>
        <dd>{c.allowed_devices?.length ? c.allowed_devices.join(', ') : 'Every device'}</dd>
        <dt>Category</dt>
        <dd>{adCategoryLabel(c.category)}</dd>
        <dt>Bidding</dt>
        <dd>{c.max_cpc ? `${fmtPrice(c.max_cpc)} per click at most` : 'Automatic'}</dd>
        <dt>Daily budget</dt>
        <dd>{fmtMoney(c.daily_budget)}</dd>
      </dl>
    </Card>
  );
}

function StatusActions({ c, onChanged }: { c: Campaign; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ status: number; message: string } | null>(null);
  const [dialog, ask] = useConfirm();
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
      onChanged();
    } catch (err) {
      setError({
        status: err instanceof ApiError ? err.status : 0,
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  };
  const set = (status: 'active' | 'paused') =>
    act(() => patch(`/advertiser-dashboard/campaigns/${encodeURIComponent(c.campaign_id)}`, { status }));
  const archive = async () => {
    const ok = await ask(
      c.is_archived
        ? {
            title: `Unarchive ${c.name}?`,
            body: 'It comes back paused; activate it when you want it to serve again.',
            confirm: 'Unarchive',
          }
        : {
            title: `Archive ${c.name}?`,
            body: 'It stops serving at once and moves to the Archived list. Its reports stay; you can unarchive it later.',
            confirm: 'Archive',
            danger: true,
          },
    );
    if (ok) await act(() => patch(`/advertiser-dashboard/campaigns/${encodeURIComponent(c.campaign_id)}/archive`, {}));
  };
  return (
    <div className="status-actions">
      {dialog}
      <div className="page-actions">
        {!c.is_archived && (
          <Link to={`/campaigns/${c.campaign_id}/edit`} className="btn">
            Edit
          </Link>
        )}
        {!c.is_archived &&
          (c.status === 'active' ? (
            <button type="button" className="btn" disabled={busy} onClick={() => void set('paused')}>
              Pause
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void set('active')}>
              {busy ? 'Activating…' : 'Activate'}
            </button>
          ))}
        <button type="button" className="btn" disabled={busy} onClick={() => void archive()}>
          {c.is_archived ? 'Unarchive' : 'Archive'}
        </button>
      </div>
      {error && (
        <div
          className={`alert ${error.status === 402 ? 'alert-warn' : 'alert-bad'}`}
          role="alert"
          data-status={error.status}
        >
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
  const r = useReportRange({ defaultDays: 30, maxDays: 365 });
  const [allDays, setAllDays] = useState(false);
  const campaign = useApi<Campaign>(`/advertiser-dashboard/campaigns/${encodeURIComponent(id)}`);
  const metricsQuery = { campaign_id: id, ...r.query };
  const metrics = useApi<Metrics>('/advertiser-dashboard/metrics', metricsQuery);
  const prev = useApi<Metrics>('/advertiser-dashboard/metrics', { campaign_id: id, ...r.previousQuery });
  const p = prev.data;
  if (campaign.error) return <ErrorState error={campaign.error} onRetry={campaign.reload} />;
  const c = campaign.data;
  if (!c) return <Loading />;
  return (
    <Page
      title={c.name}
      subtitle={
        <span className="badges">
          <Badge tone={statusTone(c.is_archived ? 'archived' : c.status)}>
            {c.is_archived ? 'archived' : c.status}
          </Badge>
          <ReviewState item={c} />
          <span className="muted small">
            {fmtMoney(c.daily_budget)}/day · {c.campaign_objective ?? '—'} · created {fmtDate(c.created_at)} ·{' '}
            <a href={c.landing_page}>{c.landing_page}</a>
          </span>
        </span>
      }
      actions={<StatusActions c={c} onChanged={campaign.reload} />}
    >
      {c.is_archived && (
        <div className="alert alert-warn">
          This campaign is archived: it does not serve. Unarchive it to edit or activate it.
        </div>
      )}
      <Targeting c={c} />
      <h2 className="section-title">Lifetime</h2>
      <div className="stats">
        <Stat label="Impressions" metric="impressions" raw={c.impressions} value={fmtInt(c.impressions)} />
        <Stat label="Clicks" metric="clicks" raw={c.clicks} value={fmtInt(c.clicks)} />
        <Stat label="Conversions" metric="conversions" raw={c.conversions} value={fmtInt(c.conversions)} />
        <Stat label="Spend" metric="spend" raw={c.spend} value={fmtMoney(c.spend)} />
        <Stat
          label="Conversion value"
          metric="conversion_value"
          raw={c.conversion_value}
          value={fmtMoney(c.conversion_value)}
        />
      </div>
      <div className="section-head">
        <h2>Daily metrics</h2>
        <RangeControls range={r} />
      </div>
      <Async state={metrics}>
        {(m) => (
          <>
            <div className="grid-2">
              <Card>
                <TimeChart
                  title="Spend"
                  kind="bar"
                  points={m.data.map((d) => ({ date: d.date, value: d.spend }))}
                  previous={p?.data.map((d) => d.spend)}
                  currentTotal={m.total_spend}
                  previousTotal={p?.total_spend}
                  format={fmtMoney}
                  total={fmtMoney(m.total_spend)}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Impressions"
                  points={m.data.map((d) => ({ date: d.date, value: d.impressions }))}
                  previous={p?.data.map((d) => d.impressions)}
                  currentTotal={m.total_impressions}
                  previousTotal={p?.total_impressions}
                  format={fmtInt}
                  total={fmtInt(m.total_impressions)}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Clicks"
                  points={m.data.map((d) => ({ date: d.date, value: d.clicks }))}
                  previous={p?.data.map((d) => d.clicks)}
                  currentTotal={m.total_clicks}
                  previousTotal={p?.total_clicks}
                  format={fmtInt}
                  color="var(--accent-2)"
                  total={fmtInt(m.total_clicks)}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Conversions"
                  kind="bar"
                  points={m.data.map((d) => ({ date: d.date, value: d.conversions }))}
                  previous={p?.data.map((d) => d.conversions)}
                  currentTotal={m.total_conversions}
                  previousTotal={p?.total_conversions}
                  format={fmtInt}
                  color="var(--accent-3)"
                  total={fmtInt(m.total_conversions)}
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
                    onClick={() => setAllDays((a) => !a)}
                    aria-pressed={allDays}
                  >
                    {allDays ? 'Only days with activity' : 'Show every day'}
                  </button>
                  <ExportCsv path="/advertiser-dashboard/metrics" query={metricsQuery} name="metrics" />
                </span>
              }
            >
              <Table
                caption="Daily metrics"
                empty="No delivery in this range."
                rows={[...m.data]
                  .reverse()
                  .filter((d) => allDays || d.impressions || d.clicks || d.conversions || d.spend)}
                rowKey={(d) => d.date}
                columns={[
                  { key: 'date', label: 'Date', raw: (d) => d.date },
                  {
                    key: 'impressions',
                    label: 'Impr.',
                    align: 'right',
                    render: (d) => fmtInt(d.impressions),
                    raw: (d) => d.impressions,
                  },
                  {
                    key: 'clicks',
                    label: 'Clicks',
                    align: 'right',
                    render: (d) => fmtInt(d.clicks),
                    raw: (d) => d.clicks,
                  },
                  {
                    key: 'invalid_clicks',
                    label: 'Invalid clicks',
                    align: 'right',
                    render: (d) => fmtInt(d.invalid_clicks),
                    raw: (d) => d.invalid_clicks,
                  },
                  { key: 'ctr', label: 'CTR', align: 'right', render: (d) => fmtPct(d.ctr), raw: (d) => d.ctr },
                  {
                    key: 'spend',
                    label: 'Spend',
                    align: 'right',
                    render: (d) => fmtMoney(d.spend),
                    raw: (d) => d.spend,
                  },
                  { key: 'cpc', label: 'CPC', align: 'right', render: (d) => fmtPrice(d.cpc), raw: (d) => d.cpc },
                  {
                    key: 'conversions',
                    label: 'Conv.',
                    align: 'right',
                    render: (d) => fmtInt(d.conversions),
                    raw: (d) => d.conversions,
                  },
                  {
                    key: 'cpa',
                    label: 'CPA',
                    align: 'right',
                    render: (d) => (d.conversions ? fmtMoney(d.cpa) : '—'),
                    raw: (d) => d.cpa,
                  },
                  {
                    key: 'roas',
                    label: 'ROAS',
                    align: 'right',
                    render: (d) => (d.spend ? `${d.roas.toFixed(2)}×` : '—'),
                    raw: (d) => d.roas,
                  },
                ]}
              />
            </Card>
          </>
        )}
      </Async>
      <AdGroups campaign={c} range={r.query} />
    </Page>
  );
}
