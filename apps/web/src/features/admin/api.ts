import { type AdminSetting, PANEL_FLAVOURS, type PanelFlavour } from '@hostdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useCan } from '../../lib/permissions.ts';
import { settingsStore } from '../../lib/settings-store.ts';

type SettingsAnswer = { success: true; settings: AdminSetting[] };
const key = ['admin', 'settings'] as const;

export function useAdminSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: key, queryFn: () => api<SettingsAnswer>('/api/admin/settings'), enabled });
}

/**
 * The panel software Settings → Panel names, for forms that differ by panel. `flavour` is null when
 * it cannot be known (the reader may not view the settings, or they failed to load): show both.
 */
export function usePanelFlavour(): { flavour: PanelFlavour | null; pending: boolean } {
  const canView = useCan('admin.settings.view');
  const query = useAdminSettings({ enabled: canView });
  const value = query.data?.settings.find((s) => s.key === 'panel_flavour')?.value;
  const flavour = PANEL_FLAVOURS.find((f) => f === value) ?? null;
  return { flavour, pending: canView && query.isPending };
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
