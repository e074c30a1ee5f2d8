import type { Role } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions.ts';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { rolesApi } from './api.ts';

export function RolesList() {
  const { t } = useTranslation();
  const { list, query, can } = useResourceList(rolesApi, 'admin.roles');
  const canPermissions = useCan('admin.permissions.list');
  return (
    <ResourceList<Role>
      title={t('admin.nav.roles')}
      list={list}
      query={query}
      rowKey={(r) => String(r.id)}
      createPath={can.create ? '/mc-admin/roles/create' : undefined}
      columns={[
        {
          key: 'name',
          header: t('roles.name'),
          sortable: true,
          render: (r) => (
            <span className="inline-flex items-center gap-2 font-medium">
              <span className="size-3 rounded-full" style={{ backgroundColor: r.color }} aria-hidden />
              {r.display_name}
              <code className="text-xs text-muted">{r.name}</code>
            </span>
          ),
        },
        { key: 'level', header: t('roles.level'), sortable: true, render: (r) => r.level },
        { key: 'members', header: t('roles.members'), render: (r) => r.members },
        {
          key: 'permissions',
          header: t('roles.permissions'),
          render: (r) => (r.permissions.includes('admin.root') ? t('roles.everything') : r.permissions.length),
        },
      ]}
      actions={(r) => (
        // Built-in roles cannot be deleted.
        <RowActions to={`/mc-admin/roles/${r.id}`} edit={can.edit} remove={can.remove && !r.builtin}>
          {canPermissions && <RowLink to={`/mc-admin/roles/${r.id}/permissions`}>{t('roles.permissions')}</RowLink>}
        </RowActions>
      )}
    />
  );
}
