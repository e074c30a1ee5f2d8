import { analyticsSeries, hasPermission } from '@hostdeck/contracts';
import {
  Activity,
  BarChart3,
  Crown,
  GitBranch,
  HeartPulse,
  LifeBuoy,
  ListOrdered,
  Mail,
  Megaphone,
  Settings,
  Ticket,
  Users,
  Zap,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useSession } from '../../lib/use-session.ts';
import { AuditList } from '../audit/audit-list.tsx';
import { AUDIT } from '../audit/links.ts';
import { useActivity, useAnalytics, usePremium, useRepository, useSupport } from './api.ts';
import { WebVitalsTable } from './web-vitals-table.tsx';
import { Skeleton, WidgetCard } from './widget-card.tsx';

const AnalyticsChart = lazy(() => import('./analytics-chart.tsx'));

export function AnalyticsWidget() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useAnalytics();
  return (
    <WidgetCard id="analytics" wide title={t('adminDashboard.analytics.title')} icon={BarChart3} query={query}>
      {(days) => (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            {analyticsSeries.map((k) => (
              <div key={k} className="rounded-lg bg-slate-100 p-2 dark:bg-slate-800/60">
                <dt className="text-xs text-muted">{t(`adminDashboard.analytics.${k}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums" data-testid={`total-${k}`}>
                  {f.number(days.reduce((s, d) => s + d[k], 0))}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted">{t('adminDashboard.analytics.window')}</p>
          <Suspense fallback={<Skeleton lines={5} />}>
            <AnalyticsChart days={days} />
          </Suspense>
          <WebVitalsTable />
        </>
      )}
    </WidgetCard>
  );
}

export function SupportWidget() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = useSupport();
  return (
    <WidgetCard
      id="support"
      title={t('adminDashboard.support.title')}
      icon={LifeBuoy}
      query={query}
      isEmpty={(s) => s.open_total === 0 && s.pending_image_reports === 0}
      empty={t('adminDashboard.support.none')}
    >
      {(s) => (
        <>
          <p className="text-sm">{t('adminDashboard.support.open', { count: s.open_total })}</p>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {(['urgent', 'high', 'medium', 'low'] as const).map((p) => (
              <li key={p}>
                <Link
                  to={`/mc-admin/tickets?priority=${p}`}
                  className="flex justify-between rounded-lg bg-slate-100 px-3 py-2 hover:ring-1 hover:ring-brand-400 dark:bg-slate-800/60"
                >
                  <span>{t(`tickets.priority.${p}`)}</span>
                  <span className="font-semibold tabular-nums">{f.number(s.by_priority[p])}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/mc-admin/image-reports"
            className="flex justify-between rounded-lg bg-slate-100 px-3 py-2 text-sm hover:ring-1 hover:ring-brand-400 dark:bg-slate-800/60"
            data-testid="pending-image-reports"
          >
            <span>{t('adminDashboard.support.imageReports')}</span>
            <span className="font-semibold tabular-nums">{f.number(s.pending_image_reports)}</span>
          </Link>
        </>
      )}
    </WidgetCard>
  );
}

export function PremiumWidget() {
  const { t } = useTranslation();
  const f = useFormat();
  const query = usePremium();
  const tone = {
    valid: 'text-emerald-600',
    expired: 'text-amber-600',
    invalid: 'text-rose-600',
    none: 'text-muted',
  };
  return (
    <WidgetCard id="premium" title={t('adminDashboard.premium.title')} icon={Crown} query={query}>
      {(p) => (
        <>
          <p className={`text-sm font-medium ${tone[p.state]}`}>{t(`adminDashboard.premium.state_${p.state}`)}</p>
          {p.licensee && <p className="text-sm">{t('adminDashboard.premium.licensee', { name: p.licensee })}</p>}
          {p.expires_at && (
            <p className="text-sm text-muted">{t('adminDashboard.premium.expires', { date: f.date(p.expires_at) })}</p>
          )}
          <ul className="text-sm">
            {p.features.map((feature) => (
              <li key={feature.key} className="flex justify-between">
                <span>{t(`adminDashboard.premium.features.${feature.key}`, { defaultValue: feature.key })}</span>
                <span className={feature.unlocked ? 'text-emerald-600' : 'text-muted'}>
                  {t(feature.unlocked ? 'adminDashboard.premium.unlocked' : 'adminDashboard.premium.locked')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </WidgetCard>
  );
}

export function RepositoryWidget() {
  const { t } = useTranslation();
  const query = useRepository();
  return (
    <WidgetCard id="repository" title={t('adminDashboard.repository.title')} icon={GitBranch} query={query}>
      {(r) => (
        <ul className="flex flex-col gap-1 text-sm">
          {r.links.map((l) => (
            <li key={l.key}>
              <a
                href={l.url}
                target="_blank"
                rel="noreferrer"
                className="text-brand-600 hover:underline dark:text-brand-300"
              >
                {t(`adminDashboard.repository.links.${l.key}`, { defaultValue: l.key })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}

/** The common admin tasks; each link shows only with the permission its page needs. */
export const quickActions = [
  { to: '/mc-admin/users', label: 'users', icon: Users, permission: 'admin.users.list' },
  {
    to: '/mc-admin/server-queue/create',
    label: 'queueServer',
    icon: ListOrdered,
    permission: 'admin.server.queue.create',
  },
  { to: '/mc-admin/tickets', label: 'tickets', icon: Ticket, permission: 'admin.tickets.list' },
  {
    to: '/mc-admin/announcements/create',
    label: 'announce',
    icon: Megaphone,
    permission: 'admin.announcements.create',
  },
  { to: '/mc-admin/mail-templates', label: 'mail', icon: Mail, permission: 'admin.mail.templates.list' },
  { to: '/mc-admin/health', label: 'health', icon: HeartPulse, permission: 'admin.health.view' },
  { to: '/mc-admin/settings', label: 'settings', icon: Settings, permission: 'admin.settings.view' },
];

export function QuickActionsWidget() {
  const { t } = useTranslation();
  const held = useSession().data?.permissions ?? [];
  const visible = quickActions.filter((a) => hasPermission(held, a.permission));
  return (
    <WidgetCard id="quick-actions" title={t('adminDashboard.quickActions.title')} icon={Zap}>
      {() =>
        visible.length === 0 ? (
          <p className="text-sm text-muted">{t('adminDashboard.quickActions.none')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {visible.map((a) => (
              <li key={a.to}>
                <Link
                  to={a.to}
                  className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm hover:ring-1 hover:ring-brand-400 dark:bg-slate-800/60"
                >
                  <a.icon className="size-4 shrink-0 text-brand-400" aria-hidden />
                  {t(`adminDashboard.quickActions.${a.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </WidgetCard>
  );
}

export function ActivityWidget() {
  const { t } = useTranslation();
  const query = useActivity();
  return (
    <WidgetCard
      id="activity"
      title={t('adminDashboard.activity.title')}
      icon={Activity}
      query={query}
      actions={
        <Link to={AUDIT} className="text-xs font-semibold text-brand-600 hover:underline dark:text-brand-300">
          {t('audit.page.seeAll')}
        </Link>
      }
    >
      {(entries) => <AuditList entries={entries} />}
    </WidgetCard>
  );
}
