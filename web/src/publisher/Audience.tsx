import { BarTable } from '../charts';
import { countryName, fmtCtr, fmtInt, fmtMoney, fmtPrice } from '../format';
import { useRange } from '../range';
import { Async, Card, Empty, Page, RangeControls, useApi } from '../ui';
import type { CountriesResp, DevicesResp, GeoResp } from './types';

const OPTIONS = [7, 30, 90, 365];

function Country({ code }: { code: string }) {
  return (
    <span className="country">
      <span className="cc">{/^[A-Za-z]{2}$/.test(code) && code.toUpperCase() !== 'ZZ' ? code.toUpperCase() : '??'}</span>
      {countryName(code)}
    </span>
  );
}

export function Audience() {
  const r = useRange(30, OPTIONS);
  const days = OPTIONS.includes(r.days) ? r.days : 30;
  const devices = useApi<DevicesResp>('/publisher-dashboard/devices', { days });
  const geo = useApi<GeoResp>('/publisher-dashboard/geography', { days });
  const countries = useApi<CountriesResp>('/publisher-dashboard/countries', { limit: 20 });
  return (
    <Page title="Devices & geography" subtitle="Where and on what your ads are seen" actions={<RangeControls days={days} onDays={r.setDays} options={OPTIONS} />}>
      <div className="grid-2">
        <Card title="Devices">
          <Async state={devices}>
            {(d) =>
              d.devices.length ? (
                <BarTable
                  caption="Device"
                  rows={[...d.devices].sort((a, b) => b.impressions - a.impressions)}
                  label={(x) => <span className="cap">{x.device_type}</span>}
                  value={(x) => x.impressions}
                  display={(x) => `${fmtInt(x.impressions)} impressions`}
                  columns={[
                    { label: 'Impressions', render: (x) => fmtInt(x.impressions), raw: (x) => x.impressions },
                    { label: 'Clicks', render: (x) => fmtInt(x.clicks), raw: (x) => x.clicks },
                    { label: 'CTR', render: (x) => fmtCtr(x.ctr), raw: (x) => x.ctr },
                    { label: 'Revenue', render: (x) => fmtMoney(x.revenue), raw: (x) => x.revenue },
                  ]}
                />
              ) : (
                <Empty title="No impressions in this range yet." />
              )
            }
          </Async>
        </Card>
        <Card title="Top countries by requests">
          <Async state={countries}>
            {(c) =>
              c.countries.length ? (
                <BarTable
                  caption="Country"
                  rows={c.countries}
                  label={(x) => <Country code={x.country_code} />}
                  value={(x) => x.requests}
                  display={(x) => `${x.pct_requests.toFixed(1)}% of requests`}
                  columns={[
                    { label: 'Requests', render: (x) => fmtInt(x.requests), raw: (x) => x.requests },
                    { label: 'Ads served', render: (x) => fmtInt(x.ads_served), raw: (x) => x.ads_served },
                    { label: 'Users', render: (x) => fmtInt(x.unique_users), raw: (x) => x.unique_users },
                    { label: '% req.', render: (x) => `${x.pct_requests.toFixed(1)}%`, raw: (x) => x.pct_requests },
                  ]}
                />
              ) : (
                <Empty title="No ad requests yet." />
              )
            }
          </Async>
        </Card>
      </div>
      <Card title="Geography">
        <Async state={geo}>
          {(g) =>
            g.countries.length ? (
              <BarTable
                caption="Country"
                rows={[...g.countries].sort((a, b) => b.impressions - a.impressions)}
                label={(x) => <Country code={x.country_code} />}
                value={(x) => x.impressions}
                display={(x) => `${fmtInt(x.impressions)} impressions`}
                columns={[
                  { label: 'Impressions', render: (x) => fmtInt(x.impressions), raw: (x) => x.impressions },
                  { label: 'Clicks', render: (x) => fmtInt(x.clicks), raw: (x) => x.clicks },
                  { label: 'CTR', render: (x) => fmtCtr(x.ctr), raw: (x) => x.ctr },
                  { label: 'Revenue', render: (x) => fmtMoney(x.revenue), raw: (x) => x.revenue },
                  { label: 'eCPM', render: (x) => fmtPrice(x.cpm), raw: (x) => x.cpm },
                ]}
              />
            ) : (
              <Empty title="No impressions in this range yet." />
            )
          }
        </Async>
      </Card>
    </Page>
  );
}
