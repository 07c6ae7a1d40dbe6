import { useEffect, type FormEvent } from 'react';
import { patch, post } from '../api';
import { FormAlert, SelectField, TextField, listOf, numOrUndef, useForm } from '../forms';
import { Link, navigate } from '../router';
import { Card, ErrorState, Loading, Page, useApi } from '../ui';
import type { Campaign } from './types';

export const HEADLINE_MAX = 80;
export const COPY_MAX = 500;
export const CTA_MAX = 80;
const OBJECTIVES = ['conversions', 'clicks', 'traffic', 'awareness', 'leads', 'sales'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

const EMPTY = {
  name: '',
  landing_page: '',
  daily_budget: '',
  campaign_objective: 'conversions',
  max_cpc: '',
  allowed_countries: '',
  allowed_devices: '',
  start_time: '',
  end_time: '',
  // First ad group (create only).
  group_name: '',
  group_type: 'manual',
  context: '',
  ad_prompt: '',
  brand_name: '',
  headline: '',
  copy: '',
  cta: '',
};
type Values = typeof EMPTY;

/** API field path → form field. */
const FIELD_OF: Record<string, keyof Values> = {
  'ad_groups.0.name': 'group_name',
  'ad_groups.0.group_type': 'group_type',
  'ad_groups.0.context': 'context',
  'ad_groups.0.ad_prompt': 'ad_prompt',
  'ad_groups.0.brand_name': 'brand_name',
  'ad_groups.0.ads.0.headline': 'headline',
  'ad_groups.0.ads.0.copy': 'copy',
  'ad_groups.0.ads.0.cta': 'cta',
  ad_groups: 'group_name',
};

function localErrors(v: Values, creating: boolean): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = 'Name the campaign.';
  if (!/^https?:\/\/\S+\.\S+/i.test(v.landing_page)) e.landing_page = 'A full URL, starting with https://';
  if (v.daily_budget.trim() === '' || !(Number(v.daily_budget) > 0)) e.daily_budget = 'A daily budget in dollars, above 0.';
  if (v.max_cpc && !(Number(v.max_cpc) >= 0)) e.max_cpc = 'A bid in dollars.';
  if (creating) {
    if (!v.group_name.trim()) e.group_name = 'Name the first ad group.';
    if (v.group_type === 'manual' && !v.headline.trim() && !v.copy.trim()) e.copy = 'Write a headline or copy for the first ad.';
    if (v.headline.length > HEADLINE_MAX) e.headline = `At most ${HEADLINE_MAX} characters.`;
    if (v.copy.length > COPY_MAX) e.copy = `At most ${COPY_MAX} characters.`;
    if (v.cta.length > CTA_MAX) e.cta = `At most ${CTA_MAX} characters.`;
  }
  return e;
}

export function CampaignForm({ id }: { id?: string }) {
  const creating = !id;
  const existing = useApi<Campaign>(id ? `/advertiser-dashboard/campaigns/${encodeURIComponent(id)}` : null);
  const f = useForm<Values>(EMPTY);
  const { setValues } = f;
  useEffect(() => {
    const c = existing.data;
    if (!c) return;
    setValues({
      ...EMPTY,
      name: c.name,
      landing_page: c.landing_page,
      daily_budget: String(c.daily_budget),
      campaign_objective: c.campaign_objective ?? 'conversions',
      max_cpc: c.max_cpc ? String(c.max_cpc) : '',
      allowed_countries: (c.allowed_countries ?? []).join(', '),
      allowed_devices: (c.allowed_devices ?? []).join(','),
      start_time: c.start_time ?? '',
      end_time: c.end_time ?? '',
    });
  }, [existing.data, setValues]);
  const v = f.values;
  const devices = v.allowed_devices.split(',').filter(Boolean);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = localErrors(v, creating);
    if (Object.keys(local).length) {
      f.setErrors(local);
      return;
    }
    const known = [...Object.keys(EMPTY), ...Object.keys(FIELD_OF)];
    await f.run(known, async () => {
      const body: Record<string, unknown> = {
        name: v.name,
        landing_page: v.landing_page,
        daily_budget: Number(v.daily_budget),
        campaign_objective: v.campaign_objective,
        allowed_countries: listOf(v.allowed_countries)?.map((c) => c.toUpperCase()) ?? null,
        allowed_devices: devices.length ? devices : null,
      };
      const cpc = numOrUndef(v.max_cpc);
      if (cpc !== undefined) body.max_cpc = cpc;
      if (v.start_time) body.start_time = v.start_time;
      if (v.end_time) body.end_time = v.end_time;
      if (creating) {
        if (body.allowed_countries === null) delete body.allowed_countries;
        if (body.allowed_devices === null) delete body.allowed_devices;
        const group: Record<string, unknown> = { name: v.group_name, group_type: v.group_type };
        if (v.context) group.context = v.context;
        if (v.brand_name) group.brand_name = v.brand_name;
        if (v.group_type === 'generative' && v.ad_prompt) group.ad_prompt = v.ad_prompt;
        if (v.group_type === 'manual') group.ads = [{ headline: v.headline || undefined, copy: v.copy || undefined, cta: v.cta || undefined }];
        body.status = 'draft';
        body.ad_groups = [group];
        const c = await post<Campaign>('/advertiser-dashboard/campaigns', body);
        navigate(`/campaigns/${c.campaign_id}`);
      } else {
        await patch<Campaign>(`/advertiser-dashboard/campaigns/${encodeURIComponent(id)}`, body);
        navigate(`/campaigns/${id}`);
      }
    });
  };
  // Map nested API paths onto the form's fields.
  const errors = { ...f.errors };
  for (const [path, field] of Object.entries(FIELD_OF)) if (f.errors[path] && !errors[field]) errors[field] = f.errors[path];

  if (id && existing.error) return <ErrorState error={existing.error} onRetry={existing.reload} />;
  if (id && !existing.data) return <Loading />;
  const set = (k: keyof Values) => (x: string) => f.set(k, x);
  return (
    <Page title={creating ? 'New campaign' : `Edit ${existing.data?.name ?? 'campaign'}`} subtitle={creating ? 'Campaigns start as drafts; activate when ready.' : undefined} actions={<Link to={id ? `/campaigns/${id}` : '/'}>Cancel</Link>}>
      <form className="form" onSubmit={submit} noValidate aria-label={creating ? 'Create campaign' : 'Edit campaign'}>
        <FormAlert message={f.formError} />
        <Card title="Campaign">
          <div className="row-2">
            <TextField label="Name" name="name" value={v.name} onChange={set('name')} error={errors.name} max={200} />
            <TextField label="Landing page" name="landing_page" value={v.landing_page} onChange={set('landing_page')} error={errors.landing_page} placeholder="https://example.com/offer" inputMode="url" />
          </div>
          <div className="row-3">
            <TextField label="Daily budget (USD)" name="daily_budget" value={v.daily_budget} onChange={set('daily_budget')} error={errors.daily_budget} inputMode="decimal" placeholder="50" />
            <SelectField label="Objective" name="campaign_objective" value={v.campaign_objective} onChange={set('campaign_objective')} options={OBJECTIVES} error={errors.campaign_objective} />
            <TextField label="Max CPC (USD, optional)" name="max_cpc" value={v.max_cpc} onChange={set('max_cpc')} error={errors.max_cpc} inputMode="decimal" hint="Empty: automatic bidding" />
          </div>
          <div className="row-2">
            <TextField label="Countries (optional)" name="allowed_countries" value={v.allowed_countries} onChange={set('allowed_countries')} error={errors.allowed_countries} placeholder="US, CA, GB" hint="Two-letter codes; empty means everywhere" />
            <fieldset className="field" data-field="allowed_devices">
              <legend>Devices</legend>
              <div className="checks">
                {DEVICES.map((d) => (
                  <label key={d} className="check">
                    <input
                      type="checkbox"
                      checked={devices.includes(d)}
                      onChange={(e) => f.set('allowed_devices', (e.target.checked ? [...devices, d] : devices.filter((x) => x !== d)).join(','))}
                    />
                    {d}
                  </label>
                ))}
              </div>
              {errors.allowed_devices ? <div className="field-error">{errors.allowed_devices}</div> : <div className="hint">None checked means every device</div>}
            </fieldset>
          </div>
          <div className="row-2">
            <TextField label="Start (optional)" name="start_time" value={v.start_time} onChange={set('start_time')} error={errors.start_time} placeholder="2026-12-01T09:00:00" />
            <TextField label="End (optional)" name="end_time" value={v.end_time} onChange={set('end_time')} error={errors.end_time} placeholder="2026-12-31T23:59:59" />
          </div>
        </Card>
        {creating && (
          <Card title="First ad group">
            <div className="row-2">
              <TextField label="Ad group name" name="group_name" value={v.group_name} onChange={set('group_name')} error={errors.group_name} max={200} />
              <SelectField
                label="Type"
                name="group_type"
                value={v.group_type}
                onChange={set('group_type')}
                options={[
                  ['manual', 'Manual: I write the ads'],
                  ['generative', 'Generative: Orbit writes the ads'],
                ]}
                error={errors.group_type}
              />
            </div>
            <div className="row-2">
              <TextField label="Conversations to match" name="context" value={v.context} onChange={set('context')} error={errors.context} multiline max={5000} placeholder="running shoes, marathon training, trail running" />
              <TextField label="Brand name" name="brand_name" value={v.brand_name} onChange={set('brand_name')} error={errors.brand_name} max={100} hint="Defaults to the landing page's host name" />
            </div>
            {v.group_type === 'generative' ? (
              <TextField label="Ad prompt" name="ad_prompt" value={v.ad_prompt} onChange={set('ad_prompt')} error={errors.ad_prompt} multiline max={2000} placeholder="Friendly, concrete, mention the free returns" />
            ) : (
              <AdFields values={v} set={set} errors={errors} />
            )}
          </Card>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={f.busy}>
            {f.busy ? 'Saving…' : creating ? 'Create campaign' : 'Save changes'}
          </button>
        </div>
      </form>
    </Page>
  );
}

export function AdFields({ values, set, errors }: { values: { headline: string; copy: string; cta: string }; set: (k: 'headline' | 'copy' | 'cta') => (v: string) => void; errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField label="Headline" name="headline" value={values.headline} onChange={set('headline')} error={errors.headline} max={HEADLINE_MAX} />
      <TextField label="Copy" name="copy" value={values.copy} onChange={set('copy')} error={errors.copy} max={COPY_MAX} multiline />
      <TextField label="Call to action" name="cta" value={values.cta} onChange={set('cta')} error={errors.cta} max={CTA_MAX} placeholder="Shop now" />
    </>
  );
}

