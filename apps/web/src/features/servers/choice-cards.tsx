import { Lock, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/ui/lazy-image.tsx';

export interface Choice {
  id: number;
  name: string;
  description?: string | null;
  icon?: string | null;
  vip?: boolean;
  /** Shown under the description, e.g. "3 / 10 used". */
  meta?: ReactNode;
  /** Why it cannot be picked; the card is disabled when set. */
  disabledReason?: string | null;
}

/**
 * Cards that behave as one radio group: arrow keys move between them, the name is the accessible
 * name, description and reasons describe it.
 */
export function ChoiceCards({
  legend,
  name,
  choices,
  value,
  onChange,
  fallbackIcon: Fallback,
  testId,
  empty,
}: {
  legend: string;
  name: string;
  choices: Choice[];
  value: number | undefined;
  onChange: (id: number) => void;
  fallbackIcon: LucideIcon;
  /** data-testid prefix: each card is `<testId>-<id>`. */
  testId: string;
  empty: string;
}) {
  const { t } = useTranslation();
  const base = useId();
  return (
    <fieldset data-testid={`${testId}-choices`}>
      <legend className="sr-only">{legend}</legend>
      {choices.length === 0 && <p className="surface p-6 text-center text-sm text-muted">{empty}</p>}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {choices.map((c) => {
          const id = `${base}-${c.id}`;
          const disabled = Boolean(c.disabledReason);
          return (
            <label
              key={c.id}
              data-testid={`${testId}-${c.id}`}
              data-disabled={disabled || undefined}
              className={`relative flex gap-3 rounded-2xl border p-4 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${
                value === c.id
                  ? 'border-brand-400 bg-brand-500/10'
                  : 'border-slate-200 bg-white/60 dark:border-slate-800 dark:bg-slate-900/60'
              } ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-brand-400/70'}`}
            >
              <input
                type="radio"
                name={name}
                value={c.id}
                checked={value === c.id}
                disabled={disabled}
                onChange={() => onChange(c.id)}
                aria-labelledby={`${id}-name`}
                aria-describedby={`${id}-desc`}
                className="sr-only"
              />
              {c.icon ? (
                <LazyImage
                  src={c.icon}
                  alt=""
                  referrerPolicy="no-referrer"
                  className="size-10 shrink-0 rounded-lg object-cover"
                />
              ) : (
                <Fallback className="size-10 shrink-0 rounded-lg bg-brand-500/10 p-2 text-brand-500" aria-hidden />
              )}
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span id={`${id}-name`} className="font-semibold">
                    {c.name}
                  </span>
                  {c.vip && (
                    <span className="rounded-full bg-amber-400/20 px-2 py-0.5 text-[11px] font-bold text-amber-700 uppercase dark:text-amber-300">
                      {t('servers.create.vip')}
                    </span>
                  )}
                </span>
                <span id={`${id}-desc`} className="flex flex-col gap-1 text-xs text-muted">
                  {c.description && <span className="line-clamp-3">{c.description}</span>}
                  {c.meta && <span>{c.meta}</span>}
                  {c.disabledReason && (
                    <span className="flex items-center gap-1 font-medium text-rose-600 dark:text-rose-400">
                      <Lock className="size-3" aria-hidden /> {c.disabledReason}
                    </span>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
