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

/** The permissions installed plugins add (plugin.<identifier>.<name>), for the role editor. */
export function usePluginPermissions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'plugins', 'permissions'],
    queryFn: () => api<{ success: true; data: PluginPermission[] }>('/api/admin/plugins/permissions'),
    enabled,
  });
}
