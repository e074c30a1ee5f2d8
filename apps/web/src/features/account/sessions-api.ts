import type { AccountSession } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const sessionsKey = ['account', 'sessions'] as const;

/** My signed-in sessions, newest use first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api<{ success: true; data: AccountSession[] }>('/api/account/sessions')).data,
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ success: true }>(`/api/account/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** "Sign out everywhere else": every other session ends at once. */
export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ success: true; revoked: number }>('/api/account/sessions/revoke-others', { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
