import { DASHBOARD_PERMISSIONS, hasPermission } from '@hostdeck/contracts';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PluginSlot } from '../../components/ui/plugin-slot.tsx';
import { useSession } from '../../lib/use-session.ts';
import {
  ActivityWidget,
  AnalyticsWidget,
  PremiumWidget,
  QuickActionsWidget,
  RepositoryWidget,
  SupportWidget,
} from './more-widgets.tsx';
import { LogsWidget, OverviewWidget, UpdatesWidget } from './system-widgets.tsx';

/** Every widget with the permission that shows it; the server refuses each widget's call without it too. */
const widgets: [keyof typeof DASHBOARD_PERMISSIONS, ComponentType][] = [
  ['overview', OverviewWidget],
  ['quickActions', QuickActionsWidget],
  ['support', SupportWidget],
  ['analytics', AnalyticsWidget],
  ['activity', ActivityWidget],
  ['updates', UpdatesWidget],
  ['logs', LogsWidget],
  ['premium', PremiumWidget],
  ['repository', RepositoryWidget],
];

/** /mc-admin: the widgets this member may see, in a responsive grid. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { data } = useSession();
  const held = data?.permissions ?? [];
  const shown = widgets.filter(([key]) => hasPermission(held, DASHBOARD_PERMISSIONS[key]));
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <section className="surface p-6">
        <h1 className="text-2xl font-bold">{t('admin.home.title')}</h1>
        <p className="mt-1 text-sm text-muted">
          {t('adminDashboard.subtitle', { role: data?.userInfo.role_display_name ?? '' })}
        </p>
      </section>
      {shown.length === 0 ? (
        <p className="surface p-6 text-sm text-muted" data-testid="no-widgets">
          {t('adminDashboard.noWidgets')}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map(([key, Widget]) => (
            <Widget key={key} />
          ))}
        </div>
      )}
      <PluginSlot name="admin.dashboard.widgets" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" />
    </div>
  );
}
