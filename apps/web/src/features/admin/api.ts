import type { AdminSetting } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { settingsStore } from '../../lib/settings-store.ts';

type SettingsAnswer = { success: true; settings: AdminSetting[] };
const key = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({ queryKey: key, queryFn: () => api<SettingsAnswer>('/api/admin/settings') });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, string | number | boolean | null>) =>
      api<SettingsAnswer>('/api/admin/settings', { method: 'PATCH', body: { values } }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      // The public settings this tab cached are stale now.
      void settingsStore.refresh();
    },
  });
}
