import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { clamp, formatResource, minimums, type ResourceKey, type Resources, resourceKeys } from './resources.ts';

interface Props {
  values: Resources;
  /** The most each resource may be set to (free pool, or free pool plus what a server holds). */
  max: Resources;
  onChange: (key: ResourceKey, value: number) => void;
  errors?: Partial<Record<ResourceKey, string>>;
  /** What the bound is called in the hint: what is free, or what the server may grow to. */
  maxLabel?: 'free' | 'max';
}

/** One slider and one exact number box per resource, both held between the minimum and the bound. */
export function ResourceSliders({ values, max, onChange, errors = {}, maxLabel = 'free' }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-5" data-testid="resource-sliders">
      <legend className="mb-3 text-base font-semibold">{t('servers.resources.title')}</legend>
      {resourceKeys.map((k) => (
        <ResourceSlider
          key={k}
          name={k}
          value={values[k]}
          min={minimums[k]}
          max={max[k]}
          error={errors[k]}
          maxLabel={maxLabel}
          onChange={(v) => onChange(k, v)}
        />
      ))}
    </fieldset>
  );
}

function ResourceSlider({
  name,
  value,
  min,
  max,
  error,
  maxLabel,
  onChange,
}: {
  name: ResourceKey;
  value: number;
  min: number;
  max: number;
  error?: string;
  maxLabel: 'free' | 'max';
  onChange: (v: number) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  // What is being typed; committed (clamped) on blur or Enter, or at once when it is already in range.
  const [draft, setDraft] = useState<string | null>(null);
  const lacks = max < min;
  // Exactly the minimum is free: nothing to choose, so nothing to move.
  const fixed = max === min;
  const shown = clamp(value, min, max);
  const label = t(`servers.resources.${name}`);
  const fmt = (n: number) => formatResource(f, name, n);
  const commit = (raw: string) => {
    setDraft(null);
    onChange(clamp(raw.trim() === '' ? min : Number(raw), min, max));
  };
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2" data-testid={`resource-${name}`} data-lacking={lacks || undefined}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={`${id}-range`} className="text-sm font-medium">
          {label}
        </label>
        <output htmlFor={`${id}-range ${id}-number`} className="text-sm font-semibold tabular-nums">
          {fmt(lacks ? min : shown)}
        </output>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={`${id}-range`}
          type="range"
          data-testid={`slider-${name}`}
          min={min}
          max={lacks ? min : max}
          step={1}
          value={lacks ? min : shown}
          disabled={lacks || fixed}
          aria-describedby={hintId}
          aria-valuetext={fmt(lacks ? min : shown)}
          onChange={(e) => {
            setDraft(null);
            onChange(clamp(Number(e.target.value), min, max));
          }}
          className="h-10 min-w-0 flex-1 accent-brand-500 disabled:opacity-50"
        />
        <input
          id={`${id}-number`}
          type="number"
          inputMode="numeric"
          data-testid={`input-${name}`}
          aria-label={t('servers.resources.exact', { resource: label })}
          aria-describedby={hintId}
          aria-invalid={error || lacks ? true : undefined}
          min={min}
          max={lacks ? min : max}
          step={1}
          disabled={lacks || fixed}
          value={draft ?? String(lacks ? min : value)}
          onChange={(e) => {
            const raw = e.target.value;
            setDraft(raw);
            const n = Number(raw);
            if (raw.trim() !== '' && Number.isInteger(n) && n >= min && n <= max) onChange(n);
          }}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e.currentTarget.value);
          }}
          className="min-h-10 w-28 rounded-xl border border-slate-300 bg-white px-3 text-right text-sm tabular-nums dark:border-slate-700 dark:bg-slate-900 aria-invalid:border-rose-500 disabled:opacity-50"
        />
      </div>
      {lacks ? (
        <p id={hintId} className="text-xs font-medium text-rose-600 dark:text-rose-400" data-testid={`lacking-${name}`}>
          {t('servers.resources.lacking', { free: fmt(Math.max(0, max)), min: fmt(min) })}
        </p>
      ) : fixed ? (
        <p id={hintId} className="text-xs text-muted">
          {t('servers.resources.fixed', { min: fmt(min) })}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-muted">
          {t(maxLabel === 'free' ? 'servers.resources.rangeFree' : 'servers.resources.rangeMax', {
            min: fmt(min),
            max: fmt(max),
          })}
        </p>
      )}
      {error && (
        <p role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
