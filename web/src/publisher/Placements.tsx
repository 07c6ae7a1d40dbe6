import { useState, type FormEvent } from 'react';
import { ApiError, post } from '../api';
import { fmtCtr, fmtInt, fmtMoney, fmtPrice } from '../format';
import { Sparkline } from '../Sparkline';
import { useRange } from '../range';
import { Async, Card, CopyBlock, Field, Page, RangeControls, Table, useApi } from '../ui';
import type { PlacementRecord, PlacementsResp } from './types';

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
const OPTIONS = [7, 30, 90, 365];

interface Form {
  name: string;
  placement_type: string;
  device: string;
  framework: string;
  page_url: string;
  description: string;
  max_ad_text_chars: string;
}

const EMPTY: Form = { name: '', placement_type: 'below_response', device: 'all', framework: 'any', page_url: '', description: '', max_ad_text_chars: '' };

/** The rules of spec 1, checked as you type; the server's answer has the last word. */
function check(f: Form): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Give the placement a name.';
  else if (f.name.length > 100) e.name = 'At most 100 characters.';
  else if (!/[\p{L}\p{N}]/u.test(f.name)) e.name = 'The name needs at least one letter or digit.';
  if (f.max_ad_text_chars && (!/^\d+$/.test(f.max_ad_text_chars) || Number(f.max_ad_text_chars) < 120)) e.display_config = 'A whole number of at least 120.';
  if (f.page_url && !/^https?:\/\/\S+$/i.test(f.page_url)) e.page_url = 'A full URL, starting with https://';
  return e;
}

const slugOf = (name: string) => name.trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');

function CreatePlacement({ onCreated }: { onCreated: (p: PlacementRecord) => void }) {
  const [f, setF] = useState<Form>(EMPTY);
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
    if (Object.keys(check(f)).length) return;
    setBusy(true);
    setFormError(null);
    try {
      const body: Record<string, unknown> = { name: f.name, placement_type: f.placement_type, device: f.device, framework: f.framework };
      if (f.page_url) body.page_url = f.page_url;
      if (f.description) body.description = f.description;
      if (f.max_ad_text_chars) body.display_config = { max_ad_text_chars: Number(f.max_ad_text_chars) };
      const created = await post<PlacementRecord>('/publisher-dashboard/placements', body);
      setF(EMPTY);
      setTouched(false);
      onCreated(created);
    } catch (err) {
      if (err instanceof ApiError) {
        const fe = err.fieldErrors();
        if (err.status === 409) fe.name = err.message;
        if (fe['display_config.max_ad_text_chars']) fe.display_config = fe['display_config.max_ad_text_chars'];
        setServer(fe);
        if (!Object.keys(fe).some((k) => ['name', 'placement_type', 'device', 'framework', 'page_url', 'description', 'display_config'].includes(k))) setFormError(err.message);
      } else setFormError(String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create placement">
      {formError && (
        <div className="alert alert-bad" role="alert">
          {formError}
        </div>
      )}
      <Field label="Name" name="name" error={errors.name} count={f.name.length} max={100} hint={f.name.trim() ? <>Slug (the placement_id of ad requests): <code>{slugOf(f.name) || '—'}</code></> : 'Shown to you only; its slug identifies the slot in ad requests.'}>
        <input id="f-name" value={f.name} onChange={set('name')} onBlur={() => setTouched(true)} aria-invalid={!!errors.name} placeholder="Chat below answer" />
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
          <input id="f-page_url" value={f.page_url} onChange={set('page_url')} placeholder="https://chat.example.com" inputMode="url" />
        </Field>
        <Field label="Max ad text characters (optional)" name="display_config" error={errors.display_config} hint="At least 120; caps the ad body for this slot.">
          <input id="f-display_config" value={f.max_ad_text_chars} onChange={set('max_ad_text_chars')} inputMode="numeric" placeholder="e.g. 200" />
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

export function Placements() {
  const r = useRange(7, OPTIONS);
  const days = OPTIONS.includes(r.days) ? r.days : 7;
  const perf = useApi<PlacementsResp>('/publisher-dashboard/placements', { days });
  const [created, setCreated] = useState<PlacementRecord[]>([]);
  return (
    <Page title="Placements" subtitle="Ad slots in your app and how each performs" actions={<RangeControls days={days} onDays={r.setDays} options={OPTIONS} />}>
      <Card title={`Performance, last ${days} days`}>
        <Async state={perf}>
          {(p) => (
            <Table
              caption="Placement performance"
              empty="No placement has delivered in this range yet."
              rows={p.placements}
              rowKey={(x) => x.placement}
              columns={[
                { key: 'placement', label: 'Placement', render: (x) => <code>{x.placement}</code> },
                { key: 'trend', label: 'Impressions trend', render: (x) => <Sparkline values={x.daily.map((d) => d.impressions)} label={`Daily impressions of ${x.placement}`} /> },
                { key: 'impressions', label: 'Impressions', align: 'right', render: (x) => fmtInt(x.impressions), raw: (x) => x.impressions },
                { key: 'clicks', label: 'Clicks', align: 'right', render: (x) => fmtInt(x.clicks), raw: (x) => x.clicks },
                { key: 'ctr', label: 'CTR', align: 'right', render: (x) => fmtCtr(x.ctr), raw: (x) => x.ctr },
                { key: 'revenue', label: 'Revenue', align: 'right', render: (x) => fmtMoney(x.revenue), raw: (x) => x.revenue },
                { key: 'cpm', label: 'eCPM', align: 'right', render: (x) => fmtPrice(x.cpm), raw: (x) => x.cpm },
              ]}
            />
          )}
        </Async>
      </Card>
      <div className="grid-2">
        <Card title="New placement">
          <CreatePlacement onCreated={(p) => setCreated((c) => [p, ...c])} />
        </Card>
        <Card title="Created in this session">
          {created.length === 0 ? (
            <p className="muted">A new placement serves ads on requests that carry its slug as <code>placement_id</code>.</p>
          ) : (
            created.map((p) => (
              <div key={p.id} className="created" data-slug={p.slug}>
                <div className="created-head">
                  <strong>{p.name}</strong> <span className="badge badge-good">{p.status}</span>
                </div>
                <CopyBlock label={`Request an ad for ${p.slug}`} code={`"placements": [{ "placement": "${p.placement_type}", "placement_id": "${p.slug}" }]`} />
              </div>
            ))
          )}
        </Card>
      </div>
    </Page>
  );
}
