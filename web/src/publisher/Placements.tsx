import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, post } from '../api';
import { fmtCtr, fmtDate, fmtInt, fmtMoney, fmtPrice, fmtRate } from '../format';
import { focusFirstInvalid, plainMessage } from '../forms';
import { useReportRange } from '../range';
import { Async, Badge, Card, CopyBlock, Empty, ExportCsv, Field, Page, RangeControls, Table, useApi } from '../ui';
import type { PlacementRecord, PlacementsResp, UnknownPlacementsResp } from './types';

export const PLACEMENT_TYPES = [
  'below_response',
  'above_response',
  'inline_response',
  'left_response',
  'right_response',
  'search_result',
  'center_page',
  'top_page',
  'bottom_page',
  'left_page',
  'right_page',
];
const DEVICES = ['all', 'desktop', 'mobile', 'tablet'];
const FRAMEWORKS = ['any', 'react', 'nextjs', 'vite', 'react-native', 'swift', 'vanilla', 'other'];

interface Form {
  name: string;
  placement_type: string;
  device: string;
  framework: string;
  page_url: string;
  description: string;
  max_ad_text_chars: string;
}

const EMPTY: Form = {
  name: '',
  placement_type: 'below_response',
  device: 'all',
  framework: 'any',
  page_url: '',
  description: '',
  max_ad_text_chars: '',
};

/** The rules of spec 1, checked as you type; the server's answer has the last word. */
function check(f: Form): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Give the placement a name.';
  else if (f.name.length > 100) e.name = 'At most 100 characters.';
  else if (!/[\p{L}\p{N}]/u.test(f.name)) e.name = 'The name needs at least one letter or digit.';
  if (f.max_ad_text_chars && (!/^\d+$/.test(f.max_ad_text_chars) || Number(f.max_ad_text_chars) < 120))
    e.display_config = 'A whole number of at least 120.';
  if (f.page_url && !/^https?:\/\/\S+$/i.test(f.page_url)) e.page_url = 'A full URL, starting with https://';
  return e;
}

const slugOf = (name: string) =>
  name
    .trim()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

function CreatePlacement({
  onCreated,
  prefill,
}: {
  onCreated: (p: PlacementRecord) => void;
  prefill: { name: string; type: string; tick: number } | null;
}) {
  const [f, setF] = useState<Form>(EMPTY);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (!prefill) return;
    setF({ ...EMPTY, name: prefill.name, placement_type: prefill.type });
    formRef.current?.scrollIntoView({ block: 'center' });
    formRef.current?.querySelector<HTMLInputElement>('#f-name')?.focus();
  }, [prefill]);
  useEffect(() => {
    if (focusTick) focusFirstInvalid(formRef.current);
  }, [focusTick]);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const local = touched ? check(f) : {};
  const errors = { ...local, ...server };
  const set = (k: keyof Form) => (e: { target: { value: string } }) => {
    setF({ ...f, [k]: e.target.value });
    setServer((s) => {
      const n = { ...s };
      delete n[k === 'max_ad_text_chars' ? 'display_config' : k];
      return n;
    });
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(check(f)).length) return setFocusTick((t) => t + 1);
    setBusy(true);
    setFormError(null);
    try {
      const body: Record<string, unknown> = {
        name: f.name,
        placement_type: f.placement_type,
        device: f.device,
        framework: f.framework,
      };
      if (f.page_url) body.page_url = f.page_url;
      if (f.description) body.description = f.description;
      if (f.max_ad_text_chars) body.display_config = { max_ad_text_chars: Number(f.max_ad_text_chars) };
      const created = await post<PlacementRecord>('/publisher-dashboard/placements', body);
      setF(EMPTY);
      setTouched(false);
      onCreated(created);
    } catch (err) {
      if (err instanceof ApiError) {
        const fe = Object.fromEntries(Object.entries(err.fieldErrors()).map(([k, v]) => [k, plainMessage(v)]));
        if (err.status === 409) fe.name = `${plainMessage(err.message)} Choose another name.`;
        if (fe['display_config.max_ad_text_chars']) fe.display_config = fe['display_config.max_ad_text_chars'];
        setServer(fe);
        if (
          !Object.keys(fe).some((k) =>
            ['name', 'placement_type', 'device', 'framework', 'page_url', 'description', 'display_config'].includes(k),
          )
        )
          setFormError(err.message);
      } else setFormError(String(err));
      setFocusTick((t) => t + 1);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create placement" ref={formRef}>
      {formError && (
        <div className="alert alert-bad" role="alert">
          {formError}
        </div>
      )}
      <Field
        label="Name"
        name="name"
        error={errors.name}
        count={f.name.length}
        max={100}
        hint={
          f.name.trim() ? (
            <>
              Slug (the placement_id of ad requests): <code>{slugOf(f.name) || '—'}</code>
            </>
          ) : (
            'Shown to you only; its slug identifies the slot in ad requests.'
          )
        }
      >
        <input
          id="f-name"
          value={f.name}
          onChange={set('name')}
          onBlur={() => setTouched(true)}
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? 'e-name' : 'h-name'}
          placeholder="Chat below answer"
        />
      </Field>
      <div className="row-3">
        <Field label="Placement type" name="placement_type" error={errors.placement_type}>
          <select id="f-placement_type" value={f.placement_type} onChange={set('placement_type')}>
            {PLACEMENT_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Device" name="device" error={errors.device}>
          <select id="f-device" value={f.device} onChange={set('device')}>
            {DEVICES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
        <Field label="Framework" name="framework" error={errors.framework}>
          <select id="f-framework" value={f.framework} onChange={set('framework')}>
            {FRAMEWORKS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </Field>
      </div>
      <div className="row-2">
        <Field label="Page URL (optional)" name="page_url" error={errors.page_url}>
          <input
            id="f-page_url"
            value={f.page_url}
            onChange={set('page_url')}
            placeholder="https://chat.example.com"
            inputMode="url"
            aria-invalid={!!errors.page_url}
          />
        </Field>
        <Field
          label="Max ad text characters (optional)"
          name="display_config"
          error={errors.display_config}
          hint="At least 120; caps the ad body for this slot."
        >
          <input
            id="f-display_config"
            value={f.max_ad_text_chars}
            onChange={set('max_ad_text_chars')}
            inputMode="numeric"
            placeholder="e.g. 200"
            aria-invalid={!!errors.display_config}
          />
        </Field>
      </div>
      <Field label="Description (optional)" name="description" error={errors.description}>
        <textarea id="f-description" value={f.description} onChange={set('description')} rows={2} />
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating…' : 'Create placement'}
      </button>
    </form>
  );
}

/** A placement's slug with a copy button (the placement_id ad requests carry). */
function Slug({ slug }: { slug: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="copy-inline">
      <code>{slug}</code>
      <button
        type="button"
        className="link-btn"
        aria-label={`Copy placement_id ${slug}`}
        onClick={() =>
          void navigator.clipboard?.writeText(slug).then(
            () => {
              setCopied(true);
              window.setTimeout(() => setCopied(false), 1500);
            },
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}

/** Slugs that ad requests named in the last 24 hours but that are not placements: they never fill until created. */
function UnknownSlugs({ reloadKey, onCreate }: { reloadKey: number; onCreate: (slug: string, type: string) => void }) {
  const unknown = useApi<UnknownPlacementsResp>('/publisher-dashboard/unknown-placements');
  const { reload } = unknown;
  useEffect(() => {
    if (reloadKey) reload();
  }, [reloadKey, reload]);
  if (!unknown.data?.unknown_placements.length) return null;
  return (
    <Card title="Requests for unknown placements (last 24 hours)" className="unknown-slugs">
      <p className="muted small">
        These placement_id values arrived in ad requests but match no placement of yours, so those requests got no ad.
        Create the placement, or fix the slug in your app.
      </p>
      <Table
        caption="Unknown placement slugs"
        rows={unknown.data.unknown_placements}
        rowKey={(u) => u.placement_id}
        defaultSort={{ key: 'requests', dir: 'desc' }}
        columns={[
          { key: 'placement_id', label: 'placement_id', render: (u) => <code>{u.placement_id}</code> },
          { key: 'placement', label: 'Type requested', render: (u) => <code>{u.placement}</code> },
          {
            key: 'requests',
            label: 'Requests',
            align: 'right',
            render: (u) => fmtInt(u.requests),
            raw: (u) => u.requests,
          },
          {
            key: 'last_seen_at',
            label: 'Last seen',
            render: (u) => fmtDate(u.last_seen_at),
            raw: (u) => u.last_seen_at,
          },
          {
            key: 'action',
            label: 'Action',
            sortable: false,
            render: (u) =>
              slugOf(u.placement_id) === u.placement_id ? (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() =>
                    onCreate(u.placement_id, PLACEMENT_TYPES.includes(u.placement) ? u.placement : 'below_response')
                  }
                >
                  Create it
                </button>
              ) : (
                <span className="muted small">
                  Not a valid slug (letters, digits and single hyphens): fix it in your app
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}

export function Placements() {
  // Spec 1: the placements report counts whole UTC days.
  const r = useReportRange({ defaultDays: 7, maxDays: 365, utcOnly: true });
  const [tick, setTick] = useState(0);
  const perf = useApi<PlacementsResp>('/publisher-dashboard/placements', r.query);
  const [created, setCreated] = useState<PlacementRecord[]>([]);
  const [prefill, setPrefill] = useState<{ name: string; type: string; tick: number } | null>(null);
  return (
    <Page
      title="Placements"
      subtitle="Ad slots in your app and how each performs"
      actions={<RangeControls range={r} />}
    >
      <Card
        title={`Performance, ${r.label.toLowerCase()}`}
        actions={<ExportCsv path="/publisher-dashboard/placements" query={r.query} name="placements" />}
      >
        <Async state={perf}>
          {(p) => (
            <Table
              caption="Placement performance"
              empty="No placement yet. Create one below; ad requests name it by its slug as placement_id."
              rows={p.placements}
              rowKey={(x) => x.placement_id}
              columns={[
                {
                  key: 'name',
                  label: 'Placement',
                  render: (x) => (
                    <div>
                      <strong>{x.name}</strong>
                      {x.status && x.status !== 'active' && <Badge tone="warn">{x.status}</Badge>}
                      {!x.created_at && <Badge tone="neutral">deleted or unknown</Badge>}
                    </div>
                  ),
                  raw: (x) => x.name,
                },
                {
                  key: 'placement_id',
                  label: 'Slug (placement_id)',
                  render: (x) => <Slug slug={x.placement_id} />,
                  raw: (x) => x.placement_id,
                },
                { key: 'placement', label: 'Type', render: (x) => <code>{x.placement}</code>, raw: (x) => x.placement },
                {
                  key: 'created_at',
                  label: 'Created',
                  render: (x) => (x.created_at ? fmtDate(x.created_at.slice(0, 10)) : '—'),
                  raw: (x) => x.created_at,
                },
                {
                  key: 'requests',
                  label: 'Requests',
                  align: 'right',
                  render: (x) => fmtInt(x.requests),
                  raw: (x) => x.requests,
                },
                {
                  key: 'fill_rate',
                  label: 'Fill',
                  align: 'right',
                  render: (x) => (x.requests ? fmtRate(x.fill_rate) : '—'),
                  raw: (x) => (x.requests ? x.fill_rate : null),
                },
                {
                  key: 'impressions',
                  label: 'Impressions',
                  align: 'right',
                  render: (x) => fmtInt(x.impressions),
                  raw: (x) => x.impressions,
                },
                {
                  key: 'clicks',
                  label: 'Clicks',
                  align: 'right',
                  render: (x) => fmtInt(x.clicks),
                  raw: (x) => x.clicks,
                },
                { key: 'ctr', label: 'CTR', align: 'right', render: (x) => fmtCtr(x.ctr), raw: (x) => x.ctr },
                {
                  key: 'revenue',
                  label: 'Revenue',
                  align: 'right',
                  render: (x) => fmtMoney(x.revenue),
                  raw: (x) => x.revenue,
                },
                { key: 'cpm', label: 'eCPM', align: 'right', render: (x) => fmtPrice(x.cpm), raw: (x) => x.cpm },
              ]}
            />
          )}
        </Async>
      </Card>
      <UnknownSlugs reloadKey={tick} onCreate={(slug, type) => setPrefill({ name: slug, type, tick: Date.now() })} />
      <div className="grid-2">
        <Card title="New placement">
          <CreatePlacement
            prefill={prefill}
            onCreated={(p) => {
              setCreated((c) => [p, ...c]);
              setTick((t) => t + 1);
              perf.reload();
            }}
          />
        </Card>
        <Card title="Request an ad for a placement">
          {created.length === 0 ? (
            <Empty title="Each placement serves ads on requests that carry its slug as placement_id.">
              Copy a slug from the table above; a new placement shows up there as soon as it is created.
            </Empty>
          ) : (
            created.map((p) => (
              <div key={p.id} className="created" data-slug={p.slug}>
                <div className="created-head" role="status">
                  <strong>{p.name}</strong> <span className="badge badge-good">created</span>
                </div>
                <CopyBlock
                  label={`Request an ad for ${p.slug}`}
                  code={`"placements": [{ "placement": "${p.placement_type}", "placement_id": "${p.slug}" }]`}
                />
              </div>
            ))
          )}
        </Card>
      </div>
    </Page>
  );
}
