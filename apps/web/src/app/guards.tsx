import { hasPermission, isAdminRole } from '@hostdeck/contracts';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { dialogStore } from '../lib/dialogs.ts';
import { rememberReturnPath } from '../lib/return-path.ts';
import { hasSession, sessionManager } from '../lib/session-manager.ts';
import { useSession } from '../lib/use-session.ts';
import { useSetting } from '../lib/use-settings.ts';

/** Login-required routes: no session → remember the full path and go to login. */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const { status } = useSession();
  // The signed-in page (the shell and, say, the dashboard: the largest render of a visit) is drawn at
  // transition priority, in slices the browser can interleave with input, not in one long task.
  const ready = useDeferredValue(status === 'ready');
  const present = hasSession();
  useEffect(() => {
    if (present) void sessionManager.initialize();
  }, [present]);
  if (!present) {
    rememberReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/auth/login" replace />;
  }
  if (!ready) return <Loading label={t('common.loading')} fullPage />;
  return <Outlet />;
}

/** Auth pages: a visitor who is already logged in goes to the dashboard. */
export function GuestOnly() {
  if (hasSession()) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * The two_factor_required_for_staff setting: a member holding any admin permission without 2FA is
 * sent to set it up before any admin page (the admin API refuses them with TWO_FA_REQUIRED anyway).
 */
function useStaffNeedsTwoFactor(): boolean {
  const { data } = useSession();
  const required = useSetting<boolean>('two_factor_required_for_staff') === true;
  return required && !data?.userInfo.two_fa_enabled && (data?.permissions ?? []).some((p) => p.startsWith('admin.'));
}

/** Admin routes: role 2–8, then the page's permission; missing permission → Access Denied, then /errors/403. */
export function RequirePermission({ permission }: { permission: string }) {
  const { data } = useSession();
  const location = useLocation();
  const needsTwoFactor = useStaffNeedsTwoFactor();
  const denied = !hasPermission(data?.permissions ?? [], permission);
  const shown = useRef(false);
  useEffect(() => {
    if (denied && !needsTwoFactor && !shown.current && isAdminRole(data?.userInfo.role)) {
      shown.current = true;
      dialogStore.show({ title: 'access.deniedTitle', message: 'access.deniedMessage', next: '/errors/403' });
    }
  }, [denied, needsTwoFactor, data]);
  if (!isAdminRole(data?.userInfo.role)) return <Navigate to="/dashboard" replace />;
  if (needsTwoFactor) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth/2fa/setup" replace state={{ from, staffRequired: true }} />;
  }
  if (denied) return null;
  return <Outlet />;
}
