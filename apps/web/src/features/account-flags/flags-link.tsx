import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenFlagCount } from './api.ts';

/** The users page's way to the review of flagged accounts, with how many wait for a decision. */
export function FlagsLink() {
  const { t } = useTranslation();
  const open = useOpenFlagCount(true).data ?? 0;
  return (
    <Link
      to="/mc-admin/users/flags"
      data-testid="flags-link"
      className="inline-flex items-center gap-2 rounded-xl border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-400 dark:border-slate-700"
    >
      <ShieldAlert className="size-4" aria-hidden /> {t('accountFlags.title')}
      {open > 0 && (
        <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs text-slate-950" data-testid="flags-open-count">
          <span aria-hidden>{open}</span>
          <span className="sr-only">{t('accountFlags.openCount', { count: open })}</span>
        </span>
      )}
    </Link>
  );
}
