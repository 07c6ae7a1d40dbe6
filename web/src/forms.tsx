import { useEffect, useRef, useState } from 'react';
import { ApiError } from './api';
import { Field } from './ui';

/**
 * A server message in plain words: the validation wording of the API
 * (Zod's "Too big: expected string to have <=200 characters", "Invalid
 * input: expected number…") said the way a person would.
 */
export function plainMessage(message: string): string {
  const m = message.trim();
  let r: RegExpExecArray | null;
  if ((r = /Too big: expected (?:string|array) to have <=\s*(\d+) (characters|items)/i.exec(m)))
    return `Use at most ${r[1]} ${r[2]}.`;
  if ((r = /Too small: expected string to have >=\s*1 characters?/i.exec(m))) return 'This cannot be empty.';
  if ((r = /Too small: expected string to have >=\s*(\d+) characters/i.exec(m)))
    return `Use at least ${r[1]} characters.`;
  if ((r = /Too (big|small): expected number to be ([<>]=?)\s*([\d.]+)/i.exec(m)))
    return `Enter a number ${r[2].startsWith('<') ? 'up to' : 'of at least'} ${r[3]}.`;
  if (/received undefined|^required$/i.test(m)) return 'This is required.';
  if (/expected number/i.test(m)) return 'Enter a number.';
  if (/expected boolean/i.test(m)) return 'Choose yes or no.';
  if (/Invalid option|expected one of/i.test(m)) return 'Choose one of the options.';
  if (/two-letter ISO 3166/i.test(m)) return 'Choose countries from the list.';
  if (/Unrecognized key/i.test(m)) return 'This field is not accepted here.';
  const s = m.replace(/^[a-z_]+(\.\d+)*(\.[a-z_]+)*:\s*/i, '');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;
}

/** Focus and scroll to the first invalid field of a form (or its alert when no field is marked). */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  const el =
    form.querySelector<HTMLElement>(
      '[aria-invalid="true"], .has-error input, .has-error select, .has-error textarea, .has-error button',
    ) ?? form.querySelector<HTMLElement>('.alert[role="alert"]');
  if (!el) return;
  el.scrollIntoView({ block: 'center', behavior: 'auto' });
  if (el.classList.contains('alert')) el.tabIndex = -1;
  el.focus({ preventScroll: true });
}

/**
 * Form values as strings, and errors by field name. Server 4xx errors are
 * put on the field they name (`fieldOf` maps API paths such as
 * `ad_groups.0.name` to form fields; `allowed_countries.3` falls back to
 * `allowed_countries`), in plain words; what names no field is shown above
 * the form. On a failed submit the first invalid field takes the focus.
 */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusTick) focusFirstInvalid(formRef.current);
  }, [focusTick]);
  const set = (name: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrorsState((e) => {
      if (!(name in e)) return e;
      const n = { ...e };
      delete n[name];
      return n;
    });
  };
  /** Show these errors and move the focus to the first (a failed submit). */
  const setErrors = (e: Record<string, string>) => {
    setErrorsState(e);
    setFocusTick((t) => t + 1);
  };
  /** Run a submit; API errors are spread onto their fields, the rest shown above the form. */
  const run = async (
    known: string[],
    fn: () => Promise<void>,
    conflictField?: string,
    fieldOf: Record<string, string> = {},
  ) => {
    setBusy(true);
    setFormError(null);
    setErrorsState({});
    try {
      await fn();
    } catch (err) {
      if (err instanceof ApiError) {
        const fe: Record<string, string> = {};
        const unplaced: string[] = [];
        for (const d of err.details) {
          let path = d.field;
          let target: string | undefined;
          for (;;) {
            target = fieldOf[path] ?? (known.includes(path) ? path : undefined);
            if (target || !path.includes('.')) break;
            path = path.slice(0, path.lastIndexOf('.'));
          }
          if (target) fe[target] ??= plainMessage(d.message);
          else unplaced.push(plainMessage(d.message));
        }
        // A conflict (409) names no field: it belongs to the field that must be unique.
        if (err.status === 409 && conflictField) fe[conflictField] = plainMessage(err.message);
        setErrorsState(fe);
        if (!Object.keys(fe).length || unplaced.length)
          setFormError(
            unplaced.length
              ? unplaced.join(' ')
              : err.status >= 400 && err.status < 500
                ? plainMessage(err.message)
                : err.message,
          );
      } else setFormError(err instanceof Error ? err.message : String(err));
      setFocusTick((t) => t + 1);
    } finally {
      setBusy(false);
    }
  };
  return { values, set, errors, setErrors, formError, setFormError, busy, run, setValues, formRef };
}

/** The message for a value longer than its limit (shown as you type, and on submit). */
export const tooLong = (value: string, max: number | undefined): string | undefined =>
  max !== undefined && value.length > max
    ? `Too long: ${value.length.toLocaleString('en-US')} characters; at most ${max.toLocaleString('en-US')}.`
    : undefined;

/** Local checks of the fields that have a length limit. */
export function lengthErrors(values: Record<string, string>, limits: Record<string, number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, max] of Object.entries(limits)) {
    const e = tooLong(values[k] ?? '', max);
    if (e) out[k] = e;
  }
  return out;
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
  required,
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
  required?: boolean;
}) {
  const id = `f-${name}`;
  const shown = error ?? tooLong(value, max);
  const common = {
    id,
    name,
    value,
    placeholder,
    required,
    'aria-invalid': !!shown,
    'aria-describedby': shown ? `e-${name}` : hint ? `h-${name}` : undefined,
  };
  return (
    <Field
      label={label}
      name={name}
      error={shown}
      hint={hint}
      count={max !== undefined ? value.length : undefined}
      max={max}
    >
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  options: (string | [string, string])[];
  error?: string;
  hint?: string;
}) {
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      <select
        id={`f-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `e-${name}` : hint ? `h-${name}` : undefined}
      >
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
