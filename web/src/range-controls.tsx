import { useId, useState } from 'react';
import { timeZones } from './format';
import type { ReportRange } from './range';

/**
 * The one range control of every report page: presets (up to the report's
 * limit), custom dates (a problem with them is a message here, never the
 * page's error) and the time zone (fixed to UTC, and said so, for reports
 * that count UTC days).
 */
export function RangeControls({ range }: { range: ReportRange }) {
  const [open, setOpen] = useState(!!(range.from && range.to));
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: range.from ?? '', to: range.to ?? '' });
  const id = useId();
  const custom = !!(range.from && range.to);
  const showDates = open || custom;
  const problem = range.problem;
  return (
    <div className="range" role="group" aria-label="Report range">
      <div className="segmented" role="group" aria-label="Date range">
        {range.presets.map((d) => {
          const on = !custom && !open && d === range.days;
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              className={on ? 'on' : ''}
              onClick={() => {
                setOpen(false);
                range.setDays(d);
              }}
            >
              {d === 1 ? 'Today' : `${d}d`}
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={showDates}
          aria-expanded={showDates}
          className={showDates ? 'on' : ''}
          onClick={() => {
            setOpen(true);
            if (!custom) {
              const end = new Date();
              const start = new Date(end.getTime() - (Math.min(range.days, range.maxDays) - 1) * 86_400_000);
              const d = { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
              setDraft(d);
              range.setCustom(d.from, d.to);
            }
          }}
        >
          Custom
        </button>
      </div>
      {showDates && (
        <span className="dates">
          <label className="sr-only" htmlFor={`${id}-from`}>
            Start date
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={draft.from}
            aria-invalid={problem?.field === 'from'}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => {
              const d = { ...draft, from: e.target.value };
              setDraft(d);
              if (d.from && d.to) range.setCustom(d.from, d.to);
            }}
          />
          <span aria-hidden="true">–</span>
          <label className="sr-only" htmlFor={`${id}-to`}>
            End date
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={draft.to}
            aria-invalid={problem?.field === 'to'}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => {
              const d = { ...draft, to: e.target.value };
              setDraft(d);
              if (d.from && d.to) range.setCustom(d.from, d.to);
            }}
          />
        </span>
      )}
      {range.utcOnly ? (
        <span className="tz-fixed" title="This report counts whole UTC days">
          Time zone: UTC
        </span>
      ) : (
        <>
          <label className="sr-only" htmlFor={`${id}-tz`}>
            Time zone
          </label>
          <select id={`${id}-tz`} value={range.tz} onChange={(e) => range.setTz(e.target.value)}>
            {timeZones().map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </>
      )}
      {problem && (
        <div className="field-error range-problem" role="alert" id={`${id}-problem`}>
          {problem.message} Showing {range.days === 1 ? 'today' : `the last ${range.days} days`} meanwhile.
        </div>
      )}
    </div>
  );
}
