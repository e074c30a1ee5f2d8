import { type AdminUser, type AuditEntry, isAdminRole, ROOT_PERMISSION, type UserUpdate } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { type Page, resourceApi } from '../../lib/resource-api.ts';
import { useSession } from '../../lib/use-session.ts';

export const usersApi = resourceApi<AdminUser, never, UserUpdate>('users');

export function useUserSessions(id: string) {
  return useQuery({
    queryKey: [...usersApi.all, 'sessions', id],
    queryFn: () =>
      api<{
        data: { id: string; ip: string | null; user_agent: string | null; last_used_at: string; created_at: string }[];
      }>(`/api/admin/users/${id}/sessions`).then((r) => r.data),
  });
}

export function useUserAudit(id: string) {
  return useQuery({
    queryKey: [...usersApi.all, 'audit', id],
    queryFn: () => api<Page<AuditEntry>>(`/api/admin/users/${id}/audit`),
  });
}

/**
 * Whether another staff member's way in (e-mail, two-factor) is out of this admin's reach: the API
 * gives it to admin.root alone (a peer could otherwise take the account over through a reset link).
 */
export function useWayInLocked(user: Pick<AdminUser, 'id' | 'role_level'>): boolean {
  const me = useSession().data?.userInfo?.uuid;
  const root = useCan(ROOT_PERMISSION);
  return !root && user.id !== me && isAdminRole(user.role_level);
}
