import { useEffect, useState, type FormEvent } from 'react';
import '../selfserve.css';
import { ApiError, config, post } from '../api';
import { fmtAmount, fmtDate, fmtDay } from '../format';
import { getSession } from '../session';
import { Async, Badge, Card, CopyBlock, Page, Stat, Table, useApi } from '../ui';

interface Ledger {
  currency: string;
  payments_enabled: boolean;
  operator_command: string;
  min_top_up: number;
  max_top_up: number;
  has_payment_method: boolean;
  credits_dollars: number;
  total_spend_dollars: number;
  balance_dollars: number;
  credits: {
    credit_id: string;
    at: string;
    amount: number;
    currency: string;
    source: string;
    note: string | null;
    receipt_url: string;
  }[];
  spend: { date: string; campaign_id: string; campaign_name: string; spend: number }[];
  period_days: number;
}

/** Where Stripe Checkout sent the advertiser back (`?checkout=success|cancelled`). */
const returned = (): string | null => new URLSearchParams(location.search).get('checkout');

/** Downloads a receipt: fetched with the key in a header (never in a URL), saved from a Blob. */
async function downloadReceipt(path: string): Promise<void> {
  const res = await fetch(`${config.platformUrl}${path}`, {
    headers: { 'x-api-key': getSession()?.key ?? '' },
    cache: 'no-store',
  });
  if (!res.ok) throw new ApiError(res.status, `The receipt could not be downloaded (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orbit-receipt.html';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function BuyCredits({ l }: { l: Ledger }) {
  const [amount, setAmount] = useState('100');
  const [busy, setBusy] = useState<'credits' | 'payment_method' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async (purpose: 'credits' | 'payment_method', e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    const value = Number(amount);
    if (purpose === 'credits' && (!Number.isFinite(value) || value < l.min_top_up || value > l.max_top_up)) {
      setError(
        `Enter an amount between ${fmtAmount(l.min_top_up, l.currency)} and ${fmtAmount(l.max_top_up, l.currency)}.`,
      );
      return;
    }
    setBusy(purpose);
    try {
      const out = await post<{ url: string }>(
        '/advertiser-dashboard/billing/checkout',
        purpose === 'credits' ? { purpose, amount: value } : { purpose },
      );
      location.assign(out.url);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors().amount ?? err.message) : String(err));
      setBusy(null);
    }
  };
  return (
    <Card title="Add credits">
      <form className="inline-form" onSubmit={(e) => void start('credits', e)} noValidate>
        <div className={`field ${error ? 'has-error' : ''}`}>
          <label htmlFor="top-up">Amount ({l.currency})</label>
          <input
            id="top-up"
            name="amount"
            type="number"
            inputMode="decimal"
            min={l.min_top_up}
            max={l.max_top_up}
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? 'top-up-error' : 'top-up-hint'}
          />
          <div className="muted small" id="top-up-hint">
            {fmtAmount(l.min_top_up, l.currency)} to {fmtAmount(l.max_top_up, l.currency)} per payment. You pay on
            Stripe's secure page; credits appear here when Stripe confirms the payment.
          </div>
          {error && (
            <div className="field-error" role="alert" id="top-up-error">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'credits' ? 'Opening checkout…' : 'Buy credits'}
        </button>
      </form>
      <p className="small">
        {l.has_payment_method ? (
          <Badge tone="good">payment method on file</Badge>
        ) : (
          <>
            Or{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => void start('payment_method')}
              disabled={busy !== null}
            >
              {busy === 'payment_method' ? 'opening…' : 'save a payment method'}
            </button>{' '}
            so spend beyond your credits is charged to it.
          </>
        )}
      </p>
    </Card>
  );
}

function NotConfigured({ l }: { l: Ledger }) {
  const id = getSession()?.accountId ?? '<advertiser id>';
  return (
    <Card title="Online payments are not set up on this server">
      <p>
        This Orbit server has no Stripe keys configured, so credits cannot be bought here yet. Ask the operator to add
        credits to your account (id <code>{id}</code>):
      </p>
      <CopyBlock
        label="Operator command"
        code={l.operator_command.replace('<advertiser id>', id).replace('<amount>', '100')}
      />
      <p className="muted small">
        Operators enable self-serve payments by setting <code>STRIPE_SECRET_KEY</code> and{' '}
        <code>STRIPE_WEBHOOK_SECRET</code> (webhook endpoint <code>{config.apiUrl}/billing/stripe/webhook</code>, event{' '}
        <code>checkout.session.completed</code>).
      </p>
    </Card>
  );
}

export function Billing() {
  const ledger = useApi<Ledger>('/advertiser-dashboard/billing/ledger', { days: 90 });
  const [back] = useState(returned);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const { reload } = ledger;
  // Back from Checkout: Stripe's confirmation reaches Orbit within seconds; look again a few times.
  useEffect(() => {
    if (back !== 'success') return;
    let n = 0;
    const t = setInterval(() => {
      n += 1;
      reload();
      if (n >= 10) clearInterval(t);
    }, 2000);
    return () => clearInterval(t);
  }, [back, reload]);
  return (
    <Page title="Billing" subtitle="Your balance, credits bought and spend by day and campaign">
      {back === 'success' && (
        <div className="alert alert-info" role="status">
          Thank you: your payment was received. Credits appear below as soon as Stripe confirms it (usually within
          seconds).
        </div>
      )}
      {back === 'cancelled' && (
        <div className="alert alert-info" role="status">
          Checkout was cancelled; nothing was charged.
        </div>
      )}
      <Async state={ledger}>
        {(l) => (
          <>
            <div className="stats">
              <Stat
                label={`Balance (${l.currency})`}
                metric="balance_dollars"
                raw={l.balance_dollars}
                value={fmtAmount(l.balance_dollars, l.currency)}
                hint="credits bought − spend"
              />
              <Stat
                label="Credits bought"
                metric="credits_dollars"
                raw={l.credits_dollars}
                value={fmtAmount(l.credits_dollars, l.currency)}
              />
              <Stat
                label="Spend (lifetime)"
                metric="total_spend_dollars"
                raw={l.total_spend_dollars}
                value={fmtAmount(l.total_spend_dollars, l.currency)}
              />
            </div>
            {l.balance_dollars < 0 && (
              <div className="alert alert-info">
                Spend is beyond your credits by {fmtAmount(-l.balance_dollars, l.currency)}:{' '}
                {l.has_payment_method
                  ? 'it is charged to your payment method.'
                  : 'add credits to keep campaigns running.'}
              </div>
            )}
            {l.payments_enabled ? <BuyCredits l={l} /> : <NotConfigured l={l} />}
            <Card title="Credits and receipts">
              {downloadError && <div className="alert alert-bad">{downloadError}</div>}
              <Table
                caption="Credits added to your account, newest first"
                rows={l.credits}
                rowKey={(c) => c.credit_id}
                empty="No credits yet."
                columns={[
                  { key: 'date', label: 'Date', render: (c) => fmtDate(c.at) },
                  {
                    key: 'amount',
                    label: 'Amount',
                    align: 'right',
                    render: (c) => fmtAmount(c.amount, c.currency),
                    raw: (c) => c.amount,
                  },
                  {
                    key: 'source',
                    label: 'Source',
                    render: (c) => (c.source === 'stripe' ? 'Stripe Checkout' : 'Operator'),
                  },
                  {
                    key: 'receipt',
                    label: 'Receipt',
                    render: (c) => (
                      <button
                        type="button"
                        className="link-btn"
                        onClick={() => downloadReceipt(c.receipt_url).catch((e: Error) => setDownloadError(e.message))}
                      >
                        Download
                      </button>
                    ),
                  },
                ]}
              />
            </Card>
            <Card title={`Spend by day and campaign (last ${l.period_days} days, UTC)`}>
              <Table
                caption="Spend per day and campaign"
                rows={l.spend}
                rowKey={(r) => `${r.date}-${r.campaign_id}`}
                empty="No spend in this period."
                columns={[
                  { key: 'day', label: 'Day', render: (r) => fmtDay(r.date) },
                  { key: 'campaign', label: 'Campaign', render: (r) => r.campaign_name },
                  {
                    key: 'spend',
                    label: 'Spend',
                    align: 'right',
                    render: (r) => fmtAmount(r.spend, l.currency),
                    raw: (r) => r.spend,
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
