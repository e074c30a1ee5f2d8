import { type ReactNode, useId } from 'react';

const row = 'flex items-center justify-between gap-4 py-2';
/** The brand colour on native controls (inline: the panel adds no CSS to start-up). */
const accent = { accentColor: 'var(--color-brand-500)' };

/** An on/off setting: a checkbox with the switch role, its label beside it. */
export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={`${row} cursor-pointer`}>
      <span className="text-sm">{label}</span>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 shrink-0"
        style={accent}
      />
    </label>
  );
}

/** A number within a range: a slider with the value shown beside its label. */
export function Range({
  label,
  value,
  min,
  max,
  step,
  onChange,
  format = String,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  format?: (value: number) => string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 py-2">
      <div className="flex items-center justify-between gap-4 text-sm">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} className="text-muted tabular-nums">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full"
        style={accent}
      />
    </div>
  );
}

/** One choice of a few, as a native select (keyboard and phone pickers come with it). */
export function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className={row}>
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="rounded-lg border border-slate-300 bg-transparent px-2 py-1 text-sm dark:border-slate-700"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A titled group of settings (a card on wide screens). */
export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 px-4 py-2 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
