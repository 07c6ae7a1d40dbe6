import { useEffect, type FormEvent } from 'react';
import { Ad as AdPreview } from '../../../packages/react/src/index';
import { AD_CATEGORIES } from '../../../src/lib/ad-categories';
import { patch, post } from '../api';
import { FormAlert, SelectField, TextField, lengthErrors, listOf, numOrUndef, useForm } from '../forms';
import { localTimeZone, timeZones } from '../format';
import { Link, navigate } from '../router';
import { Card, ErrorState, Field, Loading, Page, useApi } from '../ui';
import { CountryPicker } from './CountryPicker';
import { fromLocalInput, toLocalInput } from './datetime';
import type { Campaign } from './types';

export const HEADLINE_MAX = 80;
export const COPY_MAX = 500;
export const CTA_MAX = 80;
const OBJECTIVES = ['conversions', 'clicks', 'traffic', 'awareness', 'leads', 'sales'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

const NAME_MAX = 200;
const EMPTY = {
  name: '',
  category: '',
  schedule_tz: '',
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
  const e: Record<string, string> = lengthErrors(v, {
    name: NAME_MAX,
    group_name: NAME_MAX,
    context: 5000,
    ad_prompt: 2000,
    brand_name: 100,
    headline: HEADLINE_MAX,
    copy: COPY_MAX,
    cta: CTA_MAX,
  });
  if (!v.name.trim()) e.name = 'Name the campaign.';
  if (!v.landing_page.trim()) e.landing_page = 'Enter the page people land on, e.g. https://example.com/offer';
  else if (!/^https?:\/\/\S+\.\S+/i.test(v.landing_page))
    e.landing_page = 'Enter a full address starting with https://';
  if (v.daily_budget.trim() === '') e.daily_budget = 'Enter a daily budget in dollars.';
  else if (!(Number(v.daily_budget) > 0)) e.daily_budget = 'The daily budget must be a number above 0.';
  if (v.max_cpc && !(Number(v.max_cpc) >= 0)) e.max_cpc = 'Enter a bid in dollars, e.g. 0.50.';
  const tz = v.schedule_tz || localTimeZone();
  const start = v.start_time ? fromLocalInput(v.start_time, tz) : null;
  const end = v.end_time ? fromLocalInput(v.end_time, tz) : null;
  if (v.start_time && !start) e.start_time = 'Pick a start date and time.';
  if (v.end_time && !end) e.end_time = 'Pick an end date and time.';
  if (start && end && Date.parse(end) <= Date.parse(start)) e.end_time = 'The end must be after the start.';
  if (creating) {
    if (!v.group_name.trim()) e.group_name = 'Name the first ad group.';
    if (v.group_type === 'manual' && !v.headline.trim() && !v.copy.trim())
      e.copy ??= 'Write a headline or copy for the first ad.';
  } else for (const k of ['group_name', 'context', 'ad_prompt', 'brand_name', 'headline', 'copy', 'cta']) delete e[k];
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
      category: c.category ?? '',
      schedule_tz: localTimeZone(),
      start_time: toLocalInput(c.start_time, localTimeZone()),
      end_time: toLocalInput(c.end_time, localTimeZone()),
    });
  }, [existing.data, setValues]);
  const v = f.values;
  const devices = v.allowed_devices.split(',').filter(Boolean);
  const countries = listOf(v.allowed_countries) ?? [];
  const tz = v.schedule_tz || localTimeZone();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = localErrors(v, creating);
    if (Object.keys(local).length) {
      f.setErrors(local);
      return;
    }
    const known = Object.keys(EMPTY);
    await f.run(
      known,
      async () => {
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
        body.category = v.category || null;
        if (v.start_time) body.start_time = fromLocalInput(v.start_time, tz);
        else if (!creating) body.start_time = null;
        if (v.end_time) body.end_time = fromLocalInput(v.end_time, tz);
        else if (!creating) body.end_time = null;
        if (creating) {
          if (body.allowed_countries === null) delete body.allowed_countries;
          if (body.category === null) delete body.category;
          if (body.allowed_devices === null) delete body.allowed_devices;
          const group: Record<string, unknown> = { name: v.group_name, group_type: v.group_type };
          if (v.context) group.context = v.context;
          if (v.brand_name) group.brand_name = v.brand_name;
          if (v.group_type === 'generative' && v.ad_prompt) group.ad_prompt = v.ad_prompt;
          if (v.group_type === 'manual')
            group.ads = [{ headline: v.headline || undefined, copy: v.copy || undefined, cta: v.cta || undefined }];
          body.status = 'draft';
          body.ad_groups = [group];
          const c = await post<Campaign>('/advertiser-dashboard/campaigns', body);
          navigate(`/campaigns/${c.campaign_id}`);
        } else {
          await patch<Campaign>(`/advertiser-dashboard/campaigns/${encodeURIComponent(id)}`, body);
          navigate(`/campaigns/${id}`);
        }
      },
      'name',
      FIELD_OF,
    );
  };
  const errors = f.errors;

  if (id && existing.error) return <ErrorState error={existing.error} onRetry={existing.reload} />;
  if (id && !existing.data) return <Loading />;
  const set = (k: keyof Values) => (x: string) => f.set(k, x);
  return (
    <Page
      title={creating ? 'New campaign' : `Edit ${existing.data?.name ?? 'campaign'}`}
      subtitle={creating ? 'Campaigns start as drafts; activate when ready.' : undefined}
      actions={<Link to={id ? `/campaigns/${id}` : '/'}>Cancel</Link>}
    >
      <form
        className="form"
        onSubmit={submit}
        noValidate
        aria-label={creating ? 'Create campaign' : 'Edit campaign'}
        ref={f.formRef}
      >
        <FormAlert message={f.formError} />
        <Card title="Campaign">
          <div className="row-2">
            <TextField
              label="Name"
              name="name"
              value={v.name}
              onChange={set('name')}
              error={errors.name}
              max={NAME_MAX}
              required
            />
            <TextField
              label="Landing page"
              name="landing_page"
              value={v.landing_page}
              onChange={set('landing_page')}
              error={errors.landing_page}
              placeholder="https://example.com/offer"
              inputMode="url"
            />
          </div>
          <div className="row-3">
            <TextField
              label="Daily budget (USD)"
              name="daily_budget"
              value={v.daily_budget}
              onChange={set('daily_budget')}
              error={errors.daily_budget}
              inputMode="decimal"
              placeholder="50"
            />
            <SelectField
              label="Objective"
              name="campaign_objective"
              value={v.campaign_objective}
              onChange={set('campaign_objective')}
              options={OBJECTIVES}
              error={errors.campaign_objective}
            />
            <TextField
              label="Max CPC (USD, optional)"
              name="max_cpc"
              value={v.max_cpc}
              onChange={set('max_cpc')}
              error={errors.max_cpc}
              inputMode="decimal"
              hint="Empty: automatic bidding"
            />
          </div>
          <SelectField
            label="Ad category"
            name="category"
            value={v.category}
            onChange={set('category')}
            error={errors.category}
            options={[
              ['', 'Choose a category (publishers can block categories)'],
              ...AD_CATEGORIES.map(([id, label]) => [id, label] as [string, string]),
            ]}
            hint="What the campaign advertises. Publishers may keep some categories out of their apps."
          />
          <div className="row-2">
            <CountryPicker
              value={countries}
              onChange={(list) => f.set('allowed_countries', list.join(', '))}
              error={errors.allowed_countries}
            />
            <fieldset className="field" data-field="allowed_devices">
              <legend>Devices</legend>
              <div className="checks">
                {DEVICES.map((d) => (
                  <label key={d} className="check">
                    <input
                      type="checkbox"
                      checked={devices.includes(d)}
                      onChange={(e) =>
                        f.set(
                          'allowed_devices',
                          (e.target.checked ? [...devices, d] : devices.filter((x) => x !== d)).join(','),
                        )
                      }
                    />
                    {d}
                  </label>
                ))}
              </div>
              {errors.allowed_devices ? (
                <div className="field-error">{errors.allowed_devices}</div>
              ) : (
                <div className="hint">None checked means every device</div>
              )}
            </fieldset>
          </div>
          <div className="row-3">
            <Field label="Start (optional)" name="start_time" error={errors.start_time} hint="Empty: from activation">
              <input
                id="f-start_time"
                type="datetime-local"
                value={v.start_time}
                onChange={(e) => f.set('start_time', e.target.value)}
                aria-invalid={!!errors.start_time}
                aria-describedby={errors.start_time ? 'e-start_time' : 'h-start_time'}
              />
            </Field>
            <Field label="End (optional)" name="end_time" error={errors.end_time} hint="Empty: no end date">
              <input
                id="f-end_time"
                type="datetime-local"
                value={v.end_time}
                min={v.start_time || undefined}
                onChange={(e) => f.set('end_time', e.target.value)}
                aria-invalid={!!errors.end_time}
                aria-describedby={errors.end_time ? 'e-end_time' : 'h-end_time'}
              />
            </Field>
            <SelectField
              label="Time zone of these times"
              name="schedule_tz"
              value={tz}
              onChange={set('schedule_tz')}
              options={timeZones()}
            />
          </div>
        </Card>
        {creating && (
          <Card title="First ad group">
            <div className="row-2">
              <TextField
                label="Ad group name"
                name="group_name"
                value={v.group_name}
                onChange={set('group_name')}
                error={errors.group_name}
                max={200}
              />
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
              <TextField
                label="Conversations to match"
                name="context"
                value={v.context}
                onChange={set('context')}
                error={errors.context}
                multiline
                max={5000}
                placeholder="running shoes, marathon training, trail running"
              />
              <TextField
                label="Brand name"
                name="brand_name"
                value={v.brand_name}
                onChange={set('brand_name')}
                error={errors.brand_name}
                max={100}
                hint="Defaults to the landing page's host name"
              />
            </div>
            {v.group_type === 'generative' ? (
              <TextField
                label="Ad prompt"
                name="ad_prompt"
                value={v.ad_prompt}
                onChange={set('ad_prompt')}
                error={errors.ad_prompt}
                multiline
                max={2000}
                placeholder="Friendly, concrete, mention the free returns"
              />
            ) : (
              <div className="ad-form-grid">
                <div>
                  <AdFields values={v} set={set} errors={errors} />
                </div>
                <div className="preview" data-testid="campaign-ad-preview">
                  <div className="muted small">Live preview, as publishers’ apps render it</div>
                  <AdPreview
                    ad={{
                      title: v.headline || undefined,
                      adText: v.copy || undefined,
                      cta: v.cta || undefined,
                      brandName: v.brand_name || hostOf(v.landing_page) || undefined,
                      url: v.landing_page || undefined,
                    }}
                    target="_blank"
                  />
                </div>
              </div>
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

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

export function AdFields({
  values,
  set,
  errors,
}: {
  values: { headline: string; copy: string; cta: string };
  set: (k: 'headline' | 'copy' | 'cta') => (v: string) => void;
  errors: Record<string, string | undefined>;
}) {
  return (
    <>
      <TextField
        label="Headline"
        name="headline"
        value={values.headline}
        onChange={set('headline')}
        error={errors.headline}
        max={HEADLINE_MAX}
      />
      <TextField
        label="Copy"
        name="copy"
        value={values.copy}
        onChange={set('copy')}
        error={errors.copy}
        max={COPY_MAX}
        multiline
      />
      <TextField
        label="Call to action"
        name="cta"
        value={values.cta}
        onChange={set('cta')}
        error={errors.cta}
        max={CTA_MAX}
        placeholder="Shop now"
      />
    </>
  );
}
