import { useState } from 'react';
import { ApiError } from './api';
import { Field } from './ui';

/** Form values as strings, server and local errors by field name (API field paths, e.g. `ad_groups.0.name`). */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const n = { ...e };
      delete n[name];
      return n;
    });
  };
  /** Run a submit; API errors are spread onto their fields, the rest shown above the form. */
  const run = async (known: string[], fn: () => Promise<void>, conflictField?: string) => {
    setBusy(true);
    setFormError(null);
    setErrors({});
    try {
      await fn();
    } catch (err) {
      if (err instanceof ApiError) {
        const fe: Record<string, string> = {};
        for (const d of err.details) fe[d.field] ??= d.message;
        // A conflict (409) names no field: it belongs to the field that must be unique.
        if (err.status === 409 && conflictField) fe[conflictField] = err.message;
        setErrors(fe);
        const placed = Object.keys(fe).some((f) => known.includes(f));
        if (!placed) setFormError(err.message);
      } else setFormError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return { values, set, errors, setErrors, formError, setFormError, busy, run, setValues };
}

export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  max,
  hint,
  multiline,
  placeholder,
  type = 'text',
  inputMode,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  max?: number;
  hint?: string;
  multiline?: boolean;
  placeholder?: string;
  type?: string;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
}) {
  const id = `f-${name}`;
  const common = {
    id,
    name,
    value,
    placeholder,
    'aria-invalid': !!error,
    'aria-describedby': error ? `e-${name}` : undefined,
  };
  return (
    <Field label={label} name={name} error={error} hint={hint} count={max !== undefined ? value.length : undefined} max={max}>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function SelectField({ label, name, value, onChange, options, error }: { label: string; name: string; value: string; onChange: (v: string) => void; options: (string | [string, string])[]; error?: string }) {
  return (
    <Field label={label} name={name} error={error}>
      <select id={`f-${name}`} name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
        {options.map((o) => {
          const [v, l] = Array.isArray(o) ? o : [o, o];
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-bad" role="alert">
      {message}
    </div>
  );
}

/** "US, de ,FR" → ["US","DE","FR"]; empty → undefined. */
export const listOf = (s: string): string[] | undefined => {
  const l = s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return l.length ? l : undefined;
};

export const numOrUndef = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));
