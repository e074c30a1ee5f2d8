import type { MemberServer } from '@hostdeck/contracts';
import {
  CalendarPlus,
  Cpu,
  ExternalLink,
  HardDrive,
  type LucideIcon,
  MemoryStick,
  Server,
  SlidersHorizontal,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image.tsx';
import { useFormat } from '../../lib/format.ts';
import { ExpiryNote, ServerStatusBadge } from '../servers/status-badge.tsx';

const action =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-slate-200 px-2.5 py-1.5 text-xs font-semibold hover:border-brand-400 dark:border-slate-700';

/** One of the member's servers: what it is, where, how big, until when, and what can be done with it. */
export function ServerCard({ server: s, canRenew }: { server: MemberServer; canRenew: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const nameId = `server-${s.id}-name`;
  const busy = s.status === 'deleting';
  // Gone on the panel: only deleting the record is left. Built on a former panel: nothing is left to members.
  const missing = s.status === 'missing';
  const elsewhere = s.status === 'other_panel';
  const resources: [LucideIcon, string, string][] = [
    [MemoryStick, t('dashboard.memory'), f.megabytes(s.memory)],
    [Cpu, t('dashboard.cpu'), f.percent(s.cpu)],
    [HardDrive, t('dashboard.disk'), f.megabytes(s.disk)],
  ];
  return (
    <li
      data-testid="server-card"
      data-server-id={s.id}
      aria-labelledby={nameId}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex items-start gap-3">
        {s.egg_icon ? (
          <LazyImage
            src={s.egg_icon}
            alt=""
            referrerPolicy="no-referrer"
            className="size-10 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <Server className="size-10 shrink-0 rounded-lg bg-brand-500/10 p-2 text-brand-500" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate font-semibold" title={s.name}>
            {s.name}
          </h3>
          <p className="truncate text-xs text-muted">
            {s.location_name} · {s.egg_name}
          </p>
        </div>
        <ServerStatusBadge status={s.status} />
      </div>
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
        data-testid="server-resources"
      >
        {resources.map(([Icon, label, value]) => (
          <li key={label} className="flex items-center gap-1" title={label}>
            <Icon className="size-3.5 text-brand-500" aria-hidden />
            <span className="sr-only">{label}:</span>
            <span className="tabular-nums">{value}</span>
          </li>
        ))}
      </ul>
      {s.expires_at && <ExpiryNote expiresAt={s.expires_at} status={s.status} />}
      {(missing || elsewhere) && (
        <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="server-note">
          {t(missing ? 'dashboard.missingNote' : 'dashboard.otherPanelNote')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {s.panel_url && (
          <a
            href={s.panel_url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="server-open-panel"
            aria-describedby={nameId}
            className={`${action} border-brand-400/60 text-brand-700 dark:text-brand-300`}
          >
            <ExternalLink className="size-3.5" aria-hidden />
            {t('dashboard.openPanel')}
            <span className="sr-only">{t('dashboard.newTab')}</span>
          </a>
        )}
        {!busy && !elsewhere && (
          <>
            {!missing && (
              <CardLink
                to={`/server/${s.id}/update`}
                testId="server-update"
                icon={SlidersHorizontal}
                describedBy={nameId}
              >
                {t('dashboard.update')}
              </CardLink>
            )}
            {canRenew && !missing && (
              <CardLink to={`/server/${s.id}/renew`} testId="server-renew" icon={CalendarPlus} describedBy={nameId}>
                {t('dashboard.renew')}
              </CardLink>
            )}
            <CardLink
              to={`/server/${s.id}/delete`}
              testId="server-delete"
              icon={Trash2}
              describedBy={nameId}
              className="text-rose-600 hover:border-rose-400 dark:text-rose-400"
            >
              {t('dashboard.delete')}
            </CardLink>
          </>
        )}
      </div>
    </li>
  );
}

function CardLink({
  to,
  testId,
  icon: Icon,
  describedBy,
  className = '',
  children,
}: {
  to: string;
  testId: string;
  icon: LucideIcon;
  describedBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} data-testid={testId} aria-describedby={describedBy} className={`${action} ${className}`}>
      <Icon className="size-3.5" aria-hidden />
      {children}
    </Link>
  );
}
