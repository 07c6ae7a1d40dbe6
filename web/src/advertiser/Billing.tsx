import { fmtDate, fmtMoney } from '../format';
import { Async, Card, Page, Stat, useApi } from '../ui';

interface Billing {
  total_spend_dollars: number;
  total_billed_dollars: number;
  unbilled_dollars: number;
  credits_dollars: number;
  last_spend_sync_at: string | null;
}

export function Billing() {
  const b = useApi<Billing>('/advertiser-dashboard/billing');
  return (
    <Page title="Billing" subtitle="Spend, invoices and credits of your account">
      <Async state={b}>
        {(x) => (
          <>
            <div className="stats">
              <Stat label="Total spend" metric="total_spend_dollars" raw={x.total_spend_dollars} value={fmtMoney(x.total_spend_dollars)} />
              <Stat label="Billed" metric="total_billed_dollars" raw={x.total_billed_dollars} value={fmtMoney(x.total_billed_dollars)} />
              <Stat label="Unbilled" metric="unbilled_dollars" raw={x.unbilled_dollars} value={fmtMoney(x.unbilled_dollars)} />
              <Stat label="Credits" metric="credits_dollars" raw={x.credits_dollars} value={fmtMoney(x.credits_dollars)} />
            </div>
            <Card title="How billing works">
              <p>
                Campaigns draw on your credits first; spend beyond them is billed to your payment method. Activating a campaign checks that credits or a payment method
                cover it; when they do not, activation is refused with the reason.
              </p>
              <p className="muted small">Spend last synchronised {fmtDate(x.last_spend_sync_at)}.</p>
            </Card>
          </>
        )}
      </Async>
    </Page>
  );
}
