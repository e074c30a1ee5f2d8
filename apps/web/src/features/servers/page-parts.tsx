import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiError } from '../../lib/api-client.ts';

export const linkButton =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-xl bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-brand-400';
export const secondaryLink =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700';

/** A whole-page state (switched off, not found, no slot): icon, title, words and a way back. */
export function StatePanel({
  icon: Icon,
  title,
  message,
  testId,
  tone = 'slate',
  back = '/dashboard',
  backLabel,
  children,
}: {
  icon: LucideIcon;
  title: string;
  message: ReactNode;
  testId: string;
  tone?: 'slate' | 'amber' | 'rose';
  back?: string;
  backLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const tones = { slate: 'text-slate-400', amber: 'text-amber-500', rose: 'text-danger' };
  return (
    <section className="surface mx-auto flex max-w-xl flex-col items-center gap-3 p-8 text-center" data-testid={testId}>
      <Icon className={`size-10 ${tones[tone]}`} aria-hidden />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{message}</p>
      {children}
      <Link to={back} className={`mt-3 ${linkButton}`}>
        {backLabel ?? t('servers.back')}
      </Link>
    </section>
  );
}

/** A failed load in the member's language; `back` (with its label) is the way out of a page whose record is gone. */
export function LoadError({ error, back, backLabel }: { error: unknown; back?: string; backLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <Alert>{t(`errors.${error instanceof ApiError ? error.code : 'SERVER_ERROR'}`)}</Alert>
      {back && (
        <Link to={back} className={`self-start ${secondaryLink}`}>
          {backLabel}
        </Link>
      )}
    </div>
  );
}

/** The heading of a server's own pages, with the way back to the dashboard. */
export function PageHeader({
  title,
  subtitle,
  back = '/dashboard',
  backLabel,
}: {
  title: string;
  subtitle?: string;
  back?: string;
  backLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
      </div>
      <Link to={back} className="text-sm font-semibold text-brand-600 hover:underline dark:text-brand-300">
        {backLabel ?? t('servers.back')}
      </Link>
    </header>
  );
}
