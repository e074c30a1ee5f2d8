import type { AdminUser } from '@hostdeck/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { FlagsLink } from '../account-flags/flags-link.tsx';
import { ResourceList } from '../admin/resource/resource-list.tsx';
import { RowActions } from '../admin/resource/row-actions.tsx';
import { useResourceList } from '../admin/resource/use-resource-list.ts';
import { rolesApi } from '../roles/api.ts';
import { usersApi } from './api.ts';

const select =
  'min-h-10 rounded-xl border border-slate-300 bg-transparent px-3 text-sm dark:border-slate-700 dark:bg-slate-900';

export function UsersList() {
  const { t } = useTranslation();
  const f = useFormat();
  // Members join by registering: there is no create page.
  const { list, query, can } = useResourceList(usersApi, 'admin.users', ['role_id', 'banned']);
  const canRoles = useCan('admin.roles.list');
  const roles = rolesApi.useList(new URLSearchParams({ per_page: '100', sort: 'level' }));
  return (
    <ResourceList<AdminUser>
      title={t('admin.nav.users')}
      list={list}
      query={query}
      rowKey={(u) => u.id}
      toolbar={<FlagsLink />}
      filters={
        <>
          {canRoles && (
            <label className="text-sm">
              <span className="sr-only">{t('users.role')}</span>
              <select
                className={select}
                value={list.get('role_id')}
                onChange={(e) => list.set({ role_id: e.target.value })}
                aria-label={t('users.role')}
              >
                <option value="">{t('users.allRoles')}</option>
                {roles.data?.data.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.display_name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <select
            className={select}
            value={list.get('banned')}
            onChange={(e) => list.set({ banned: e.target.value })}
            aria-label={t('users.status')}
          >
            <option value="">{t('users.anyStatus')}</option>
            <option value="true">{t('users.banned')}</option>
            <option value="false">{t('users.notBanned')}</option>
          </select>
        </>
      }
      columns={[
        {
          key: 'username',
          header: t('users.user'),
          sortable: true,
          render: (u) => (
            <div>
              <p className="font-medium">{u.username}</p>
              <p className="text-xs text-muted">{u.email}</p>
            </div>
          ),
        },
        { key: 'role', header: t('users.role'), render: (u) => u.role_display_name },
        {
          key: 'coins',
          header: t('dashboard.coins'),
          sortable: true,
          render: (u) => f.number(u.coins),
        },
        {
          key: 'status',
          header: t('users.status'),
          render: (u) =>
            u.banned ? (
              <span className="rounded bg-rose-500/15 px-2 py-0.5 text-xs text-danger">{t('users.banned')}</span>
            ) : u.verified ? (
              t('users.verified')
            ) : (
              t('users.unverified')
            ),
        },
        {
          key: 'last_seen',
          header: t('users.lastSeen'),
          sortable: true,
          render: (u) => f.dateTime(u.last_seen),
        },
      ]}
      actions={(u) => <RowActions to={`/mc-admin/users/${u.id}`} edit={can.edit} remove={can.remove} testId="user" />}
    />
  );
}
