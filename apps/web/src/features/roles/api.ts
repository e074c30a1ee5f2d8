import type { Role, RoleCreate, RoleUpdate } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';

export const rolesApi = resourceApi<Role, RoleCreate, RoleUpdate>('roles');

export interface PluginPermission {
  key: string;
  description: string;
  plugin: string;
  plugin_name: string;
}

/** A role for its permission editor: readable with admin.permissions.list alone (the page's permission). */
export function useRoleForPermissions(id: string) {
  return useQuery({
    // Under the roles' key, so saving (which invalidates every roles query) reloads it.
    queryKey: [...rolesApi.all, 'permissions', id],
    queryFn: () => api<{ data: Role }>(`/api/admin/roles/${id}/permissions`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** The permissions installed plugins add (plugin.<identifier>.<name>), for the role editor. */
export function usePluginPermissions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'plugins', 'permissions'],
    queryFn: () => api<{ success: true; data: PluginPermission[] }>('/api/admin/plugins/permissions'),
    enabled,
  });
}
