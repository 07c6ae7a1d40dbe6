import { useCallback, useState } from 'react';
import { adCategoryLabel } from '../../../src/lib/ad-categories';
import { ApiError, del, post } from '../api';
import { useConfirm, Notice } from '../dialog';
import { fmtDate, fmtInt } from '../format';
import { useFilter, useReportRange } from '../range';
import { Async, Badge, Card, ExportCsv, Page, RangeControls, Stat, Table, useApi } from '../ui';

interface FeedbackItem {
  feedback_id: string;
  created_at: string;
  sentiment: string;
  reasons: string[];
  comment: string | null;
  placement: string | null;
  placement_id: string | null;
  campaign_id: string;
  campaign_name: string | null;
  ad_id: string;
  ad_title: string | null;
  advertiser_id: string;
  advertiser_name: string | null;
  category: string | null;
  device: string;
}

interface Blocks {
  advertisers: { advertiser_id: string; advertiser_name: string | null; created_at: string }[];
  categories: { category: string; label: string; created_at: string }[];
}

/** The suggested reasons of spec 1 (and common variants) in plain words; anything else is shown tidied. */
const REASONS: Record<string, string> = {
  not_interested: 'Not interested',
  irrelevant: 'Not relevant',
  not_relevant: 'Not relevant',
  offensive: 'Offensive',
  repetitive: 'Seen too often',
  misleading: 'Misleading',
  helpful: 'Helpful',
  spam: 'Spam',
  inappropriate: 'Inappropriate',
};
export const reasonLabel = (r: string): string =>
  REASONS[r] ?? (r.replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()) || r);

/** Advertisers and categories kept out of this app, each with an Unblock button. */
function BlocksCard({
  blocks,
  onChange,
}: {
  blocks: ReturnType<typeof useApi<Blocks>>;
  onChange: (msg: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const lift = (kind: 'advertiser' | 'category', value: string, name: string) => {
    setError(null);
    del(`/publisher-dashboard/blocks/${kind}/${encodeURIComponent(value)}`).then(
      () => {
        blocks.reload();
        onChange(`${name} unblocked.`);
      },
      (e: Error) => setError(e.message),
    );
  };
  return (
    <Card title="Blocked in your app">
      {error && (
        <div className="alert alert-bad" role="alert">
          {error}
        </div>
      )}
      <Async state={blocks}>
        {(b) =>
          b.advertisers.length + b.categories.length === 0 ? (
            <p className="muted">
              Nothing is blocked. Block an advertiser or an ad category from a feedback row; Orbit then never shows it
              in your app.
            </p>
          ) : (
            <div className="blocks-list" data-testid="blocks">
              {b.advertisers.map((a) => (
                <span key={a.advertiser_id} className="chip" data-block-advertiser={a.advertiser_id}>
                  Advertiser: {a.advertiser_name ?? a.advertiser_id}
                  <button
                    type="button"
                    aria-label={`Unblock advertiser ${a.advertiser_name ?? a.advertiser_id}`}
                    onClick={() => lift('advertiser', a.advertiser_id, a.advertiser_name ?? 'The advertiser')}
                  >
                    ✕
                  </button>
                </span>
              ))}
              {b.categories.map((c) => (
                <span key={c.category} className="chip" data-block-category={c.category}>
                  Category: {c.label}
                  <button
                    type="button"
                    aria-label={`Unblock category ${c.label}`}
                    onClick={() => lift('category', c.category, c.label)}
                  >
                    ✕
                  </button>
                </span>
              ))}
            </div>
          )
        }
      </Async>
    </Card>
  );
}

/** Recent end-user reactions to the ads shown in this publisher's app, with what to do about them. */
export function Feedback() {
  const r = useReportRange({ defaultDays: 30, maxDays: 365 });
  const [sentiment, setSentiment] = useFilter('sentiment');
  const fb = useApi<{ feedback: FeedbackItem[] }>('/publisher-dashboard/feedback', { ...r.query, limit: 100 });
  const blocks = useApi<Blocks>('/publisher-dashboard/blocks');
  const [dialog, ask] = useConfirm();
  const [notice, setNotice] = useState<{ text: string; undo?: () => void } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const closeNotice = useCallback(() => setNotice(null), []);
  const blockedAdv = new Set(blocks.data?.advertisers.map((a) => a.advertiser_id));
  const blockedCat = new Set(blocks.data?.categories.map((c) => c.category));

  const block = async (kind: 'advertiser' | 'category', value: string, name: string) => {
    const ok = await ask({
      title: kind === 'advertiser' ? `Block ${name}?` : `Block the category “${name}”?`,
      body:
        kind === 'advertiser'
          ? `Orbit will never show ads from ${name} in your app, from now on. You can unblock them at any time.`
          : `Orbit will never show ads of campaigns in the category “${name}” in your app, from now on. You can unblock it at any time.`,
      confirm: 'Block',
      danger: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await post('/publisher-dashboard/blocks', { kind, value });
      blocks.reload();
      setNotice({
        text: `${kind === 'advertiser' ? name : `Category “${name}”`} blocked.`,
        undo: () =>
          void del(`/publisher-dashboard/blocks/${kind}/${encodeURIComponent(value)}`).then(
            () => (blocks.reload(), setNotice({ text: 'Block undone.' })),
          ),
      });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  return (
    <Page
      title="Ad feedback"
      subtitle="What your users said about the ads they saw, and which advertisers or categories to keep out"
      actions={<RangeControls range={r} />}
    >
      {dialog}
      {error && (
        <div className="alert alert-bad" role="alert">
          {error}
        </div>
      )}
      <Async state={fb}>
        {(d) => {
          const up = d.feedback.filter((f) => f.sentiment === 'thumbs_up').length;
          const rows = d.feedback.filter((f) => !sentiment || f.sentiment === sentiment);
          return (
            <>
              <div className="stats">
                <Stat label="Thumbs up" metric="thumbs_up" raw={up} value={fmtInt(up)} hint={r.label} />
                <Stat
                  label="Thumbs down"
                  metric="thumbs_down"
                  raw={d.feedback.length - up}
                  value={fmtInt(d.feedback.length - up)}
                  hint={r.label}
                />
              </div>
              <Card
                title="Feedback (latest 100 in the range)"
                actions={
                  <span className="card-tools">
                    <label className="inline-field">
                      Reaction
                      <select value={sentiment} onChange={(e) => setSentiment(e.target.value)}>
                        <option value="">All</option>
                        <option value="thumbs_down">Thumbs down</option>
                        <option value="thumbs_up">Thumbs up</option>
                      </select>
                    </label>
                    <ExportCsv
                      path="/publisher-dashboard/feedback"
                      query={{ ...r.query, limit: 100 }}
                      name="feedback"
                    />
                  </span>
                }
              >
                <Table
                  caption="Ad feedback"
                  empty="No feedback in this range. Ads with feedbackPrompt show thumbs up/down to your users."
                  rows={rows}
                  rowKey={(f) => f.feedback_id}
                  columns={[
                    {
                      key: 'created_at',
                      label: 'When',
                      render: (f) => fmtDate(f.created_at),
                      raw: (f) => f.created_at,
                    },
                    {
                      key: 'sentiment',
                      label: 'Reaction',
                      render: (f) => (
                        <Badge tone={f.sentiment === 'thumbs_up' ? 'good' : 'bad'}>
                          {f.sentiment === 'thumbs_up' ? 'Thumbs up' : 'Thumbs down'}
                        </Badge>
                      ),
                      raw: (f) => f.sentiment,
                    },
                    {
                      key: 'reasons',
                      label: 'Reasons',
                      render: (f) => f.reasons.map(reasonLabel).join(', ') || '—',
                      raw: (f) => f.reasons.join(','),
                    },
                    { key: 'comment', label: 'Comment', render: (f) => f.comment ?? '—' },
                    {
                      key: 'ad',
                      label: 'Ad',
                      render: (f) => (
                        <div>
                          <strong>{f.ad_title ?? 'Ad'}</strong>
                          <div className="muted small">{f.campaign_name ?? f.campaign_id}</div>
                        </div>
                      ),
                      raw: (f) => f.ad_title,
                    },
                    {
                      key: 'advertiser',
                      label: 'Advertiser',
                      render: (f) => f.advertiser_name ?? f.advertiser_id,
                      raw: (f) => f.advertiser_name,
                    },
                    {
                      key: 'category',
                      label: 'Category',
                      render: (f) => adCategoryLabel(f.category),
                      raw: (f) => f.category,
                    },
                    { key: 'placement', label: 'Placement', render: (f) => f.placement_id ?? f.placement ?? '—' },
                    {
                      key: 'actions',
                      label: 'Act on it',
                      sortable: false,
                      render: (f) => (
                        <span className="tile-actions">
                          {blockedAdv.has(f.advertiser_id) ? (
                            <Badge>advertiser blocked</Badge>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-small"
                              onClick={() =>
                                void block('advertiser', f.advertiser_id, f.advertiser_name ?? 'this advertiser')
                              }
                            >
                              Block advertiser
                            </button>
                          )}{' '}
                          {f.category &&
                            (blockedCat.has(f.category) ? (
                              <Badge>category blocked</Badge>
                            ) : (
                              <button
                                type="button"
                                className="btn btn-small"
                                onClick={() => void block('category', f.category!, adCategoryLabel(f.category))}
                              >
                                Block category
                              </button>
                            ))}
                        </span>
                      ),
                    },
                  ]}
                />
              </Card>
            </>
          );
        }}
      </Async>
      <BlocksCard blocks={blocks} onChange={(text) => setNotice({ text })} />
      {notice && (
        <Notice
          text={notice.text}
          action={notice.undo ? 'Undo' : undefined}
          onAction={notice.undo}
          onClose={closeNotice}
        />
      )}
    </Page>
  );
}
