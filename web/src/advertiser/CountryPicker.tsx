import { useId, useMemo, useState } from 'react';
import { countryName } from '../format';

/** Not countries: groupings, private-use and reserved codes, and codes withdrawn from ISO 3166-1 (a browser still names some, e.g. DD). */
const PSEUDO = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'ZZ',
  'XA',
  'XB',
  'AA',
  'XX',
  'AC',
  'CP',
  'DG',
  'EA',
  'IC',
  'TA',
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'FX',
  'HV',
  'NH',
  'NT',
  'RH',
  'SU',
  'TP',
  'YD',
  'YU',
  'ZR',
  'VD',
  'PZ',
  'PU',
  'PC',
  'NQ',
  'MI',
  'JT',
  'FQ',
  'CT',
  'WK',
]);

/** ISO 3166-1 alpha-2 regions this browser knows a name for, sorted by name. */
function allCountries(): { code: string; name: string }[] {
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (PSEUDO.has(code)) continue;
      const name = countryName(code);
      if (name && name !== code && name !== 'Unknown' && !/Unknown/.test(name)) out.push({ code, name });
    }
  }
  return out.sort((x, y) => x.name.localeCompare(y.name));
}

/**
 * A searchable country picker (the ARIA combobox pattern): type part of a
 * name or a code, pick with Enter or a click; chosen countries show as chips
 * that can be removed. Empty means everywhere.
 */
export function CountryPicker({
  value,
  onChange,
  error,
  name = 'allowed_countries',
}: {
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  name?: string;
}) {
  const countries = useMemo(allCountries, []);
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const query = q.trim().toLowerCase();
  // An exact code first, then names that start with the text, then names that contain it.
  const rank = (c: { code: string; name: string }) =>
    !query
      ? 2
      : c.code.toLowerCase() === query
        ? 0
        : c.name.toLowerCase().startsWith(query)
          ? 1
          : c.name.toLowerCase().includes(query)
            ? 2
            : 9;
  const matches = countries
    .filter((c) => !value.includes(c.code) && rank(c) < 9)
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, 50);
  const pick = (code: string) => {
    onChange([...value, code]);
    setQ('');
    setActive(0);
    setOpen(false);
  };
  const listId = `${id}-list`;
  return (
    <div className={`field picker ${error ? 'has-error' : ''}`} data-field={name}>
      <label htmlFor={`f-${name}`}>Countries</label>
      {value.length > 0 && (
        <div className="chips" aria-label="Chosen countries">
          {value.map((c) => (
            <span key={c} className="chip" data-country={c}>
              {countryName(c)}
              <button
                type="button"
                aria-label={`Remove ${countryName(c)}`}
                onClick={() => onChange(value.filter((x) => x !== c))}
              >
                ✕
              </button>
            </span>
          ))}
        </div>
      )}
      <input
        id={`f-${name}`}
        role="combobox"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-opt-${matches[active].code}` : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? `e-${name}` : `h-${name}`}
        autoComplete="off"
        placeholder={value.length ? 'Add another country…' : 'Search countries, e.g. Germany or DE'}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, matches.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            if (open && matches[active]) {
              e.preventDefault();
              pick(matches[active].code);
            }
          } else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Backspace' && !q && value.length) onChange(value.slice(0, -1));
        }}
      />
      {open && matches.length > 0 && (
        <ul className="options" role="listbox" id={listId} aria-label="Countries">
          {matches.map((c, i) => (
            <li
              key={c.code}
              id={`${id}-opt-${c.code}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c.code);
              }}
            >
              {c.name} <span className="muted small">{c.code}</span>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <div className="field-error" role="alert" id={`e-${name}`}>
          {error}
        </div>
      ) : (
        <div className="hint" id={`h-${name}`}>
          {value.length
            ? `${value.length} chosen; the campaign serves only there.`
            : 'None chosen: the campaign serves everywhere.'}
        </div>
      )}
    </div>
  );
}
