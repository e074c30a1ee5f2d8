import {
  type AnalyticsDay,
  type AuditEntry,
  DASHBOARD_PERMISSIONS,
  type DashboardOverview,
  type DashboardPremium,
  type DashboardRepository,
  type DashboardSupport,
  type DashboardUpdates,
  type LogLevel,
  type LogLine,
  type WebVitalsDay,
} from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import type { Page } from '../../lib/resource-api.ts';

type Widget = Exclude<keyof typeof DASHBOARD_PERMISSIONS, 'quickActions' | 'activity'>;

/** One widget's data from its own call, fetched only when the member may see it (the server refuses otherwise). */
function useWidget<T>(widget: Widget, query = '') {
  const allowed = useCan(DASHBOARD_PERMISSIONS[widget]);
  return useQuery({
    queryKey: ['admin-dashboard', widget, query],
    queryFn: () => api<{ data: T }>(`/api/admin/dashboard/${widget}${query}`).then((r) => r.data),
    enabled: allowed,
  });
}

export const useOverview = () => useWidget<DashboardOverview>('overview');
export const useUpdates = () => useWidget<DashboardUpdates>('updates');
export const useAnalytics = () => useWidget<AnalyticsDay[]>('analytics');
export const useSupport = () => useWidget<DashboardSupport>('support');
export const usePremium = () => useWidget<DashboardPremium>('premium');
export const useRepository = () => useWidget<DashboardRepository>('repository');
export const useLogs = (level: LogLevel) => useWidget<LogLine[]>('logs', `?level=${level}&limit=100`);

export function useActivity() {
  const allowed = useCan(DASHBOARD_PERMISSIONS.activity);
  return useQuery({
    queryKey: ['admin-dashboard', 'activity'],
    queryFn: () => api<Page<AuditEntry>>('/api/admin/audit?per_page=8').then((r) => r.data),
    enabled: allowed,
  });
}

/** The web-vitals p75 per day: part of the analytics widget, behind the same permission. */
export function useWebVitals() {
  const allowed = useCan(DASHBOARD_PERMISSIONS.analytics);
  return useQuery({
    queryKey: ['admin-dashboard', 'web-vitals'],
    queryFn: () => api<{ data: WebVitalsDay[] }>('/api/admin/dashboard/web-vitals').then((r) => r.data),
    enabled: allowed,
  });
}
