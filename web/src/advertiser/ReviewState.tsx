import { Badge } from '../ui';

/** The review fields every reviewed item (campaign, ad group, ad) carries (campaigns/review.ts on the server). */
export interface Reviewable {
  review_status?: string;
  review_notes?: string | null;
  serving_version?: Record<string, unknown> | null;
  changes_in_review?: string[];
}

const words = (f: string) => f.replace(/_/g, ' ');

/**
 * What is live and what is in review for one item: approved versions keep
 * serving while an edit waits, so an item can be live and in review at once.
 */
export function ReviewState({ item }: { item: Reviewable }) {
  const status = item.review_status ?? '';
  const live = item.serving_version != null;
  const changes = item.changes_in_review ?? [];
  const inReview = status.startsWith('pending');
  return (
    <span className="badges review-state" data-review-status={status} data-live={live ? 'yes' : 'no'}>
      {live ? (
        <Badge tone="good">live</Badge>
      ) : status === 'rejected' ? (
        <Badge tone="bad">rejected</Badge>
      ) : (
        <Badge tone="neutral">not live yet</Badge>
      )}
      {inReview && (
        <Badge tone="warn">
          {live ? `edit in review: ${changes.map(words).join(', ') || 'content'}` : 'in review'}
        </Badge>
      )}
      {status === 'not_submitted' && <Badge tone="neutral">reviewed when the campaign is activated</Badge>}
      {live && status === 'rejected' && (
        <Badge tone="bad">last edit rejected: the approved version keeps serving</Badge>
      )}
      {item.review_notes && status !== 'approved' && (
        <span className="muted small">Review notes: {item.review_notes}</span>
      )}
    </span>
  );
}
