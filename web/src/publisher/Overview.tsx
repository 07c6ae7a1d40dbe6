import { TimeChart, change } from '../charts';
import { fmtCtr, fmtInt, fmtMoney, fmtPrice } from '../format';
import { useReportRange } from '../range';
import { Async, Card, ExportCsv, Page, RangeControls, Stat, useApi } from '../ui';
import type { Info, Stats } from './types';

/** A stat with its change from the previous period of the same length. */
function Delta({ now, before }: { now: number; before: number | undefined }) {
  const d = before === undefined ? null : change(now, before);
  return d ? (
    <span className={`stat-delta ${d.dir}`} data-delta={d.text}>
      {d.text} vs previous
    </span>
  ) : null;
}

export function Overview() {
  const r = useReportRange({ defaultDays: 30, maxDays: 3650 });
  const stats = useApi<Stats>('/publisher-dashboard/stats', r.query);
  const prev = useApi<Stats>('/publisher-dashboard/stats', r.previousQuery);
  const info = useApi<Info>('/publisher-dashboard/info');
  const p = prev.data;
  return (
    <Page
      title="Overview"
      subtitle={
        info.data
          ? `${info.data.name} · lifetime ${fmtInt(info.data.total_impressions)} impressions, ${fmtInt(info.data.total_clicks)} clicks`
          : 'Revenue and delivery of your placements'
      }
      actions={<RangeControls range={r} />}
    >
      <Async state={stats}>
        {(s) => (
          <>
            <div className="stats">
              <Stat
                label="Revenue"
                metric="totalRevenue"
                raw={s.totalRevenue}
                value={fmtMoney(s.totalRevenue)}
                hint={<Delta now={s.totalRevenue} before={p?.totalRevenue} />}
              />
              <Stat
                label="Impressions"
                metric="totalImpressions"
                raw={s.totalImpressions}
                value={fmtInt(s.totalImpressions)}
                hint={<Delta now={s.totalImpressions} before={p?.totalImpressions} />}
              />
              <Stat
                label="Clicks"
                metric="totalClicks"
                raw={s.totalClicks}
                value={fmtInt(s.totalClicks)}
                hint={<Delta now={s.totalClicks} before={p?.totalClicks} />}
              />
              <Stat label="CTR" metric="avgCtr" raw={s.avgCtr} value={fmtCtr(s.avgCtr)} />
              <Stat label="eCPM" metric="avgCpm" raw={s.avgCpm} value={fmtPrice(s.avgCpm)} />
              <Stat label="Avg. CPC" metric="avgCpc" raw={s.avgCpc} value={fmtPrice(s.avgCpc)} />
              <Stat
                label="Invalid clicks (not paid)"
                metric="invalid_clicks"
                raw={s.invalid_clicks}
                value={fmtInt(s.invalid_clicks)}
              />
            </div>
            <div className="section-head">
              <h2>
                {r.label}, compared with the {s.timeSeries.length} days before
              </h2>
              <ExportCsv path="/publisher-dashboard/stats" query={r.query} name="stats" />
            </div>
            <div className="grid-2">
              <Card>
                <TimeChart
                  title="Revenue"
                  kind="bar"
                  points={s.timeSeries.map((d) => ({ date: d.date, value: d.revenue }))}
                  previous={p?.timeSeries.map((d) => d.revenue)}
                  format={fmtMoney}
                  total={fmtMoney(s.totalRevenue)}
                  currentTotal={s.totalRevenue}
                  previousTotal={p?.totalRevenue}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Impressions"
                  points={s.timeSeries.map((d) => ({ date: d.date, value: d.impressions }))}
                  previous={p?.timeSeries.map((d) => d.impressions)}
                  format={fmtInt}
                  total={fmtInt(s.totalImpressions)}
                  currentTotal={s.totalImpressions}
                  previousTotal={p?.totalImpressions}
                />
              </Card>
              <Card>
                <TimeChart
                  title="Clicks"
                  points={s.timeSeries.map((d) => ({ date: d.date, value: d.clicks }))}
                  previous={p?.timeSeries.map((d) => d.clicks)}
                  format={fmtInt}
                  color="var(--accent-2)"
                  total={fmtInt(s.totalClicks)}
                  currentTotal={s.totalClicks}
                  previousTotal={p?.totalClicks}
                />
              </Card>
              <Card>
                <TimeChart
                  title="CTR"
                  points={s.timeSeries.map((d) => ({ date: d.date, value: d.ctr }))}
                  previous={p?.timeSeries.map((d) => d.ctr)}
                  format={fmtCtr}
                  color="var(--accent-3)"
                  total={fmtCtr(s.avgCtr)}
                  currentTotal={s.avgCtr}
                  previousTotal={p?.avgCtr}
                />
              </Card>
            </div>
          </>
        )}
      </Async>
    </Page>
  );
}
