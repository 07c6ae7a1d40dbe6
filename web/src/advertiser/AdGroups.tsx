import { useCallback, useState, type FormEvent } from 'react';
import { Notice, useConfirm } from '../dialog';
import { Ad as AdPreview } from '../../../packages/react/src/index';
import { del, patch, post } from '../api';
import { FormAlert, TextField, lengthErrors, useForm } from '../forms';
import { fmtInt, fmtMoney } from '../format';
import { Async, Badge, Card, Empty, ExportCsv, statusTone, useApi } from '../ui';
import { AdFields, COPY_MAX, CTA_MAX, HEADLINE_MAX } from './CampaignForm';
import type { Ad, AdGroup, Campaign, GroupMetrics } from './types';
import { ReviewState } from './ReviewState';
import { GroupForm } from './GroupForm';

/** A manual ad's fields with live counters and a live preview rendered by the publisher component itself. */
function AdForm({ group, campaign, ad, onDone }: { group: AdGroup; campaign: Campaign; ad?: Ad; onDone: () => void }) {
  const f = useForm({
    headline: ad?.headline ?? '',
    copy: ad?.copy ?? '',
    cta: ad?.cta ?? '',
    landing_page: ad?.landing_page ?? '',
  });
  const v = f.values;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = lengthErrors(v, { headline: HEADLINE_MAX, copy: COPY_MAX, cta: CTA_MAX });
    if (!v.headline.trim() && !v.copy.trim()) local.copy ??= 'Write a headline or copy.';
    if (Object.keys(local).length) return f.setErrors(local);
    await f.run(['headline', 'copy', 'cta', 'landing_page'], async () => {
      const body: Record<string, unknown> = { headline: v.headline || null, copy: v.copy || null, cta: v.cta || null };
      if (v.landing_page) body.landing_page = v.landing_page;
      if (ad) await patch(`/advertiser-dashboard/ads/${encodeURIComponent(ad.id)}`, body);
      else await post(`/advertiser-dashboard/ad-groups/${encodeURIComponent(group.id)}/ads`, body);
      onDone();
    });
  };
  const set = (k: 'headline' | 'copy' | 'cta' | 'landing_page') => (x: string) => f.set(k, x);
  return (
    <form className="form ad-form" onSubmit={submit} noValidate aria-label={ad ? 'Edit ad' : 'New ad'} ref={f.formRef}>
      <div className="ad-form-grid">
        <div>
          <FormAlert message={f.formError} />
          <AdFields values={v} set={set} errors={f.errors} />
          <TextField
            label="Landing page (optional)"
            name="landing_page"
            value={v.landing_page}
            onChange={set('landing_page')}
            error={f.errors.landing_page}
            hint="Defaults to the ad group's"
          />
          <div className="form-actions">
            <button className="btn btn-primary" type="submit" disabled={f.busy}>
              {f.busy ? 'Saving…' : ad ? 'Save ad' : 'Add ad'}
            </button>
            <button className="btn" type="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </div>
        <div className="preview">
          <div className="muted small">Preview</div>
          <AdPreview
            ad={{
              title: v.headline || undefined,
              adText: v.copy || undefined,
              cta: v.cta || undefined,
              brandName: group.brand_name ?? undefined,
              url: v.landing_page || group.landing_page || campaign.landing_page,
            }}
            target="_blank"
          />
        </div>
      </div>
    </form>
  );
}

/** A group's archived ads, each with Restore. */
function ArchivedAds({ group, campaign, onRestored }: { group: AdGroup; campaign: Campaign; onRestored: () => void }) {
  const list = useApi<Ad[]>(`/advertiser-dashboard/ad-groups/${encodeURIComponent(group.id)}/ads`, {
    status: 'archived',
  });
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="archived-ads" data-testid="archived-ads">
      <h3>Archived ads</h3>
      {error && (
        <div className="alert alert-bad" role="alert">
          {error}
        </div>
      )}
      <Async state={list}>
        {(ads) =>
          ads.length === 0 ? (
            <p className="muted small">No archived ads in this group.</p>
          ) : (
            <div className="ads-grid">
              {ads.map((a) => (
                <div key={a.id} className="ad-tile archived" data-ad-id={a.id}>
                  <AdPreview
                    ad={{
                      title: a.headline ?? undefined,
                      adText: a.copy ?? undefined,
                      cta: a.cta ?? undefined,
                      brandName: group.brand_name ?? undefined,
                      url: a.landing_page || group.landing_page || campaign.landing_page,
                    }}
                  />
                  <div className="ad-tile-foot">
                    <Badge tone="bad">archived</Badge>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => {
                        setError(null);
                        patch(`/advertiser-dashboard/ads/${encodeURIComponent(a.id)}`, { status: 'active' }).then(
                          () => (list.reload(), onRestored()),
                          (e: Error) => setError(e.message),
                        );
                      }}
                    >
                      Restore
                    </button>
                  </div>
                </div>
              ))}
            </div>
          )
        }
      </Async>
    </div>
  );
}

function GroupCard({
  group,
  campaign,
  stats,
  reload,
}: {
  group: AdGroup;
  campaign: Campaign;
  stats?: GroupMetrics['ad_groups'][number];
  reload: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, ask] = useConfirm();
  const [notice, setNotice] = useState<{ text: string; undo?: () => void } | null>(null);
  const closeNotice = useCallback(() => setNotice(null), []);
  const archive = async (a: Ad) => {
    const ok = await ask({
      title: 'Archive this ad?',
      body: `“${a.headline || a.copy?.slice(0, 60) || 'This ad'}” stops serving at once. You can restore it from “Show archived ads”.`,
      confirm: 'Archive ad',
      danger: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await del(`/advertiser-dashboard/ads/${encodeURIComponent(a.id)}`);
      reload();
      setNotice({
        text: 'Ad archived.',
        undo: () =>
          void patch(`/advertiser-dashboard/ads/${encodeURIComponent(a.id)}`, {
            status: a.status === 'paused' ? 'paused' : 'active',
          }).then(
            () => (reload(), setNotice({ text: 'Ad restored.' })),
            (e: Error) => setError(e.message),
          ),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const manual = group.group_type === 'manual';
  if (editing === 'group') {
    return (
      <Card className="group-card" title={`Edit ${group.name}`}>
        <GroupForm campaign={campaign} group={group} onDone={() => (setEditing(null), reload())} />
      </Card>
    );
  }
  const live = group.ads.filter((a) => a.status !== 'archived');
  return (
    <Card
      className="group-card"
      title={
        <span>
          {group.name} <Badge tone="info">{group.group_type}</Badge>{' '}
          <Badge tone={statusTone(group.status)}>{group.status}</Badge> <ReviewState item={group} />
        </span>
      }
      actions={
        editing === null ? (
          <span className="page-actions">
            <button type="button" className="btn btn-small" onClick={() => setEditing('group')}>
              Edit group
            </button>
            {manual && (
              <button type="button" className="btn btn-small" onClick={() => setEditing('new')}>
                Add ad
              </button>
            )}
          </span>
        ) : undefined
      }
    >
      {stats && (
        <div className="mini-stats">
          <span>{fmtInt(stats.total_impressions)} impressions</span>
          <span>{fmtInt(stats.total_clicks)} clicks</span>
          <span>{fmtInt(stats.total_conversions)} conversions</span>
          <span>{fmtMoney(stats.total_spend)} spend</span>
          {stats.feedback && (
            <span data-feedback-up={stats.feedback.thumbs_up} data-feedback-down={stats.feedback.thumbs_down}>
              feedback: {fmtInt(stats.feedback.thumbs_up)} up · {fmtInt(stats.feedback.thumbs_down)} down
            </span>
          )}
        </div>
      )}
      {group.context && (
        <p className="muted small">
          <strong>Matches:</strong> {group.context}
        </p>
      )}
      {group.group_type === 'generative' && (
        <p className="muted small">
          <strong>Prompt:</strong> {group.ad_prompt || 'none (generated from the landing page)'}
        </p>
      )}
      {dialog}
      {error && (
        <div className="alert alert-bad" role="alert">
          {error}
        </div>
      )}
      {editing === 'new' && <AdForm group={group} campaign={campaign} onDone={() => (setEditing(null), reload())} />}
      {live.length === 0 && editing === null ? (
        <Empty title={manual ? 'No ads yet.' : 'Ads are being generated.'}>
          {manual ? 'Add an ad to start serving.' : 'Generated ads appear here for preview.'}
        </Empty>
      ) : (
        <div className="ads-grid">
          {live.map((a) =>
            editing === a.id ? (
              <AdForm key={a.id} group={group} campaign={campaign} ad={a} onDone={() => (setEditing(null), reload())} />
            ) : (
              <div key={a.id} className="ad-tile" data-ad-id={a.id}>
                <AdPreview
                  ad={{
                    title: a.headline ?? undefined,
                    adText: a.copy ?? undefined,
                    cta: a.cta ?? undefined,
                    brandName: group.brand_name ?? undefined,
                    url: a.landing_page || group.landing_page || campaign.landing_page,
                  }}
                />
                <div className="ad-tile-foot">
                  <Badge tone={statusTone(a.status)}>{a.status}</Badge>
                  <ReviewState item={a} />
                  <span className="muted small">{a.source}</span>
                  {a.source === 'manual' && (
                    <span className="tile-actions">
                      <button type="button" className="link-btn" onClick={() => setEditing(a.id)}>
                        Edit
                      </button>
                      <button type="button" className="link-btn danger" onClick={() => void archive(a)}>
                        Archive
                      </button>
                    </span>
                  )}
                </div>
              </div>
            ),
          )}
        </div>
      )}
      {manual && (
        <button
          type="button"
          className="link-btn show-all"
          aria-expanded={showArchived}
          onClick={() => setShowArchived((x) => !x)}
        >
          {showArchived ? 'Hide archived ads' : 'Show archived ads'}
        </button>
      )}
      {showArchived && <ArchivedAds key={group.ads.length} group={group} campaign={campaign} onRestored={reload} />}
      {notice && (
        <Notice
          text={notice.text}
          action={notice.undo ? 'Undo' : undefined}
          onAction={notice.undo}
          onClose={closeNotice}
        />
      )}
    </Card>
  );
}

export function AdGroups({ campaign, range }: { campaign: Campaign; range: Record<string, string | number> }) {
  const groups = useApi<AdGroup[] | { ad_groups: AdGroup[] }>('/advertiser-dashboard/ad-groups', {
    campaign_id: campaign.campaign_id,
  });
  const metricsQuery = { campaign_id: campaign.campaign_id, ...range };
  const metrics = useApi<GroupMetrics>('/advertiser-dashboard/ad-group-metrics', metricsQuery);
  const [adding, setAdding] = useState(false);
  return (
    <section className="section">
      <div className="section-head">
        <h2>Ad groups</h2>
        <span className="card-tools">
          <ExportCsv path="/advertiser-dashboard/ad-group-metrics" query={metricsQuery} name="ad-groups" />
          {!adding && !campaign.is_archived && (
            <button type="button" className="btn" onClick={() => setAdding(true)}>
              New ad group
            </button>
          )}
        </span>
      </div>
      {adding && (
        <Card title="New ad group">
          <GroupForm campaign={campaign} onDone={() => (setAdding(false), groups.reload())} />
        </Card>
      )}
      <Async state={groups}>
        {(d) => {
          const list = Array.isArray(d) ? d : d.ad_groups;
          if (!list.length) return <Empty title="No ad groups yet." />;
          return (
            <>
              {list.map((g) => (
                <GroupCard
                  key={g.id}
                  group={g}
                  campaign={campaign}
                  stats={metrics.data?.ad_groups.find((m) => m.ad_group_id === g.id)}
                  reload={groups.reload}
                />
              ))}
            </>
          );
        }}
      </Async>
    </section>
  );
}
