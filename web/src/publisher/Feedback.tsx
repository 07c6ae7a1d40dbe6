import { fmtDate, fmtInt } from '../format';
import { Async, Badge, Card, Page, Stat, Table, useApi } from '../ui';

interface FeedbackItem {
  feedback_id: string;
  created_at: string;
  sentiment: string;
  reasons: string[];
  comment: string | null;
  placement: string | null;
  placement_id: string | null;
  campaign_id: string;
  device: string;
}

/** Recent end-user reactions to the ads shown in this publisher's app (GET /publisher-dashboard/feedback). */
export function Feedback() {
  const fb = useApi<{ feedback: FeedbackItem[] }>('/publisher-dashboard/feedback', { limit: 100 });
  return (
    <Page title="Ad feedback" subtitle="What your users said about the ads they saw (latest 100)">
      <Async state={fb}>
        {(d) => {
          const up = d.feedback.filter((f) => f.sentiment === 'thumbs_up').length;
          return (
            <>
              <div className="stats">
                <Stat label="Thumbs up" metric="thumbs_up" raw={up} value={fmtInt(up)} />
                <Stat label="Thumbs down" metric="thumbs_down" raw={d.feedback.length - up} value={fmtInt(d.feedback.length - up)} />
              </div>
              <Card title="Recent feedback">
                <Table
                  caption="Recent ad feedback"
                  empty="No feedback yet. Ads with feedbackPrompt show thumbs up/down to your users."
                  rows={d.feedback}
                  rowKey={(f) => f.feedback_id}
                  columns={[
                    { key: 'created_at', label: 'When', render: (f) => fmtDate(f.created_at) },
                    {
                      key: 'sentiment',
                      label: 'Reaction',
                      render: (f) => <Badge tone={f.sentiment === 'thumbs_up' ? 'good' : 'bad'}>{f.sentiment === 'thumbs_up' ? 'Thumbs up' : 'Thumbs down'}</Badge>,
                      raw: (f) => f.sentiment,
                    },
                    { key: 'reasons', label: 'Reasons', render: (f) => f.reasons.join(', ') || '—' },
                    { key: 'comment', label: 'Comment', render: (f) => f.comment ?? '—' },
                    { key: 'placement', label: 'Placement', render: (f) => f.placement_id ?? f.placement ?? '—' },
                    { key: 'device', label: 'Device', render: (f) => f.device || '—' },
                  ]}
                />
              </Card>
            </>
          );
        }}
      </Async>
    </Page>
  );
}
