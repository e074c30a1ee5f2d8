import type { Role } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions.ts';
import { ResourceList, RowLink } from '../admin/resource/resource-list.tsx';
import { useListParams } from '../admin/resource/use-list-params.ts';
import { rolesApi } from './api.ts';

export function RolesList() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = rolesApi.useList(list.params);
  const canCreate = useCan('admin.roles.create');
  const canEdit = useCan('admin.roles.edit');
  const canDelete = useCan('admin.roles.delete');
  const canPermissions = useCan('admin.permissions.list');
  return (
    <ResourceList<Role>
      title={t('admin.nav.roles')}
      list={list}
      query={query}
      rowKey={(r) => String(r.id)}
      createPath={canCreate ? '/mc-admin/roles/create' : undefined}
      columns={[
        {
          key: 'name',
          header: t('roles.name'),
          sortable: true,
          render: (r) => (
            <span className="inline-flex items-center gap-2 font-medium">
              <span className="size-3 rounded-full" style={{ backgroundColor: r.color }} aria-hidden />
              {r.display_name}
              <code className="text-xs text-slate-500">{r.name}</code>
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
        <>
          {canPermissions && <RowLink to={`/mc-admin/roles/${r.id}/permissions`}>{t('roles.permissions')}</RowLink>}
          {canEdit && <RowLink to={`/mc-admin/roles/${r.id}/edit`}>{t('resource.edit')}</RowLink>}
          {canDelete && !r.builtin && <RowLink to={`/mc-admin/roles/${r.id}/delete`}>{t('resource.delete')}</RowLink>}
        </>
      )}
    />
  );
}
