import { BarTable } from '../charts';
import { countryName, fmtCtr, fmtInt, fmtMoney, fmtPrice } from '../format';
import { useReportRange } from '../range';
import { Async, Card, Empty, ExportCsv, Page, RangeControls, useApi } from '../ui';
import type { CountriesResp, DevicesResp, GeoResp } from './types';

function Country({ code }: { code: string }) {
  return (
    <span className="country">
      <span className="cc">
        {/^[A-Za-z]{2}$/.test(code) && code.toUpperCase() !== 'ZZ' ? code.toUpperCase() : '??'}
      </span>
      {countryName(code)}
    </span>
  );
}

export function Audience() {
  // These reports count whole UTC days (spec 1 gives them no tz): the control says so.
  const r = useReportRange({ defaultDays: 30, maxDays: 365, utcOnly: true });
  const devices = useApi<DevicesResp>('/publisher-dashboard/devices', r.query);
  const geo = useApi<GeoResp>('/publisher-dashboard/geography', r.query);
  const countries = useApi<CountriesResp>('/publisher-dashboard/countries', { limit: 20 });
  return (
    <Page
      title="Devices & geography"
      subtitle="Where and on what your ads are seen"
      actions={<RangeControls range={r} />}
    >
      <div className="grid-2">
        <Card
          title="Devices"
          actions={<ExportCsv path="/publisher-dashboard/devices" query={r.query} name="devices" />}
        >
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
      </div>
      <Card
        title="Top countries by requests (last 30 UTC days)"
        actions={<ExportCsv path="/publisher-dashboard/countries" query={{ limit: 20 }} name="countries" />}
      >
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
                  {
                    label: 'Share of requests',
                    render: (x) => `${x.pct_requests.toFixed(1)}%`,
                    raw: (x) => x.pct_requests,
                  },
                ]}
              />
            ) : (
              <Empty title="No ad requests yet." />
            )
          }
        </Async>
      </Card>
      <Card
        title="Geography"
        actions={<ExportCsv path="/publisher-dashboard/geography" query={r.query} name="geography" />}
      >
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
