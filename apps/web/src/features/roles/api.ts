import type { PluginPermission, Role, RoleCreate, RoleUpdate } from '@hostdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceApi } from '../../lib/resource-api.ts';
import { localizePluginPermission, usePluginLanguage } from '../plugins/plugin-texts.ts';

export const rolesApi = resourceApi<Role, RoleCreate, RoleUpdate>('roles');

type PluginPermissions = { success: true; data: PluginPermission[] };
const permissionsIn = (answer: PluginPermissions, language: string): PluginPermissions => ({
  ...answer,
  data: answer.data.map((p) => localizePluginPermission(p, language)),
});

/** A role for its permission editor: readable with admin.permissions.list alone (the page's permission). */
export function useRoleForPermissions(id: string) {
  return useQuery({
    // Under the roles' key, so saving (which invalidates every roles query) reloads it.
    queryKey: [...rolesApi.all, 'permissions', id],
    queryFn: () => api<{ data: Role }>(`/api/admin/roles/${id}/permissions`).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** The permissions installed plugins add (plugin.<identifier>.<name>), for the role editor, in the viewer's language. */
export function usePluginPermissions(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'plugins', 'permissions'],
    queryFn: () => api<PluginPermissions>('/api/admin/plugins/permissions'),
    select: usePluginLanguage(permissionsIn),
    enabled,
  });
}
