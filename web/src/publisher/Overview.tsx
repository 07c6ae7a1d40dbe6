import { TimeChart } from '../charts';
import { fmtCtr, fmtInt, fmtMoney, fmtPrice } from '../format';
import { useRange } from '../range';
import { Async, Card, Page, RangeControls, Stat, useApi } from '../ui';
import type { Info, Stats } from './types';

export function Overview() {
  const r = useRange(30, [7, 30, 90, 365]);
  const stats = useApi<Stats>('/publisher-dashboard/stats', { ...r.query(r.days), tz: r.tz });
  const info = useApi<Info>('/publisher-dashboard/info');
  return (
    <Page
      title="Overview"
      subtitle={info.data ? `${info.data.name} · lifetime ${fmtInt(info.data.total_impressions)} impressions, ${fmtInt(info.data.total_clicks)} clicks` : 'Revenue and delivery of your placements'}
      actions={<RangeControls days={r.days} onDays={r.setDays} options={[7, 30, 90, 365]} tz={r.tz} onTz={r.setTz} custom={r.custom} onCustom={r.setCustom} />}
    >
      <Async state={stats}>
        {(s) => (
          <>
            <div className="stats">
              <Stat label="Revenue" metric="totalRevenue" raw={s.totalRevenue} value={fmtMoney(s.totalRevenue)} />
              <Stat label="Impressions" metric="totalImpressions" raw={s.totalImpressions} value={fmtInt(s.totalImpressions)} />
              <Stat label="Clicks" metric="totalClicks" raw={s.totalClicks} value={fmtInt(s.totalClicks)} />
              <Stat label="CTR" metric="avgCtr" raw={s.avgCtr} value={fmtCtr(s.avgCtr)} />
              <Stat label="eCPM" metric="avgCpm" raw={s.avgCpm} value={fmtPrice(s.avgCpm)} />
              <Stat label="Avg. CPC" metric="avgCpc" raw={s.avgCpc} value={fmtPrice(s.avgCpc)} />
              <Stat label="Invalid clicks (not paid)" metric="invalid_clicks" raw={s.invalid_clicks} value={fmtInt(s.invalid_clicks)} />
            </div>
            <div className="grid-2">
              <Card>
                <TimeChart title="Revenue" kind="bar" points={s.timeSeries.map((d) => ({ date: d.date, value: d.revenue }))} format={fmtMoney} total={fmtMoney(s.totalRevenue)} />
              </Card>
              <Card>
                <TimeChart title="Impressions" points={s.timeSeries.map((d) => ({ date: d.date, value: d.impressions }))} format={fmtInt} total={fmtInt(s.totalImpressions)} />
              </Card>
              <Card>
                <TimeChart title="Clicks" points={s.timeSeries.map((d) => ({ date: d.date, value: d.clicks }))} format={fmtInt} color="var(--accent-2)" total={fmtInt(s.totalClicks)} />
              </Card>
              <Card>
                <TimeChart title="CTR" points={s.timeSeries.map((d) => ({ date: d.date, value: d.ctr }))} format={fmtCtr} color="var(--accent-3)" total={fmtCtr(s.avgCtr)} />
              </Card>
            </div>
          </>
        )}
      </Async>
    </Page>
  );
}
