import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  sky: 'border-sky-500/40 bg-sky-500/10 [&>svg]:text-sky-500',
  emerald: 'border-emerald-500/40 bg-emerald-500/10 [&>svg]:text-emerald-500',
  rose: 'border-rose-500/40 bg-rose-500/10 [&>svg]:text-rose-500',
  amber: 'border-amber-500/40 bg-amber-500/10 [&>svg]:text-amber-500',
  slate: 'border-slate-300 bg-slate-500/5 [&>svg]:text-muted dark:border-slate-700',
};

/** A banner above a page's content after something happened: icon, title, words and actions. */
export function Notice({
  icon: Icon,
  tone,
  title,
  children,
  actions,
  testId,
  spin = false,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
  spin?: boolean;
}) {
  return (
    <section
      role={tone === 'rose' ? 'alert' : 'status'}
      aria-live="polite"
      className={`flex items-start gap-3 rounded-2xl border p-4 ${tones[tone]}`}
      data-testid={testId}
    >
      <Icon className={`mt-0.5 size-5 shrink-0 ${spin ? 'animate-spin' : ''}`} aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="font-semibold">{title}</h2>
        {children && <p className="text-sm text-slate-600 dark:text-slate-300">{children}</p>}
        {actions && <div className="mt-2 flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}

/** The small text button of a notice ("Dismiss"). */
export const noticeLink = 'text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300';
