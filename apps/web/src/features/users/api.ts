import type { AdminUser, AuditEntry, UserUpdate } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { type Page, resourceApi } from '../../lib/resource-api.ts';

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
