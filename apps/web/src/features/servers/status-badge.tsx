import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';

const tones: Record<string, string> = {
  installing: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  active: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  suspended: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  install_failed: 'bg-rose-500/15 text-rose-700 dark:text-rose-300',
  deleting: 'bg-slate-500/15 text-slate-700 dark:text-slate-300',
  missing: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  other_panel: 'bg-slate-500/15 text-slate-700 dark:text-slate-300',
};

/** A server's state as last read from the panel, in the member's language. */
export function ServerStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="server-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status] ?? tones.deleting}`}
    >
      {t(`dashboard.serverStatus.${status}`, { defaultValue: status })}
    </span>
  );
}

const SOON_MS = 3 * 24 * 3600_000;

/** How urgent an expiry is: rose once expired or suspended, amber within three days. */
export function expiryTone(expiresAt: string, status: string, now = Date.now()): 'expired' | 'soon' | 'later' {
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0 || status === 'suspended') return 'expired';
  return left < SOON_MS ? 'soon' : 'later';
}

const expiryClasses = {
  expired: 'text-rose-600 dark:text-rose-400 font-semibold',
  soon: 'text-amber-700 dark:text-amber-400 font-semibold',
  later: 'text-muted',
};

/** "Expires in 5 days (12 Jun 2026)", coloured by urgency; `compact` shows the date alone (tables). */
export function ExpiryNote({
  expiresAt,
  status,
  compact = false,
}: {
  expiresAt: string;
  status: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const tone = expiryTone(expiresAt, status);
  const past = new Date(expiresAt).getTime() <= Date.now();
  return (
    <p
      className={`flex items-center gap-1.5 text-xs ${compact ? 'whitespace-nowrap' : ''} ${expiryClasses[tone]}`}
      data-testid="server-expiry"
      data-tone={tone}
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      <time dateTime={expiresAt} title={compact ? f.relative(expiresAt) : f.dateTime(expiresAt)}>
        {compact
          ? f.date(expiresAt)
          : t(past ? 'dashboard.expired' : 'dashboard.expires', {
              when: f.relative(expiresAt),
              date: f.date(expiresAt),
            })}
      </time>
    </p>
  );
}
