import type { FormEvent } from 'react';
import { patch, post } from '../api';
import { FormAlert, SelectField, TextField, lengthErrors, numOrUndef, useForm } from '../forms';
import { AdFields, COPY_MAX, CTA_MAX, HEADLINE_MAX } from './CampaignForm';
import type { AdGroup, Campaign } from './types';

/** Create a group (with its first ad when manual), or edit one: only changed fields are sent. */
export function GroupForm({ campaign, group, onDone }: { campaign: Campaign; group?: AdGroup; onDone: () => void }) {
  const initial = {
    name: group?.name ?? '',
    group_type: group?.group_type ?? 'manual',
    status: group?.status ?? 'active',
    context: group?.context ?? '',
    ad_prompt: group?.ad_prompt ?? '',
    brand_name: group?.brand_name ?? '',
    landing_page: group?.landing_page ?? '',
    max_cpc: group?.max_cpc ? String(group.max_cpc) : '',
    headline: '',
    copy: '',
    cta: '',
  };
  const f = useForm(initial);
  const v = f.values;
  const set = (k: keyof typeof v) => (x: string) => f.set(k, x);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = lengthErrors(v, {
      name: 200,
      context: 5000,
      ad_prompt: 2000,
      brand_name: 100,
      headline: HEADLINE_MAX,
      copy: COPY_MAX,
      cta: CTA_MAX,
    });
    if (!v.name.trim()) local.name = 'Name the ad group.';
    if (Object.keys(local).length) return f.setErrors(local);
    await f.run(
      [
        'name',
        'group_type',
        'status',
        'context',
        'ad_prompt',
        'brand_name',
        'landing_page',
        'max_cpc',
        'ads.0.headline',
        'ads.0.copy',
        'ads.0.cta',
        'ads',
      ],
      async () => {
        const fields: Record<string, unknown> = {
          name: v.name,
          group_type: v.group_type,
          context: v.context || null,
          brand_name: v.brand_name || null,
          landing_page: v.landing_page || null,
          max_cpc: numOrUndef(v.max_cpc) ?? null,
          ad_prompt: v.group_type === 'generative' ? v.ad_prompt || null : undefined,
        };
        if (group) {
          const changed: Record<string, unknown> = {};
          const before: Record<string, unknown> = {
            ...initial,
            context: initial.context || null,
            brand_name: initial.brand_name || null,
            landing_page: initial.landing_page || null,
            max_cpc: numOrUndef(initial.max_cpc) ?? null,
            ad_prompt: initial.ad_prompt || null,
          };
          for (const [k, x] of Object.entries({ ...fields, status: v.status }))
            if (x !== undefined && x !== before[k]) changed[k] = x;
          if (Object.keys(changed).length)
            await patch(`/advertiser-dashboard/ad-groups/${encodeURIComponent(group.id)}`, changed);
        } else {
          const body: Record<string, unknown> = { campaign_id: campaign.campaign_id };
          for (const [k, x] of Object.entries(fields)) if (x !== undefined && x !== null) body[k] = x;
          if (v.group_type === 'manual' && (v.headline || v.copy))
            body.ads = [{ headline: v.headline || undefined, copy: v.copy || undefined, cta: v.cta || undefined }];
          await post('/advertiser-dashboard/ad-groups', body);
        }
        onDone();
      },
    );
  };
  const errors: Record<string, string | undefined> = {
    ...f.errors,
    headline: f.errors.headline ?? f.errors['ads.0.headline'],
    copy: f.errors.copy ?? f.errors['ads.0.copy'] ?? f.errors.ads,
    cta: f.errors.cta ?? f.errors['ads.0.cta'],
  };
  // Max CPC sits beside the type when creating, below the matching fields when editing.
  const maxCpc = (
    <TextField
      label="Max CPC (optional)"
      name="max_cpc"
      value={v.max_cpc}
      onChange={set('max_cpc')}
      error={f.errors.max_cpc}
      inputMode="decimal"
    />
  );
  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={group ? 'Edit ad group' : 'New ad group'}
      ref={f.formRef}
    >
      <FormAlert message={f.formError} />
      <div className="row-3">
        <TextField label="Name" name="name" value={v.name} onChange={set('name')} error={f.errors.name} max={200} />
        <SelectField
          label="Type"
          name="group_type"
          value={v.group_type}
          onChange={set('group_type')}
          options={[
            ['manual', 'Manual'],
            ['generative', 'Generative'],
          ]}
          error={f.errors.group_type}
        />
        {group ? (
          <SelectField
            label="Status"
            name="status"
            value={v.status}
            onChange={set('status')}
            options={['active', 'paused']}
            error={f.errors.status}
          />
        ) : (
          maxCpc
        )}
      </div>
      <div className="row-2">
        <TextField
          label="Conversations to match"
          name="context"
          value={v.context}
          onChange={set('context')}
          error={f.errors.context}
          multiline
          max={5000}
        />
        <div>
          <TextField
            label="Brand name"
            name="brand_name"
            value={v.brand_name}
            onChange={set('brand_name')}
            error={f.errors.brand_name}
            max={100}
          />
          <TextField
            label="Landing page (optional)"
            name="landing_page"
            value={v.landing_page}
            onChange={set('landing_page')}
            error={f.errors.landing_page}
          />
        </div>
      </div>
      {group && maxCpc}
      {v.group_type === 'generative' ? (
        <TextField
          label="Ad prompt"
          name="ad_prompt"
          value={v.ad_prompt}
          onChange={set('ad_prompt')}
          error={f.errors.ad_prompt}
          multiline
          max={2000}
          hint="Orbit writes this group's ads from the prompt and your landing page."
        />
      ) : (
        !group && <AdFields values={v} set={set} errors={errors} />
      )}
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={f.busy}>
          {f.busy ? 'Saving…' : group ? 'Save ad group' : 'Create ad group'}
        </button>
        <button className="btn" type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
